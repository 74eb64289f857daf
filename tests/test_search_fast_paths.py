"""The search's fast paths give exactly what their plain definitions give.

The server precomputes and indexes to keep a query under its latency budget (docs/performance.md);
each shortcut is checked here against the slow, obvious form it replaces, on the real content.
"""

from __future__ import annotations

import marshal
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whoosh import scoring

from bench.search_eval import load_eval
from indexer.analysis import stem, words
from indexer.library import Release
from indexer.ranking import (
    FUZZY_WEIGHT,
    PREFIX_WEIGHT,
    STEM_WEIGHT,
    NameMatcher,
    NameWords,
    max_edits,
    osa_distance,
)
from indexer.search_backend import (
    BM25_B,
    BM25_K1,
    SCORED_FIELDS,
    WEIGHTS_FILE,
    load_impacts,
    read_impacts,
)
from indexer.synonyms import phrase_index, segment

from .helpers import built_release, entry_text, write_entry, write_others


def word_matches(query_word: str, name_word: str, last: bool) -> float:
    """How well one query word matches one name word, pair by pair: the rule NameWords.matches indexes."""
    if query_word == name_word:
        return 1.0
    if stem(query_word, "en") == stem(name_word, "en") or stem(query_word, "pl") == stem(name_word, "pl"):
        return STEM_WEIGHT
    if last and len(query_word) >= 3 and name_word.startswith(query_word):
        return PREFIX_WEIGHT
    limit = max_edits(query_word)
    if limit and query_word[0] == name_word[0] and (d := osa_distance(query_word, name_word, limit)) <= limit:
        return FUZZY_WEIGHT[d]
    return 0.0


def exact_lengths(searcher: Any, fieldname: str) -> list[float]:
    """Each document's number of words in the field: its terms' frequencies (posting weight / field boost)."""
    reader = searcher.reader()
    boost = searcher.schema[fieldname].format.field_boost
    lengths = [0.0] * reader.doc_count_all()
    for raw in reader.lexicon(fieldname):
        for d, w in reader.postings(fieldname, raw).items_as("weight"):
            lengths[d] += w / boost
    return lengths


class _SharedScorer(scoring.BM25FScorer):
    def __init__(self, searcher: Any, fieldname: str, text: Any, B: float, K1: float, lengths: list[float],
                 qf: float = 1):
        super().__init__(searcher, fieldname, text, B, K1, qf=qf)
        parent = searcher.get_parent()
        n, total = parent.doc_frequency(fieldname, text), parent.doc_count_all()
        self.idf = math.log(1 + (total - n + 0.5) / (n + 0.5))
        self.avgfl = (sum(lengths) / total) or 1
        self.dfl = lambda docid: lengths[docid]


class SharedBM25(scoring.BM25F):
    """Whoosh's own BM25F scorer with the idf the offline client uses, ln(1 + (N - n + 0.5) / (n + 0.5)), and
    exact field lengths (Whoosh stores them rounded to a byte; the client counts them exactly)."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._lengths: dict[str, list[float]] = {}

    def scorer(self, searcher: Any, fieldname: str, text: Any, qf: float = 1) -> Any:
        if not searcher.schema[fieldname].scorable:
            return scoring.WeightScorer.for_(searcher, fieldname, text)
        if fieldname not in self._lengths:
            self._lengths[fieldname] = exact_lengths(searcher, fieldname)
        return _SharedScorer(searcher, fieldname, text, self.B, self.K1, self._lengths[fieldname], qf=qf)


def plain_osa(a: str, b: str) -> int:
    """Optimal string alignment distance, the whole table."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


@settings(max_examples=400, deadline=None)
@given(st.text("abcde", max_size=9), st.text("abcde", max_size=9), st.integers(0, 3))
def test_banded_osa_distance_equals_the_whole_table(a: str, b: str, limit: int) -> None:
    full = plain_osa(a, b)
    assert osa_distance(a, b, limit) == (full if full <= limit else limit + 1)


@pytest.fixture(scope="module")
def query_words(release: Release) -> list[str]:
    """Every word of the evaluation queries, typos and Polish included."""
    return sorted({w for q in load_eval(known_ids=release.entries) for w in words(q.query)})


def test_name_words_find_what_word_matches_finds(release: Release, query_words: list[str]) -> None:
    names = [name for d in release.index._docs for name in d.get("names") or []]
    table = NameWords(names)
    assert len(table.words) > 1000
    for q in query_words:
        for last in (False, True):
            plain = {w: s for w in table.words if (s := word_matches(q, w, last)) > 0}
            assert table.matches(q, last) == plain, (q, last)


def test_name_matcher_skips_names_with_no_matching_word() -> None:
    segments = segment(["evasive"], [])
    matcher = NameMatcher(segments, NameWords([["evasive"], ["stun"]]))
    assert matcher([["stun"]]) == 0.0
    assert matcher([["stun"], ["evasive"]]) == 1.0


def test_fuzzy_variants_equal_a_scan_of_the_whole_vocabulary(release: Release, query_words: list[str]) -> None:
    vocabulary = release.index.vocabulary
    for q in query_words:
        limit = max_edits(q)
        plain = sorted(((w, d) for w in vocabulary.df if w[0] == q[0] and (d := osa_distance(q, w, limit)) <= limit),
                       key=lambda x: (x[1], -vocabulary.df[x[0]], x[0])) if limit else []
        assert vocabulary.fuzzy(q) == plain, q
        assert vocabulary.fuzzy(q) is vocabulary.fuzzy(q)  # remembered


def test_stored_weights_equal_whooshs_bm25(release: Release) -> None:
    """Every posting of every searched field: the weight the release loaded is the one Whoosh's scorer gives."""
    model = SharedBM25(B=BM25_B, K1=BM25_K1)
    expected: dict[tuple[str, str], dict[int, float]] = {}
    with release.index._ix.searcher(weighting=model) as searcher:
        for field in SCORED_FIELDS:
            for raw in searcher.reader().lexicon(field):
                matcher = searcher.postings(field, raw)
                weights = expected[(field, raw.decode("utf-8"))] = {}
                while matcher.is_active():
                    weights[matcher.id()] = matcher.score()
                    matcher.next()
    assert sum(len(w) for w in expected.values()) > 50_000
    assert (release.path / "index" / WEIGHTS_FILE).is_file()
    assert release.index._impacts == expected
    assert read_impacts(release.index._ix) == expected


def test_missing_or_damaged_weights_are_read_from_whoosh(tmp_path: Path) -> None:
    """On a few entries: the fallback does not depend on the content's size, and reading the real content's weights
    from Whoosh (5 s a time) is checked above, against Whoosh's own scorer and the stored file."""
    content = tmp_path / "content"
    write_others(content, count=3)
    write_entry(content, "a.md", entry_text("alpha-rule", "Alpha rule", "Dodging a roll, and rolling a token."))
    with built_release(content) as small:
        ix, weights = small.index._ix, tmp_path / "weights"
        expected = read_impacts(ix)
        assert expected and small.index._impacts == expected  # the build's stored weights, as Whoosh gives them
        weights.mkdir()
        assert load_impacts(weights, ix) == expected  # no file
        (weights / WEIGHTS_FILE).write_bytes(b"not marshal")
        assert load_impacts(weights, ix) == expected
        (weights / WEIGHTS_FILE).write_bytes(marshal.dumps((1, {})))  # another index's
        assert load_impacts(weights, ix) == expected


def test_phrase_index_segments_as_the_groups_do() -> None:
    groups = [[("cp",), ("combat", "points")], [("krol", "wzgorza"), ("king", "of", "the", "hill")]]
    for q in (["cp"], ["combat", "points", "start"], ["krol", "wzgorza"], ["x", "cp", "y"]):
        assert segment(q, phrase_index(groups)) == segment(q, groups)


def test_vocabulary_from_the_weights_equals_whooshs_lexicon(release: Release) -> None:
    vocabulary = release.index.vocabulary
    with release.index._ix.searcher() as searcher:
        reader = searcher.reader()
        lang_of = {num: fields["lang"] for num, fields in reader.iter_docs()}
        lexicon = {raw.decode("utf-8"): raw for raw in reader.lexicon("fuzzy")}
        assert set(vocabulary.df) == set(lexicon)
        for word, raw in lexicon.items():
            ids = list(reader.postings("fuzzy", raw).all_ids())
            assert vocabulary.df[word] == len(ids) and vocabulary.langs[word] == {lang_of[i] for i in ids}, word
