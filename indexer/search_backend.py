"""Whoosh, and only Whoosh, lives here: the schema, the writer and the searcher.

Everything else in the project talks to `write_index` and `SearchIndex`, so the
engine can be replaced without touching the site or the build.
"""

from __future__ import annotations

import html
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whoosh import highlight, index, query
from whoosh.analysis import Filter, Token, Tokenizer
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.filedb.filestore import RamStorage

from .analysis import STOP_WORDS, TOKEN_RE, fold_word, stem, words
from .model import Entry
from .synonyms import Phrase, segment

# Field -> boost. Titles and aliases outrank headings, headings outrank body text.
EN_FIELDS = {"title": 6.0, "aliases": 4.0, "headings": 2.0, "body": 1.0}
PL_FIELDS = {"title_pl": 6.0, "aliases_pl": 4.0, "body_pl": 1.0}
# A mild prior by kind: a term's own entry before the FAQs that mention it.
KIND_PRIOR = {"faq": 0.85, "summary": 0.95, "other": 0.8}


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
        doc: dict[str, Any] = {"id": e.id, "game": e.game, "kind": e.kind, "lang": e.lang, "summary": e.summary,
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


class IndexUnavailable(Exception):
    """The index directory is missing, empty or unreadable."""


class SearchIndex:
    def __init__(self, source: Path | Any, groups: list[list[Phrase]]):
        try:
            self._ix = index.open_dir(str(source)) if isinstance(source, Path) else source
        except (OSError, ValueError, index.IndexError) as exc:
            raise IndexUnavailable(f"cannot open the search index at {source}: {exc}") from exc
        self._groups = groups
        self._local = threading.local()

    def _searcher(self):
        searcher = getattr(self._local, "searcher", None)
        if searcher is None:
            searcher = self._local.searcher = self._ix.searcher()
        return searcher

    def close(self) -> None:
        self._ix.close()

    def search(self, text: str, limit: int = 10, filters: dict[str, str] | None = None) -> SearchResult:
        searcher = self._searcher()
        all_words = words(text)
        content_words = [w for w in all_words if w not in STOP_WORDS] or all_words
        if not content_words:
            return SearchResult(0, [], None)
        q = self._build_query(content_words)
        flt = query.And([query.Term(k, v) for k, v in (filters or {}).items()]) if filters else None
        results = searcher.search(q, limit=max(limit * 3, 30), filter=flt, terms=True)
        results.fragmenter = highlight.ContextFragmenter(maxchars=180, surround=50)
        results.formatter = _MarkFormatter()
        ranked = sorted(results, key=lambda h: -h.score * KIND_PRIOR.get(h["kind"], 1.0))[:limit]
        hits = [Hit(h["id"], h.score, self._snippet(h)) for h in ranked]
        return SearchResult(len(results), hits, self._suggest(searcher, content_words))

    @staticmethod
    def _snippet(hit: Any) -> str:
        field = "body_pl" if hit["lang"] == "pl" else "body"
        snippet = hit.highlights(field, top=2)
        return snippet or html.escape(hit["summary"])

    def _build_query(self, query_words: list[str]) -> query.Query:
        segments = segment(query_words, self._groups)
        clauses = []
        for n, alternatives in enumerate(segments):
            last = n == len(segments) - 1
            options = [query.And([_word_query(w, prefix=last and len(p) == 1) for w in p]) if len(p) > 1
                       else _word_query(p[0], prefix=last) for p in alternatives]
            clauses.append(query.Or(options) if len(options) > 1 else options[0])
        return query.Or(clauses, scale=0.9) if len(clauses) > 1 else clauses[0]

    def _suggest(self, searcher: Any, query_words: list[str]) -> str | None:
        reader = searcher.reader()
        changed, out = False, []
        for w in query_words:
            if len(w) > 3 and not w.isdigit() and (("fuzzy", w) not in reader):
                found = searcher.suggest("fuzzy", w, limit=1, maxdist=2)
                if found and found[0] != w:
                    out.append(found[0])
                    changed = True
                    continue
            out.append(w)
        return " ".join(out) if changed else None


def _word_query(word: str, prefix: bool = False) -> query.Query:
    """One query word against every field: stemmed terms, plus fuzzy and prefix on the plain field."""
    options: list[query.Query] = []
    for field in EN_FIELDS:
        options.append(query.Term(field, stem(word, "en")))
    for field in PL_FIELDS:
        options.append(query.Term(field, stem(word, "pl")))
    options.append(query.Term("fuzzy", word, boost=0.5))
    if len(word) >= 4:
        dist = 2 if len(word) >= 8 else 1
        options.append(query.FuzzyTerm("fuzzy", word, boost=0.3, maxdist=dist, prefixlength=1))
    if prefix and len(word) >= 3:
        options.append(query.Prefix("fuzzy", word, boost=0.4))
    return query.Or(options)
