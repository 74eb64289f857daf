"""Session 12's search signals (issue 33, tuned on dev sets only), on a tiny corpus and on both engines (the server
and static/js/search-rank.js in Node): a word no entry has at all ("grandson", "dear") counts for nothing in
coverage and name matching, so a long question told with such words ranks as its words that the index knows do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import indexer.search_backend as backend
from indexer.library import Release
from indexer.ranking import reached_weights

from .helpers import built_release, entry_text, write_entry
from .test_search_signals import node_search

FILLER = "my dear grandson got knocked flat must he pay to stand"
QUERIES = [FILLER, "knocked flat pay stand", "grandson", "knockdown", "grandson knockdown"]


def s12_content(root: Path) -> Path:
    write_entry(root, "kd.md", entry_text("knockdown", "Knockdown", kind="status-effect", aliases='["knocked flat"]',
                                          body="A token: pay 2 CP before your attack to remove it, or skip it."))
    write_entry(root, "up.md", entry_text("getting-up", "Getting up", kind="rule",
                                          body="Stand up: pay to stand. A flat hero stands. Stand, stand, pay, "
                                               "knocked."))
    for i in range(6):
        write_entry(root, f"o{i}.md", entry_text(f"other-{i}", f"Other {i}", kind="rule",
                                                 body="A token on a hero, an attack."))
    return root


@pytest.fixture(scope="module")
def s12(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Release]:
    with built_release(s12_content(tmp_path_factory.mktemp("s12") / "content")) as rel:
        yield rel


def ids(rel: Release, q: str) -> list[str]:
    return [h.id for h in rel.search(q).hits]


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


def test_offline_engine_agrees(s12: Release, tmp_path: Path) -> None:
    for q, got in zip(QUERIES, node_search(s12, QUERIES, tmp_path), strict=True):
        server = s12.search(q)
        assert got["ids"] == [h.id for h in server.hits], q
        assert got["sections"] == [list(h.section) if h.section else None for h in server.hits], q
    assert node_search(s12, [FILLER], tmp_path)[0]["ids"][:2] == ["knockdown", "getting-up"]
