"""A ruling's answer in a few words, for the search suggestions (issue 34): "No. Once activated, nothing…".

Made once by the build from the entry's summary (its first paragraph), for FAQ entries only, and carried both in
the server's results (site/search_results.py, the JSON API) and in the offline search data (offline_data.py), so
the suggestions show the same words online and offline.
"""

from __future__ import annotations

ANSWER_KINDS = frozenset({"faq"})
ANSWER_CHARS = 64  # at most this many characters, the "…" included: with the game and kind, two lines on a 360 px phone
# a cut never ends on these (an opening bracket or a dash would dangle before the "…")
DANGLING = " ,;:([–—-"


def answer_preview(summary: str, limit: int = ANSWER_CHARS) -> str:
    """The summary's first words, cut at a word to at most `limit` characters with "…" when cut."""
    text = " ".join(summary.split())
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    cut = head.rsplit(" ", 1)[0] if text[limit - 1] != " " else head
    cut = cut.rstrip(DANGLING).rstrip("….")
    return (cut or head) + "…"


def entry_answer(kind: str, summary: str) -> str:
    """The preview an entry of this kind carries: its answer's first words for a ruling (FAQ), else ""."""
    return answer_preview(summary) if kind in ANSWER_KINDS and summary else ""
