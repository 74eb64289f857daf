"""Engine-independent search ranking: query words -> term variants, and the final ordering of candidates.

The server (indexer/search_backend.py, Whoosh BM25F) and the offline client
(static/js/search-core.js, MiniSearch) both score candidates with BM25 over the
same fields and boosts, then order them here, by the same rules:

    final = (REL * bm25 / best_bm25 + NAME * name_match + COVER * coverage) * kind prior * language prior

- coverage: the share of the query's segments (words, or synonym phrases) a document matches,
  so a document matching more of a natural-language query ranks higher;
- name_match: how well the query matches one of the entry's names (its title, the title without
  its bracketed part, the bracketed part, each alias and Polish name): the share of the query the
  name covers times the share of the name the query covers. A term query ("stun") puts the term's
  own entry first; a question whose words are a FAQ's title puts that FAQ first;
- the kind prior makes a term's own entry outrank the FAQs and summaries that mention it;
- the language prior ranks entries in the query's language first, when the words tell
  (words only the Polish pages use, or only the English entries use).

Typos and search-as-you-type are handled by expanding query words against the index's own
vocabulary (the unstemmed, accent-folded words of every entry): fuzzy variants (optimal string
alignment distance, same first letter) for words the vocabulary does not know, prefix variants
for the last word. Both sides expand from the same vocabulary, so they search the same terms.
Keep static/js/search-core.js in step with this file.
"""

from __future__ import annotations

import bisect
import heapq
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from .analysis import STOP_WORDS, stem, words

KIND_PRIOR: dict[str, float] = {"faq": 0.9, "summary": 0.95, "overview": 0.95, "other": 0.8}
# A question ("can I ...", "what happens if ...") may put the FAQ that asks it first.
QUESTION_KIND_PRIOR: dict[str, float] = {**KIND_PRIOR, "faq": 1.1}
QUESTION_WORDS = frozenset("can could do does did is are was were how what when where who why which if should "
                           "will would may must".split())
LANG_MISMATCH = 0.45  # a document in the other language than the query's
GAME_MISMATCH = 0.6  # a document of another game than the one the query names
# Words that name a game inside a query ("max level dungeon dice"): a preference, not a filter.
GAME_NAMES: dict[str, list[str]] = {
    "dice-throne": ["dice throne"],
    "adventures": ["dice throne adventures", "adventures", "adventure", "dta"],
    "dungeon-dice": ["dungeon dice", "dd"],
}
REL, NAME, COVER = 1.0, 1.2, 0.6
STEM_WEIGHT = 0.9  # same stem, other form: "protect" is nearer Protect than Protection
PREFIX_WEIGHT = 0.7
FUZZY_WEIGHT = {1: 0.6, 2: 0.4}
MAX_PREFIX = 12
MAX_FUZZY = 6
CANDIDATES = 60
MAX_QUERY_WORDS = 12  # content words searched; a longer query's tail is ignored (players type far fewer)

_BRACKETS = re.compile(r"\(([^)]*)\)")


def content_words(all_words: list[str]) -> list[str]:
    """Query words without stop words, unless that would leave nothing."""
    kept = [w for w in all_words if w not in STOP_WORDS]
    return kept or all_words


def is_question(all_words: list[str]) -> bool:
    return bool(all_words) and all_words[0] in QUESTION_WORDS


def named_game(query_words: list[str]) -> tuple[str | None, list[str]]:
    """The game a query names, and the query without those words (only when other words remain)."""
    phrases = sorted(((tuple(p.split()), g) for g, ps in GAME_NAMES.items() for p in ps), key=lambda x: -len(x[0]))
    for phrase, game in phrases:
        n = len(phrase)
        for i in range(len(query_words) - n + 1):
            if tuple(query_words[i:i + n]) == phrase and len(query_words) > n:
                return game, query_words[:i] + query_words[i + n:]
    return None, query_words


def max_edits(word: str) -> int:
    if len(word) < 4 or word.isdigit():
        return 0
    return 1 if len(word) < 7 else 2


def osa_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (a transposition is one edit); limit + 1 when above limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[len(b)] if prev[len(b)] <= limit else limit + 1


@dataclass(frozen=True)
class Variant:
    """A vocabulary word searched for one query word, with its weight and how it was found."""

    word: str
    weight: float
    how: str  # exact | prefix | fuzzy


class Vocabulary:
    """The folded, unstemmed words of the index, with document frequency and the languages using them."""

    def __init__(self, df: dict[str, int], langs: dict[str, set[str]]):
        self.df = df
        self.langs = langs
        self.sorted = sorted(df)
        self.by_initial: dict[str, list[str]] = {}
        for w in self.sorted:
            self.by_initial.setdefault(w[0], []).append(w)

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
        """Vocabulary words within max_edits(word), same first letter; closest, then most frequent first."""
        limit = max_edits(word)
        if not limit:
            return []
        found = []
        for w in self.by_initial.get(word[0], []):
            d = osa_distance(word, w, limit)
            if d <= limit:
                found.append((w, d))
        found.sort(key=lambda x: (x[1], -self.df[x[0]], x[0]))
        return found

    def language(self, query_words: list[str]) -> str:
        """'pl' when more query words are used only by the Polish pages than only by English entries, else 'en'."""
        only = {"en": 0, "pl": 0}
        for w in query_words:
            langs = self.langs.get(w)
            if langs is None:
                near = self.fuzzy(w)
                langs = self.langs.get(near[0][0]) if near else None
            if langs and len(langs) == 1:
                only[next(iter(langs))] += 1
        # English is the site's first language: a query with no word only Polish pages use is English.
        return "pl" if only["pl"] > only["en"] else "en"

    def suggest(self, query_words: list[str]) -> str | None:
        """The query with each unknown word replaced by its closest known word, if any changed."""
        changed, out = False, []
        for w in query_words:
            near = self.fuzzy(w) if len(w) > 3 and not w.isdigit() and w not in self.df else []
            if near:
                out.append(near[0][0])
                changed = True
            else:
                out.append(w)
        return " ".join(out) if changed else None


def entry_names(title: str, aliases: Iterable[str]) -> list[list[str]]:
    """An entry's names as folded content words: title, title without brackets, bracketed parts, aliases."""
    raw = [title, _BRACKETS.sub(" ", title), *_BRACKETS.findall(title), *aliases]
    names: list[list[str]] = []
    for name in raw:
        ws = content_words(words(name))
        if ws and ws not in names:
            names.append(ws)
    return names


Phrase = tuple[str, ...]


@lru_cache(maxsize=200_000)
def word_matches(query_word: str, name_word: str, last: bool) -> float:
    """How well one query word matches one name word: 1 same (or same stem), else fuzzy or prefix credit."""
    if query_word == name_word:
        return 1.0
    if stem(query_word, "en") == stem(name_word, "en") or stem(query_word, "pl") == stem(name_word, "pl"):
        return STEM_WEIGHT
    if last and len(query_word) >= 3 and name_word.startswith(query_word):
        return PREFIX_WEIGHT
    limit = max_edits(query_word)
    if limit and query_word[0] == name_word[0] and osa_distance(query_word, name_word, limit) <= limit:
        return FUZZY_WEIGHT[osa_distance(query_word, name_word, limit)]
    return 0.0


@lru_cache(maxsize=200_000)
def best_word(query_word: str, last: bool, name: tuple[str, ...]) -> tuple[float, int]:
    """The name word one query word matches best: (how well, its index); (0.0, -1) for an empty name."""
    return max(((word_matches(query_word, nw, last), j) for j, nw in enumerate(name)), default=(0.0, -1))


def name_match(segments: list[list[Phrase]], names: list[list[str]]) -> float:
    """max over names of (share of query segments the name matches) x (share of the name's words matched)."""
    best = 0.0
    n = len(segments)
    if not n:
        return 0.0
    for name_words in names:
        name = tuple(name_words)
        got = 0.0
        used: set[int] = set()
        for i, alternatives in enumerate(segments):
            last = i == n - 1
            seg_best, seg_used = 0.0, set()
            for phrase in alternatives:
                score, hit = 1.0, set()
                for w in phrase:
                    s, j = best_word(w, last and len(phrase) == 1, name)
                    if s <= 0:
                        score = 0.0
                        break
                    score = min(score, s)
                    hit.add(j)
                if score > seg_best:
                    seg_best, seg_used = score, hit
            got += seg_best
            used |= seg_used
        best = max(best, (got / n) * (len(used) / len(name)))
    return best


@dataclass
class Candidate:
    id: str
    game: str
    kind: str
    lang: str
    bm25: float
    coverage: float
    names: list[list[str]]
    score: float = 0.0


@dataclass
class QueryInfo:
    """What the ranking knows about a query beyond its words."""

    segments: list[list[Phrase]]
    lang: str | None = None
    game: str | None = None
    question: bool = False


def rank(candidates: list[Candidate], info: QueryInfo,
         name_fn: Callable[[list[list[Phrase]], list[list[str]]], float] = name_match) -> list[Candidate]:
    best = max((c.bm25 for c in candidates), default=0.0) or 1.0
    kinds = QUESTION_KIND_PRIOR if info.question else KIND_PRIOR
    for c in candidates:
        prior = kinds.get(c.kind, 1.0)
        prior *= LANG_MISMATCH if info.lang and c.lang != info.lang else 1.0
        prior *= GAME_MISMATCH if info.game and c.game != info.game else 1.0
        c.score = (REL * c.bm25 / best + NAME * name_fn(info.segments, c.names) + COVER * c.coverage) * prior
    return sorted(candidates, key=lambda c: (-c.score, c.id))


def rank_top(candidates: list[Candidate], info: QueryInfo, limit: int) -> list[Candidate]:
    """The first `limit` of rank()'s order, with the same scores, computing name_match only where it can matter.

    name_match is at most 1, so a candidate's score is at most its score with name_match = 1. Candidates
    are scored in order of that bound, highest first, until the bound falls below the limit-th best score
    found: no candidate left can reach, or tie, the first `limit`.
    """
    best = max((c.bm25 for c in candidates), default=0.0) or 1.0
    kinds = QUESTION_KIND_PRIOR if info.question else KIND_PRIOR
    bounded = []
    for c in candidates:
        prior = kinds.get(c.kind, 1.0)
        prior *= LANG_MISMATCH if info.lang and c.lang != info.lang else 1.0
        prior *= GAME_MISMATCH if info.game and c.game != info.game else 1.0
        bounded.append(((REL * c.bm25 / best + NAME * 1.0 + COVER * c.coverage) * prior, prior, c))
    bounded.sort(key=lambda x: -x[0])
    scored: list[Candidate] = []
    floor: list[float] = []  # a min-heap of the `limit` best scores so far
    for upper, prior, c in bounded:
        if len(floor) >= limit and upper < floor[0]:
            break
        c.score = (REL * c.bm25 / best + NAME * name_match(info.segments, c.names) + COVER * c.coverage) * prior
        scored.append(c)
        if len(floor) < limit:
            heapq.heappush(floor, c.score)
        elif c.score > floor[0]:
            heapq.heapreplace(floor, c.score)
    return sorted(scored, key=lambda c: (-c.score, c.id))[:limit]
