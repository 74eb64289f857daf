"""Stage: the data the browser needs to search with no server, the same way the server does.

The offline client (static/js/search-rank.js over MiniSearch) indexes the same fields with
the same boosts, stems with the same Snowball stemmers (as a lookup table of every word the
content and the synonyms use, since the stemmers are Python), expands synonyms, folds accents
and ranks with the same rules and constants as indexer/ranking.py.
"""

from __future__ import annotations

from typing import Any

from . import intent, ranking
from .analysis import FUNCTION_LANG, STOP_WORDS, stem, words
from .model import Entry
from .rulings import ruling_keys
from .search_backend import BM25_B, BM25_K1, EN_FIELDS, PL_FIELDS, PLAIN_WEIGHT
from .search_extras import SearchExtras, hero_words, search_names
from .synonyms import Phrase


def stem_table(texts: list[str], extra_words: set[str]) -> dict[str, dict[str, str]]:
    """Folded word -> stem, per language, for every word where the stem differs from the word."""
    vocab = set(extra_words)
    for text in texts:
        vocab.update(words(text))
    table: dict[str, dict[str, str]] = {"en": {}, "pl": {}}
    for w in sorted(vocab):
        for lang in table:
            s = stem(w, lang)
            if s != w:
                table[lang][w] = s
    return table


def offline_search_data(entries: list[Entry], groups: list[list[Phrase]], polish_names: dict[str, list[str]],
                        content_hash: str, extras: dict[str, SearchExtras] | None = None) -> dict[str, Any]:
    docs = []
    texts: list[str] = []
    rulings = ruling_keys(entries)  # per-hero copies of one ruling fold into one suggestion (indexer/rulings.py)
    for e in entries:
        more = (extras or {}).get(e.id) or SearchExtras()
        pl_names = polish_names.get(e.id, []) if e.lang == "en" else []
        doc = {
            "id": e.id, "title": e.title, "url": e.url, "game": e.game, "kind": e.kind, "lang": e.lang,
            "aliases": " ; ".join(e.aliases), "polish_names": " ; ".join(pl_names),
            "headings": " ; ".join(e.headings), "body": e.text, "summary": e.summary,
            "names": search_names(e, pl_names, more),
            # search_extras: FAQ tags as words, effect descriptions, a fact box, sections (anchor, heading, offset)
            "tags": more.tags, "describes": more.describes, "describes_pl": more.describes_pl,
            "facts": more.facts, "sections": [list(x) for x in more.sections], "heroes": hero_words(more),
            "polarity": more.polarity,
            "described": more.described,
        }
        if e.id in rulings:
            doc["ruling"] = rulings[e.id]
        if e.answer:  # a ruling's answer in a few words, for the suggestions (FAQ rows only: kept small)
            doc["answer"] = e.answer
        docs.append(doc)
        texts += [e.title, doc["aliases"], doc["polish_names"], doc["headings"], e.text, more.tags, more.describes,
                  more.describes_pl]
    synonym_words = {w for g in groups for p in g for w in p}
    return {
        "version": content_hash,
        # Field boosts, as in the server's schema: English fields for English entries, Polish fields
        # for Polish pages (and the Polish names of English entries), and the plain `fuzzy` field.
        "boosts": dict(EN_FIELDS),
        "pl_boosts": dict(PL_FIELDS),
        "plain_weight": PLAIN_WEIGHT,
        "bm25": {"k": BM25_K1, "b": BM25_B, "d": 0},
        "ranking": {
            "kind_prior": ranking.KIND_PRIOR,
            "question_kind_prior": ranking.QUESTION_KIND_PRIOR,
            "question_words": sorted(ranking.QUESTION_WORDS),
            "lang_mismatch": ranking.LANG_MISMATCH,
            "game_mismatch": ranking.GAME_MISMATCH, "compared_game": ranking.COMPARED_GAME,
            "game_names": ranking.GAME_NAMES,
            "rel": ranking.REL, "name": ranking.NAME, "cover": ranking.COVER, "all": ranking.ALL,
            "named": ranking.NAMED, "named_max_df": ranking.NAMED_MAX_DF,
            "mixed_lang_mismatch": ranking.MIXED_LANG_MISMATCH, "function_lang": FUNCTION_LANG,
            "weak_words": sorted(ranking.WEAK_WORDS), "weak_weight": ranking.WEAK_WEIGHT,
            "number_hints": list(ranking.NUMBER_HINTS), "number_prior": ranking.NUMBER_PRIOR,
            "hero_faq_prior": ranking.HERO_FAQ_PRIOR, "other_hero_faq": ranking.OTHER_HERO_FAQ,
            "desc_ratio": ranking.DESC_RATIO,
            "rare_df": ranking.RARE_DF,
            "kind_hints": {w: list(k) for w, k in ranking.KIND_HINTS.items()},
            "kind_hint_prior": ranking.KIND_HINT_PRIOR,
            "polarity_hints": ranking.POLARITY_HINTS, "polarity_mismatch": ranking.POLARITY_MISMATCH,
            "stem_weight": ranking.STEM_WEIGHT, "prefix_weight": ranking.PREFIX_WEIGHT,
            "fuzzy_weight": {str(k): v for k, v in ranking.FUZZY_WEIGHT.items()},
            "max_prefix": ranking.MAX_PREFIX, "max_fuzzy": ranking.MAX_FUZZY, "candidates": ranking.CANDIDATES,
            "max_query_words": ranking.MAX_QUERY_WORDS,
            "intent": {"name": list(intent.NAME_INTENT), "words": sorted(intent.INTENT_WORDS),
                       "meaning": list(intent.MEANING_INTENT), "meaning_max_words": intent.MEANING_MAX_WORDS,
                       "name_kinds": sorted(intent.NAME_KINDS), "name_prior": intent.NAME_INTENT_PRIOR,
                       "compare": list(intent.COMPARE_HINTS), "compare_word": intent.COMPARE_WORD,
                       "timing": list(intent.TIMING_HINTS), "timing_kinds": sorted(intent.TIMING_KINDS),
                       "timing_prior": intent.TIMING_PRIOR, "goal": list(intent.GOAL_HINTS),
                       "goal_kinds": sorted(intent.GOAL_KINDS), "goal_prior": intent.GOAL_PRIOR,
                       "game_words": intent.GAME_WORDS,
                       "game_word_mismatch": intent.GAME_WORD_MISMATCH, "unnamed_game": intent.UNNAMED_GAME},
        },
        "stop_words": sorted(STOP_WORDS),
        "synonyms": [[list(p) for p in g] for g in groups],
        "stems": stem_table(texts, synonym_words),
        "docs": docs,
    }
