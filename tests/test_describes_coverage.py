"""Issue 18: every effect-like entry carries the plain words players use for it (content/data/describes.yaml).

A player who does not know the name "Retribution" or "Gust" types what it does; search finds it through its
`describes` line. These checks keep the coverage from slipping when entries are added: every status effect,
token, companion, Dungeon Dice symbol and monster has an English line, and Polish lines appear only for
entries whose term is in content/data/polish-terms.yaml (the file's own rule), on the Polish pages themselves,
or on Adventures and Dungeon Dice pages: no source has Polish for those games, so their Polish search words are
the project's own translation, kept apart in content/data/describes-pl-adv-dd.yaml (session 7) and never shown.
The same holds for the Dice Throne pages (other than FAQs) whose term the Polish summary does not name (status
effects, companions, heroes, most glossary words): their Polish search words are the project's own translation,
kept apart in content/data/describes-pl-dt.yaml (session 8), and never shown; the Dice Throne FAQs' Polish search
words likewise sit in content/data/describes-pl-faq-*.yaml.
Lines may sit in any content/data/describes*.yaml file (one per part of the content).
"""

from __future__ import annotations

from collections.abc import Callable

from indexer import Corpus
from indexer.data_checks import DESCRIBES, data_stems

# Kinds whose entries name an effect a player may describe instead of naming.
EFFECT_KINDS = ("status-effect", "token", "companion", "symbol", "monster")
# Mechanics the issue names (steps of a turn, spells, monster dice, victory, minions), by id.
MECHANICS = ("dd-step-1-draw", "dd-step-2-prepare-for-combat", "dd-step-3-combat", "dd-step-5-after-combat",
             "dd-step-6-end-of-turn", "dd-spell-dice", "dd-monster-dice", "dd-fame", "dd-victory-duels",
             "minions", "minion-step", "engaging-a-minion", "unnamed-status-effects",
             "ultimate-ability", "passive-ability", "defensive-ability", "offensive-ability")


def _described(corpus: Corpus) -> dict[str, dict[str, list[str]]]:
    """Every describes*.yaml file's items by entry id (an id in two files: its lines merged)."""
    out: dict[str, dict[str, list[str]]] = {}
    for stem in data_stems(corpus.data, DESCRIBES):
        for item in corpus.data[stem].get("entries") or []:
            merged = out.setdefault(str(item["id"]), {"en": [], "pl": []})
            for lang in ("en", "pl"):
                merged[lang] += list(item.get(lang) or [])
    return out


def test_every_effect_like_entry_is_described(corpus: Corpus) -> None:
    described = _described(corpus)
    missing = sorted(e.id for e in corpus.entries.values()
                     if e.kind in EFFECT_KINDS and e.lang == "en" and not described.get(e.id, {}).get("en"))
    missing += [i for i in MECHANICS if not described.get(i, {}).get("en")]
    assert not missing, f"no English describes line in content/data/describes.yaml: {missing}"


def _polish_words_only_from(corpus: Corpus, own: Callable[[str], bool], pages: set[str]) -> None:
    """The describes files `own` picks give Polish search words to exactly `pages`, each page once, Polish only,
    and no other describes file gives those pages Polish words."""
    stems = data_stems(corpus.data, DESCRIBES)
    items = [item for stem in stems if own(stem) for item in corpus.data[stem].get("entries") or []]
    ids = [str(item["id"]) for item in items]
    assert len(ids) == len(set(ids))
    assert all(item.get("pl") and not item.get("en") for item in items)
    assert set(ids) == pages
    for stem in stems:
        if not own(stem):
            assert not [i["id"] for i in corpus.data[stem].get("entries") or [] if i.get("pl") and i["id"] in pages]


def _unmapped_dice_throne_pages(corpus: Corpus) -> set[str]:
    mapped = {str(t["id"]) for t in corpus.data["polish-terms"]["terms"] if t.get("id")}
    return {e.id for e in corpus.entries.values() if e.game == "dice-throne" and e.lang == "en"
            and e.kind != "faq" and e.id != "credits" and e.id not in mapped}


def _dice_throne_faqs(corpus: Corpus) -> set[str]:
    return {e.id for e in corpus.entries.values() if e.game == "dice-throne" and e.lang == "en" and e.kind == "faq"}


def test_polish_words_for_the_other_games_sit_in_their_own_file(corpus: Corpus) -> None:
    """Every Adventures and Dungeon Dice page has Polish search words, and only describes-pl-adv-dd.yaml gives them."""
    others = {e.id for e in corpus.entries.values() if e.game in ("adventures", "dungeon-dice") and e.lang == "en"}
    _polish_words_only_from(corpus, lambda stem: stem == "describes-pl-adv-dd", others)


def test_polish_words_for_unmapped_dice_throne_pages_sit_in_their_own_file(corpus: Corpus) -> None:
    """Every English Dice Throne page but the FAQs and the credits whose term polish-terms.yaml lacks has Polish
    search words, and for those pages only describes-pl-dt.yaml gives them."""
    _polish_words_only_from(corpus, lambda stem: stem == "describes-pl-dt", _unmapped_dice_throne_pages(corpus))


def test_every_dice_throne_faq_has_polish_words_from_its_own_files(corpus: Corpus) -> None:
    """Every English Dice Throne FAQ has Polish search words, given only by the describes-pl-faq-*.yaml files, each
    id once, Polish only."""
    _polish_words_only_from(corpus, lambda stem: stem.startswith("describes-pl-faq-"), _dice_throne_faqs(corpus))


def test_describes_are_short_phrases(corpus: Corpus) -> None:
    for entry_id, item in _described(corpus).items():
        for lang in ("en", "pl"):
            for phrase in item.get(lang) or []:
                assert isinstance(phrase, str) and 0 < len(phrase.split()) <= 16, (entry_id, phrase)


def test_polish_lines_only_where_the_term_map_has_the_term(corpus: Corpus) -> None:
    mapped = {str(t["id"]) for t in corpus.data["polish-terms"]["terms"] if t.get("id")}
    polish_pages = {e.id for e in corpus.entries.values() if e.lang == "pl"}  # their own language: no term needed
    other_games = {e.id for e in corpus.entries.values() if e.game in ("adventures", "dungeon-dice")}
    translated = _unmapped_dice_throne_pages(corpus) | _dice_throne_faqs(corpus)  # the tests above: exactly these
    stray = sorted(i for i, item in _described(corpus).items()
                   if item.get("pl") and i not in mapped | polish_pages | other_games | translated)
    assert not stray, f"Polish describes for entries with no term in polish-terms.yaml: {stray}"


def test_every_hero_has_polish_names(corpus: Corpus) -> None:
    """content/data/hero-names-pl.yaml names every Dice Throne hero once (a Polish question naming the hero
    ranks that hero's FAQs as the English name does)."""
    ids = [str(item["id"]) for item in corpus.data["hero-names-pl"]["heroes"]]
    assert len(ids) == len(set(ids))
    assert set(ids) == {e.id for e in corpus.entries.values() if e.kind == "hero" and e.game == "dice-throne"
                        and e.lang == "en"}
    assert all(corpus.data["hero-names-pl"]["heroes"][i]["pl"] for i in range(len(ids)))
