"""Result snippets on the server, cut as the offline client cuts them (static/js/search-core.js snippet):
up to SNIPPET_CHARS characters of the body from SNIPPET_BEFORE before the first matched word, matched words
marked. Pure text work, split out of indexer/search_backend.py, which keeps each document's words cached."""

from __future__ import annotations

import html

from .analysis import TOKEN_RE, fold_word, stem

SNIPPET_CHARS, SNIPPET_BEFORE = 180, 50

# One word of a body: (start, end, folded word, stem).
BodyWord = tuple[int, int, str, str]


def body_words(body: str, lang: str) -> list[BodyWord]:
    """Every word of a body with its place, folded form and stem in the body's language ("en" or "pl")."""
    return [(m.start(), m.end(), w, stem(w, lang))
            for m in TOKEN_RE.finditer(body) for w in (fold_word(m.group()),)]


def snippet(body: str, words_at: list[BodyWord], wanted: set[str], summary: str) -> str:
    """Safe HTML: a window of the body from just before the first word whose stem is wanted, wanted words
    marked; the escaped summary when no word is."""
    first = next((i for i, w in enumerate(words_at) if w[3] in wanted), None)
    if first is None:
        return html.escape(summary)
    start = max(0, words_at[first][0] - SNIPPET_BEFORE)
    if start > 0:
        space = body.find(" ", start)
        start = space + 1 if 0 <= space < words_at[first][0] else start
    end = min(len(body), start + SNIPPET_CHARS)
    out, pos = [], start
    for s, e, _, w in words_at[first:]:
        if s >= end:
            break
        if w in wanted:
            out.append(f"{html.escape(body[pos:s])}<mark>{html.escape(body[s:e])}</mark>")
            pos = e
    out.append(html.escape(body[pos:end]))
    return ("… " if start > 0 else "") + "".join(out) + (" …" if end < len(body) else "")
