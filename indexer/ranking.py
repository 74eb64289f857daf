"""Engine-independent search ranking: query words -> term variants, and the final ordering of candidates.

The server (indexer/search_backend.py, Whoosh BM25F) and the offline client
(static/js/search-core.js, MiniSearch) both score candidates with BM25 over the
same fields and boosts, then order them here, by the same rules:

    final = (REL * bm25 / best_bm25 + NAME * name_match + NAMED * named + COVER * coverage + ALL * all_words)
            * kind prior * language prior * game prior * number prior

- coverage: the share of the query's segments (words, or synonym phrases) a document matches,
  so a document matching more of a natural-language query ranks higher; all_words is 1 when it
  matches every strong segment of a query with two or more (AND-narrowing: those outrank partial matches);
- weak words: question and quantity words ("how many", "max", "tokens", "stack", "work", "jak", "ile")
  count WEAK_WEIGHT of a segment everywhere (BM25, coverage, name_match): kept, never dropped, but the
  word that names the thing decides;
- rarity: coverage and name_match weigh each segment by how rare it is in the index (rarity_weights): a word
  in many entries ("damage", "card", "phase") says less about which entry is meant than a rare one ("orange",
  "retribution"). BM25 has its own idf; the weak-word flags alone decide what all_words needs; a segment no
  entry matches at all ("granddaughter") counts 0 in both (reached_weights), so it does not dilute the others;
- name_match: the better of how well the query matches one of the entry's names (below) and DESC_RATIO times
  how well it matches one of its descriptions (search_extras: the plain words players use for what it does,
  each matched as a name is): "prevent damage or add damage" is a name of Chi in the player's words. The
  better of the two, not their sum: an entry is not counted twice for one thing the query says;
- a name's match (names: the title, the title without its bracketed part, the bracketed part, each alias
  and Polish name): the share of the query the name covers times the share of the name the query covers.
  A term query ("stun") puts the term's own entry first; a question whose words are a FAQ's title puts
  that FAQ first;
- the kind prior makes a term's own entry outrank the FAQs and summaries that mention it;
- the language prior ranks entries in the query's language first, when the words tell
  (words only the Polish pages use, or only the English entries use): a tie-breaker, not a veto;
  milder still when the query mixes both (a Polish question naming an English game term); none when the
  query names a game with no page in its language (query_language);
- the hero prior: a query naming a hero and something more prefers the FAQs tagged with that hero; a query
  naming none of a FAQ's heroes gets that FAQ at OTHER_HERO_FAQ (the general answer and the term come first);
- the kind hint: "the token that ...", "a spell that ..." prefers entries of that kind (KIND_HINTS);
- the polarity hint: "debuff" / "buff" marks down status effects of the other type (POLARITY_HINTS);
- the number prior: a query asking for a number ("how many", "max", "ile") prefers entries with a fact box;
- the compared game: a query naming two games asks about the one it names last; the other's pages get
  COMPARED_GAME besides GAME_MISMATCH (asked_game);
- the intent priors (indexer/intent.py): "what's it called" prefers the term's own entry, "timing" a phase, a
  word only one game uses that game's pages, and a Dungeon Dice page comes after the others unless the query
  names Dungeon Dice or one of its words.

BM25 sums over a query's segments; within a segment, a document scores its best synonym phrase only (the
server's DisjunctionMax, the client's one search per phrase): a hub entry that lists one thing under many
names ("health", "hp", "life", "punkty zdrowia") must not count it once per name.

Typos and search-as-you-type are handled by expanding query words against the index's own
vocabulary (the unstemmed, accent-folded words of every entry): fuzzy variants (optimal string
alignment distance, same first letter) for words the vocabulary does not know, prefix variants
for the last word. Both sides expand from the same vocabulary, so they search the same terms.
Keep static/js/search-core.js in step with this file.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from .analysis import STOP_WORDS, words
from .intent import Intent, game_prior
from .name_match import (  # noqa: F401  (re-exported: NameWords, NameMatcher and their weights stay importable here)
    NAMED,
    NAMED_MAX_DF,
    STEM_WEIGHT,
    NameMatcher,
    NameWords,
    Phrase,
    name_match,
)
from .vocabulary import (  # noqa: F401  (re-exported: the vocabulary's names stay importable from here)
    FUZZY_CACHE,
    FUZZY_WEIGHT,
    MAX_FUZZY,
    MAX_PREFIX,
    PREFIX_WEIGHT,
    Variant,
    Vocabulary,
    letter_mask,
    max_edits,
    may_reach,
    osa_distance,
)

KIND_PRIOR: dict[str, float] = {"faq": 0.9, "summary": 0.95, "overview": 0.95, "other": 0.8}
# A question ("can I ...", "what happens if ...") may put the FAQ that asks it first: no FAQ mark-down. (1.1 until
# session 11: it lifted a FAQ above the term's own entry for questions about the term; 1.0 on the dev sets: dev4 +0.6,
# dev9 top-3 +1.3, heldout9 +1.4, v10 +0.7, old -0.7.)
QUESTION_KIND_PRIOR: dict[str, float] = {**KIND_PRIOR, "faq": 1.0}
QUESTION_WORDS = frozenset("can could do does did is are was were how what when where who why which if should "
                           "will would may must".split())
LANG_MISMATCH = 0.7  # a document in the other language than the query's
MIXED_LANG_MISMATCH = 0.9  # the same, when the query mixes Polish and English-only words
GAME_MISMATCH = 0.6  # a document of another game than the one the query names
# A document of a game the query names only to compare ("in dungeon dice ..., how does dice throne ..."): the
# question is about the game named last (asked_game); the other's pages get this too (session 13).
COMPARED_GAME = 0.5
# Words that name a game inside a query ("max level dungeon dice"): a preference, not a filter.
GAME_NAMES: dict[str, list[str]] = {
    "dice-throne": ["dice throne"],
    "adventures": ["dice throne adventures", "adventures", "adventure", "dta"],
    "dungeon-dice": ["dungeon dice", "dd"],
}
REL, NAME, COVER, ALL = 1.0, 1.2, 0.6, 0.3
# Question and quantity words: searched, but a WEAK_WEIGHT share of a segment (see the module docstring).
WEAK_WORDS = frozenset(
    "many much max maximum cap limit limits most least once time times token tokens stack stacks stacking "
    "work works working happen happens happened use used using get gets effect effects rule rules "
    "could did should would may must need any "
    "ile jak jaki jaka jakie czy dziala dzialaja mozna moge mam maks zeton zetony zetonow efekt "
    "co kiedy gdy".split())
WEAK_WEIGHT = 0.3
# Words that ask for a number: the entries with a fact box (stack limits and the like) get NUMBER_PRIOR.
NUMBER_HINTS = ("how many", "how much", "max", "maximum", "limit", "cap", "ile", "maks", "limit")
NUMBER_PRIOR = 1.1
# Words that say what kind of thing the player means ("the token that ...", "a spell that ..."): those kinds get
# KIND_HINT_PRIOR. A preference, not a filter. "dial" names a piece in the box, a component (session 13, round 2).
KIND_HINTS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("token", "tokens", "debuff", "debuffs", "buff", "buffs", "status", "zeton", "zetony",
                     "zetonow"), ("status-effect", "token")),
    **dict.fromkeys(("bot", "bots", "robot", "robots", "pet", "cat", "tiger", "companion", "spirit"), ("companion",)),
    **dict.fromkeys(("spell", "symbol", "icon", "face"), ("symbol",)),
    **dict.fromkeys(("dial", "dials"), ("component",)),
}
KIND_HINT_PRIOR = 1.25
# "debuff" asks for a negative status effect, "buff" for a positive one: a status effect of the other type gets
# POLARITY_MISMATCH (unique effects and companions have no type here and are never marked down).
POLARITY_HINTS: dict[str, str] = {**dict.fromkeys(("debuff", "debuffs", "negative"), "negative"),
                                  **dict.fromkeys(("buff", "buffs", "positive"), "positive")}
POLARITY_MISMATCH = 0.8
# A query naming a hero and something more ("barbarian stun") asks about that hero's rulings: their FAQs get this.
# 1.3 until session 14: it put a hero's FAQs above the hero's own token when the query named both ("cursed doubloon
# limit on the pirate"); 1.25 on the dev sets (dev/dev3/dev5 top-3 +0.5/+0.8/+0.6; 1.22 adds heldout16 +1.0 but puts the
# Barbarian above his FAQ for "barbarian stun"; 1.2: pl8 -1.2).
HERO_FAQ_PRIOR = 1.25
# Not when the query asks for a thing (intent.Intent.thing: its name, a comparison, a way to a goal): "huntress - how
# do i keep nyra alive" asks for what does it, not the Huntress's rulings (session 15).
# A query that names none of a FAQ's heroes (no word of their names) asks about the rule, not that hero's ruling: the
# term's own entry and the general FAQ come before one hero's copy ("how much cp to get rid of knockdown").
OTHER_HERO_FAQ = 0.85
# A description's match counts this share of a name's (ranking.rank_top: name_match is the better of the two).
DESC_RATIO = 1.0
CANDIDATES = 60
MAX_QUERY_WORDS = 12  # content words searched; a longer query's tail is ignored (players type far fewer)

_BRACKETS = re.compile(r"\(([^)]*)\)")


# A word or short phrase in quotes ("what does 'then' let me do"): a quote mark not inside a word, up to 40
# characters, a closing quote mark not followed by a letter. The same pattern in static/js/search-rules.js.
QUOTED_RE = re.compile(r"(?<![^\W_])[\"'‘’“”„«]([^\"'‘’“”„«»\n]{1,40}?)[\"'‘’“”»](?![^\W_])")


def quoted_words(text: str) -> frozenset[str]:
    """The words a query puts in quotes: card wording such as 'then' or "or" is searched even when it is a stop
    word."""
    return frozenset(w for m in QUOTED_RE.finditer(text) for w in words(m.group(1)))


def content_words(all_words: list[str], keep: frozenset[str] = frozenset()) -> list[str]:
    """Query words without stop words (but those in `keep`, the quoted ones), unless that would leave nothing."""
    kept = [w for w in all_words if w not in STOP_WORDS or w in keep]
    return kept or all_words


def is_question(all_words: list[str]) -> bool:
    return bool(all_words) and all_words[0] in QUESTION_WORDS


# GAME_NAMES as word tuples, the longest first (so "dice throne adventures" wins over "dice throne").
_GAME_PHRASES = sorted(((tuple(p.split()), g) for g, ps in GAME_NAMES.items() for p in ps), key=lambda x: -len(x[0]))


def game_mentions(query_words: list[str]) -> tuple[list[str], list[str]]:
    """The games a query names, in order (read left to right, the longest name first), and its other words."""
    games: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(query_words):
        found = next(((len(p), g) for p, g in _GAME_PHRASES if tuple(query_words[i:i + len(p)]) == p), None)
        if found is None:
            rest.append(query_words[i])
            i += 1
        else:
            games.append(found[1])
            i += found[0]
    return games, rest


def asked_game(query_words: list[str]) -> tuple[str | None, list[str], frozenset[str]]:
    """The game a query asks about, the query without the words that name games (when other words remain), and the
    games it names only to compare ("in dungeon dice you add up the dice, how does dice throne decide..."): the game
    named last is the one asked about (session 13); no game's name is searched. As Rules.namedGame offline."""
    games, rest = game_mentions(query_words)
    if not games or not rest:
        return None, query_words, frozenset()
    return games[-1], rest, frozenset(games[:-1]) - {games[-1]}


def segment_weights(segments: list[list[tuple[str, ...]]]) -> list[float]:
    """Each segment's weight: WEAK_WEIGHT when one of its alternatives is a single weak word ("max", or "zeton"
    whose synonyms include "status effect"), else 1. A phrase of two or more words that a synonym group knows
    ("stack limit") names a thing, even when each of its words alone is weak."""
    return [WEAK_WEIGHT if any(len(p) == 1 and p[0] in WEAK_WORDS for p in alts) else 1.0 for alts in segments]


# A segment in at most RARE_DF entries counts whole in coverage and name_match; a commoner one counts
# idf(df) / idf(RARE_DF) (the BM25 idf both engines use): "damage" (in a third of the entries) about a third.
RARE_DF = 20


def idf(df: int, n: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


def rarity_weights(segments: list[list[tuple[str, ...]]], df: dict[str, int], n: int) -> list[float]:
    """Each segment's rarity weight (RARE_DF). A phrase is as rare as its rarest word; a segment as common as
    its commonest phrase ("dmg" means "damage"). A word the index does not have counts whole."""
    full = idf(RARE_DF, n) if n > RARE_DF else 1.0
    out = []
    for alternatives in segments:
        d = max(min(df.get(w, 0) for w in phrase) for phrase in alternatives)
        out.append(1.0 if d <= RARE_DF else min(1.0, idf(d, n) / full))
    return out


def reached_weights(weights: list[float], reached: int) -> list[float]:
    """The segment weights without the segments no searched entry matches (bit i of `reached` is set when some
    entry matches segment i, by a word, stem, synonym or near spelling): a word the index does not have at all
    ("granddaughter", "surely") says nothing about which entry is meant, so it counts 0 in coverage and
    name_match instead of diluting the words that do. Unchanged when no segment is reached."""
    if not reached:
        return weights
    return [w if reached >> i & 1 else 0.0 for i, w in enumerate(weights)]


def query_language(lang: str, game: str | None, game_langs: AbstractSet[tuple[str, str]]) -> str | None:
    """The language the language prior prefers: none when the query names a game that has no page in the query's
    language (a Polish question about Dungeon Dice is answered by its English pages, so they must not lose to
    Polish pages of another game)."""
    if game is not None and (game, lang.split("+")[0]) not in game_langs:
        return None
    return lang


def hinted_kinds(all_words: list[str]) -> frozenset[str]:
    """The kinds the query's words ask for (KIND_HINTS)."""
    return frozenset(k for w in all_words for k in KIND_HINTS.get(w, ()))


def hinted_polarity(all_words: list[str]) -> str | None:
    """The type of status effect the query's words ask for (POLARITY_HINTS), when they ask for one only."""
    found = {POLARITY_HINTS[w] for w in all_words if w in POLARITY_HINTS}
    return found.pop() if len(found) == 1 else None


def hints_number(all_words: list[str]) -> bool:
    """The query asks for a number ("how many", "max", "ile")."""
    text = f" {' '.join(all_words)} "
    return any(f" {h} " in text for h in NUMBER_HINTS)


def entry_names(title: str, aliases: Iterable[str]) -> list[list[str]]:
    """An entry's names as folded content words: title, title without brackets, bracketed parts, aliases."""
    return phrase_words([title, _BRACKETS.sub(" ", title), *_BRACKETS.findall(title), *aliases])


def phrase_words(phrases: Iterable[str]) -> list[list[str]]:
    """Each phrase as folded content words, without empty ones or repeats."""
    out: list[list[str]] = []
    for phrase in phrases:
        ws = content_words(words(phrase))
        if ws and ws not in out:
            out.append(ws)
    return out


def coverage(covered: set[int], weights: list[float], flags: list[float] | None = None) -> tuple[float, bool]:
    """The weighted share of the query's segments a document matches, and whether it matches every strong
    segment (flags: segment_weights, 1 for a strong one; default the weights) of a query with two or more
    of them (all_words)."""
    total = sum(weights) or 1.0
    strong = [i for i, w in enumerate(flags or weights) if w >= 1.0]
    share = sum(w for i, w in enumerate(weights) if i in covered) / total
    return share, len(strong) >= 2 and all(i in covered for i in strong)


@dataclass
class Candidate:
    id: str
    game: str
    kind: str
    lang: str
    bm25: float
    coverage: float
    names: list[list[str]]
    all_words: bool = False
    facts: bool = False
    heroes: list[list[str]] | None = None  # a FAQ's hero tags, as name words
    described: list[list[str]] | None = None  # its descriptions, as content words (search_extras)
    polarity: str = ""  # a status effect's type, positive or negative (search_extras)
    score: float = 0.0


@dataclass
class QueryInfo:
    """What the ranking knows about a query beyond its words."""

    segments: list[list[Phrase]]
    lang: str | None = None
    game: str | None = None
    question: bool = False
    weights: list[float] | None = None
    number: bool = False
    words: frozenset[str] = frozenset()  # the query's content words
    kinds: frozenset[str] = frozenset()  # the kinds the query asks for (hinted_kinds)
    flags: list[float] | None = None  # segment_weights (weak or strong), when weights also carry rarity
    polarity: str | None = None  # the kind of status effect the query asks for ("debuff": negative)
    intent: Intent = Intent()  # what the query asks for beyond what it names (indexer/intent.py)
    compared: frozenset[str] = frozenset()  # the games it names only to compare (asked_game)

    def names_hero(self, c: Candidate) -> bool:
        """The query names one of the FAQ's heroes and asks something more: a strong segment beyond the hero's
        name ("moon elf" alone, or "what does the moon elf do", asks for the hero, not its rulings)."""
        heroes = c.heroes or []
        if not any(set(h) <= self.words for h in heroes):
            return False
        names = {w for h in heroes for w in h}  # the words of all its heroes' names (Polish ones too)
        flags = self.flags or self.weights or [1.0] * len(self.segments)
        return any(f >= 1.0 and not any(set(p) <= names for p in alts)
                   for alts, f in zip(self.segments, flags, strict=True))

    def prior(self, c: Candidate, kinds: dict[str, float]) -> float:
        """Kind, language, game, number and hero priors of one candidate (the twin: search-rules.js Rules.prior)."""
        prior = kinds.get(c.kind, 1.0)
        if self.lang and not self.lang.startswith(c.lang):
            prior *= MIXED_LANG_MISMATCH if "+" in self.lang else LANG_MISMATCH
        prior *= GAME_MISMATCH if self.game and c.game != self.game else 1.0
        prior *= COMPARED_GAME if c.game in self.compared else 1.0
        prior *= NUMBER_PRIOR if self.number and c.facts else 1.0
        if c.heroes:
            if self.names_hero(c):
                prior *= 1.0 if self.intent.thing else HERO_FAQ_PRIOR
            elif not any(set(h) & self.words for h in c.heroes):
                prior *= OTHER_HERO_FAQ
        prior *= KIND_HINT_PRIOR if c.kind in self.kinds else 1.0
        prior *= POLARITY_MISMATCH if self.polarity and c.polarity and c.polarity != self.polarity else 1.0
        prior *= self.intent.prior if c.kind in self.intent.kinds else 1.0
        return prior * game_prior(self.game, self.intent, c.game)


def base_score(bm25: float, best: float, share: float, all_words: bool) -> float:
    """The final score's part before name_match and the priors; the engines keep their CANDIDATES best by it."""
    return REL * bm25 / best + COVER * share + ALL * all_words


def rank_top(candidates: list[Candidate], info: QueryInfo, limit: int, name_words: NameWords,
             best: float | None = None, df: dict[str, int] | None = None,
             matcher: NameMatcher | None = None) -> list[Candidate]:
    """The first `limit` candidates by final score (see the module docstring), then id; name_match is
    computed only where it can matter.

    name_match is at most max(1, DESC_RATIO), so a candidate's score is at most its score with that. Candidates
    are scored in order of that bound, highest first, until the bound falls below the limit-th best score
    found: no candidate left can reach, or tie, the first `limit`. matcher: the query's NameMatcher, when the
    caller made it (it also tells which name words each query word matches).
    """
    if best is None:
        best = max((c.bm25 for c in candidates), default=0.0) or 1.0
    kinds = QUESTION_KIND_PRIOR if info.question else KIND_PRIOR
    bounded = []
    for c in candidates:
        prior = info.prior(c, kinds)
        base = base_score(c.bm25, best, c.coverage, c.all_words)
        bounded.append(((base + NAME * max(1.0, DESC_RATIO) + NAMED) * prior, base, prior, c))
    bounded.sort(key=lambda x: -x[0])
    matcher = matcher or NameMatcher(info.segments, name_words, info.weights, df)
    scored: list[Candidate] = []
    floor: list[float] = []  # a min-heap of the `limit` best scores so far
    for upper, base, prior, c in bounded:
        if len(floor) >= limit and upper < floor[0]:
            break
        match, named = matcher.score(c.names)
        if c.described:
            match = max(match, DESC_RATIO * matcher.score(c.described)[0])
        c.score = (base + NAME * match + NAMED * named) * prior
        scored.append(c)
        if len(floor) < limit:
            heapq.heappush(floor, c.score)
        elif c.score > floor[0]:
            heapq.heapreplace(floor, c.score)
    return sorted(scored, key=lambda c: (-c.score, c.id))[:limit]
