"""Text analysis shared by the server index and the offline data: folding, stemming, synonyms."""

from __future__ import annotations

import re
import threading
from functools import lru_cache

import snowballstemmer

from .folding import fold

# Words are found in the original text (so highlight offsets stay right), then folded.
TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")

# A short, conservative stop list (English, then Polish function words): rule words such as "not", "all",
# "no" or "nie" stay searchable.
EN_STOP_WORDS = frozenset(
    "a an and are as at be by can do does for from how i if in is it its me my of on or the "
    "their them then there these they this to was what when where which who why will with you your "
    "i'm im am that so than just also about into dont those "
    # pronouns and auxiliaries of a story told about other players ("he had a knockdown on him and still did his
    # roll"): they name nothing in the game (session 14)
    "he him his she her hers us our ours had did didnt were been".split())
PL_STOP_WORDS = frozenset(
    # Polish function words (prepositions, conjunctions, pronouns): "ile pw na start" is about CP and the start
    "na w we z ze o od po za dla sie jest sa ale lub oraz ten ta te tego tej mnie mi moj moja moje "
    "juz tez tylko "
    # more Polish function words, as the English ones above: pronouns, "can/do/be" verbs, conjunctions
    "ja ty ona ono oni mu jego jej ich nim niej tym tych twoj twoja twoje swoj swoja swoje swojego "
    "swojej sobie moze robic robie zrobic byc jestem byl byla bedzie bo ze zeby wiec albo przez przy pod "
    "ktory ktora ktore ktorego ktorej jesli jezeli tu tam".split())
STOP_WORDS = EN_STOP_WORDS | PL_STOP_WORDS
# Function words that are words of both languages once folded ("i" and "a" are Polish "and", "to" Polish "it",
# "do", "on", "my", "we", "by", "im" Polish words too; "ten" an English number, "w" short for "with"): they say
# nothing of the language.
BOTH_LANGUAGES = frozenset("a i to do on my we by im ten w".split())
# A function word says which language the query is written in, where the index's words cannot: the Polish pages
# quote English card text, so "the" or "with" are in both (vocabulary.Vocabulary.language counts these).
FUNCTION_LANG: dict[str, str] = {**{w: "en" for w in sorted(EN_STOP_WORDS - BOTH_LANGUAGES)},
                                 **{w: "pl" for w in sorted(PL_STOP_WORDS - BOTH_LANGUAGES)}}


def fold_word(raw: str) -> str:
    """One token, folded; apostrophes dropped so "King's" and "kings" meet."""
    return fold(raw).replace("'", "")


def words(text: str) -> list[str]:
    return [fold_word(m.group()) for m in TOKEN_RE.finditer(text)]


SNOWBALL_LANGUAGES = {"en": "english", "pl": "polish"}

# A Snowball stemmer keeps state between the steps of one call, so one object shared by the
# server's threads gives wrong stems (and, once cached, wrong answers for good). Each thread
# gets stemmers of its own.
_local = threading.local()


def _stemmers() -> dict[str, snowballstemmer.stemmer]:
    stemmers = getattr(_local, "stemmers", None)
    if stemmers is None:
        stemmers = {lang: snowballstemmer.stemmer(name) for lang, name in SNOWBALL_LANGUAGES.items()}
        _local.stemmers = stemmers
    return stemmers


def stem_uncached(word: str, lang: str) -> str:
    """The Snowball stem of one folded word, with this thread's own stemmer."""
    return _stemmers()[lang].stemWord(word)


@lru_cache(maxsize=50_000)
def stem(word: str, lang: str) -> str:
    """Fold first, then stem, on both sides, so 'kosc' and 'kość' meet."""
    return stem_uncached(word, lang)
