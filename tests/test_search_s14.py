"""Session 14's search changes (issue 33, tuned on dev sets only), on a tiny corpus and on both engines (the server
and static/js/search-rank.js in Node): the pronouns and auxiliaries of a story told about other players ("he had a
knockdown on him and still did his roll") are stop words; the video-game and card-game words of
content/data/synonyms.yaml ("inbound", "dispel", "bad guy") search the rules' own terms; a hero's FAQs get
ranking.HERO_FAQ_PRIOR (1.25, was 1.3) when the query names the hero and more."""

from __future__ import annotations

from pathlib import Path

import yaml

from indexer.analysis import FUNCTION_LANG, STOP_WORDS, words
from indexer.library import Release
from indexer.ranking import HERO_FAQ_PRIOR, content_words
from indexer.synonyms import segment, synonym_groups

from .helpers import entry_text, ids, release_fixture, write_entry, write_others
from .test_search_signals import node_search

ROOT = Path(__file__).resolve().parent.parent
STORY_WORDS = "he him his she her hers us our ours had did didnt were been".split()
STORY = "he had a knockdown on him and still did his offensive roll"
SLANG = "what does inbound damage mean"
VILLAIN = "one person plays the bad guy against us"
QUERIES = [STORY, SLANG, VILLAIN, "knockdown", "his roll", "incoming damage", "dispel all tokens"]


def s14_content(root: Path) -> Path:
    """A tiny corpus: Knockdown; a page whose text tells of "his" and "her" turn; Incoming damage; a boss mode; the
    synonyms of session 14 (copied from the real data file, so the test follows it)."""
    write_entry(root, "kd.md", entry_text("knockdown", "Knockdown", kind="status-effect",
                                          body="Spend 2 CP or skip the Offensive Roll Phase."))
    write_entry(root, "story.md", entry_text("turn-story", "A turn", kind="rule",
                                             body="He rolls; his roll, her roll, his dice and him: he had a roll, "
                                                  "she did a roll, they were on his turn."))
    write_entry(root, "inc.md", entry_text("incoming-damage", "Incoming damage", kind="rule",
                                           body="Damage that is about to be dealt."))
    write_entry(root, "bvm.md", entry_text("boss-vs-many", "Boss vs Many", kind="mode",
                                           body="One player runs the boss against the other players."))
    groups = yaml.safe_load((ROOT / "content" / "data" / "synonyms.yaml").read_text(encoding="utf-8"))["groups"]
    session14 = [g for g in groups if g[0] in ("incoming", "remove", "boss")]
    write_entry(root, "data/synonyms.yaml", yaml.safe_dump({"sources": [{"file": "x", "section": "y"}],
                                                            "groups": session14}))
    write_others(root)
    return root


s14 = release_fixture(s14_content, "s14")


def test_a_story_about_other_players_searches_what_it_names() -> None:
    assert set(STORY_WORDS) <= STOP_WORDS
    assert all(FUNCTION_LANG[w] == "en" for w in STORY_WORDS)  # English function words: they tell the language
    assert content_words(words(STORY)) == ["knockdown", "still", "offensive", "roll"]
    assert {"have", "has"}.isdisjoint(STOP_WORDS)  # "do i have to attack" asks whether one must: kept


def test_the_highlighter_has_the_same_stop_words() -> None:
    js = (ROOT / "static" / "js" / "highlight.js").read_text(encoding="utf-8")
    assert all(f" {w} " in js or f" {w}\"" in js for w in STORY_WORDS)


def test_game_words_name_the_rules_terms() -> None:
    data = yaml.safe_load((ROOT / "content" / "data" / "synonyms.yaml").read_text(encoding="utf-8"))
    groups = synonym_groups({"synonyms": data})
    assert segment(["inbound", "damage"], groups)[0] == [("incoming",), ("inbound",)]
    assert ("boss",) in segment(["bad", "guy"], groups)[0]
    assert ("remove",) in segment(["dispel"], groups)[0]


def test_the_story_and_the_game_words_rank_on_the_server(s14: Release) -> None:
    assert ids(s14, STORY)[0] == "knockdown"
    assert ids(s14, SLANG)[0] == "incoming-damage"
    assert ids(s14, VILLAIN)[0] == "boss-vs-many"
    assert 1.0 < HERO_FAQ_PRIOR < 1.3


def test_offline_engine_agrees(s14: Release, tmp_path: Path) -> None:
    for q, got in zip(QUERIES, node_search(s14, QUERIES, tmp_path), strict=True):
        server = s14.search(q)
        assert got["ids"] == [h.id for h in server.hits], q
        assert got["sections"] == [list(h.section) if h.section else None for h in server.hits], q
    assert node_search(s14, [STORY], tmp_path)[0]["ids"][0] == "knockdown"
