"""Synonym groups (abbreviations, other spellings, the Polish term map) as data.

A group is a list of phrases that mean the same thing; each phrase is a list of
folded words. Search expands a phrase it finds in a query into its whole group.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .analysis import STOP_WORDS, words

Phrase = tuple[str, ...]


def synonym_groups(data: dict[str, Any]) -> list[list[Phrase]]:
    groups: list[list[Phrase]] = []
    for group in data.get("synonyms", {}).get("groups", []):
        groups.append(_phrases(group))
    for term in data.get("polish-terms", {}).get("terms", []):
        if not isinstance(term, dict):
            continue
        names = [term.get("pl", ""), term.get("en", ""), *(term.get("variants") or [])]
        groups.append(_phrases(names))
    return [g for g in groups if len(g) > 1]


def _phrases(names: list[Any]) -> list[Phrase]:
    out: list[Phrase] = []
    for name in names:
        all_words = words(str(name))
        # Queries are searched without their stop words, so phrases are matched the same way.
        phrase = tuple(w for w in all_words if w not in STOP_WORDS) or tuple(all_words)
        if phrase and phrase not in out:
            out.append(phrase)
    return out


@dataclass(frozen=True)
class PhraseIndex:
    """Each synonym phrase -> every phrase of its groups; built once per release, not once per query."""

    alternatives: dict[Phrase, list[Phrase]]
    longest: int


def phrase_index(groups: list[list[Phrase]]) -> PhraseIndex:
    index: dict[Phrase, list[Phrase]] = {}
    for group in groups:
        for phrase in group:
            index.setdefault(phrase, [])
            index[phrase] += [p for p in group if p not in index[phrase]]
    return PhraseIndex(index, max((len(p) for p in index), default=1))


def segment(query_words: list[str], groups: list[list[Phrase]] | PhraseIndex) -> list[list[Phrase]]:
    """Split query words into segments; each segment lists its alternative phrases.

    The longest synonym phrase that starts at a position wins; other words stand alone.
    """
    phrases = groups if isinstance(groups, PhraseIndex) else phrase_index(groups)
    index, longest = phrases.alternatives, phrases.longest
    out: list[list[Phrase]] = []
    i = 0
    while i < len(query_words):
        for n in range(min(longest, len(query_words) - i), 0, -1):
            phrase = tuple(query_words[i : i + n])
            if phrase in index:
                out.append(index[phrase])
                i += n
                break
        else:
            out.append([(query_words[i],)])
            i += 1
    return out


def polish_names(data: dict[str, Any]) -> dict[str, list[str]]:
    """English entry id -> its Polish names, from the term map."""
    names: dict[str, list[str]] = {}
    for term in data.get("polish-terms", {}).get("terms", []):
        if isinstance(term, dict) and term.get("id") and term.get("pl"):
            names.setdefault(str(term["id"]), []).extend([str(term["pl"]), *map(str, term.get("variants") or [])])
    return names


def english_terms(data: dict[str, Any]) -> dict[str, list[dict[str, str]]]:
    """Polish page id -> the English terms it covers, from the term map."""
    terms: dict[str, list[dict[str, str]]] = {}
    for term in data.get("polish-terms", {}).get("terms", []):
        if isinstance(term, dict) and term.get("pl_id") and term.get("id") and term.get("en"):
            terms.setdefault(str(term["pl_id"]), []).append(
                {"pl": str(term.get("pl", "")), "en": str(term["en"]), "id": str(term["id"])})
    return terms
