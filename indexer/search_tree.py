"""A query tree's scores from the postings in memory (indexer/search_backend.py SearchIndex._evaluate).

The tree is what SearchIndex._build_query makes: an Or of segments, a segment a DisjunctionMax of its phrases, a
phrase an And of its words, a word an Or of Terms (its variants in every field). Scores are summed as Whoosh sums
them (And, Or) or the best part's (DisjunctionMax), in the order of the parts, so the floats are Whoosh's.

A document's matched (field, term)s are kept as the bits of an int (`terms` gives each its bit): OR-ing two ints
is what a search does most, per posting, and costs far less than a union of sets.
"""

from __future__ import annotations

from collections.abc import Mapping

from whoosh import query

Key = tuple[str, str]  # (field, term)
# docnum -> (score, matched terms as bits)
Matched = dict[int, tuple[float, int]]

_NONE: dict[int, float] = {}


def evaluate(q: query.Query, impacts: Mapping[Key, dict[int, float]], terms: dict[Key, int]) -> Matched:
    """Docnum -> (score, matched terms as bits of `terms`) for a tree of Term/And/Or and DisjunctionMax (see the
    module docstring); a term `terms` lacks is given the next bit."""
    if isinstance(q, query.Term):
        postings, boost, bit = _term(q, impacts, terms)
        return {d: (w * boost, bit) for d, w in postings.items()}
    if isinstance(q, query.And):
        parts = [evaluate(c, impacts, terms) for c in q.subqueries]
        if not parts or not all(parts):
            return {}
        out: Matched = {}
        for d in set(parts[0]).intersection(*parts[1:]):
            score, got = 0, 0  # summed from 0 in the parts' order, as sum() and Whoosh sum
            for p in parts:
                part_score, part_got = p[d]
                score += part_score
                got |= part_got
            out[d] = (score, got)
        return out
    if isinstance(q, query.DisjunctionMax):  # a segment: its best phrase's score, every phrase's terms
        return _merge(q.subqueries, impacts, terms, summed=False)
    if isinstance(q, query.Or):
        return _merge(q.subqueries, impacts, terms, summed=True)
    if q is query.NullQuery:
        return {}
    raise TypeError(f"unexpected query node {q!r}")


def _term(q: query.Term, impacts: Mapping[Key, dict[int, float]], terms: dict[Key, int]
          ) -> tuple[dict[int, float], float, int]:
    """A Term's postings, boost and bit."""
    key = (q.fieldname, q.text)
    bit = terms.get(key)
    if bit is None:
        bit = terms[key] = 1 << len(terms)
    return impacts.get(key, _NONE), q.boost, bit


def _merge(parts: list[query.Query], impacts: Mapping[Key, dict[int, float]], terms: dict[Key, int],
           summed: bool) -> Matched:
    """The parts' scores summed (an Or), or their best (a DisjunctionMax); their terms joined. A Term part (most
    are: a word's variants in every field) is read straight from its postings."""
    out: Matched = {}
    get = out.get
    for c in parts:
        if isinstance(c, query.Term):
            postings, boost, bit = _term(c, impacts, terms)
            items = postings.items()
            if summed:
                for d, w in items:
                    prev = get(d)
                    out[d] = (w * boost, bit) if prev is None else (prev[0] + w * boost, prev[1] | bit)
            else:
                for d, w in items:
                    prev = get(d)
                    out[d] = (w * boost, bit) if prev is None else (max(prev[0], w * boost), prev[1] | bit)
            continue
        for d, (score, got) in evaluate(c, impacts, terms).items():
            prev = get(d)
            if prev is None:
                out[d] = (score, got)
            else:
                out[d] = (prev[0] + score if summed else max(prev[0], score), prev[1] | got)
    return out


def bit_numbers(bits: int) -> list[int]:
    """The numbers of the bits set in `bits`, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def segment_mask(got: int, segment_terms: list[int]) -> int:
    """The segments (as bits) a document covers: those with a term among its matched terms `got` (segment i's
    terms are the bits of segment_terms[i])."""
    mask = 0
    for i, terms in enumerate(segment_terms):
        if got & terms:
            mask |= 1 << i
    return mask
