"""Accent folding and slugs, shared by anchors, the Whoosh analyzers and the offline data.

The browser does the same: NFD, drop combining marks, then the extra map below.
"""

from __future__ import annotations

import re
import unicodedata

# Letters NFD does not decompose; keep in sync with static/js/fold.js.
EXTRA_FOLDS = {"ł": "l", "Ł": "L", "ß": "ss", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "’": "'", "‘": "'"}
_EXTRA = str.maketrans(EXTRA_FOLDS)
_COMBINING = re.compile(r"[\u0300-\u036f]")
_NON_SLUG = re.compile(r"[^a-z0-9]+")


def fold(text: str) -> str:
    """Lower-case and strip accents: 'Obrażenia Łatwe' -> 'obrazenia latwe'."""
    decomposed = unicodedata.normalize("NFD", text.translate(_EXTRA))
    return _COMBINING.sub("", decomposed).lower()


def slugify(text: str) -> str:
    return _NON_SLUG.sub("-", fold(text)).strip("-") or "section"
