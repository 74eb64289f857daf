"""The v2 search evaluation sets (issue 18) are well formed, and bench/search_eval.py reads and scores them.

No quality floors here on purpose: the sets measure tuning that comes later (tests/test_search_quality.py
keeps the floor for the old set).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bench import search_eval
from bench.eval_sets import (
    CATEGORIES,
    CATEGORY_MINIMUMS,
    DEV3_FILE,
    DEV4_FILE,
    DEV5_FILE,
    DEV6_FILE,
    DEV9_FILE,
    DEV12_FILE,
    DEV14_FILE,
    DEV16_FILE,
    DEV18_FILE,
    DEV20_FILE,
    DEV_FILE,
    GAMES,
    HELDOUT3_FILE,
    HELDOUT4_FILE,
    HELDOUT5_FILE,
    HELDOUT6_FILE,
    HELDOUT9_FILE,
    HELDOUT12_FILE,
    HELDOUT14_FILE,
    HELDOUT16_FILE,
    HELDOUT18_FILE,
    HELDOUT20_FILE,
    HELDOUT_FILE,
    ISSUE_MINIMUMS,
    LANGS,
    PL7_FILE,
    PL8_FILE,
    PL11_FILE,
    PL13_FILE,
    PL15_FILE,
    PL17_FILE,
    PL19_FILE,
    PL21_FILE,
    V10_FILE,
    SetQuery,
    load_set,
)
from bench.search_eval import main, score
from indexer.build import Corpus
from indexer.library import Release

from .shared_rankings import Rankings

HALVES = {"dev": DEV_FILE, "heldout": HELDOUT_FILE, "dev3": DEV3_FILE, "heldout3": HELDOUT3_FILE,
          "dev4": DEV4_FILE, "heldout4": HELDOUT4_FILE, "dev5": DEV5_FILE, "heldout5": HELDOUT5_FILE,
          "dev6": DEV6_FILE, "heldout6": HELDOUT6_FILE, "dev9": DEV9_FILE, "heldout9": HELDOUT9_FILE,
          "dev12": DEV12_FILE, "heldout12": HELDOUT12_FILE, "dev14": DEV14_FILE, "heldout14": HELDOUT14_FILE,
          "dev16": DEV16_FILE, "heldout16": HELDOUT16_FILE, "dev18": DEV18_FILE, "heldout18": HELDOUT18_FILE,
          "dev20": DEV20_FILE, "heldout20": HELDOUT20_FILE}
PAIRS = {"v2": ("dev", "heldout"), "v3": ("dev3", "heldout3"), "v4": ("dev4", "heldout4"), "v5": ("dev5", "heldout5"),
         "v6": ("dev6", "heldout6"), "v9": ("dev9", "heldout9"), "v12": ("dev12", "heldout12"),
         "v14": ("dev14", "heldout14"), "v16": ("dev16", "heldout16"),
         "v18": ("dev18", "heldout18"), "v20": ("dev20", "heldout20")}
SEEDS = {"dev": 20261123, "heldout": 20261123, "dev3": 20261124, "heldout3": 20261124,
         "dev4": 20261126, "heldout4": 20261126, "dev5": 20261127, "heldout5": 20261127,
         "dev6": 20261128, "heldout6": 20261128, "dev9": 20261209, "heldout9": 20261209,
         "dev12": 20261130, "heldout12": 20261130, "dev14": 20261201, "heldout14": 20261201,
         "dev16": 20261202, "heldout16": 20261202, "dev18": 20261214, "heldout18": 20261214,
         "dev20": 20261215, "heldout20": 20261215}


@pytest.fixture(scope="module")
def halves(corpus: Corpus) -> dict[str, list[SetQuery]]:
    """Both halves, loaded with the id check against the built content."""
    return {name: load_set(path, known_ids=corpus.entries) for name, path in HALVES.items()}


def test_every_expected_id_is_an_entry(halves: dict[str, list[SetQuery]], corpus: Corpus) -> None:
    for name, queries in halves.items():
        for q in queries:
            assert set(q.expect) <= set(corpus.entries), (name, q.query)
            assert q.gap == (not q.expect), (name, q.query)


def test_fields_come_from_the_closed_lists(halves: dict[str, list[SetQuery]]) -> None:
    everything = [q for queries in halves.values() for q in queries]
    assert {q.category for q in everything} == set(CATEGORIES)
    assert {q.game for q in everything} == set(GAMES)
    assert {q.lang for q in everything} == set(LANGS)
    assert all(q.answer.strip() for q in everything)


@pytest.mark.parametrize("pair", PAIRS.values(), ids=PAIRS.keys())
def test_dev_and_heldout_are_disjoint(halves: dict[str, list[SetQuery]], pair: tuple[str, str]) -> None:
    dev = {q.query for q in halves[pair[0]]}
    held = {q.query for q in halves[pair[1]]}
    assert dev and held and not dev & held


@pytest.mark.parametrize("pair", ["v2", "v4", "v5", "v6"])
def test_category_minimums_are_met_overall(halves: dict[str, list[SetQuery]], pair: str) -> None:
    """v2, v4, v5 and v6 each meet issue 18's minimums (v3 is a second, smaller sample written the same way);
    v2, v4 and v5 also the higher ones of their brief (v6 dropped its repeats of older sets' queries)."""
    counts = Counter(q.category for name in PAIRS[pair] for q in halves[name])
    assert all(CATEGORY_MINIMUMS[c] >= m for c, m in ISSUE_MINIMUMS.items())
    for category, minimum in (ISSUE_MINIMUMS if pair == "v6" else CATEGORY_MINIMUMS).items():
        assert counts[category] >= minimum, (category, counts[category], minimum)
    assert sum(counts.values()) >= 300


@pytest.mark.parametrize("pair", PAIRS.values(), ids=PAIRS.keys())
def test_the_split_is_half_and_half_in_every_category(halves: dict[str, list[SetQuery]],
                                                      pair: tuple[str, str]) -> None:
    dev = Counter(q.category for q in halves[pair[0]])
    held = Counter(q.category for q in halves[pair[1]])
    for category in CATEGORIES:
        assert abs(dev[category] - held[category]) <= 1, (category, dev[category], held[category])


@pytest.mark.parametrize("name", HALVES)
def test_each_half_says_how_it_was_made(name: str) -> None:
    header = "".join(line for line in HALVES[name].read_text(encoding="utf-8").splitlines(keepends=True)
                     if line.startswith("#"))
    assert f"seed {SEEDS[name]}" in header
    assert "TUNING USES DEV ONLY" in header
    assert "rule documents only" in header


@pytest.mark.parametrize(("item", "problem"), [
    ({"category": "trivia"}, "category 'trivia'"),
    ({"lang": "de"}, "lang 'de'"),
    ({"expect": ["no-such-entry"]}, "no entry 'no-such-entry'"),
    ({"expect": []}, "no expected ids"),
    ({"expect": [], "gap": True}, "a gap has expect: [] and a note"),
    ({"expect": ["stun"], "gap": True, "note": "x"}, "a gap has expect: []"),
    ({"colour": "red"}, "unknown ['colour']"),
])
def test_a_bad_query_is_refused_with_its_place(tmp_path: Path, item: dict[str, object], problem: str) -> None:
    base = {"query": "barbarian stun", "expect": ["stun"], "game": "dice-throne", "lang": "en",
            "category": "hero", "answer": "000 Barbarian FAQ"}
    path = tmp_path / "set.yaml"
    path.write_text(json.dumps({"queries": [{**base, **item}]}), encoding="utf-8")
    with pytest.raises(ValueError, match="set.yaml query #1") as err:
        load_set(path, known_ids={"stun"})
    assert problem in str(err.value)


def test_the_split_tool_halves_each_category_the_same_way_every_time() -> None:
    from tools.split_eval_set import split

    queries = [{"query": f"q{i}", "category": c} for i, c in enumerate(["ruling"] * 7 + ["polish"] * 4 + ["hero"])]
    dev, held = split(queries, 20261126)
    assert (dev, held) == split(queries, 20261126)
    assert sorted(q["query"] for q in dev + held) == sorted(q["query"] for q in queries)
    assert Counter(q["category"] for q in dev) == {"ruling": 4, "polish": 2, "hero": 1}
    assert Counter(q["category"] for q in held) == {"ruling": 3, "polish": 2}
    assert split(queries, 1) != (dev, held)


def test_score_breaks_down_by_category() -> None:
    queries = [SetQuery("a", ("x",), "dice-throne", "en", "ruling", "-"),
               SetQuery("b", ("y",), "dice-throne", "en", "ruling", "-"),
               SetQuery("c", ("z",), "adventures", "pl", "polish", "-")]
    m = score(queries, [["x"], ["q", "y"], ["q", "q", "q", "z"]], tags=("category",), group="category")
    assert (m.n, m.top1, m.top3) == (3, 1 / 3, 2 / 3)
    assert m.mrr10 == pytest.approx((1 + 0.5 + 0.25) / 3)
    assert m.groups["ruling"].figures() == {"n": 2, "top1": 0.5, "top3": 1.0, "mrr10": 0.75}
    # a group with Polish queries also says how often a Polish page came first (issue 35); an English one does not
    assert m.groups["polish"].figures() == {"n": 1, "top1": 0.0, "top3": 0.0, "mrr10": 0.25, "polish_first": 0.0}
    assert m.polish_first == 0.0 and m.groups["ruling"].polish_first is None
    assert [q.query for q, _ in m.failures] == ["c"]
    # a Polish query is answered by its English label's Polish twin as well; an English query is not
    twin = score(queries, [["x"], ["pl-y"], ["pl-z"]], tags=("category",), group="category")
    assert twin.groups["polish"].figures() == {"n": 1, "top1": 1.0, "top3": 1.0, "mrr10": 1.0, "polish_first": 1.0}
    assert twin.groups["ruling"].figures() == {"n": 2, "top1": 0.5, "top3": 0.5, "mrr10": 0.5}


def test_the_bench_reports_every_set_and_keeps_the_old_keys(build_dir: Path, eval_rankings: dict[str, Rankings],
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The report of every set, from the server rankings searched once per run (tests/shared_rankings.py, the
    quality floors' too: the same function over the same build); then one set searched by the bench itself, and
    its figures the same as from the shared rankings."""
    searched = search_eval.server_rankings
    kept = {tuple(q.query for q in search_eval.load_named(name)[0]): ranks for name, ranks in eval_rankings.items()}

    def once(release: Release, queries: list[SetQuery]) -> list[list[str]]:
        ranks = kept.get(tuple(q.query for q in queries))
        return ranks if ranks is not None else searched(release, queries)

    with monkeypatch.context() as patched:
        patched.setattr(search_eval, "server_rankings", once)
        assert main(["--build-dir", str(build_dir), "--server-only", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    measure_only = {"pl7": PL7_FILE, "pl8": PL8_FILE, "v10": V10_FILE, "pl11": PL11_FILE, "pl13": PL13_FILE,
                    "pl15": PL15_FILE, "pl17": PL17_FILE,
                    "pl19": PL19_FILE, "pl21": PL21_FILE}
    assert set(doc["sets"]) == {"old", *HALVES, *measure_only}
    assert {"n", "top1", "top3", "mrr10", "by_tag", "failures"} <= set(doc["server"])  # the old set, as before
    assert doc["server"] == doc["sets"]["old"]["server"]
    for name in HALVES:
        figures = doc["sets"][name]
        queries = load_set(HALVES[name])
        # a category for every category the half has: all six up to v6; v9 was written without hero and Polish,
        # v12, v14, v16, v18 and v20 without Polish (v13, v15, v17, v19 and v21 are their Polish)
        assert set(figures["server"]["by_category"]) == {q.category for q in queries if not q.gap}
        no_polish = {"dev9", "heldout9", "dev12", "heldout12", "dev14", "heldout14", "dev16", "heldout16",
                     "dev18", "heldout18", "dev20", "heldout20"}
        assert name in no_polish or set(figures["server"]["by_category"]) == set(CATEGORIES)
        assert figures["n"] + len(figures["gaps"]) == len(queries)
        assert all(g["note"] for g in figures["gaps"])
    for name, path in measure_only.items():
        figures = doc["sets"][name]
        assert figures["n"] + len(figures["gaps"]) == len(load_set(path))
        assert ("polish_first" in figures["server"]) == name.startswith("pl")  # the Polish sets say it
    assert main(["--build-dir", str(build_dir), "--server-only", "--set", "heldout", "--markdown"]) == 0
    table = capsys.readouterr().out
    assert "| heldout |" in table and "| old |" not in table and "**heldout** by category:" in table
    row = next(line for line in table.splitlines() if line.startswith("| heldout |")).split(" | ")
    heldout = doc["sets"]["heldout"]
    assert row[1:3] == [str(heldout["n"]), str(len(heldout["gaps"]))]
    searched_here = [float(row[3].rstrip("%")) / 100, float(row[4].rstrip("%")) / 100, float(row[5])]
    shared = [heldout["server"][k] for k in ("top1", "top3", "mrr10")]
    assert searched_here == pytest.approx(shared, abs=0.0006), "searched here as the shared rankings say"


@pytest.mark.parametrize("path", [PL7_FILE, PL8_FILE, PL13_FILE, PL15_FILE, PL17_FILE, PL19_FILE, PL21_FILE],
                         ids=["v7", "v8", "v13", "v15", "v17", "v19", "v21"])
def test_polish_sets_are_polish_new_and_known(corpus: Corpus, halves: dict[str, list[SetQuery]], path: Path) -> None:
    """v7, v8, v13, v15, v17, v19, v21 (measure-only): Polish questions, known labels, none an older query."""
    queries = load_set(path, known_ids=corpus.entries)
    assert len(queries) >= 60 and all(q.lang == "pl" and q.category == "polish" for q in queries)
    older = [q for qs in halves.values() for q in qs] + (load_set(PL7_FILE) if path == PL8_FILE else [])
    seen = {" ".join(q.query.lower().split()) for q in older}
    assert not [q.query for q in queries if " ".join(q.query.lower().split()) in seen]
