"""Text analysis shared by the server index and the offline data: folding, stemming, synonyms."""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

from .folding import fold

# Words are found in the original text (so highlight offsets stay right), then folded.
TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")

# A short, conservative English stop list: rule words such as "not", "all" or "no" stay searchable.
STOP_WORDS = frozenset(
    "a an and are as at be by can do does for from how i if in is it its me my of on or the "
    "their them then there these they this to was what when where which who why will with you your "
    "i'm im am".split()
)


def fold_word(raw: str) -> str:
    """One token, folded; apostrophes dropped so "King's" and "kings" meet."""
    return fold(raw).replace("'", "")


def words(text: str) -> list[str]:
    return [fold_word(m.group()) for m in TOKEN_RE.finditer(text)]


@lru_cache(maxsize=1)
def _stemmers() -> dict[str, snowballstemmer.stemmer]:
    return {"en": snowballstemmer.stemmer("english"), "pl": snowballstemmer.stemmer("polish")}


@lru_cache(maxsize=50_000)
def stem(word: str, lang: str) -> str:
    """Fold first, then stem, on both sides, so 'kosc' and 'kość' meet."""
    return _stemmers()[lang].stemWord(word)
