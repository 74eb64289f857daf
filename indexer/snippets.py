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
    each word's folded form, and its stem in the body's language ("en" or "pl") when a snippet first asks for it
    (BodyText.stem). `folding`: raw token -> folded word, shared by the bodies of one release (a word is folded
    once, whichever page it is on). The words' places in the body are read again for the snippet's window only."""

    def __init__(self, body: str, lang: str, folding: dict[str, str] | None = None):
        self.body = body
        self.lang = lang
        raw = TOKEN_RE.findall(body)
        folding = {} if folding is None else folding
        for token in set(raw).difference(folding):
            folding[token] = fold_word(token)
        self.folded = [folding[token] for token in raw]
        self.distinct = list(dict.fromkeys(self.folded))  # each word once, in the order it first occurs
        self._stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        """A word's stem, taken once per distinct word and only when asked for (a snippet reads up to its first
        matched word and a window after it: most words of a body are never stemmed)."""
        found = self._stems.get(word)
        if found is None:
            found = self._stems[word] = stem(word, self.lang)
        return found

    def places(self, n: int) -> Iterator[tuple[int, int, str]]:
        """(start, end, folded word) of the body's words from the n-th on."""
        folded = self.folded
        for k, m in enumerate(islice(TOKEN_RE.finditer(self.body), n, None), n):
            yield m.start(), m.end(), folded[k]


def body_words(body: str, lang: str) -> list[tuple[int, int, str, str]]:
    """Every word of a body with its place, folded form and stem in the body's language ("en" or "pl")."""
    text = BodyText(body, lang)
    return [(s, e, w, text.stem(w)) for s, e, w in text.places(0)]


def snippet(text: BodyText, wanted: set[str], summary: str) -> str:
    """Safe HTML: a window of the body from just before the first word whose stem is wanted, wanted words
    marked; the escaped summary when no word is."""
    # the first word whose stem is wanted is the first occurrence of the first such distinct word, in the order
    # the words first occur: only the words before it are stemmed, each once
    hit = next((w for w in text.distinct if text.stem(w) in wanted), None)
    if hit is None:
        return html.escape(summary)
    body = text.body
    places = text.places(text.folded.index(hit))
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
        if text.stem(w) in wanted:
            out.append(f"{html.escape(body[pos:s])}<mark>{html.escape(body[s:e])}</mark>")
            pos = e
    out.append(html.escape(body[pos:end]))
    return ("… " if start > 0 else "") + "".join(out) + (" …" if end < len(body) else "")
