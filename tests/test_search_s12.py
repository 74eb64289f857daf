"""Session 12's search signals (issue 33, tuned on dev sets only), on a tiny corpus and on both engines (the server
and static/js/search-rank.js in Node): a word no entry has at all ("grandson", "dear") counts for nothing in
coverage and name matching, so a long question told with such words ranks as its words that the index knows do;
a moment of the turn ("at the start of my turn", "na początku tury") asks when, as "timing" does: a phase; and an
Adventures page comes a little after the others unless the query names Adventures or one of its words ("tile")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import indexer.intent as intent
import indexer.search_backend as backend
from indexer.analysis import words
from indexer.intent import TIMING_KINDS, TIMING_PRIOR, Intent, game_prior, query_intent
from indexer.library import Release
from indexer.ranking import reached_weights

from .helpers import built_release, entry_text, ids, write_entry, write_others
from .test_search_signals import node_search

FILLER = "my dear grandson got knocked flat must he pay to stand"
QUERIES = [FILLER, "knocked flat pay stand", "grandson", "knockdown", "grandson knockdown"]
MOMENT = "poison and burn at the start of my turn which goes first"
MOMENTS = [MOMENT, "na początku tury burn i poison", "burn and poison order", "upkeep", "hero roll burn",
           "hero on a tile roll burn", "adventures hero roll"]


def s12_content(root: Path, moment: bool = False) -> Path:
    """A tiny corpus: the filler case, or (moment) the moment-of-the-turn case."""
    if moment:
        write_entry(root, "up.md", entry_text("upkeep-phase", "Upkeep Phase", kind="phase",
                                              body="The first phase of a turn: status effects such as poison and "
                                                   "burn act; the player picks their order."))
        write_entry(root, "burn.md", entry_text("burn", "Burn", kind="status-effect",
                                                body="Burn deals damage at the start of the turn; poison too; the "
                                                     "order of burn and poison is chosen."))
        write_entry(root, "tiles.md", entry_text("environment-tiles", "Environment tiles", game="adventures",
                                                 kind="rule", body="The map's tiles: a hero on a tile may have to "
                                                                   "roll; burn and poison still act."))
        return root
    write_entry(root, "kd.md", entry_text("knockdown", "Knockdown", kind="status-effect", aliases='["knocked flat"]',
                                          body="A token: pay 2 CP before your attack to remove it, or skip it."))
    write_entry(root, "up.md", entry_text("getting-up", "Getting up", kind="rule",
                                          body="Stand up: pay to stand. A flat hero stands. Stand, stand, pay, "
                                               "knocked."))
    write_others(root, 6, "A token on a hero, an attack.")
    return root


@pytest.fixture(scope="module")
def s12(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Release]:
    with built_release(s12_content(tmp_path_factory.mktemp("s12") / "content")) as rel:
        yield rel


@pytest.fixture(scope="module")
def s12_moment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Release]:
    with built_release(s12_content(tmp_path_factory.mktemp("s12m") / "content", moment=True)) as rel:
        yield rel


def test_reached_weights() -> None:
    assert reached_weights([1.0, 0.3, 0.5], 0b101) == [1.0, 0.0, 0.5]
    assert reached_weights([1.0, 0.3], 0) == [1.0, 0.3]  # nothing reached: unchanged


def test_a_word_no_entry_has_does_not_dilute(s12: Release, monkeypatch: pytest.MonkeyPatch) -> None:
    # "knocked flat" is a name of Knockdown; the filler words (no entry has "grandson" or "dear") no longer
    # shrink the share of the query that name covers
    assert ids(s12, FILLER)[:2] == ["knockdown", "getting-up"]
    assert ids(s12, "grandson") == []  # a query of such words alone finds nothing, as before
    assert ids(s12, "grandson knockdown")[0] == "knockdown"
    monkeypatch.setattr(backend, "reached_weights", lambda weights, reached: weights)
    assert ids(s12, FILLER + " ")[:2] == ["getting-up", "knockdown"]  # before: diluted, the body's words win


def test_offline_engine_agrees(s12: Release, s12_moment: Release, tmp_path: Path) -> None:
    for rel, queries in ((s12, QUERIES), (s12_moment, MOMENTS)):
        for q, got in zip(queries, node_search(rel, queries, tmp_path), strict=True):
            server = rel.search(q)
            assert got["ids"] == [h.id for h in server.hits], q
            assert got["sections"] == [list(h.section) if h.section else None for h in server.hits], q
    assert node_search(s12, [FILLER], tmp_path)[0]["ids"][:2] == ["knockdown", "getting-up"]


def test_a_moment_of_the_turn_asks_when(s12_moment: Release, monkeypatch: pytest.MonkeyPatch) -> None:
    for q in (MOMENT, "na początku tury burn i poison", "what happens at the end of the turn"):
        assert query_intent(words(q)).kinds == TIMING_KINDS, q
    assert query_intent(words("burn and poison order")).kinds == frozenset()
    with_prior = {h.id: h.score for h in s12_moment.search(MOMENT).hits}
    monkeypatch.setattr(backend, "query_intent", lambda all_words: Intent())
    without = {h.id: h.score for h in s12_moment.search(MOMENT + " ").hits}
    assert with_prior["upkeep-phase"] == pytest.approx(TIMING_PRIOR * without["upkeep-phase"])
    assert with_prior["burn"] == pytest.approx(without["burn"])  # not a phase: unchanged


def test_an_adventures_page_comes_after_unless_named(s12_moment: Release, monkeypatch: pytest.MonkeyPatch) -> None:
    assert game_prior(None, Intent(), "adventures") == pytest.approx(0.95)
    assert game_prior(None, Intent(), "dice-throne") == 1.0
    assert game_prior(None, query_intent(words("can i stay on my tile")), "adventures") == 1.0
    assert query_intent(words("a campaign with chaos dice")).games == {"adventures"}
    assert game_prior("adventures", Intent(), "adventures") == 1.0  # a named game: ranking.GAME_MISMATCH decides
    marked = {h.id: h.score for h in s12_moment.search("hero roll burn").hits}
    named = {h.id: h.score for h in s12_moment.search("hero on a tile roll burn").hits}
    monkeypatch.setitem(intent.UNNAMED_GAME, "adventures", 1.0)
    plain = {h.id: h.score for h in s12_moment.search("hero roll burn ").hits}
    assert marked["environment-tiles"] == pytest.approx(0.95 * plain["environment-tiles"])
    assert marked["burn"] == pytest.approx(plain["burn"])
    assert "environment-tiles" in named
