"""Whoosh, and only Whoosh, lives here: the schema, the writer and the searcher.

Everything else in the project talks to `write_index` and `SearchIndex`, so the
engine can be replaced without touching the site or the build.
"""

from __future__ import annotations

import heapq
import html
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whoosh import index, query

from .analysis import STOP_WORDS, stem, words
from .bm25_weights import (  # noqa: F401  (re-exported: the fields, constants and weights stay importable here)
    BM25_B,
    BM25_K1,
    EN_FIELDS,
    PL_FIELDS,
    SCORED_FIELDS,
    WEIGHTS_FILE,
    load_impacts,
    read_impacts,
    vocabulary_of,
)
from .intent import asks_name, named_stop_words, query_intent, without_intent_words
from .ranking import (
    CANDIDATES,
    MAX_QUERY_WORDS,
    Candidate,
    NameMatcher,
    NameWords,
    QueryInfo,
    asked_game,
    base_score,
    content_words,
    coverage,
    hinted_kinds,
    hinted_polarity,
    hints_number,
    is_question,
    query_language,
    quoted_words,
    rank_top,
    rarity_weights,
    reached_weights,
    segment_weights,
)
from .search_extras import best_section, name_segments, section_words
from .search_schema import (  # noqa: F401  (re-exported: the schema and the writer stay importable here)
    FoldingTokenizer,
    StemFilter,
    fill_index,
    get_schema,
    memory_index,
    plain_text,
    write_index,
)
from .search_tree import Matched, bit_numbers, evaluate, segment_mask
from .snippets import (  # noqa: F401  (re-exported)
    SNIPPET_BEFORE,
    SNIPPET_CHARS,
    BodyText,
    body_words,
    snippet,
)
from .synonyms import Phrase, phrase_index, segment

_NONE: dict[int, float] = {}
PLAIN_WEIGHT = 0.5  # the unstemmed `fuzzy` field, searched with each word's exact, prefix and fuzzy variants


@dataclass
class Hit:
    id: str
    score: float
    snippet: str  # safe HTML: escaped text with <mark> around matches
    section: tuple[str, str] | None = None  # (anchor, heading) of the section the match sits in


@dataclass
class SearchResult:
    total: int
    hits: list[Hit]
    suggestion: str | None


class IndexUnavailable(Exception):
    """The index directory is missing, empty or unreadable."""


class SearchIndex:
    """Whoosh stores the index; queries are scored from each term's postings, read once and kept in memory.

    Whoosh's own query evaluation (pure-Python matcher trees, plus a hidden re-run of the query for every
    len() of a result set) cost 10-120 ms a query here; the scores are the same sums of the same BM25
    term weights, so they are computed from the postings directly: a term's weight in every document
    that has it, for every (field, term), stored by the build and loaded with the release.
    """

    RESULT_CACHE = 1024  # recent (query, limit, filters) -> result; a release never changes, so never stale

    def __init__(self, source: Path | Any, groups: list[list[Phrase]]):
        try:
            self._ix = index.open_dir(str(source)) if isinstance(source, Path) else source
            with self._ix.searcher() as searcher:
                # the small stored fields of every document, by number (not the bodies: snippets read those)
                self._docs = [{k: v for k, v in fields.items() if k not in ("body", "body_pl")}
                              for _, fields in sorted(searcher.reader().iter_docs(), key=lambda d: d[0])]
        except (OSError, ValueError, index.IndexError) as exc:
            raise IndexUnavailable(f"cannot open the search index at {source}: {exc}") from exc
        self._phrases = phrase_index(groups)
        self._local = threading.local()
        self._impacts = load_impacts(source, self._ix)
        self.vocabulary = vocabulary_of(self._impacts, self._docs)
        # the words the offline client can stem (its stem table covers the content's and the synonyms' words, and
        # the descriptions' words: Polish ones on English pages are in no field the vocabulary reads): a query word
        # outside them is searched unstemmed on both engines (its typo variants still are stemmed)
        self._stemmed = (frozenset(self.vocabulary.df) | {w for g in groups for p in g for w in p}
                         | {w for d in self._docs for phrase in d.get("described") or [] for w in phrase})
        self._name_words = NameWords((name for d in self._docs
                                      for name in [*(d.get("names") or []), *(d.get("described") or [])]),
                                     self._stemmed)
        self._named_stop = named_stop_words((n for d in self._docs for n in d.get("names") or []), STOP_WORDS)
        # (game, language) of every page: a query naming a game with no page in its language has no language prior
        self._game_langs = frozenset((d["game"], d["lang"]) for d in self._docs)
        self._ids = [d["id"] for d in self._docs]
        self._bodies: dict[int, BodyText] = {}
        self._folding: dict[str, str] = {}  # raw body token -> folded word, for every body read (BodyText)
        self._results: OrderedDict[tuple[Any, ...], SearchResult] = OrderedDict()
        self._results_lock = threading.Lock()
        # where a search the cache does not hold runs: None here, in this thread; a search pool's
        # (indexer/search_pool.py) for a served release, which may answer None (then it runs here)
        self.offload: Callable[[str, int, dict[str, str] | None], SearchResult | None] | None = None

    def _searcher(self):
        searcher = getattr(self._local, "searcher", None)
        if searcher is None:
            searcher = self._local.searcher = self._ix.searcher()
        return searcher

    def close(self) -> None:
        self._ix.close()

    def search(self, text: str, limit: int = 10, filters: dict[str, str] | None = None) -> SearchResult:
        key = (text, limit, tuple(sorted((filters or {}).items())))
        with self._results_lock:
            found = self._results.get(key)
            if found is not None:
                self._results.move_to_end(key)
                return found
        result = self.offload(text, limit, filters) if self.offload is not None else None
        if result is None:
            result = self._search(text, limit, filters)
        with self._results_lock:
            self._results[key] = result
            while len(self._results) > self.RESULT_CACHE:
                self._results.popitem(last=False)
        return result

    def _search(self, text: str, limit: int, filters: dict[str, str] | None) -> SearchResult:
        all_words = words(text)
        quoted = quoted_words(text)
        keep = quoted | self._named_stop if asks_name(all_words) else quoted
        query_words = content_words(all_words, keep)
        if not query_words:
            return SearchResult(0, [], None)
        intent = query_intent(all_words)
        query_words = without_intent_words(query_words, all_words)
        game, query_words, compared = asked_game(query_words)
        # the games' names are read in the whole query and do not count in the words searched (session 13): a long
        # comparison names the game it asks about at its end
        query_words = query_words[:MAX_QUERY_WORDS]
        segments = segment(query_words, self._phrases)
        q, owners = self._build_query(segments)
        searched = list(owners)  # every searched (field, term), each one bit of a document's matched terms
        matched = self._evaluate(q, {key: 1 << n for n, key in enumerate(searched)})
        docs = self._docs
        if filters:
            matched = {d: v for d, v in matched.items() if all(docs[d].get(k) == want for k, want in filters.items())}
        flags = segment_weights(segments)
        rarity = rarity_weights(segments, self.vocabulary.df, len(docs))
        best = max((v[0] for v in matched.values()), default=0.0) or 1.0
        # segments as bits: a document's covered segments are the OR of its matched terms' segments, computed once
        # per distinct set of matched terms (few per query)
        segment_terms = [0] * len(segments)  # per segment, its terms' bits
        for n, segs in enumerate(owners.values()):
            for i in segs:
                segment_terms[i] |= 1 << n
        masks = {got: segment_mask(got, segment_terms) for got in {got for _, got in matched.values()}}
        reached = 0
        for mask in masks.values():
            reached |= mask
        weights = reached_weights([f * r for f, r in zip(flags, rarity, strict=True)], reached)
        seen: dict[int, tuple[float, bool]] = {}  # covered bits -> coverage(), few distinct per query
        scored = []
        ids = self._ids
        for docnum, (score, got) in matched.items():
            mask = masks[got]
            cov = seen.get(mask)
            if cov is None:
                cov = seen[mask] = coverage({i for i in range(len(segments)) if mask >> i & 1}, weights, flags)
            scored.append((-base_score(score, best, *cov), ids[docnum], docnum, score, *cov))
        # as the client: the best CANDIDATES by BM25 share, coverage and all_words, then id (ids are unique: the
        # tuples never compare past the id)
        candidates, numbers = [], {}
        for _, _, docnum, score, share, every in heapq.nsmallest(CANDIDATES, scored):
            d = docs[docnum]
            candidates.append(Candidate(d["id"], d["game"], d["kind"], d["lang"], score, share,
                                        d.get("names") or [], every, bool(d.get("facts")), d.get("heroes"),
                                        d.get("described") or [], d.get("polarity") or ""))
            numbers[d["id"]] = docnum
        spoken = [w for w in all_words if w not in quoted]  # quoted card text says nothing of the query's language
        lang = query_language(self.vocabulary.language(query_words, spoken), game, self._game_langs)
        info = QueryInfo(segments, lang, game, is_question(all_words),
                         weights, hints_number(all_words), frozenset(query_words), hinted_kinds(all_words), flags,
                         hinted_polarity(all_words), intent, compared)
        plain_owners = {t: segs for (f, t), segs in owners.items() if f == "fuzzy"}
        matcher = NameMatcher(segments, self._name_words, weights, self.vocabulary.df)
        ranked = rank_top(candidates, info, limit, self._name_words, best, self.vocabulary.df, matcher)
        hits = []
        found: dict[tuple[str, bool], set[str]] = {}  # the name words each query word matches (the matcher's)
        for name_word, keys in matcher.hits.items():
            for key, _ in keys:
                found.setdefault(key, set()).add(name_word)

        def matches(word: str, last: bool) -> set[str]:
            return found.get((word, last), set())

        for c in ranked:
            docnum = numbers[c.id]
            plain = {searched[n][1] for n in bit_numbers(matched[docnum][1])
                     if searched[n][0] == "fuzzy"}  # the plain words this entry matched
            if plain and self._docs[docnum].get("sections"):  # else no section, whatever the words
                plain = section_words(plain, plain_owners, segments, flags,
                                      name_segments(segments, self._docs[docnum].get("names") or [], matches))
            hits.append(Hit(c.id, c.score, self._snippet(docnum, owners), self._section(docnum, plain)))
        return SearchResult(len(matched), hits, self.vocabulary.suggest(query_words))

    def _section(self, docnum: int, plain: set[str]) -> tuple[str, str] | None:
        """(anchor, heading) of the one section of the entry that holds most of the matched words, if any."""
        sections = self._docs[docnum].get("sections")
        if not sections or not plain:  # best_section's None, without reading the body
            return None
        names = self._docs[docnum].get("names") or [[]]
        return best_section(self._body(docnum).folded, plain, sections, names[0])

    def _postings(self, field: str, term: str) -> dict[int, float]:
        """A term's BM25 weight (field boost included) in every document that has it."""
        return self._impacts.get((field, term), _NONE)

    def _evaluate(self, q: query.Query, terms: dict[tuple[str, str], int] | None = None) -> Matched:
        """Docnum -> (score, matched (field, term)s as bits of `terms`) for a tree of Term/And/Or (summed as Whoosh
        sums them) and DisjunctionMax (the best part's score): indexer/search_tree.py."""
        return evaluate(q, self._impacts, {} if terms is None else terms)

    def _body(self, docnum: int) -> BodyText:
        """A document's body and its words (snippets.BodyText), read once."""
        cached = self._bodies.get(docnum)
        if cached is None:
            field = self._body_field(docnum)
            body = self._searcher().stored_fields(docnum).get(field) or ""
            cached = self._bodies[docnum] = BodyText(body, "pl" if field == "body_pl" else "en", self._folding)
        return cached

    def _body_field(self, docnum: int) -> str:
        return "body_pl" if self._docs[docnum]["lang"] == "pl" else "body"

    def _snippet(self, docnum: int, owners: dict[tuple[str, str], set[int]]) -> str:
        """Safe HTML: a window of the body around the first matched word (snippets.snippet)."""
        d = self._docs[docnum]
        field = self._body_field(docnum)
        wanted = {t for f, t in owners if f == field}
        # the body field is the stored body, analysed as BodyText reads it: a document whose body field has none of
        # the wanted stems has no word a snippet marks, and gets its summary without its body being read
        if not any(docnum in self._postings(field, t) for t in wanted):
            return html.escape(d["summary"])
        return snippet(self._body(docnum), wanted, d["summary"])

    def _build_query(self, segments: list[list[Phrase]]) -> tuple[query.Query, dict[tuple[str, str], set[int]]]:
        """One OR of segments; each segment the best of its synonym phrases (DisjunctionMax); a phrase an AND
        of its words. A segment is one thing the player named: a document that has it under several names
        ("health", "hp", "punkty zdrowia") scores its best name, not their sum (ranking.py's docstring)."""
        owners: dict[tuple[str, str], set[int]] = {}
        clauses = []
        for n, (alternatives, scale) in enumerate(zip(segments, segment_weights(segments), strict=True)):
            last = n == len(segments) - 1
            options = []
            for phrase in alternatives:
                parts = [self._word_query(w, last and len(phrase) == 1, n, owners, scale) for w in phrase]
                options.append(query.And(parts) if len(parts) > 1 else parts[0])
            clauses.append(query.DisjunctionMax(options) if len(options) > 1 else options[0])
        return _or(clauses), owners

    def _word_query(self, word: str, prefix: bool, seg: int, owners: dict[tuple[str, str], set[int]],
                    scale: float = 1.0) -> query.Query:
        """A query word against every field: its stems, plus its exact, prefix and fuzzy variants; a weak
        word's terms weigh `scale` (WEAK_WEIGHT)."""
        weights: dict[tuple[str, str], float] = {}
        for v in self.vocabulary.variants(word, prefix):
            known = v.word in self._stemmed
            terms = [(f, stem(v.word, "en") if known else v.word, v.weight) for f in EN_FIELDS]
            terms += [(f, stem(v.word, "pl") if known else v.word, v.weight) for f in PL_FIELDS]
            terms.append(("fuzzy", v.word, v.weight * PLAIN_WEIGHT))
            for field, term, weight in terms:
                weights[(field, term)] = max(weight, weights.get((field, term), 0.0))
        present = {key: b for key, b in weights.items() if key in self._impacts}  # terms the index has
        for key in present:
            owners.setdefault(key, set()).add(seg)
        if not present:
            return query.NullQuery
        return _or([query.Term(f, t, boost=b * scale) for (f, t), b in present.items()])


def _or(parts: list[query.Query]) -> query.Query:
    """An OR that scores a document by the sum of the parts it matches."""
    return parts[0] if len(parts) == 1 else query.Or(parts)
