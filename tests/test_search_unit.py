"""Search behaviour on an in-memory Whoosh index over a tiny corpus, the ranking rules, and the
offline client's twin of them (static/js/search-rank.js, run in Node) on the same corpus."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from throne_rules import PROJECT_ROOT

from indexer import load_corpus
from indexer.analysis import STOP_WORDS
from indexer.build import write_release
from indexer.library import Release
from indexer.ranking import (
    Vocabulary,
    asked_game,
    entry_names,
    is_question,
    max_edits,
    name_match,
    osa_distance,
)
from indexer.search_backend import SearchIndex, memory_index
from indexer.synonyms import segment, synonym_groups

from .helpers import entry_text, write_entry


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> SearchIndex:
    root = tmp_path_factory.mktemp("mini") / "content"
    write_entry(root, "evasive.md", entry_text("evasive", "Evasive", body="Spend to try to dodge an attack.",
                                               kind="status-effect"))
    write_entry(root, "cp.md", entry_text("combat-points", "Combat points", body="You start with 2 CP."))
    write_entry(root, "und.md", entry_text("undefendable-damage", "Undefendable damage",
                                           body="Damage that a Defensive Ability cannot reduce."))
    write_entry(root, "pl.md", entry_text("pl-obrazenia", "Obrażenia nieuchronne", lang="pl", kind="summary",
                                          body="Obrażenia, których nie można zmniejszyć obroną."))
    write_entry(root, "data/synonyms.yaml", "sources:\n  - {file: x, section: y}\ngroups:\n  - [cp, combat points]\n")
    corpus = load_corpus(root)
    entries = list(corpus.entries.values())
    return SearchIndex(memory_index(entries, {}), synonym_groups(corpus.data))


def ids(result) -> list[str]:
    return [h.id for h in result.hits]


def test_exact_term_first(searcher: SearchIndex) -> None:
    assert ids(searcher.search("undefendable"))[0] == "undefendable-damage"


def test_typo_is_fuzzy_matched(searcher: SearchIndex) -> None:
    assert ids(searcher.search("evasve"))[0] == "evasive"


def test_prefix_while_typing(searcher: SearchIndex) -> None:
    assert "undefendable-damage" in ids(searcher.search("undefen"))


def test_synonym_expansion(searcher: SearchIndex) -> None:
    assert ids(searcher.search("cp"))[0] == "combat-points"


def test_polish_without_diacritics(searcher: SearchIndex) -> None:
    assert ids(searcher.search("obrazenia nieuchronne"))[0] == "pl-obrazenia"


@pytest.mark.parametrize("q", ['"', "AND OR", "*", "title:(", "((", "NOT", "a:b:c", "\x00"])
def test_parser_syntax_is_plain_words(searcher: SearchIndex, q: str) -> None:
    searcher.search(q)  # never raises


def test_snippet_is_escaped_and_marked(searcher: SearchIndex) -> None:
    hit = searcher.search("dodge")
    assert "<mark>dodge</mark>" in hit.hits[0].snippet


def test_did_you_mean(searcher: SearchIndex) -> None:
    assert searcher.search("evasivv").suggestion == "evasive"


def test_filters(searcher: SearchIndex) -> None:
    assert "pl-obrazenia" not in ids(searcher.search("obrazenia", filters={"lang": "en"}))
    assert ids(searcher.search("obrazenia", filters={"lang": "pl"})) == ["pl-obrazenia"]


def test_osa_distance_counts_a_transposition_as_one_edit() -> None:
    assert osa_distance("knockdwon", "knockdown", 2) == 1
    assert osa_distance("evasve", "evasive", 1) == 1
    assert osa_distance("seraf", "seraph", 1) == 2  # above the limit: limit + 1
    assert osa_distance("abc", "abcdef", 2) == 3


def test_typo_budget_grows_with_length() -> None:
    assert [max_edits(w) for w in ("cp", "hex", "stun", "evasve", "retrubution", "12345")] == [0, 0, 1, 1, 2, 0]


def test_vocabulary_variants_prefix_and_fuzzy() -> None:
    vocab = Vocabulary({"ultimate": 5, "ultimately": 1, "evasive": 3, "stun": 4, "stunned": 2},
                       {"ultimate": {"en"}, "evasive": {"en"}, "stun": {"en"}, "stunned": {"en"}, "ultimately": {"en"}})
    assert [(v.word, v.how) for v in vocab.variants("ultimat", prefix=True)] == [
        ("ultimat", "exact"), ("ultimate", "prefix"), ("ultimately", "prefix")]
    assert [v.word for v in vocab.variants("evasve", prefix=False)] == ["evasve", "evasive"]
    # a known word is not fuzzed; a finished word still completes while typing
    assert [v.word for v in vocab.variants("stun", prefix=True)] == ["stun", "stunned"]
    assert [v.word for v in vocab.variants("stun", prefix=False)] == ["stun"]
    assert vocab.suggest(["evasve", "stun"]) == "evasive stun"
    assert vocab.suggest(["stun"]) is None


def test_query_language_from_the_words_only_one_language_uses() -> None:
    vocab = Vocabulary({"krol": 1, "wzgorza": 1, "king": 2, "damage": 3},
                       {"krol": {"pl"}, "wzgorza": {"pl"}, "king": {"en"}, "damage": {"en", "pl"}})
    assert vocab.language(["krol", "wzgorza"]) == "pl"
    assert vocab.language(["krul", "wzgorza"]) == "pl"  # a typo counts through its nearest word
    assert vocab.language(["king"]) == "en"
    assert vocab.language(["damage"]) == "en"  # shared words: English, the site's first language


def test_game_named_in_a_query_and_questions() -> None:
    assert asked_game(["max", "level", "dungeon", "dice"])[:2] == ("dungeon-dice", ["max", "level"])
    assert asked_game(["dungeon", "dice"])[:2] == (None, ["dungeon", "dice"])  # the name alone is the query
    assert asked_game(["heal", "dice", "throne", "adventures"])[:2] == ("adventures", ["heal"])
    assert is_question(["can", "i", "heal"]) and not is_question(["evasive", "can"])


def test_names_and_name_match() -> None:
    names = entry_names("Combat Points (CP)", ["max cp"])
    assert names == [["combat", "points", "cp"], ["combat", "points"], ["cp"], ["max", "cp"]]
    groups = [[("cp",), ("combat", "points")]]
    assert name_match(segment(["cp"], groups), names) == 1.0
    assert name_match(segment(["max", "cp"], groups), names) == 1.0
    faq = entry_names("Can the Gunslinger use Evasive against an Ultimate?", [])
    term = entry_names("Evasive", [])
    question = segment(["use", "evasive", "against", "ultimate"], [])
    assert name_match(question, faq) > name_match(question, term)
    assert name_match(segment(["evasive"], []), term) > name_match(segment(["evasive"], []), faq)


def test_highlight_js_stop_words_match_the_server() -> None:
    source = (PROJECT_ROOT / "static" / "js" / "highlight.js").read_text(encoding="utf-8")
    match = re.search(r'new Set\(\(((?:"[^"]*"\s*\+?\s*)+)\)', source)
    assert match, "STOP_WORDS list not found in highlight.js"
    listed = "".join(re.findall(r'"([^"]*)"', match.group(1))).split()
    assert set(listed) == set(STOP_WORDS)


# --- The offline client's engine (static/js/search-rank.js over MiniSearch) against the server.
NODE_ENGINE = """
const fs = require("fs");
const [root, dataPath, queriesPath] = process.argv.slice(1);
const MiniSearch = require(root + "/node_modules/minisearch/dist/cjs/index.cjs");
const Fold = require(root + "/static/js/fold.js");
const Rank = require(root + "/static/js/search-rank.js");
const data = JSON.parse(fs.readFileSync(dataPath, "utf8"));
const engine = Rank.create(MiniSearch, Fold, data);
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
console.log(JSON.stringify(queries.map((q) => {
  const found = engine.search(q, { limit: 10 });
  return { ids: found.hits.map((h) => h.id), suggestion: found.suggestion };
})));
"""

PARITY_QUERIES = ["undefendable", "evasve", "undefen", "cp", "combat points", "obrazenia nieuchronne", "dodge",
                  "evasivv", "what if", "kosc", "can i dodge an attack", "2 cp",
                  # issue 34: no "Did you mean" when a word has no near known word (the same rule on both engines)
                  "qqqzzz", "evasve qqqzzz", "evasve cp"]


@pytest.fixture(scope="module")
def tiny_release(tmp_path_factory: pytest.TempPathFactory) -> Release:
    root = tmp_path_factory.mktemp("tiny") / "content"
    write_entry(root, "evasive.md", entry_text("evasive", "Evasive", body="Spend to try to dodge an attack.",
                                               kind="status-effect", aliases="[dodge token]"))
    write_entry(root, "faq.md", entry_text("faq-dodge", "Can I dodge an attack with Evasive?", kind="faq",
                                           body="Yes: roll the Evasive die when you are attacked."))
    write_entry(root, "cp.md", entry_text("combat-points", "Combat points", body="You start with 2 CP."))
    write_entry(root, "und.md", entry_text("undefendable-damage", "Undefendable damage",
                                           body="Damage that a Defensive Ability cannot reduce."))
    write_entry(root, "pl.md", entry_text("pl-obrazenia", "Obrażenia nieuchronne", lang="pl", kind="summary",
                                          body="Obrażenia, których nie można zmniejszyć obroną. Kość i kości."))
    write_entry(root, "data/synonyms.yaml", "sources:\n  - {file: x, section: y}\ngroups:\n  - [cp, combat points]\n")
    path = write_release(load_corpus(root), root.parent / "build")
    return Release.load(path)


def test_offline_engine_ranks_like_the_server(tiny_release: Release, tmp_path: Path) -> None:
    queries = tmp_path / "queries.json"
    queries.write_text(json.dumps(PARITY_QUERIES), encoding="utf-8")
    out = subprocess.run(["node", "-e", NODE_ENGINE, str(PROJECT_ROOT), str(tiny_release.path / "search-data.json"),
                          str(queries)], capture_output=True, text=True, timeout=60, check=True).stdout
    client = json.loads(out)
    for q, got in zip(PARITY_QUERIES, client, strict=True):
        server = tiny_release.search(q)
        assert got["ids"] == [h.id for h in server.hits], q
        assert got["suggestion"] == server.suggestion, q
    suggested = {q: tiny_release.search(q).suggestion for q in ("evasve", "evasve qqqzzz", "evasve cp", "qqqzzz")}
    assert suggested == {"evasve": "evasive", "evasve qqqzzz": None, "evasve cp": "evasive cp", "qqqzzz": None}
