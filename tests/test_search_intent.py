"""Issue 33's search signals, each on a tiny corpus on both engines (the server and static/js/search-rank.js in
Node): Enter lands at the top (a query naming an entry opens it, not one of its sections)."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer import load_corpus
from indexer.build import write_release
from indexer.library import Release
from indexer.search_extras import name_segments, section_words

from .helpers import entry_text, write_entry
from .test_search_signals import node_search

INTENT_QUERIES = ["poison", "poisoned", "pois", "poison heroes using it", "paladin", "paladin abilities named",
                  "paladin", "poisn", "trucizna", "trucizna bohaterowie"]


def intent_content(root: Path) -> Path:
    write_entry(root, "poison.md", entry_text("poison", "Poison", kind="status-effect", aliases="[poisoned]", body="""
        Take 1 damage per token in your Upkeep Phase.

        ## Used by
        Heroes using it: the Poisoned Blade hero inflicts Poison.
        """))
    write_entry(root, "paladin.md", entry_text("paladin", "Paladin", kind="hero", body="""
        A hero who protects.

        ## Abilities and cards named in the sources
        Abilities named: Paladin Protect, Righteous.
        """))
    write_entry(root, "data/describes-pl-dt.yaml", "sources:\n  - {file: x, section: y}\nentries:\n"
                "  - {id: poison, pl: [trucizna]}\n")
    return root


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Release:
    root = intent_content(tmp_path_factory.mktemp("intent") / "content")
    rel = Release.load(write_release(load_corpus(root), root.parent / "build"))
    yield rel
    rel.index.close()


def test_the_segments_that_name_an_entry() -> None:
    names = [["poison"], ["poisoned"]]
    exact = {"poison": ["poison"], "heroes": []}
    assert name_segments([[("poison",)], [("heroes",)]], names, lambda w, last: exact.get(w, [])) == {0}
    # only the words of a strong segment beyond the names may point to a section
    owners = {"poison": {0}, "poisoned": {0}, "heroes": {1}, "using": {2}}
    assert section_words({"poison", "poisoned", "heroes", "using"}, owners, [[("poison",)], [("heroes",)],
                                                                            [("using",)]],
                         [1.0, 1.0, 0.3], {0}) == {"heroes"}


def test_a_name_opens_the_entry_at_its_top(small: Release) -> None:
    for q in ("poison", "poisoned", "pois", "poisn", "paladin", "trucizna"):
        hit = small.search(q).hits[0]
        assert hit.section is None, (q, hit.id, hit.section)


def test_words_beyond_the_name_may_point_to_a_section(small: Release) -> None:
    hit = small.search("poison heroes using it").hits[0]
    assert (hit.id, hit.section) == ("poison", ("used-by", "Used by"))
    hit = small.search("paladin abilities named").hits[0]
    assert hit.id == "paladin" and hit.section == ("abilities-and-cards-named-in-the-sources",
                                                   "Abilities and cards named in the sources")


def test_offline_engine_lands_where_the_server_does(small: Release, tmp_path: Path) -> None:
    for q, got in zip(INTENT_QUERIES, node_search(small, INTENT_QUERIES, tmp_path), strict=True):
        server = small.search(q)
        assert got["ids"] == [h.id for h in server.hits], q
        assert got["sections"] == [list(h.section) if h.section else None for h in server.hits], q
