"""Issue 33's search signals, each on a tiny corpus on both engines (the server and static/js/search-rank.js in
Node): Enter lands at the top (a query naming an entry opens it, not one of its sections), and query intent
(indexer/intent.py: a name, a time, a game's words)."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.intent import (
    GAME_WORD_MISMATCH,
    NAME_INTENT_PRIOR,
    TIMING_PRIOR,
    UNNAMED_GAME,
    Intent,
    game_prior,
    query_intent,
    without_intent_words,
)
from indexer.library import Release
from indexer.search_extras import name_segments, section_words

from .helpers import built_release, entry_text, write_entry
from .test_search_signals import node_search

INTENT_QUERIES = ["poison", "poisoned", "pois", "poison heroes using it", "paladin", "paladin abilities named",
                  "paladin", "poisn", "trucizna", "trucizna bohaterowie",
                  "whats it called when poison ticks at the start", "name of the phase where poison ticks",
                  "poison ticks", "timing of poison ticking", "level up", "level up my hero", "minion level up",
                  "dungeon dice level up", "called", "what is it called"]


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
    write_entry(root, "upkeep.md", entry_text("upkeep-phase", "Upkeep Phase", kind="phase",
                                              body="The first phase of your turn: Poison ticks here, at the start."))
    write_entry(root, "faq-poison.md", entry_text("faq-poison-ticks", "When does Poison tick?", kind="faq",
                                                  body="Poison ticks at the start of your turn, called the Upkeep."))
    write_entry(root, "dd-level.md", entry_text("dd-level", "Experience", game="dungeon-dice",
                                                body="Level up your hero: gain a die at 3 experience."))
    write_entry(root, "upgrade.md", entry_text("upgrade", "Upgrade", body="Level up your ability: pay its cost."))
    write_entry(root, "adv-level.md", entry_text("minion-level", "Minion level", game="adventures",
                                                 body="A minion's level up: draw a harder minion card."))
    write_entry(root, "data/describes-pl-dt.yaml", "sources:\n  - {file: x, section: y}\nentries:\n"
                "  - {id: poison, pl: [trucizna]}\n")
    return root


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Release:
    with built_release(intent_content(tmp_path_factory.mktemp("intent") / "content")) as rel:
        yield rel


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


def test_the_intent_of_a_query() -> None:
    assert query_intent("whats it called when poison ticks".split()).kinds >= {"phase", "glossary"}
    assert query_intent("name of the phase".split()).prior == NAME_INTENT_PRIOR
    assert query_intent("timing of poison".split()) == Intent(frozenset({"phase"}), TIMING_PRIOR)
    assert query_intent("minion level up".split()).games == {"adventures"}
    assert query_intent("poison".split()) == Intent()
    # the words that only ask for a name are not searched, unless nothing else is left
    assert without_intent_words(["called", "poison"], ["whats", "it", "called", "poison"]) == ["poison"]
    assert without_intent_words(["called"], ["called"]) == ["called"]
    assert without_intent_words(["name", "poison"], ["poison", "name"]) == ["name", "poison"]  # no intent phrase
    # a game's words steer to it; Dungeon Dice comes after the others unless the query names it or its words
    assert game_prior(None, query_intent(["minion"]), "dice-throne") == GAME_WORD_MISMATCH
    assert game_prior(None, query_intent(["minion"]), "adventures") == 1.0
    assert game_prior(None, Intent(), "dungeon-dice") == UNNAMED_GAME["dungeon-dice"]
    assert game_prior(None, query_intent(["monster"]), "dungeon-dice") == 1.0
    assert game_prior("dungeon-dice", Intent(), "dungeon-dice") == 1.0


def test_a_name_question_puts_the_term_first(small: Release) -> None:
    assert small.search("name of the phase where poison ticks").hits[0].id == "upkeep-phase"
    def ratio(q: str) -> float:  # the phase's score over the FAQ's
        scores = {h.id: h.score for h in small.search(q).hits}
        return scores["upkeep-phase"] / scores["faq-poison-ticks"]

    assert ratio("whats it called poison ticks at the start") > ratio("poison ticks at the start")


def test_game_words_steer(small: Release) -> None:
    assert small.search("level up").hits[0].id != "dd-level"  # a Dice Throne question: no Dungeon Dice page first
    assert small.search("minion level up").hits[0].id == "minion-level"
    assert small.search("dungeon dice level up").hits[0].id == "dd-level"
