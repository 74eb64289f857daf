"""The search index's schema and writer (Whoosh): the fields, the analyzers, and one document per entry.

Split out of indexer/search_backend.py, which re-exports these names and holds the searcher.
"""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

from whoosh import index
from whoosh.analysis import Filter, Token, Tokenizer
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.filedb.filestore import RamStorage

from .analysis import TOKEN_RE, fold_word, stem
from .bm25_weights import EN_FIELDS, PL_FIELDS, WEIGHTS_FILE, read_impacts
from .model import Entry
from .search_extras import SearchExtras, hero_words, search_names


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
        describes=TEXT(analyzer=english, field_boost=EN_FIELDS["describes"]),
        tags=TEXT(analyzer=english, field_boost=EN_FIELDS["tags"]),
        headings=TEXT(analyzer=english, field_boost=EN_FIELDS["headings"]),
        body=TEXT(analyzer=english, stored=True, field_boost=EN_FIELDS["body"]),
        title_pl=TEXT(analyzer=polish, field_boost=PL_FIELDS["title_pl"]),
        aliases_pl=TEXT(analyzer=polish, field_boost=PL_FIELDS["aliases_pl"]),
        describes_pl=TEXT(analyzer=polish, field_boost=PL_FIELDS["describes_pl"]),
        body_pl=TEXT(analyzer=polish, stored=True, field_boost=PL_FIELDS["body_pl"]),
        fuzzy=TEXT(analyzer=plain),
        summary=STORED(),
        names=STORED(),
        facts=STORED(),
        sections=STORED(),
        heroes=STORED(),
        described=STORED(),
        polarity=STORED(),
    )


def plain_text(e: Entry, aliases: str, extras: SearchExtras) -> str:
    """What the unstemmed `fuzzy` field holds (its words are the vocabulary); the client's plainText()."""
    # not the Polish descriptions (nor the Polish names) of an English entry: the plain words' languages tell a
    # query's language, and Polish words on English entries would make every Polish query look English
    pl = extras.describes_pl if e.lang == "pl" else ""
    return " ".join([e.title, aliases, extras.describes, pl, extras.tags, *e.headings, e.text])


def write_index(index_dir: Path, entries: list[Entry], polish_names: dict[str, list[str]],
                extras: dict[str, SearchExtras] | None = None) -> None:
    """Write a fresh index into an empty directory (the caller swaps it in), with its BM25 weights."""
    index_dir.mkdir(parents=True, exist_ok=False)
    fill_index(index.create_in(str(index_dir), get_schema()), entries, polish_names, extras)
    ix = index.open_dir(str(index_dir))
    try:
        (index_dir / WEIGHTS_FILE).write_bytes(marshal.dumps((ix.doc_count_all(), read_impacts(ix))))
    finally:
        ix.close()


def memory_index(entries: list[Entry], polish_names: dict[str, list[str]],
                 extras: dict[str, SearchExtras] | None = None) -> Any:
    """An in-memory index, for unit tests and quick experiments."""
    ix = RamStorage().create_index(get_schema())
    fill_index(ix, entries, polish_names, extras)
    return ix


def fill_index(ix: Any, entries: list[Entry], polish_names: dict[str, list[str]],
               extras: dict[str, SearchExtras] | None = None) -> None:
    writer = ix.writer()
    for e in entries:
        aliases = " ; ".join(e.aliases)
        more = (extras or {}).get(e.id) or SearchExtras()
        names = search_names(e, polish_names.get(e.id, []), more)
        doc: dict[str, Any] = {"id": e.id, "game": e.game, "kind": e.kind, "lang": e.lang, "summary": e.summary,
                               "names": names, "facts": more.facts, "sections": more.sections,
                               "heroes": hero_words(more), "described": more.described, "polarity": more.polarity,
                               "fuzzy": plain_text(e, aliases, more), "describes_pl": more.describes_pl}
        if e.lang == "pl":
            doc.update(title_pl=e.title, aliases_pl=aliases, body_pl=e.text, body="")
        else:
            doc.update(title=e.title, aliases=aliases, headings=" ; ".join(e.headings), body=e.text,
                       aliases_pl=" ; ".join(polish_names.get(e.id, [])), describes=more.describes,
                       tags=more.tags)
        writer.add_document(**doc)
    writer.commit()
