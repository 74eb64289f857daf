"""Search behaviour on an in-memory Whoosh index over a tiny corpus."""

from __future__ import annotations

import pytest

from indexer import load_corpus
from indexer.search_backend import SearchIndex, memory_index
from indexer.synonyms import synonym_groups

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
