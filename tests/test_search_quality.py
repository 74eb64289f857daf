"""Search quality on the real content: a floor under the measured figures, and the Polish queries.

The evaluation set is tests/data/search_eval.yaml; `python bench/search_eval.py` prints the
full figures (server and offline client) and the failing queries.
"""

from __future__ import annotations

import pytest

from bench.search_eval import (
    DEPTH,
    GAMES,
    LANGS,
    TYPES,
    EvalQuery,
    load_eval,
    load_named,
    score,
    score_set,
)
from indexer.library import Release

from .shared_rankings import Rankings

# Measured with bench/search_eval.py at the end of session 9 (ad51dcb), with a Polish twin of every English entry in
# the index: server top-3 99.3%, top-1 88.8%. The old set's 38 Polish queries are labelled with the Polish
# summary pages; 23 of them now get the Polish twin of the official entry they name first (the summary page second).
MEASURED_TOP3 = 0.993
MEASURED_TOP1 = 0.888
FLOOR_TOP3 = MEASURED_TOP3 - 0.02
FLOOR_TOP1 = MEASURED_TOP1 - 0.05

# Issues 18, 33 and 35: (top-1, top-3) of every set, server and offline the same, top-1 agreement 100%, measured once
# together at the end of session 9 (ad51dcb; docs/search-eval-baseline.md). heldout9, v10 and pl11 were measured
# that once, as declared. A Polish query's answer includes the Polish twin of each English label. A floor is the
# figure less 3 points (top-1) and 2 points (top-3): a regression trips it. Session 11 (dev-only tuning) raised the
# figures of the dev sets that rose, never lowered one (the held-out halves keep theirs); so did session 12 (d81e55d:
# dev5 top-3, dev9, heldout9 top-3, pl8, dev12, heldout12 top-1), and session 13 (3960f8b: dev9 top-3, v10, pl8 top-3,
# dev12, dev14, heldout14; round 2, 5bc2475: dev6 top-1), and session 14 (dev3, dev5, heldout12, dev14, heldout16
# top-3, heldout14 top-1; dev18 added), and session 15 (dev3, dev4, dev14, heldout14, dev16 and heldout16 top-1; dev6,
# dev9, v10 top-3; pl19; dev20 added; heldout20 and pl21 added at their one measurement).
MEASURED_SETS = {"dev": (0.843, 0.963), "heldout": (0.851, 0.947), "dev3": (0.840, 0.983), "heldout3": (0.723, 0.908),
                 "dev4": (0.878, 0.971), "heldout4": (0.864, 0.947),
                 "dev5": (0.886, 0.964), "heldout5": (0.907, 0.969),
                 "dev6": (0.879, 0.970), "heldout6": (0.854, 0.957),
                 "dev9": (0.789, 0.908), "heldout9": (0.877, 0.932), "v10": (0.822, 0.928),
                 "pl7": (0.844, 0.969), "pl8": (0.756, 0.936), "pl11": (0.813, 1.0),
                 # session 11's new sets, measured once on 52ef232 (heldout12 and pl13 as declared)
                 "dev12": (0.755, 0.906), "heldout12": (0.772, 0.921), "pl13": (0.711, 0.878),
                 # session 12's new sets, measured once on dde626b (heldout14 and pl15 as declared)
                 "dev14": (0.811, 0.925), "heldout14": (0.740, 0.904), "pl15": (0.771, 0.927),
                 # session 13's new sets, measured once on 63225e8 (heldout16 and pl17 as declared)
                 "dev16": (0.755, 0.887), "heldout16": (0.709, 0.883), "pl17": (0.719, 0.906),
                 # session 14: dev18 (tuned on, dev only), measured on the tuning's last commit
                 "dev18": (0.779, 0.942),
                 # session 14's held-out sets, measured once on 683c4b8 (heldout18 and pl19 as declared)
                 "heldout18": (0.821, 0.964), "pl19": (0.78, 0.92),
                 # session 15: dev20 (tuned on, dev only), measured on the tuning's last commit
                 "dev20": (0.826, 0.988),
                 # session 15's held-out sets, measured once on 6b4003e (heldout20 and pl21 as declared)
                 "heldout20": (0.773, 0.916), "pl21": (0.77, 0.90)}

# Issue 8: each finds its Polish page in the top three (server here; offline in tests/browser).
POLISH_QUERIES = {
    "obrażenia nieuchronne": "pl-rodzaje-obrazen",
    "obrazenia nieuchronne": "pl-rodzaje-obrazen",
    "krol wzgorza": "pl-krol-wzgorza",
    "faza dochodu": "pl-faza-dochodu",
    "punkty walki": "pl-faza-dochodu",
    "ile zdrowia na start": "pl-przygotowanie",
    "wyznaczenie celu 3 vs 3": "pl-gra-3v3",
}


@pytest.fixture(scope="module")
def queries(release: Release) -> list[EvalQuery]:
    return load_eval(known_ids=release.entries)


def test_the_evaluation_set_is_broad(queries: list[EvalQuery]) -> None:
    assert len(queries) >= 200
    for name, values in (("game", GAMES), ("lang", LANGS), ("type", TYPES)):
        seen = {getattr(q, name) for q in queries}
        assert seen == set(values), f"{name}: {sorted(seen)}"
    for game in GAMES:
        assert {q.type for q in queries if q.game == game} >= {"term", "question", "typo"}, game


def test_server_quality_floor(queries: list[EvalQuery], eval_rankings: dict[str, Rankings]) -> None:
    m = score(queries, eval_rankings["old"])  # server rankings, searched once per run (tests/shared_rankings.py)
    failing = [q.query for q, _ in m.failures]
    assert m.top3 >= FLOOR_TOP3, f"top-3 {m.top3:.1%} < floor {FLOOR_TOP3:.1%}; failing: {failing}"
    assert m.top1 >= FLOOR_TOP1, f"top-1 {m.top1:.1%} < floor {FLOOR_TOP1:.1%}"


@pytest.mark.parametrize("name", MEASURED_SETS)
def test_server_quality_floor_on_the_issue_18_sets(release: Release, eval_rankings: dict[str, Rankings],
                                                   name: str) -> None:
    top1, top3 = MEASURED_SETS[name][0] - 0.03, MEASURED_SETS[name][1] - 0.02
    queries, _ = load_named(name, known_ids=release.entries)
    m = score_set(name, queries, eval_rankings[name])
    assert m.top3 >= top3, f"{name} top-3 {m.top3:.1%} < floor {top3:.1%}"
    assert m.top1 >= top1, f"{name} top-1 {m.top1:.1%} < floor {top1:.1%}"


@pytest.mark.parametrize(("query", "page"), POLISH_QUERIES.items())
def test_polish_query_finds_its_polish_page(release: Release, query: str, page: str) -> None:
    top3 = [hit.id for hit in release.search(query, limit=3).hits]
    assert page in top3, f"{query!r}: {top3}"
    assert release.entries[page]["lang"] == "pl"


# Session 7: Adventures and Dungeon Dice had no Polish pages; their Polish search words (describes-pl-adv-dd.yaml)
# led a Polish question to the English page. Session 9 (issue 35): every English entry has its Polish twin, and the
# twin of that page, the same answer in the asker's language, comes first; the English page is still found.
@pytest.mark.parametrize(("query", "english"), [("skrzynia z łupami", "loot-chests"), ("sława", "dd-fame"),
                                                ("trofea", "dd-trophies"), ("złoto", "gold"),
                                                ("wydawanie maści", "spend-salves")])
def test_polish_query_about_adventures_or_dungeon_dice_finds_the_polish_twin_of_the_english_page_first(
        release: Release, query: str, english: str) -> None:
    top = [hit.id for hit in release.search(query, limit=DEPTH).hits]
    twin = release.entries[top[0]]
    assert twin["translation_of"] == english and twin["lang"] == "pl", f"{query!r}: {top[:3]}"
    assert english in top, f"{query!r}: {top}"


@pytest.mark.parametrize(("query", "english"), [("punkty walki", "combat-points"), ("faza dochodu", "income-phase"),
                                                ("krol wzgorza", "king-of-the-hill")])
def test_polish_query_reaches_the_english_entry_through_the_term_map(release: Release, query: str,
                                                                    english: str) -> None:
    assert english in [hit.id for hit in release.search(query, limit=10).hits]


@pytest.mark.parametrize(("query", "first"), [
    ("stun", "stun"), ("evasive", "evasive"), ("koth", "king-of-the-hill"), ("kings hand", "kings-hand"),
    ("hp", "health"), ("evasve", "evasive"), ("retrubution", "retribution"), ("ultimat", "ultimate-ability"),
])
def test_a_term_puts_its_own_entry_first(release: Release, query: str, first: str) -> None:
    assert release.search(query).hits[0].id == first


def test_a_question_may_put_the_faq_first(release: Release) -> None:
    hits = release.search("can i use evasive against an ultimate").hits
    assert hits[0].id.startswith("faq-") and "evasive" in hits[0].id and "ultimate" in hits[0].id


def test_stop_words_do_not_kill_a_query(release: Release) -> None:
    ids = [h.id for h in release.search("what happens if both players hit 0 health", limit=3).hits]
    assert {"faq-general-both-reach-zero", "draws"} & set(ids)
    assert release.search("what if").hits  # only stop words: searched as they are


def test_english_queries_rank_english_entries_first(release: Release) -> None:
    for q in ("undefendable damage", "income phase", "main phase"):
        assert release.entries[release.search(q).hits[0].id]["lang"] == "en", q
