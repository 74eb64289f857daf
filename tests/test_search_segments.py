"""A query segment counts once: a document scores the best of a segment's synonym phrases, not their sum
(search_backend's DisjunctionMax, search-rank.js runQuery), on both engines."""

from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import query

from indexer import load_corpus
from indexer.build import write_release
from indexer.library import Release
from indexer.ranking import RARE_DF, coverage, idf, rarity_weights

from .helpers import entry_text, write_entry
from .test_search_signals import node_search

SEGMENT_QUERIES = ["attacking player most health bonus card", "health", "hp", "life total", "leader bonus", "most hp",
                   "spend to prevent damage or add damage", "add damage", "chi", "not the turn i gained it"]


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Release:
    root = tmp_path_factory.mktemp("segments") / "content"
    # a hub entry naming one thing four ways, and the entry that answers a question about it
    write_entry(root, "health.md", entry_text("health", "Health", aliases="[hp, life, life total]",
                                              body="Health, also HP or life: your life total starts at 50."))
    write_entry(root, "leader.md", entry_text("leader", "Leader", body="""
        The player with the most health is the leader. Attacking the leader gives you a bonus card.
        """))
    write_entry(root, "dice.md", entry_text("dice", "Dice", body="Roll five dice."))
    write_entry(root, "cards.md", entry_text("cards", "Cards", body="Draw a card."))
    # an effect described in the player's words, and a general entry whose words overlap them
    write_entry(root, "chi.md", entry_text("chi", "Chi", kind="status-effect", body="Monk tokens, spent in an Attack."))
    write_entry(root, "changes.md", entry_text("damage-changes", "Damage changes", body="""
        Cards prevent damage, add damage or reduce damage; a change to damage applies once.
        """))
    write_entry(root, "data/describes.yaml", "sources:\n  - {file: x, section: y}\nentries:\n"
                "  - {id: chi, en: [prevent damage or add damage, not on the turn you gained it]}\n")
    write_entry(root, "data/synonyms.yaml", "sources:\n  - {file: x, section: y}\ngroups:\n"
                "  - [health, hp, life, life total]\n")
    rel = Release.load(write_release(load_corpus(root), root.parent / "build"))
    yield rel
    rel.index.close()


def test_a_segment_scores_its_best_phrase(hub: Release) -> None:
    ix = hub.index
    health = next(i for i, d in enumerate(ix._docs) if d["id"] == "health")
    parts = [query.Term("aliases", "hp"), query.Term("aliases", "life"), query.Term("title", "health")]
    each = [ix._evaluate(p)[health][0] for p in parts]
    assert ix._evaluate(query.DisjunctionMax(parts))[health][0] == max(each)
    assert ix._evaluate(query.Or(parts))[health][0] == pytest.approx(sum(each))


def test_many_names_of_one_thing_do_not_outweigh_the_answer(hub: Release) -> None:
    # "health" is one segment: the hub's four names of it count once (summed, they put the hub first), so the
    # entry matching more of the question comes first
    assert [h.id for h in hub.search("attacking player most health bonus card").hits][0] == "leader"
    assert [h.id for h in hub.search("health").hits][0] == "health"


def test_a_description_matches_as_a_name(hub: Release) -> None:
    # the query holds Chi's description whole: as good as naming it (ranking.DESC_RATIO), so Chi comes first
    assert [h.id for h in hub.search("spend to prevent damage or add damage").hits][0] == "chi"
    assert [h.id for h in hub.search("damage changes").hits][0] == "damage-changes"


def test_offline_engine_scores_segments_alike(hub: Release, tmp_path: Path) -> None:
    for q, got in zip(SEGMENT_QUERIES, node_search(hub, SEGMENT_QUERIES, tmp_path), strict=True):
        server = hub.search(q)
        assert got["ids"] == [h.id for h in server.hits], q


def test_a_word_outside_the_content_is_searched_unstemmed(hub: Release, tmp_path: Path) -> None:
    # the offline client stems from the build's table (the content's and the synonyms' words), so a query word
    # outside them ("leaders") is searched as it is on both engines, its typo variant ("leader") stemmed
    ix = hub.index
    owners: dict[tuple[str, str], set[int]] = {}
    q = ix._word_query("leaders", False, 0, owners)
    boosts = {(t.fieldname, t.text): t.boost for t in q.subqueries}
    assert ("title", "leaders") not in boosts  # no such term in the index: left out
    assert boosts[("title", "leader")] == pytest.approx(0.6)  # the fuzzy variant's weight, not the stem's 1.0
    queries = ["leaders bonus", "attacking leaders", "healths"]
    for q, got in zip(queries, node_search(hub, queries, tmp_path), strict=True):
        assert got["ids"] == [h.id for h in hub.search(q).hits], q


def test_rarity_weights() -> None:
    df = {"damage": 100, "dmg": 5, "orange": 3, "main": 30, "phase": 150}
    got = rarity_weights([[("orange",)], [("dmg",), ("damage",)], [("main", "phase")], [("unknown",)]], df, 300)
    # a rare word counts whole; a synonym group as its commonest phrase; a phrase as its rarest word
    assert got == [1.0, idf(100, 300) / idf(RARE_DF, 300), idf(30, 300) / idf(RARE_DF, 300), 1.0]
    assert 0.3 < got[1] < 0.5 and 0.8 < got[2] < 1.0
    assert rarity_weights([[("damage",)]], {"damage": 5}, 6) == [1.0]  # a tiny index: every word is rare
    # rarity lowers a common segment's share of coverage, but all_words asks for every strong segment
    assert coverage({0}, [1.0, 0.25], [1.0, 1.0]) == (1 / 1.25, False)
    assert coverage({0, 1}, [1.0, 0.25], [1.0, 1.0]) == (1.0, True)


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory: pytest.TempPathFactory) -> Release:
    root = tmp_path_factory.mktemp("bilingual") / "content"
    write_entry(root, "damage.md", entry_text("damage-types", "Damage types",
                                              body="Normal, undefendable and pure damage."))
    write_entry(root, "pl.md", entry_text("pl-rodzaje-obrazen", "Rodzaje obrażeń", lang="pl",
                                          body="Obrażenia zwykłe, obrażenia niewybronialne i obrażenia czyste."))
    write_entry(root, "stun.md", entry_text("stun", "Stun", kind="status-effect", body="Skip your turn."))
    # an English entry's Polish description holds the Polish page's own word
    write_entry(root, "data/describes.yaml", "sources:\n  - {file: x, section: y}\nentries:\n"
                "  - {id: damage-types, en: [kinds of damage], pl: [rodzaje obrażeń]}\n")
    rel = Release.load(write_release(load_corpus(root), root.parent / "build"))
    yield rel
    rel.index.close()


def test_polish_descriptions_of_english_entries_do_not_make_polish_words_english(bilingual: Release,
                                                                                  tmp_path: Path) -> None:
    # the query's language comes from words only one language's pages use: an English entry's Polish
    # descriptions (like its Polish names) are not English words, so "obrazenia" stays a Polish query and the
    # Polish page comes first, on both engines
    assert bilingual.index.vocabulary.language(["obrazenia"]) == "pl"
    queries = ["obrazenia", "obrażenia", "rodzaje obrazen"]
    for q, got in zip(queries, node_search(bilingual, queries, tmp_path), strict=True):
        server = [h.id for h in bilingual.search(q).hits]
        assert server[0] == "pl-rodzaje-obrazen", q
        assert got["ids"] == server, q
