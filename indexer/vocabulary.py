"""The index's vocabulary: fuzzy (typo) and prefix variants of query words, and the query's language.

Split out of indexer/ranking.py (which re-exports these names); the offline twin is the Vocabulary
in static/js/search-vocab.js.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass

from .analysis import FUNCTION_LANG

PREFIX_WEIGHT = 0.7
FUZZY_WEIGHT = {1: 0.6, 2: 0.4}
MAX_PREFIX = 12
MAX_FUZZY = 6
FUZZY_CACHE = 4096  # query words whose fuzzy variants are remembered


def max_edits(word: str) -> int:
    if len(word) < 4 or word.isdigit():
        return 0
    return 1 if len(word) < 7 else 2


def osa_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (a transposition is one edit); limit + 1 when above limit.

    Only the band of cells within `limit` of the diagonal is computed: a cell outside it is more
    than `limit` edits away already.
    """
    la, lb = len(a), len(b)
    if abs(la - lb) > limit:
        return limit + 1
    if a == b:
        return 0
    over = limit + 1
    prev2: list[int] = []
    prev = [j if j <= limit else over for j in range(lb + 1)]
    for i in range(1, la + 1):
        cur = [over] * (lb + 1)
        cur[0] = i if i <= limit else over
        best = cur[0]
        ai = a[i - 1]
        for j in range(max(1, i - limit), min(lb, i + limit) + 1):
            bj = b[j - 1]
            v = prev[j - 1] + (ai != bj)
            if prev[j] + 1 < v:
                v = prev[j] + 1
            if cur[j - 1] + 1 < v:
                v = cur[j - 1] + 1
            if i > 1 and j > 1 and ai == b[j - 2] and a[i - 2] == bj and prev2[j - 2] + 1 < v:
                v = prev2[j - 2] + 1
            cur[j] = v if v < over else over
            if v < best:
                best = v
        if best > limit:
            return over
        prev2, prev = prev, cur
    return prev[lb] if prev[lb] <= limit else over


def letter_mask(word: str) -> int:
    """The set of a word's letters as bits (a letter's code modulo 63: two letters may share a bit)."""
    mask = 0
    for ch in word:
        mask |= 1 << (ord(ch) % 63)
    return mask


def may_reach(mask_a: int, mask_b: int, limit: int) -> bool:
    """False when two words are certainly more than `limit` edits apart: every edit brings at most one letter
    into a word that it lacked, so each word's letters the other lacks number at most the distance. Letters
    sharing a bit only make the count smaller: the test never rules out a word within reach. It saves most
    of the distance computations for a word that is far from every word of the index."""
    return (mask_a & ~mask_b).bit_count() <= limit and (mask_b & ~mask_a).bit_count() <= limit


@dataclass(frozen=True)
class Variant:
    """A vocabulary word searched for one query word, with its weight and how it was found."""

    word: str
    weight: float
    how: str  # exact | prefix | fuzzy


def within_edits(word: str, by_shape: dict[tuple[str, int], list[str]],
                 masks: dict[str, int]) -> Iterator[tuple[str, int]]:
    """(known word, distance) for every known word within max_edits(word) edits of `word` (the word itself at 0):
    same first letter, found by shape (first letter, length) and filtered by letter masks before the distance."""
    limit = max_edits(word)
    if not limit:
        return
    mask = letter_mask(word)
    for length in range(len(word) - limit, len(word) + limit + 1):
        for w in by_shape.get((word[0], length), ()):
            if may_reach(mask, masks[w], limit):
                d = osa_distance(word, w, limit)
                if d <= limit:
                    yield w, d


class Vocabulary:
    """The folded, unstemmed words of the index, with document frequency and the languages using them."""

    def __init__(self, df: dict[str, int], langs: dict[str, set[str]]):
        self.df = df
        self.langs = langs
        self.sorted = sorted(df)
        # words by (first letter, length): a word more than `limit` letters longer or shorter is never in reach
        self.by_shape: dict[tuple[str, int], list[str]] = {}
        self.masks = {w: letter_mask(w) for w in self.sorted}
        for w in self.sorted:
            self.by_shape.setdefault((w[0], len(w)), []).append(w)
        self._fuzzy: dict[str, list[tuple[str, int]]] = {}

    def __contains__(self, word: str) -> bool:
        return word in self.df

    def variants(self, word: str, prefix: bool) -> list[Variant]:
        out = {word: Variant(word, 1.0, "exact")}
        if prefix and len(word) >= 3 and not word.isdigit():
            lo = bisect.bisect_left(self.sorted, word)
            found = []
            for w in self.sorted[lo:]:
                if not w.startswith(word):
                    break
                if w != word:
                    found.append(w)
            found.sort(key=lambda w: (-self.df[w], w))
            for w in found[:MAX_PREFIX]:
                out[w] = Variant(w, PREFIX_WEIGHT, "prefix")
        if word not in self.df:
            for w, d in self.fuzzy(word)[:MAX_FUZZY]:
                if w not in out:
                    out[w] = Variant(w, FUZZY_WEIGHT[d], "fuzzy")
        return list(out.values())

    def fuzzy(self, word: str) -> list[tuple[str, int]]:
        """Vocabulary words within max_edits(word), same first letter; closest, then most frequent first.

        Callers must not change the list: it is remembered (for up to FUZZY_CACHE words).
        """
        found = self._fuzzy.get(word)
        if found is not None:
            return found
        found = list(within_edits(word, self.by_shape, self.masks))
        found.sort(key=lambda x: (x[1], -self.df[x[0]], x[0]))
        if len(self._fuzzy) >= FUZZY_CACHE:
            self._fuzzy.clear()
        self._fuzzy[word] = found
        return found

    def language(self, query_words: list[str], all_words: list[str] | None = None) -> str:
        """'pl' when more query words are used only by the Polish pages than only by English entries, else 'en';
        'pl+en' / 'en+pl' when words only the other language uses are there too (a mixed query). Each function
        word of all_words (analysis.FUNCTION_LANG: "the", "with", "czy" is not one, "sie" is) counts for its
        language too: the index cannot tell those, since the Polish pages quote English text."""
        only = {"en": 0, "pl": 0}
        for w in all_words or ():
            if w in FUNCTION_LANG:
                only[FUNCTION_LANG[w]] += 1
        for w in query_words:
            langs = self.langs.get(w)
            if langs is None:
                near = self.fuzzy(w)
                langs = self.langs.get(near[0][0]) if near else None
            if langs and len(langs) == 1:
                only[next(iter(langs))] += 1
        # English is the site's first language: a query with no word only Polish pages use is English.
        lang = "pl" if only["pl"] > only["en"] else "en"
        other = "en" if lang == "pl" else "pl"
        return f"{lang}+{other}" if only[other] else lang

    def suggest(self, query_words: list[str]) -> str | None:
        """The query with each unknown word replaced by its closest known word, if any changed.

        Only a plausible correction: None when an unknown word (4 letters or more, not a number) has no known word
        within the typo rule's edits, since the "correction" would keep it ("lorem ipsum" is not "lotem ipsum";
        "qqqzzz", "xyzzy plugh" get nothing). The twin: static/js/search-vocab.js suggest."""
        changed, out = False, []
        for w in query_words:
            if len(w) > 3 and not w.isdigit() and w not in self.df:
                near = self.fuzzy(w)
                if not near:
                    return None
                out.append(near[0][0])
                changed = True
            else:
                out.append(w)
        return " ".join(out) if changed else None
