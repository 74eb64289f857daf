"""name_match (indexer/ranking.py's module docstring says how it enters the score): how well a query matches
one of an entry's names, and whether it holds a name whole (the named thing wins).

NameWords indexes every word of every entry's names once per release; NameMatcher scores one query against many
candidates' names. static/js/search-rules.js (Rules.nameMatch) is the offline twin.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

from .analysis import stem
from .vocabulary import FUZZY_CACHE, FUZZY_WEIGHT, PREFIX_WEIGHT, letter_mask, within_edits

Phrase = tuple[str, ...]

# The named thing wins: an entry one of whose names the query holds whole gets NAMED more, when the name has a
# word in at most NAMED_MAX_DF documents (a name of common words only, "damage", names nothing in particular).
NAMED, NAMED_MAX_DF = 0.2, 15
STEM_WEIGHT = 0.9  # same stem, other form: "protect" is nearer Protect than Protection


class NameWords:
    """Every word of every entry's names, looked up by exact form, stem, prefix and shape (for fuzzy matches).

    Built once per release, so a query finds the name words each of its words matches without
    comparing it with every name of every candidate.
    """

    def __init__(self, names: Iterable[Iterable[str]], stemmed: set[str] | frozenset[str] | None = None):
        """stemmed: the words whose stems the offline client knows (its stem table: the content's, the synonyms' and
        the descriptions' words); any other query word is compared as it is, on both engines. None: every word."""
        self.stemmed = stemmed
        self.words = sorted({w for name in names for w in name})
        self.by_stem: dict[tuple[str, str], list[str]] = {}
        self.by_shape: dict[tuple[str, int], list[str]] = {}
        for w in self.words:
            for lang in ("en", "pl"):
                self.by_stem.setdefault((lang, stem(w, lang)), []).append(w)
            self.by_shape.setdefault((w[0], len(w)), []).append(w)
        self._known = set(self.words)
        self.masks = {w: letter_mask(w) for w in self.words}
        self._found: dict[tuple[str, bool], dict[str, float]] = {}

    def matches(self, query_word: str, last: bool) -> dict[str, float]:
        """Name word -> how well query_word matches it, for every name word it matches at all: 1 the same word,
        STEM_WEIGHT the same stem (English or Polish), PREFIX_WEIGHT a completion of the last query word,
        FUZZY_WEIGHT[d] within max_edits(query_word) edits d, same first letter.

        Callers must not change the dict: it is remembered (for up to FUZZY_CACHE query words, as the vocabulary
        remembers a word's fuzzy variants)."""
        found = self._found.get((query_word, last))
        if found is None:
            if len(self._found) >= FUZZY_CACHE:
                self._found.clear()
            found = self._found[(query_word, last)] = self._matches(query_word, last)
        return found

    def _matches(self, query_word: str, last: bool) -> dict[str, float]:
        found: dict[str, float] = {}
        # the rules' weights fall in the order word_matches tries them, so the best rule is the highest figure
        for w, d in within_edits(query_word, self.by_shape, self.masks):
            if d:  # 0: the word itself, found below
                found[w] = FUZZY_WEIGHT[d]
        if last and len(query_word) >= 3:
            for w in self.words[bisect.bisect_left(self.words, query_word):]:
                if not w.startswith(query_word):
                    break
                found[w] = PREFIX_WEIGHT
        known = self.stemmed is None or query_word in self.stemmed
        for lang in ("en", "pl"):
            for w in self.by_stem.get((lang, stem(query_word, lang) if known else query_word), ()):
                found[w] = STEM_WEIGHT
        if query_word in self._known:
            found[query_word] = 1.0
        return found


class NameMatcher:
    """name_match for one query, over many candidates' names.

    The name words each query word matches are found once for the query (in NameWords); a name
    none of whose words is among them scores 0 without further work.
    """

    def __init__(self, segments: list[list[Phrase]], name_words: NameWords, weights: list[float] | None = None,
                 df: dict[str, int] | None = None):
        n = len(segments)
        self.df = df or {}
        self.weights = weights or [1.0] * n
        self.total = sum(self.weights) or 1.0
        # per segment, its phrases; per phrase, its words with their prefix flag (last segment, one word)
        self.segments = [[tuple((w, i == n - 1 and len(phrase) == 1) for w in phrase) for phrase in alternatives]
                         for i, alternatives in enumerate(segments)]
        # name word -> the query words (with their flag) it matches, and how well
        self.hits: dict[str, list[tuple[tuple[str, bool], float]]] = {}
        for key in {key for alternatives in self.segments for phrase in alternatives for key in phrase}:
            for w, score in name_words.matches(*key).items():
                self.hits.setdefault(w, []).append((key, score))
        # query word -> the segments whose phrases use it: a name is scored on the segments its words reach only
        # (any other segment adds 0), which keeps a long query of many variants cheap
        self.key_segments: dict[tuple[str, bool], set[int]] = {}
        for i, alternatives in enumerate(self.segments):
            for phrase in alternatives:
                for key in phrase:
                    self.key_segments.setdefault(key, set()).add(i)
        self._scored: dict[tuple[str, ...], tuple[float, bool]] = {}  # a name's words -> _name_score

    def __call__(self, names: list[list[str]]) -> float:
        """max over names of (weighted share of query segments the name matches) x (share of the name's words
        matched)."""
        return self.score(names)[0]

    def score(self, names: list[list[str]]) -> tuple[float, bool]:
        """name_match, and whether the query holds one of the names whole (named: every word of a name with a
        word rarer than NAMED_MAX_DF documents)."""
        best, named = 0.0, False
        hit_words = self.hits.keys()
        for name in names:
            if hit_words.isdisjoint(name):  # no word of it matches a query word: it scores 0
                continue
            key = tuple(name)
            found = self._scored.get(key)
            if found is None:  # many candidates share a name (a page and its twin): each is scored once a query
                found = self._scored[key] = self._name_score(name)
            value, whole = found
            best = max(best, value)
            named = named or whole
        return best, named

    def _name_score(self, name: list[str]) -> tuple[float, bool]:
        """One name's (weighted share of query segments it matches) x (share of its words matched), and whether
        the query holds it whole (named)."""
        # per query word, the name word it matches best (on a tie, the later one)
        known: dict[tuple[str, bool], tuple[float, int]] = {}
        for j, w in enumerate(name):
            for key, score in self.hits.get(w, ()):
                if score >= known.get(key, (0.0, -1))[0]:
                    known[key] = (score, j)
        got = 0.0
        used: set[int] = set()
        for i in sorted({i for key in known for i in self.key_segments.get(key, ())}):
            alternatives, weight = self.segments[i], self.weights[i]
            seg_best, seg_used = 0.0, ()
            for phrase in alternatives:
                score, hit = 1.0, []
                for key in phrase:
                    found = known.get(key)
                    if found is None:
                        score = 0.0
                        break
                    score = min(score, found[0])
                    hit.append(found[1])
                if score > seg_best:
                    seg_best, seg_used = score, hit
            got += seg_best * weight
            used.update(seg_used)
        whole = len(used) == len(name) and min(self.df.get(w, 0) for w in name) <= NAMED_MAX_DF
        return (got / self.total) * (len(used) / len(name)), whole


def name_match(segments: list[list[Phrase]], names: list[list[str]], weights: list[float] | None = None) -> float:
    """max over names of (weighted share of query segments the name matches) x (share of the name's words
    matched)."""
    return NameMatcher(segments, NameWords(names), weights)(names)
