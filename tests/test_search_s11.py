"""Session 11's search signals (issue 33, tuned on dev sets only), each on a tiny corpus and on both engines (the
server and static/js/search-rank.js in Node): function words tell the query's language, and a query that names a
hero and nothing more asks for the hero, not its rulings; a meaning ("what does X mean", "glossary definition of")
asks for the term's own entry, and searches the stop words that name one ("then"); a Polish twin is described by
its English entry's Polish descriptions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from indexer.analysis import FUNCTION_LANG, STOP_WORDS
from indexer.intent import MEANING_MAX_WORDS, asks_name, named_stop_words
from indexer.library import Release
from indexer.ranking import HERO_FAQ_PRIOR, Candidate, QueryInfo

from .helpers import built_release, entry_text, write_entry
from .test_search_signals import node_search

QUERIES = ["can the kings hand role be changed with my cards", "kings hand role", "czy kings hand zmienia role",
           "co oznacza 'the' w kings hand", "what does the moon elf do", "moon elf", "moon elf evasive",
           "dd tie w monster", "glossary definition of incoming damage", "what does the word then mean on a card",
           "then", "glossary", "debuff bez dochodu", "pominięcie fazy dochodu",
           "how is incoming damage shared out between us and what does the word then mean"]


def s11_content(root: Path) -> Path:
    write_entry(root, "kh.md", entry_text("kings-hand", "King's Hand", kind="status-effect",
                                          body="The boss's token: the heroes cannot change its cards or roll."))
    # a Polish page that quotes English card text, so "the" and "with" are words of both languages in the index
    write_entry(root, "pl-kh.md", entry_text("pl-kings-hand", "King's Hand", lang="pl", kind="status-effect",
                                             body="Żeton bossa: zmienia role bohaterów, oznacza to. "
                                                  "Karta: \"the boss acts with the hand\"."))
    write_entry(root, "elf.md", entry_text("moon-elf", "Moon Elf", kind="hero", body="A hero who dodges with Evasive."))
    write_entry(root, "faq-elf.md", entry_text("faq-moon-elf-evasive", "Can Moon Elf spend Evasive twice?",
                                               kind="faq", tags="[moon-elf]", body="Moon Elf: yes, one at a time."))
    write_entry(root, "tie.md", entry_text("dd-ties", "Ties", game="dungeon-dice", body="A tie with a monster."))
    write_entry(root, "pl-tie.md", entry_text("pl-dd-ties", "Remisy", game="dungeon-dice", lang="pl",
                                              body="Remis z potworem (tie w walce)."))
    write_entry(root, "glossary.md", entry_text("adventures-glossary", "Glossary", kind="glossary",
                                                body="Incoming damage: the damage about to be dealt. Then: a break."))
    write_entry(root, "incoming.md", entry_text("incoming-damage", "Incoming damage",
                                                body="The damage waiting to be dealt to a player."))
    write_entry(root, "then.md", entry_text("then", "Then", kind="glossary", body="On a card: a break, then the rest."))
    write_entry(root, "cards.md", entry_text("cards", "Cards", kind="component",
                                             body="Every card has a word or two on it: read the card."))
    write_entry(root, "concussion.md", entry_text("concussion", "Concussion", kind="status-effect",
                                                  body="Skip your next Income Phase."))
    write_entry(root, "pl-concussion.md", entry_text("pl-concussion", "Wstrząs (Concussion)", lang="pl",
                                                     kind="status-effect", translation_of="concussion",
                                                     translated_from='"000000000000"',
                                                     body="Bez następnej fazy dochodu."))
    write_entry(root, "pl-income.md", entry_text("pl-faza-dochodu", "Faza dochodu", lang="pl", kind="summary",
                                                 body="Faza dochodu: w fazie dochodu dostajesz pw i kartę, bez "
                                                      "fazy dochodu nic."))
    write_entry(root, "data/describes.yaml", "sources:\n  - {file: x, section: y}\nentries:\n"
                "  - {id: concussion, pl: [pominięcie fazy dochodu, debuff bez dochodu]}\n")
    write_entry(root, "data/hero-names-pl.yaml", "sources:\n  - {file: x, section: y}\nheroes:\n"
                "  - {id: moon-elf, pl: [elf]}\n")
    return root


@pytest.fixture(scope="module")
def s11(tmp_path_factory: pytest.TempPathFactory) -> Release:
    with built_release(s11_content(tmp_path_factory.mktemp("s11") / "content")) as rel:
        yield rel


def first(rel: Release, q: str) -> str:
    return rel.search(q).hits[0].id


def test_function_words_tell_the_language(s11: Release) -> None:
    vocab = s11.index.vocabulary
    assert vocab.langs["role"] == {"pl"} and vocab.langs["the"] == {"en", "pl"}
    assert vocab.language(["kings", "hand", "role"]) == "pl"  # the index's words alone: "role" is Polish only
    assert vocab.language(["kings", "hand", "role"], "can the kings hand role be changed with".split()) == "en+pl"
    assert FUNCTION_LANG["the"] == "en" and FUNCTION_LANG["sie"] == "pl"
    assert not {"a", "i", "to", "do", "on", "my", "we", "w"} & set(FUNCTION_LANG)  # words of both languages
    assert first(s11, "can the kings hand role be changed with my cards") == "kings-hand"
    assert first(s11, "czy kings hand zmienia role") == "pl-kings-hand"
    # "w" is Polish "in" and English shorthand for "with": it says nothing of the language
    assert first(s11, "dd tie w monster") == "dd-ties"


def test_a_hero_named_alone_asks_for_the_hero(s11: Release) -> None:
    heroes = [["moon", "elf"], ["elf"]]  # its name and its Polish name
    faq = Candidate("faq-moon-elf-x", "dice-throne", "faq", "en", 1.0, 1.0, [], heroes=heroes)
    alone = QueryInfo([[("moon",)], [("elf",)]], words=frozenset({"moon", "elf"}), weights=[1.0, 1.0])
    more = QueryInfo([[("moon",)], [("elf",)], [("evasive",)]], words=frozenset({"moon", "elf", "evasive"}),
                     weights=[1.0, 1.0, 1.0])
    assert alone.prior(faq, {}) == 1.0  # "moon" is a word of one of its names, not something more
    assert more.prior(faq, {}) == pytest.approx(HERO_FAQ_PRIOR)
    assert first(s11, "what does the moon elf do") == "moon-elf"
    assert first(s11, "moon elf evasive") == "faq-moon-elf-evasive"


def test_offline_engine_agrees(s11: Release, tmp_path: Path) -> None:
    for q, got in zip(QUERIES, node_search(s11, QUERIES, tmp_path), strict=True):
        server = s11.search(q)
        assert got["ids"] == [h.id for h in server.hits], q
        assert got["sections"] == [list(h.section) if h.section else None for h in server.hits], q


def test_a_meaning_asks_for_the_term(s11: Release) -> None:
    assert asks_name("what does the word then mean on a card".split()) and asks_name(["glossary", "stun"])
    assert named_stop_words([["then"], ["or"], ["stun"], ["the", "end"]], STOP_WORDS) == {"then", "or"}
    assert first(s11, "glossary definition of incoming damage") == "incoming-damage"  # not the Glossary page
    assert first(s11, "what does the word then mean on a card") == "then"  # "then" searched, as a name
    assert first(s11, "glossary") == "adventures-glossary"  # the intent's words alone are still searched
    # a meaning asks for the term only in a short query (MEANING_MAX_WORDS): a long one tells a situation
    long = "how is incoming damage shared out between us and what does the word then mean".split()
    assert len(long) > MEANING_MAX_WORDS and not asks_name(long) and asks_name(long[-6:])


def test_a_twin_has_its_english_entrys_polish_descriptions(s11: Release) -> None:
    docs = {d["id"]: d for d in json.loads((s11.path / "search-data.json").read_text(encoding="utf-8"))["docs"]}
    assert ["pominiecie", "fazy", "dochodu"] in docs["pl-concussion"]["described"]
    assert docs["pl-concussion"]["describes_pl"] == ""  # matched as names are, not searched as its text
    assert first(s11, "debuff bez dochodu") == "pl-concussion"
