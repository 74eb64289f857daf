"""The nearest titles and aliases to a query that found nothing, for the no-results page."""

from __future__ import annotations

import difflib
from typing import Any

from indexer import Release
from indexer.folding import fold
from indexer.vocabulary import max_edits, osa_distance

CUTOFF = 0.6
MAX_TERMS = 6


def plausible(wanted: str, key: str) -> bool:
    """A label the player may have meant: the query, or one of its words, within the search's typo rule of the label or
    one of its words (indexer/vocabulary.max_edits: 1 edit from 4 letters, 2 from 7; here with any first letter, so
    'wvasive' still finds Evasive). A string's similarity ratio alone offered 'loot board' for 'foobar'."""
    targets = [key, *key.split()]
    for word in dict.fromkeys([wanted, *wanted.split()]):
        limit = max_edits(word)
        if any(osa_distance(word, target, limit) <= limit for target in targets):
            return True
    return False


def nearest_terms(release: Release, query: str, limit: int = MAX_TERMS) -> list[dict[str, Any]]:
    """Entries whose title or an alias reads closest to the query (whole, or any of its words)."""
    names: dict[str, dict[str, Any]] = {}
    # A label shared by an English entry and its Polish twin (which keeps the English term as an alias) names the
    # English entry: English entries are read first.
    for e in sorted(release.entries.values(), key=lambda e: e["lang"] != "en"):
        for label in (e["title"], *e["aliases"]):
            names.setdefault(fold(label), {"label": label, "entry": e})
    wanted = fold(query)
    keys = list(names)
    # close by difflib's ratio, then only the plausible ones (issue 34: nonsense gets no suggestion)
    found = [k for k in difflib.get_close_matches(wanted, keys, n=limit * 4, cutoff=CUTOFF) if plausible(wanted, k)]
    for word in wanted.split():
        if len(found) >= limit or len(word) < 3:
            continue
        found += [k for k in difflib.get_close_matches(word, keys, n=limit * 4, cutoff=CUTOFF)
                  if k not in found and plausible(wanted, k)]
    seen: set[str] = set()
    out = []
    for key in found:
        entry = names[key]["entry"]
        if entry["id"] in seen:
            continue
        seen.add(entry["id"])
        out.append({"label": names[key]["label"], "title": entry["title"], "url": entry["url"], "lang": entry["lang"]})
    return out[:limit]
