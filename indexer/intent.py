"""Query intent (issue 33): what a query asks for beyond the thing it names, read from its words.

- **A name**: "what's it called", "name of", "term for", "word for" ask for the term's own entry (a glossary word,
  phase, symbol, combo, effect), not the pages that use it; so does a meaning ("what does X mean", "definition
  of", "glossary"). Those words are not searched (they name nothing in the game), the term kinds
  (NAME_KINDS) get NAME_INTENT_PRIOR, and the stop words that are an entry's whole name ("then", "or") are
  searched (named_stop_words).
- **A time**: "timing", "before", "after", "at the start / end of" ask when something happens: phases get
  TIMING_PRIOR.
- **A game**: a word only one game uses (GAME_WORDS: minion, boss, portal, loot, monster, fame, wound...) steers
  to that game, as naming it does but milder (GAME_WORD_MISMATCH for the other games' pages); and a Dungeon Dice
  page, and more mildly an Adventures page, comes after the others (UNNAMED_GAME) when the query names neither
  that game nor one of its words.
- **A way to a goal**: "how do i", "how can i", "how to", "way to" ask for the thing that does it ("how do i make
  them reroll"; in Polish "jak mogę", "sposób na"), and so does an effect told by its victim ("it made me
  reroll", "zmusił mnie"): status effects, tokens, symbols and companions get GOAL_PRIOR (session 13, round 2).
- **A comparison**: "vs", "versus", "difference", "compared" ask for the two things' own entries, as a name does
  (NAME_KINDS get NAME_INTENT_PRIOR): "undefendable vs pure dmg" asks for the two damage types, not the FAQ that
  names one of them (session 15). "vs" between two numbers ("3 vs 3") names a mode, not a comparison.
- **A thing, not a hero's rulings**: a name, a comparison or a way to a goal asks for a thing; a query that also
  names a hero does not lift that hero's FAQs (ranking.HERO_FAQ_PRIOR) then (session 15).
- **A number**: "how many", "max", "limit" (ranking.NUMBER_HINTS, the number prior) stays where it was.

Rules as data: the offline client (static/js/search-rules.js, Rules.intent and Rules.prior) reads these tables
from the build's search data (indexer/offline_data.py), so both engines apply the same ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

# Phrases (as folded words, stop words included) that ask for a name; the words of INTENT_WORDS among them are
# then not searched.
# A meaning ("what does X mean", "definition of", "glossary") asks for the term's own entry too.
NAME_INTENT: tuple[str, ...] = ("called", "name of", "name for", "name of the", "whats the name", "term for",
                                "word for", "what do you call", "jak sie nazywa", "nazwa")
# A meaning asks for the term only in a short query: "what does pure damage mean" names its term in a few words;
# a longer one tells a situation or asks two things ("how are the Spirits spent, and what does ... mean").
MEANING_INTENT: tuple[str, ...] = ("mean", "means", "meaning", "definition", "define", "glossary")
MEANING_MAX_WORDS = 10
INTENT_WORDS = frozenset({"called", "call", "name", "term", "word", "nazywa", "nazwa",
                          "mean", "means", "meaning", "definition", "define", "glossary"})
NAME_KINDS = frozenset({"glossary", "phase", "symbol", "status-effect", "token", "rule", "component", "card",
                        "companion", "mode", "monster"})
NAME_INTENT_PRIOR = 1.2
# A moment of the turn ("at the start of my turn", "na początku tury") asks when, as "timing" does (session 12).
TIMING_HINTS: tuple[str, ...] = ("timing", "before", "after", "what point", "which phase", "ktora faza", "kiedy",
                                 "start of", "end of", "beginning of", "poczatku", "koniec", "koncu")
TIMING_KINDS = frozenset({"phase"})
TIMING_PRIOR = 1.1
# A way to reach a goal ("how do i stop them healing", "is there a way to make them reroll") asks for the thing that
# does it: an effect, a token, a symbol or a companion gets GOAL_PRIOR (session 13, round 2). So does an effect told
# by the player it was done to ("the boss made me reroll", "it forced me to skip"): the question is the thing that
# did it.
GOAL_HINTS: tuple[str, ...] = ("how do i", "how can i", "how to", "way to", "how do we", "how can we",
                              "made me", "makes me", "making me", "make me", "forced me", "forces me", "forced to",
                              "jak moge", "jak moc", "jak zrobic", "sposob na", "sposob zeby", "jak sprawic",
                              "zmusil mnie", "zmusila mnie", "kazal mi", "kazala mi")
GOAL_KINDS = frozenset({"status-effect", "token", "symbol", "companion"})
GOAL_PRIOR = 1.1
# A comparison of two things (session 15): these phrases, or "vs" not between two numbers.
COMPARE_HINTS: tuple[str, ...] = ("versus", "difference", "differences", "different from", "compared", "compare",
                                  "roznica", "rozni", "roznia", "porownanie")
COMPARE_WORD = "vs"
# The Polish words of the same things, in the cases players type (session 15: the words only that game's Polish
# pages use; "minion", "boss", "portal", "chaos" are Polish words too).
GAME_WORDS: dict[str, tuple[str, ...]] = {
    "adventures": ("minion", "minions", "boss", "bosses", "portal", "portals", "loot", "salve", "salves", "shop",
                   "scenario", "scenarios", "crawl", "tile", "tiles", "environment", "campaign", "chaos",
                   "miniona", "minionow", "minionem", "minionami", "bossa", "bossem", "bossow", "portalu", "lup",
                   "lupu", "lupy", "lupow", "lupem", "masc", "masci", "sklep", "sklepu", "sklepie", "scenariusz",
                   "scenariusza", "scenariuszu", "scenariusze", "kafelek", "kafelka", "kafelki", "kafelkow",
                   "kampania", "kampanie"),
    "dungeon-dice": ("monster", "monsters", "fame", "wound", "wounds", "trophy", "trophies", "xp", "dungeon",
                     "potwor", "potwora", "potwory", "potworem", "potworow", "potworowi", "potworze", "potworami",
                     "slawa", "slawy", "slawe", "slawie", "rana", "rany", "rane", "ranami", "trofeum", "trofea",
                     "trofeow"),
}
GAME_WORD_MISMATCH = 0.85
# A page of this game when the query names neither the game nor one of its GAME_WORDS: Dice Throne is the game a
# question is about unless it says otherwise. Adventures only mildly (session 12), with its components' words
# ("tile", "environment", "campaign", "chaos": words of Adventures pages only, or nearly) among its GAME_WORDS.
UNNAMED_GAME: dict[str, float] = {"dungeon-dice": 0.9, "adventures": 0.95}


@dataclass(frozen=True)
class Intent:
    kinds: frozenset[str] = frozenset()  # the kinds the query's intent prefers
    prior: float = 1.0  # what those kinds get
    games: frozenset[str] = frozenset()  # the games whose GAME_WORDS the query uses
    # it asks for a thing (a name, a comparison, a way to a goal): a hero's FAQs get no ranking.HERO_FAQ_PRIOR
    thing: bool = False


def _has(text: str, phrases: tuple[str, ...]) -> bool:
    return any(f" {p} " in text for p in phrases)


def query_intent(all_words: list[str]) -> Intent:
    """The intent of a query's words (all of them, stop words included)."""
    text = f" {' '.join(all_words)} "
    games = frozenset(g for g, ws in GAME_WORDS.items() if any(w in ws for w in all_words))
    if asks_name(all_words) or asks_comparison(all_words):
        return Intent(NAME_KINDS, NAME_INTENT_PRIOR, games, thing=True)
    if _has(text, TIMING_HINTS):
        return Intent(TIMING_KINDS, TIMING_PRIOR, games)
    if _has(text, GOAL_HINTS):
        return Intent(GOAL_KINDS, GOAL_PRIOR, games, thing=True)
    return Intent(games=games)


def asks_name(all_words: list[str]) -> bool:
    """The query asks for a name or a meaning ("what's it called", "what does then mean")."""
    text = f" {' '.join(all_words)} "
    return _has(text, NAME_INTENT) or (len(all_words) <= MEANING_MAX_WORDS and _has(text, MEANING_INTENT))


def _number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def asks_comparison(all_words: list[str]) -> bool:
    """The query compares two things ("undefendable vs pure dmg", "difference between reach and scout"); "vs"
    between two numbers ("3 vs 3") names a mode."""
    if _has(f" {' '.join(all_words)} ", COMPARE_HINTS):
        return True
    last = len(all_words) - 1
    return any(w == COMPARE_WORD and not (0 < i < last and _number(all_words[i - 1]) and _number(all_words[i + 1]))
               for i, w in enumerate(all_words))


def named_stop_words(names: Iterable[list[str]], stop_words: AbstractSet[str]) -> frozenset[str]:
    """The stop words that are a whole name of an entry ("then", "or", "lub": card wording with an entry of its
    own): a query asking for a name or a meaning searches them ("what does then mean on a card")."""
    return frozenset(n[0] for n in names if len(n) == 1 and n[0] in stop_words)


def without_intent_words(query_words: list[str], all_words: list[str]) -> list[str]:
    """The query's content words less the words that only ask for a name ("called"), when it asks for one and
    other words remain."""
    if not asks_name(all_words):
        return query_words
    kept = [w for w in query_words if w not in INTENT_WORDS]
    return kept or query_words


def game_prior(game: str | None, intent: Intent, page_game: str) -> float:
    """The game-word prior of one page (none when the query names a game: ranking.GAME_MISMATCH decides)."""
    if game is not None:
        return 1.0
    if len(intent.games) == 1 and page_game not in intent.games:
        return GAME_WORD_MISMATCH
    if page_game not in intent.games:
        return UNNAMED_GAME.get(page_game, 1.0)
    return 1.0
