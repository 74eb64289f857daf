"""Session 14's search shortcuts give exactly what their plain definitions give, on the real content.

The query tree is summed with matched terms as bits of an int (indexer/search_tree.py), and a snippet stems a
body's words only as far as it reads, skipping a body whose field has none of the wanted stems
(indexer/snippets.py, SearchIndex._snippet). Each is checked against the form it replaced (docs/performance.md,
"Session 14: in-process search latency").
"""

from __future__ import annotations

import html

import pytest
from whoosh import query

from bench.search_eval import load_eval
from indexer.analysis import TOKEN_RE, fold_word, stem, words
from indexer.library import Release
from indexer.ranking import MAX_QUERY_WORDS, asked_game, content_words
from indexer.search_tree import bit_numbers
from indexer.snippets import SNIPPET_BEFORE, SNIPPET_CHARS, body_words
from indexer.synonyms import segment

Plain = dict[int, tuple[float, frozenset[tuple[str, str]]]]


def plain_evaluate(q: query.Query, impacts: dict[tuple[str, str], dict[int, float]]) -> Plain:
    """The evaluation before session 14: a dict per node, matched terms as frozensets."""
    if isinstance(q, query.Term):
        terms = frozenset([(q.fieldname, q.text)])
        return {d: (w * q.boost, terms) for d, w in impacts.get((q.fieldname, q.text), {}).items()}
    if isinstance(q, query.And):
        parts = [plain_evaluate(c, impacts) for c in q.subqueries]
        if not parts or not all(parts):
            return {}
        both = set(parts[0]).intersection(*parts[1:])
        return {d: (sum(p[d][0] for p in parts), frozenset().union(*(p[d][1] for p in parts))) for d in both}
    if isinstance(q, query.DisjunctionMax | query.Or):
        out: Plain = {}
        for c in q.subqueries:
            for d, (score, terms) in plain_evaluate(c, impacts).items():
                prev = out.get(d)
                if prev is None:
                    out[d] = (score, terms)
                elif isinstance(q, query.DisjunctionMax):
                    out[d] = (max(prev[0], score), prev[1] | terms)
                else:
                    out[d] = (prev[0] + score, prev[1] | terms)
        return out
    assert q is query.NullQuery
    return {}


def plain_snippet(body: str, lang: str, wanted: set[str], summary: str) -> str:
    """The snippet before session 14: every word of the body stemmed, then the window cut."""
    words_at = [(m.start(), m.end(), stem(fold_word(m.group()), lang)) for m in TOKEN_RE.finditer(body)]
    first = next((i for i, w in enumerate(words_at) if w[2] in wanted), None)
    if first is None:
        return html.escape(summary)
    start = max(0, words_at[first][0] - SNIPPET_BEFORE)
    if start > 0:
        space = body.find(" ", start)
        start = space + 1 if 0 <= space < words_at[first][0] else start
    end = min(len(body), start + SNIPPET_CHARS)
    out, pos = [], start
    for s, e, w in words_at[first:]:
        if s >= end:
            break
        if w in wanted:
            out.append(f"{html.escape(body[pos:s])}<mark>{html.escape(body[s:e])}</mark>")
            pos = e
    out.append(html.escape(body[pos:end]))
    return ("… " if start > 0 else "") + "".join(out) + (" …" if end < len(body) else "")


@pytest.fixture(scope="module")
def trees(release: Release) -> list[tuple[str, query.Query, dict[tuple[str, str], set[int]]]]:
    """The query tree and term owners of every evaluation query, as SearchIndex._search builds them."""
    ix = release.index
    out = []
    for q in load_eval(known_ids=release.entries):
        searched = asked_game(content_words(words(q.query)))[1][:MAX_QUERY_WORDS]
        tree, owners = ix._build_query(segment(searched, ix._phrases))
        out.append((q.query, tree, owners))
    return out


def test_the_tree_sums_as_the_plain_evaluation(release: Release, trees: list) -> None:
    ix = release.index
    for text, tree, owners in trees:
        searched = list(owners)
        got = ix._evaluate(tree, {key: 1 << n for n, key in enumerate(searched)})
        plain = plain_evaluate(tree, ix._impacts)
        assert got.keys() == plain.keys(), text
        for d, (score, bits) in got.items():
            assert score == plain[d][0], (text, d)  # the same floats, summed in the same order
            assert frozenset(searched[n] for n in bit_numbers(bits)) == plain[d][1], (text, d)


def test_snippets_cut_as_the_plain_snippet(release: Release, trees: list) -> None:
    ix = release.index
    checked = skipped = 0
    for text, tree, owners in trees[::3]:
        for d in list(plain_evaluate(tree, ix._impacts))[:12]:
            doc = ix._docs[d]
            field = "body_pl" if doc["lang"] == "pl" else "body"
            body = ix._searcher().stored_fields(d).get(field) or ""
            wanted = {t for f, t in owners if f == field}
            expected = plain_snippet(body, "pl" if field == "body_pl" else "en", wanted, doc["summary"])
            assert ix._snippet(d, owners) == expected, (text, doc["id"])
            checked += 1
            # the body field has none of the wanted stems: the snippet is the summary, the body is not read
            skipped += not any(d in ix._impacts.get((field, t), {}) for t in wanted)
    assert checked > 500 and skipped > 0


def test_body_words_are_the_plain_words() -> None:
    body = "Król’s dice: Évasive, évasive and King's Hand; Łatwe obrażenia ß."
    for lang in ("en", "pl"):
        plain = [(m.start(), m.end(), w, stem(w, lang))
                 for m in TOKEN_RE.finditer(body) for w in (fold_word(m.group()),)]
        assert body_words(body, lang) == plain
