"""Session 13's search signals (issue 33, tuned on dev sets only), on a tiny corpus and on both engines (the server
and static/js/search-rank.js in Node): a query that names two games compares them ("in dungeon dice you add up the
dice, how does dice throne decide what my attack does"): it asks about the game it names last, neither game's name
is searched, and the pages of the game named only to compare get ranking.COMPARED_GAME; the games' names are read
in the whole query, before its searched words are cut to MAX_QUERY_WORDS. Round 2: a way to reach a goal ("how do i
make them reroll") gives the things that do it (status effects, tokens, symbols, companions) intent.GOAL_PRIOR."""

from __future__ import annotations

from pathlib import Path

import pytest

import indexer.ranking as ranking
import indexer.search_backend as backend
from indexer.analysis import words
from indexer.intent import GOAL_KINDS, GOAL_PRIOR, Intent, query_intent
from indexer.library import Release
from indexer.ranking import COMPARED_GAME, GAME_MISMATCH, MAX_QUERY_WORDS, asked_game, content_words

from .helpers import entry_text, ids, release_fixture, write_entry, write_others
from .test_search_signals import node_search

COMPARE = "in dungeon dice you add up the dice, how does dice throne decide what my attack does"
# 13 content words before the game it asks about: a game's name counts wherever it stands (not cut at MAX_QUERY_WORDS)
LONG = ("in dungeon dice players add every rolled die into one total, what decides which ability an attack uses "
        "in dice throne")
QUERIES = [COMPARE, LONG, "dungeon dice add up the dice", "dice throne attack dice", "add up the dice attack",
           "in dice throne you pick an ability, what decides the attack in dungeon dice", "dungeon dice dice throne"]


def s13_content(root: Path) -> Path:
    """A tiny corpus: a Dungeon Dice page about adding up dice, a Dice Throne page about what decides an attack."""
    write_entry(root, "total.md", entry_text("dd-combat-total", "Combat total", game="dungeon-dice",
                                             body="Add up the dice you rolled: the total decides the attack's "
                                                  "damage. Dungeon Dice adds up every die."))
    write_entry(root, "ability.md", entry_text("offensive-ability", "Offensive ability", kind="rule",
                                               body="The dice's final result decides which ability the attack "
                                                    "uses: the ability's combination of dice."))
    write_others(root)
    return root


s13 = release_fixture(s13_content, "s13")


GOAL = "how do i make an opponent reroll one of their dice"
DIAL = "the dial with health on it"
GOALS = [DIAL, GOAL, "is there a way to make them reroll", "opponent reroll dice", "how can an opponent reroll",
         "an opponent made me reroll one of my dice"]


def goal_content(root: Path) -> Path:
    """A tiny corpus: a status effect that makes an opponent reroll, a rule page about rerolling dice."""
    write_entry(root, "mez.md", entry_text("mesmerize", "Mesmerize", kind="status-effect",
                                           body="An opponent must reroll one of their dice."))
    write_entry(root, "rr.md", entry_text("reroll-rules", "Table rules", kind="rule",
                                          body="An opponent may reroll one of their dice."))
    write_entry(root, "counter.md", entry_text("life-counter", "Life counter", kind="component",
                                               body="A dial that shows health."))
    write_entry(root, "health.md", entry_text("health-rule", "Life rules", kind="rule",
                                              body="Health: a dial shows it."))
    write_others(root)
    return root


goal = release_fixture(goal_content, "s13goal")


def test_the_game_named_last_is_asked_about() -> None:
    words = "dungeon dice add up dice how does dice throne decide".split()
    assert asked_game(words)[:2] == ("dice-throne", ["add", "up", "dice", "how", "does", "decide"])
    assert asked_game(words)[2] == {"dungeon-dice"}
    assert asked_game(["heal", "dice", "throne", "adventures"])[:2] == ("adventures", ["heal"])  # longest name first
    assert asked_game(["heal", "dice", "throne", "adventures"])[2] == frozenset()
    assert asked_game("dice throne heal dice throne".split())[2] == frozenset()  # one game, named twice
    assert asked_game("dungeon dice dice throne".split())[:2] == (None, ["dungeon", "dice", "dice", "throne"])
    assert asked_game("dungeon dice dice throne".split())[2] == frozenset()  # only names: nothing to compare


def test_a_compared_game_comes_after(s13: Release, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ids(s13, COMPARE)[0] == "offensive-ability"
    assert ids(s13, "dungeon dice add up the dice")[0] == "dd-combat-total"  # one game named: its own page
    with_rule = {h.id: h.score for h in s13.search(COMPARE).hits}
    monkeypatch.setattr(ranking, "COMPARED_GAME", 1.0)
    without = {h.id: h.score for h in s13.search(COMPARE + " ").hits}
    assert with_rule["dd-combat-total"] == pytest.approx(COMPARED_GAME * without["dd-combat-total"])
    assert with_rule["offensive-ability"] == pytest.approx(without["offensive-ability"])
    assert GAME_MISMATCH < 1.0  # the compared game's pages had that before, as any other game's


def test_a_game_named_late_in_a_long_query_counts(s13: Release) -> None:
    cut = content_words(words(LONG))[:MAX_QUERY_WORDS]
    assert "throne" not in cut  # the game it asks about comes after the searched words' cut
    assert asked_game(cut)[:2][0] == "dungeon-dice"
    assert ids(s13, LONG)[0] == "offensive-ability"


def test_offline_engine_agrees(s13: Release, tmp_path: Path) -> None:
    for q, got in zip(QUERIES, node_search(s13, QUERIES, tmp_path), strict=True):
        server = s13.search(q)
        assert got["ids"] == [h.id for h in server.hits], q
        assert got["sections"] == [list(h.section) if h.section else None for h in server.hits], q
    for q in (COMPARE, LONG):
        assert node_search(s13, [q], tmp_path)[0]["ids"][0] == "offensive-ability", q


def test_a_way_to_a_goal_asks_for_what_does_it(goal: Release, monkeypatch: pytest.MonkeyPatch) -> None:
    for q in GOALS[1:3] + ["how can i stop them healing", "how to get more dice", "jak mogę zablokować leczenie",
              "the hero made me reroll a die", "zmusił mnie do przerzutu"]:
        assert query_intent(words(q)) == Intent(GOAL_KINDS, GOAL_PRIOR, thing=True), q  # a thing (session 15)
    assert query_intent(words("opponent reroll dice")) == Intent()
    assert query_intent(words("how does reroll work")) == Intent()  # how it works: not a goal
    assert query_intent(words("how do i reroll before defending")).kinds == frozenset({"phase"})  # timing first
    assert GOAL_PRIOR > 1.0 and {"status-effect", "symbol"} <= GOAL_KINDS
    with_prior = {h.id: h.score for h in goal.search(GOAL).hits}
    monkeypatch.setattr(backend, "query_intent", lambda all_words: Intent())
    without = {h.id: h.score for h in goal.search(GOAL + " ").hits}
    assert with_prior["mesmerize"] == pytest.approx(GOAL_PRIOR * without["mesmerize"])
    assert with_prior["reroll-rules"] == pytest.approx(without["reroll-rules"])  # a rule page: unchanged
    assert ids(goal, GOAL)[0] == "mesmerize"


def test_offline_engine_agrees_on_goals(goal: Release, tmp_path: Path) -> None:
    for q, got in zip(GOALS, node_search(goal, GOALS, tmp_path), strict=True):
        server = goal.search(q)
        assert got["ids"] == [h.id for h in server.hits], q
        assert got["sections"] == [list(h.section) if h.section else None for h in server.hits], q
    assert node_search(goal, [GOAL], tmp_path)[0]["ids"][0] == "mesmerize"


def test_a_dial_is_a_piece(goal: Release, monkeypatch: pytest.MonkeyPatch) -> None:
    """"dial" names a piece in the box (a component), as "token" names a status effect (round 2: the kind hint)."""
    assert ranking.hinted_kinds(words(DIAL)) == {"component"}
    with_hint = {h.id: h.score for h in goal.search(DIAL).hits}
    monkeypatch.setattr(ranking, "KIND_HINTS", {})
    without = {h.id: h.score for h in goal.search(DIAL + " ").hits}
    assert with_hint["life-counter"] == pytest.approx(ranking.KIND_HINT_PRIOR * without["life-counter"])
    assert with_hint["health-rule"] == pytest.approx(without["health-rule"])
    assert ids(goal, DIAL)[0] == "life-counter"
