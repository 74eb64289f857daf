"""Session 15's search signals (issues 33 and 35, tuned on dev sets only), on a tiny corpus and on both engines (the
server and static/js/search-rank.js in Node): a comparison ("undefendable vs pure", "the difference between ...")
asks for the two things' own entries as a name does (intent.NAME_KINDS get intent.NAME_INTENT_PRIOR), but "vs"
between two numbers ("3 vs 3") names a mode; a query asking for a thing (a name, a comparison, a way to a goal) does
not lift a named hero's FAQs (ranking.HERO_FAQ_PRIOR); the Polish words of Adventures and Dungeon Dice things
("potwora", "sławy", "łupu") steer to their game as the English game words do."""

from __future__ import annotations

from pathlib import Path

import pytest

import indexer.ranking as ranking
import indexer.search_backend as backend
from indexer.analysis import words
from indexer.intent import (
    GAME_WORDS,
    GOAL_KINDS,
    GOAL_PRIOR,
    NAME_INTENT_PRIOR,
    NAME_KINDS,
    TIMING_PRIOR,
    Intent,
    asks_comparison,
    game_prior,
    query_intent,
)
from indexer.library import Release
from indexer.ranking import HERO_FAQ_PRIOR

from .helpers import entry_text, ids, release_fixture, write_entry, write_others
from .test_search_signals import node_search

COMPARE = "undefendable vs pure damage"
HERO_GOAL = "paladin how do i protect myself"
HERO_RULING = "paladin protect and divine shield together"
QUERIES = [COMPARE, "difference between undefendable and pure damage", "pure damage", "3 vs 3 setup",
           HERO_GOAL, HERO_RULING, "paladin protect", "what is the paladin token called that protects",
           "potwora pokonał", "pokonanie"]


def s15_content(root: Path) -> Path:
    """A tiny corpus: two damage types and the FAQ that compares them; a mode named "3 vs 3"; the Paladin, its
    token and one of its FAQs; a Dungeon Dice page and a Dice Throne page a Polish query about a monster matches."""
    write_entry(root, "undef.md", entry_text("undefendable-damage", "Undefendable damage", kind="glossary",
                                             body="Damage the defender may not roll defence against."))
    write_entry(root, "pure.md", entry_text("pure-damage", "Pure damage", kind="glossary",
                                            body="Damage that nothing reduces."))
    write_entry(root, "faq-pure.md", entry_text(
        "faq-general-what-is-pure-damage", "What is pure damage, and is it undefendable?", kind="faq",
        body="Yes: nothing reduces it."))
    write_entry(root, "3v3.md", entry_text("mode-3v3", "3 vs 3", kind="mode", body="Two teams of three: setup."))
    write_entry(root, "paladin.md", entry_text("paladin", "Paladin", kind="hero", body="A hero who protects."))
    write_entry(root, "protect.md", entry_text("protect", "Protect", kind="status-effect",
                                               body="Spend to protect myself from half the damage."))
    write_entry(root, "faq-protect.md", entry_text(
        "faq-paladin-protect-shield", "\"Paladin: how do Protect and the divine shield work together?\"", kind="faq",
        tags="[paladin]", body="Protect myself first, then the divine shield: paladin protect, protect myself."))
    write_entry(root, "dd.md", entry_text("pl-dd-defeat", "Pokonanie potwora", game="dungeon-dice", lang="pl",
                                          body="Gracz pokonał potwora."))
    write_entry(root, "dt.md", entry_text("pl-defeat", "Pokonanie", lang="pl", body="Gracz pokonał potwora."))
    write_others(root)
    return root


s15 = release_fixture(s15_content, "s15")


def test_a_comparison_asks_for_the_things() -> None:
    for q in (COMPARE, "reach versus scout", "what's the difference between reach and scout",
              "persistent vs spendable tokens", "czym się różni unik od tarczy", "boss vs boss mode"):
        assert asks_comparison(words(q)), q
        intent = query_intent(words(q))
        assert (intent.kinds, intent.prior, intent.thing) == (NAME_KINDS, NAME_INTENT_PRIOR, True), q
    for q in ("3 vs 3 setup", "gra 2 vs 2", "pure damage", "damage types"):
        assert not asks_comparison(words(q)), q
    assert query_intent(words("timing of poison")) == Intent(frozenset({"phase"}), TIMING_PRIOR)  # no thing
    assert query_intent(words("how do i stop poison")) == Intent(GOAL_KINDS, GOAL_PRIOR, thing=True)


def test_a_comparison_ranks_the_terms_first(s15: Release, monkeypatch: pytest.MonkeyPatch) -> None:
    with_rule = {h.id: h.score for h in s15.search(COMPARE).hits}
    monkeypatch.setattr(backend, "query_intent", lambda all_words: Intent())
    without = {h.id: h.score for h in s15.search(COMPARE + " ").hits}
    for term in ("undefendable-damage", "pure-damage"):  # glossary words: NAME_KINDS
        assert with_rule[term] == pytest.approx(NAME_INTENT_PRIOR * without[term])
    faq = "faq-general-what-is-pure-damage"
    assert with_rule[faq] == pytest.approx(without[faq])  # a FAQ: unchanged
    assert max(without, key=without.__getitem__) == faq  # without the rule the FAQ came first
    assert max(with_rule, key=with_rule.__getitem__) in {"undefendable-damage", "pure-damage"}
    monkeypatch.undo()
    assert ids(s15, "3 vs 3 setup")[0] == "mode-3v3"


def test_a_thing_does_not_lift_a_heros_faqs(s15: Release, monkeypatch: pytest.MonkeyPatch) -> None:
    assert query_intent(words(HERO_GOAL)).thing
    assert not query_intent(words(HERO_RULING)).thing
    goal = {h.id: h.score for h in s15.search(HERO_GOAL).hits}
    ruling = {h.id: h.score for h in s15.search(HERO_RULING).hits}
    monkeypatch.setattr(ranking, "HERO_FAQ_PRIOR", 1.0)
    goal_flat = {h.id: h.score for h in s15.search(HERO_GOAL + " ").hits}
    ruling_flat = {h.id: h.score for h in s15.search(HERO_RULING + " ").hits}
    faq = "faq-paladin-protect-shield"
    assert goal[faq] == pytest.approx(goal_flat[faq])  # a way to a goal: the FAQ gets no hero prior
    # a ruling about the hero: the FAQ is lifted, as before
    assert ruling[faq] == pytest.approx(HERO_FAQ_PRIOR * ruling_flat[faq])


def test_polish_game_words_steer_to_their_game(s15: Release) -> None:
    assert {"potwora", "slawy", "trofea", "rane"} <= set(GAME_WORDS["dungeon-dice"])
    assert {"lupu", "sklepu", "scenariusza", "kafelki"} <= set(GAME_WORDS["adventures"])
    intent = query_intent(words("potwora pokonał"))
    assert intent.games == {"dungeon-dice"}
    assert game_prior(None, intent, "dice-throne") < 1.0 == game_prior(None, intent, "dungeon-dice")
    assert ids(s15, "potwora pokonał")[0] == "pl-dd-defeat"
    assert ids(s15, "pokonanie")[0] == "pl-defeat"  # no game word: Dice Throne first, as before


def test_offline_engine_agrees(s15: Release, tmp_path: Path) -> None:
    for q, got in zip(QUERIES, node_search(s15, QUERIES, tmp_path), strict=True):
        server = s15.search(q)
        assert got["ids"] == [h.id for h in server.hits], q
        assert got["sections"] == [list(h.section) if h.section else None for h in server.hits], q
    assert set(node_search(s15, [COMPARE], tmp_path)[0]["ids"][:2]) == {"undefendable-damage", "pure-damage"}
