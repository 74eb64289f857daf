"""Whoosh, and only Whoosh, lives here: the schema, the writer and the searcher.

Everything else in the project talks to `write_index` and `SearchIndex`, so the
engine can be replaced without touching the site or the build.
"""

from __future__ import annotations

import html
import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whoosh import highlight, index, query, scoring
from whoosh.analysis import Filter, Token, Tokenizer
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.filedb.filestore import RamStorage

from .analysis import TOKEN_RE, fold_word, stem, words
from .model import Entry
from .ranking import (
    CANDIDATES,
    MAX_QUERY_WORDS,
    Candidate,
    QueryInfo,
    Vocabulary,
    content_words,
    entry_names,
    is_question,
    named_game,
    rank,
)
from .synonyms import Phrase, segment

# Field -> boost. Titles and aliases outrank headings, headings outrank body text.
EN_FIELDS = {"title": 6.0, "aliases": 4.0, "headings": 2.0, "body": 1.0}
PL_FIELDS = {"title_pl": 6.0, "aliases_pl": 4.0, "body_pl": 1.0}
# BM25 as the offline client's MiniSearch computes it (k1 1.2, b 0.75, no BM25+ delta, its idf), so
# both sides score alike; field boosts multiply term frequency (Whoosh's field_boost; the client
# repeats a term that many times), so they must be whole numbers.
BM25_K1, BM25_B = 1.2, 0.75
PLAIN_WEIGHT = 0.5  # the unstemmed `fuzzy` field, searched with each word's exact, prefix and fuzzy variants


class FoldingTokenizer(Tokenizer):
    """Unicode words of the original text, folded; offsets point into the original."""

    def __call__(self, value: str, positions: bool = False, chars: bool = False, keeporiginal: bool = False,
                 removestops: bool = True, start_pos: int = 0, start_char: int = 0, tokenize: bool = True,
                 mode: str = "", **kwargs: Any):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            token.original = token.text = value
            token.boost = 1.0
            if positions:
                token.pos = start_pos
            if chars:
                token.startchar, token.endchar = start_char, start_char + len(value)
            yield token
            return
        for pos, match in enumerate(TOKEN_RE.finditer(value)):
            token.text = fold_word(match.group())
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = match.group()
            if positions:
                token.pos = start_pos + pos
            if chars:
                token.startchar, token.endchar = start_char + match.start(), start_char + match.end()
            yield token


class StemFilter(Filter):
    def __init__(self, lang: str):
        self.lang = lang

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StemFilter) and other.lang == self.lang

    def __call__(self, tokens):
        for token in tokens:
            token.text = stem(token.text, self.lang)
            yield token


def get_schema() -> Schema:
    english = FoldingTokenizer() | StemFilter("en")
    polish = FoldingTokenizer() | StemFilter("pl")
    plain = FoldingTokenizer()
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(stored=True),
        kind=ID(stored=True),
        lang=ID(stored=True),
        title=TEXT(analyzer=english, field_boost=EN_FIELDS["title"]),
        aliases=TEXT(analyzer=english, field_boost=EN_FIELDS["aliases"]),
        headings=TEXT(analyzer=english, field_boost=EN_FIELDS["headings"]),
        body=TEXT(analyzer=english, stored=True, field_boost=EN_FIELDS["body"]),
        title_pl=TEXT(analyzer=polish, field_boost=PL_FIELDS["title_pl"]),
        aliases_pl=TEXT(analyzer=polish, field_boost=PL_FIELDS["aliases_pl"]),
        body_pl=TEXT(analyzer=polish, stored=True, field_boost=PL_FIELDS["body_pl"]),
        fuzzy=TEXT(analyzer=plain),
        summary=STORED(),
        names=STORED(),
    )


def write_index(index_dir: Path, entries: list[Entry], polish_names: dict[str, list[str]]) -> None:
    """Write a fresh index into an empty directory (the caller swaps it in)."""
    index_dir.mkdir(parents=True, exist_ok=False)
    fill_index(index.create_in(str(index_dir), get_schema()), entries, polish_names)


def memory_index(entries: list[Entry], polish_names: dict[str, list[str]]) -> Any:
    """An in-memory index, for unit tests and quick experiments."""
    ix = RamStorage().create_index(get_schema())
    fill_index(ix, entries, polish_names)
    return ix


def fill_index(ix: Any, entries: list[Entry], polish_names: dict[str, list[str]]) -> None:
    writer = ix.writer()
    for e in entries:
        aliases = " ; ".join(e.aliases)
        names = entry_names(e.title, [*e.aliases, *polish_names.get(e.id, [])])
        doc: dict[str, Any] = {"id": e.id, "game": e.game, "kind": e.kind, "lang": e.lang, "summary": e.summary,
                               "names": names,
                               "fuzzy": " ".join([e.title, aliases, *e.headings, e.text])}
        if e.lang == "pl":
            doc.update(title_pl=e.title, aliases_pl=aliases, body_pl=e.text, body="")
        else:
            doc.update(title=e.title, aliases=aliases, headings=" ; ".join(e.headings), body=e.text,
                       aliases_pl=" ; ".join(polish_names.get(e.id, [])))
        writer.add_document(**doc)
    writer.commit()


@dataclass
class Hit:
    id: str
    score: float
    snippet: str  # safe HTML: escaped text with <mark> around matches


@dataclass
class SearchResult:
    total: int
    hits: list[Hit]
    suggestion: str | None


class _MarkFormatter(highlight.Formatter):
    """Escapes every fragment and wraps matched words in <mark>."""

    between = " … "

    def format_token(self, text: str, token: Any, replace: bool = False) -> str:
        return f"<mark>{html.escape(highlight.get_text(text, token, replace))}</mark>"

    def _text(self, text: str) -> str:
        return html.escape(text)


class _SharedScorer(scoring.BM25FScorer):
    def __init__(self, searcher: Any, fieldname: str, text: Any, B: float, K1: float, qf: float = 1):
        super().__init__(searcher, fieldname, text, B, K1, qf=qf)
        parent = searcher.get_parent()
        n, total = parent.doc_frequency(fieldname, text), parent.doc_count_all()
        self.idf = math.log(1 + (total - n + 0.5) / (n + 0.5))


class SharedBM25(scoring.BM25F):
    """Whoosh's BM25F with the idf the offline client uses: ln(1 + (N - n + 0.5) / (n + 0.5))."""

    def scorer(self, searcher: Any, fieldname: str, text: Any, qf: float = 1) -> Any:
        if not searcher.schema[fieldname].scorable:
            return scoring.WeightScorer.for_(searcher, fieldname, text)
        return _SharedScorer(searcher, fieldname, text, self.B, self.K1, qf=qf)


class IndexUnavailable(Exception):
    """The index directory is missing, empty or unreadable."""


def read_vocabulary(ix: Any) -> Vocabulary:
    """The plain (unstemmed, folded) words of the index, their document frequency and languages."""
    with ix.searcher() as searcher:
        reader = searcher.reader()
        lang_of = {num: fields["lang"] for num, fields in reader.iter_docs()}
        df: dict[str, int] = {}
        langs: dict[str, set[str]] = {}
        for term in reader.lexicon("fuzzy"):
            word = term.decode("utf-8") if isinstance(term, bytes) else term
            ids = list(reader.postings("fuzzy", term).all_ids())
            df[word] = len(ids)
            langs[word] = {lang_of[i] for i in ids}
    return Vocabulary(df, langs)


class SearchIndex:
    def __init__(self, source: Path | Any, groups: list[list[Phrase]]):
        try:
            self._ix = index.open_dir(str(source)) if isinstance(source, Path) else source
            self.vocabulary = read_vocabulary(self._ix)
        except (OSError, ValueError, index.IndexError) as exc:
            raise IndexUnavailable(f"cannot open the search index at {source}: {exc}") from exc
        self._groups = groups
        self._local = threading.local()

    def _searcher(self):
        searcher = getattr(self._local, "searcher", None)
        if searcher is None:
            searcher = self._local.searcher = self._ix.searcher(weighting=SharedBM25(B=BM25_B, K1=BM25_K1))
        return searcher

    def close(self) -> None:
        self._ix.close()

    def search(self, text: str, limit: int = 10, filters: dict[str, str] | None = None) -> SearchResult:
        searcher = self._searcher()
        all_words = words(text)
        query_words = content_words(all_words)[:MAX_QUERY_WORDS]
        if not query_words:
            return SearchResult(0, [], None)
        game, query_words = named_game(query_words)
        segments = segment(query_words, self._groups)
        q, owners = self._build_query(segments)
        flt = query.And([query.Term(k, v) for k, v in (filters or {}).items()]) if filters else None
        results = searcher.search(q, limit=CANDIDATES, filter=flt, terms=True)
        results.fragmenter = highlight.ContextFragmenter(maxchars=180, surround=50)
        results.formatter = _MarkFormatter()
        top = sorted(results, key=lambda h: (-h.score, h["id"]))[:CANDIDATES]  # as the client: BM25, then id
        by_id = {h["id"]: h for h in top}
        candidates = [Candidate(h["id"], h["game"], h["kind"], h["lang"], h.score,
                                self._coverage(h, owners, len(segments)), h.get("names") or []) for h in top]
        info = QueryInfo(segments, self.vocabulary.language(query_words), game, is_question(all_words))
        ranked = rank(candidates, info)[:limit]
        hits = [Hit(c.id, c.score, self._snippet(by_id[c.id])) for c in ranked]
        return SearchResult(len(results), hits, self.vocabulary.suggest(query_words))

    @staticmethod
    def _coverage(hit: Any, owners: dict[tuple[str, str], set[int]], n: int) -> float:
        covered: set[int] = set()
        for field, term in hit.matched_terms():
            word = term.decode("utf-8") if isinstance(term, bytes) else term
            covered |= owners.get((field, word), set())
        return len(covered) / n if n else 0.0

    @staticmethod
    def _snippet(hit: Any) -> str:
        field = "body_pl" if hit["lang"] == "pl" else "body"
        snippet = hit.highlights(field, top=2)
        return snippet or html.escape(hit["summary"])

    def _build_query(self, segments: list[list[Phrase]]) -> tuple[query.Query, dict[tuple[str, str], set[int]]]:
        """One OR of segments; each segment an OR of its synonym phrases; a phrase an AND of its words."""
        owners: dict[tuple[str, str], set[int]] = {}
        clauses = []
        for n, alternatives in enumerate(segments):
            last = n == len(segments) - 1
            options = []
            for phrase in alternatives:
                parts = [self._word_query(w, last and len(phrase) == 1, n, owners) for w in phrase]
                options.append(query.And(parts) if len(parts) > 1 else parts[0])
            clauses.append(_or(options))
        return _or(clauses), owners

    def _word_query(self, word: str, prefix: bool, seg: int, owners: dict[tuple[str, str], set[int]]) -> query.Query:
        """A query word against every field: its stems, plus its exact, prefix and fuzzy variants."""
        weights: dict[tuple[str, str], float] = {}
        for v in self.vocabulary.variants(word, prefix):
            terms = [(f, stem(v.word, "en"), v.weight) for f in EN_FIELDS]
            terms += [(f, stem(v.word, "pl"), v.weight) for f in PL_FIELDS]
            terms.append(("fuzzy", v.word, v.weight * PLAIN_WEIGHT))
            for field, term, weight in terms:
                weights[(field, term)] = max(weight, weights.get((field, term), 0.0))
        reader = self._searcher().reader()
        present = {key: b for key, b in weights.items() if key in reader}  # terms the index has
        for key in present:
            owners.setdefault(key, set()).add(seg)
        if not present:
            return query.NullQuery
        return _or([query.Term(f, t, boost=b) for (f, t), b in present.items()])


def _or(parts: list[query.Query]) -> query.Query:
    """An OR that scores a document by the sum of the parts it matches."""
    return parts[0] if len(parts) == 1 else query.Or(parts)
