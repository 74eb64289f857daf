"""Checklist for the Polish player's summary (issue 8): pages, tables, term map."""

from __future__ import annotations

import re
import unicodedata

import pytest

# One Polish page per section of the summary (003_644980f2f8182dca.txt).
PL_PAGES = {
    "pl-streszczenie": "index of the summary",
    "pl-przygotowanie": "Przygotowanie",
    "pl-cel-gry": "Dążymy do tego, żeby",
    "pl-przebieg-tury": "the turn in 5 phases",
    "pl-faza-utrzymania": "1) Faza utrzymania",
    "pl-faza-dochodu": "2) Faza dochodu",
    "pl-faza-rozwoju-1": "3) Faza rozwoju (główna I)",
    "pl-faza-rzutu": "4) Faza rzutu",
    "pl-faza-rozwoju-2": "5) Faza rozwoju (główna II)",
    "pl-koniec-gry": "Koniec gry",
    "pl-pamietaj": "Pamiętaj",
    "pl-rodzaje-kart": "card types by border colour",
    "pl-rodzaje-obrazen": "damage types",
    "pl-krol-wzgorza": "król wzgórza",
    "pl-gra-druzynowa-2v2": "4-player team game",
    "pl-gra-3v3": "3 vs 3",
    "pl-gra-2v2v2": "2 vs 2 vs 2",
}

# Pairs the term map must hold: Polish term -> English entry id.
REQUIRED_TERMS = {
    "punkty walki": "combat-points",
    "obrażenia nieuchronne": "undefendable-damage",
    "obrażenia czyste": "pure-damage",
    "obrażenia obszarowe": "collateral-damage",
    "obrażenia specjalne": "ultimate-damage",
    "obrażenia zwyczajne": "normal-damage",
    "faza utrzymania": "upkeep-phase",
    "faza dochodu": "income-phase",
    "faza rozwoju": "main-phase",
    "faza rzutu": "roll-phase",
    "król wzgórza": "king-of-the-hill",
    "zdrowie": "health",
    "karty": "cards",
    "kości": None,  # any entry; checked to resolve below
    "zdolność specjalna": "ultimate-ability",
    "gra 6-osobowa 3 vs 3": "mode-3v3",
    "gra 6-osobowa 2 vs 2 vs 2": "mode-2v2v2",
    "gra 4-osobowa drużynowa": "mode-2v2",
}


def fold(text: str) -> str:
    text = text.lower().replace("ł", "l")
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


def table_rows(html: str) -> list[list[str]]:
    """Cell texts of every table row in rendered HTML."""
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", html, flags=re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)
        rows.append([re.sub(r"<[^>]+>", "", c).strip() for c in cells])
    return rows


@pytest.mark.parametrize("page_id", sorted(PL_PAGES))
def test_polish_page_exists(corpus, page_id):
    entry = corpus.entries.get(page_id)
    assert entry is not None, f"missing Polish page {page_id} ({PL_PAGES[page_id]})"
    assert entry.lang == "pl"
    assert entry.game == "dice-throne"
    assert entry.kind == "summary"
    assert any(s.file == "003_644980f2f8182dca.txt" for s in entry.sources)


@pytest.mark.parametrize("page_id", sorted(PL_PAGES))
def test_polish_page_is_framed_and_links_to_english(corpus, page_id):
    entry = corpus.entries[page_id]
    text = fold(entry.text)
    # Honest framing: a player's summary, not the official rules; colours lost.
    assert "nie oficjalne zasady" in text
    assert "zasady domowe" in text or "zasada domowa" in text
    assert "dodatk" in text
    # Each page points at official English entries.
    english = [i for i in entry.links if i in corpus.entries and corpus.entries[i].lang == "en"]
    if page_id != "pl-streszczenie":
        assert english, f"{page_id} links to no English entry"


def test_3v3_targeting_table(corpus):
    rows = table_rows(corpus.entries["pl-gra-3v3"].html)
    got = {r[0]: fold(r[1]) for r in rows if len(r) >= 2}
    assert "lew" in got.get("1-2", "")
    assert "srodku" in got.get("3-4", "")
    assert "praw" in got.get("5-6", "")


def test_2v2v2_targeting_table(corpus):
    rows = table_rows(corpus.entries["pl-gra-2v2v2"].html)
    got = {r[0]: fold(r[1]) for r in rows if len(r) >= 2}
    assert "ruchem wskazowek zegara" in got.get("1-4", "")
    assert "wybierasz" in got.get("5-6", "")


def test_2v2_targeting_table(corpus):
    rows = table_rows(corpus.entries["pl-gra-druzynowa-2v2"].html)
    got = {r[0]: fold(r[1]) for r in rows if len(r) >= 2}
    assert "lew" in got.get("1-2", "")
    assert "praw" in got.get("3-4", "")
    assert "przeciwnicy" in got.get("5", "")
    assert "wybierasz" in got.get("6", "")


def test_key_numbers_on_pages(corpus):
    """Numbers a player looks up; a wrong one here is the worst bug."""
    setup = corpus.entries["pl-przygotowanie"].text
    assert "50" in setup and "4 karty" in setup and "na 2" in setup
    assert "15" in corpus.entries["pl-faza-dochodu"].text
    assert "35" in corpus.entries["pl-krol-wzgorza"].text
    assert "6" in corpus.entries["pl-faza-rozwoju-2"].text
    assert "10" in corpus.entries["pl-pamietaj"].text


def test_term_map_shape(corpus):
    data = corpus.data["polish-terms"]
    assert data.get("sources"), "term map needs a top-level sources list"
    terms = data["terms"]
    assert isinstance(terms, list) and terms
    for t in terms:
        assert set(t) >= {"pl", "en", "id", "pl_id", "variants"}, t
        assert isinstance(t["variants"], list), t


def test_term_map_required_pairs(corpus):
    by_pl = {t["pl"]: t for t in corpus.data["polish-terms"]["terms"]}
    for pl, en_id in REQUIRED_TERMS.items():
        assert pl in by_pl, f"term map lacks {pl!r}"
        if en_id is not None:
            assert by_pl[pl]["id"] == en_id, pl
    assert "PW" in by_pl["punkty walki"]["variants"]


def test_term_map_ids_resolve(corpus):
    for t in corpus.data["polish-terms"]["terms"]:
        entry = corpus.entries.get(t["id"])
        assert entry is not None, f"{t['pl']!r}: no entry {t['id']!r}"
        assert entry.lang == "en", t
        if t["pl_id"] is not None:
            pl = corpus.entries.get(t["pl_id"])
            assert pl is not None and pl.lang == "pl", f"{t['pl']!r}: bad pl_id {t['pl_id']!r}"


def test_section_links_are_labelled_in_the_pages_language(corpus):
    polish = [e for e in corpus.entries.values() if e.lang == "pl" and e.anchors]
    assert polish
    for entry in polish:
        assert 'aria-label="Link do tej sekcji: ' in entry.html and "Link to this section" not in entry.html, entry.id
    english = corpus.entries["final-damage-total"]
    assert 'aria-label="Link to this section: ' in english.html


HOUSE_RULE = "tylko w streszczeniu gracza"


@pytest.mark.parametrize(("page_id", "official"), [
    ("pl-gra-3v3", "mode-3v3"), ("pl-gra-2v2v2", "mode-2v2v2"), ("pl-krol-wzgorza", "king-of-the-hill"),
    ("pl-faza-rzutu", "defensive-roll-phase")])
def test_summary_only_points_are_marked(corpus, page_id, official):
    """Issue 20: a point that rests on the player's summary alone says so in Polish and links the official entry."""
    entry = corpus.entries[page_id]
    assert HOUSE_RULE in entry.text.lower(), f"{page_id} must mark its summary-only points"
    # The official entry, or on this Polish page its Polish twin when there is one (links resolve to twins).
    target = f"pl-{official}" if f"pl-{official}" in corpus.entries else official
    assert f"/{target}" in entry.html


def test_defence_phase_follows_any_attack(corpus):
    """Issue 20: the summary's 'defence only after a normal attack' is shown against the rulebook."""
    text = corpus.entries["pl-faza-rzutu"].text
    assert "po każdym ataku" in text
    assert "faq-general-ultimate-targeting-roll" in corpus.entries["pl-faza-rzutu"].html
