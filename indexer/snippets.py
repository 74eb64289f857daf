"""Result snippets on the server, cut as the offline client cuts them (static/js/search-core.js snippet):
up to SNIPPET_CHARS characters of the body from SNIPPET_BEFORE before the first matched word, matched words
marked. Pure text work, split out of indexer/search_backend.py, which keeps each document's BodyText cached."""

from __future__ import annotations

import html
from collections.abc import Iterator
from itertools import chain, islice

from .analysis import TOKEN_RE, fold_word, stem

SNIPPET_CHARS, SNIPPET_BEFORE = 180, 50


class BodyText:
    """A body's words, read once (a page is read when a search first shows it, so this is paid inside a search):
    each word's folded form, where each distinct word first occurs, and its stem in the body's language ("en" or
    "pl"), taken once per distinct word when a snippet first needs it. `folding`: raw token -> folded word, shared
    by the bodies of one release (a word is folded once, whichever page it is on). The words' places in the body
    are read again for the snippet's window only."""

    def __init__(self, body: str, lang: str, folding: dict[str, str] | None = None):
        self.body = body
        self.lang = lang
        raw = TOKEN_RE.findall(body)
        folding = {} if folding is None else folding
        for token in set(raw).difference(folding):
            folding[token] = fold_word(token)
        self.folded = [folding[token] for token in raw]
        # folded word -> the number of its first occurrence (the last one written, counting down, is the first)
        self.first = {self.folded[n]: n for n in range(len(self.folded) - 1, -1, -1)}
        self._stems: dict[str, str] | None = None

    def stems(self) -> dict[str, str]:
        """Distinct folded word -> its stem."""
        if self._stems is None:
            self._stems = {w: stem(w, self.lang) for w in self.first}
        return self._stems

    def places(self, n: int) -> Iterator[tuple[int, int, str]]:
        """(start, end, folded word) of the body's words from the n-th on."""
        folded = self.folded
        for k, m in enumerate(islice(TOKEN_RE.finditer(self.body), n, None), n):
            yield m.start(), m.end(), folded[k]


def body_words(body: str, lang: str) -> list[tuple[int, int, str, str]]:
    """Every word of a body with its place, folded form and stem in the body's language ("en" or "pl")."""
    text = BodyText(body, lang)
    stems = text.stems()
    return [(s, e, w, stems[w]) for s, e, w in text.places(0)]


def snippet(text: BodyText, wanted: set[str], summary: str) -> str:
    """Safe HTML: a window of the body from just before the first word whose stem is wanted, wanted words
    marked; the escaped summary when no word is."""
    marked = {w for w, s in text.stems().items() if s in wanted}
    if not marked:
        return html.escape(summary)
    body = text.body
    places = text.places(min(text.first[w] for w in marked))
    at = next(places)
    start = max(0, at[0] - SNIPPET_BEFORE)
    if start > 0:
        space = body.find(" ", start)
        start = space + 1 if 0 <= space < at[0] else start
    end = min(len(body), start + SNIPPET_CHARS)
    out, pos = [], start
    for s, e, w in chain([at], places):
        if s >= end:
            break
        if w in marked:
            out.append(f"{html.escape(body[pos:s])}<mark>{html.escape(body[s:e])}</mark>")
            pos = e
    out.append(html.escape(body[pos:end]))
    return ("… " if start > 0 else "") + "".join(out) + (" …" if end < len(body) else "")
