"""The nearest titles and aliases to a query that found nothing, for the no-results page."""

from __future__ import annotations

import difflib
from typing import Any

from indexer import Release
from indexer.folding import fold

CUTOFF = 0.6
MAX_TERMS = 6


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
    found = difflib.get_close_matches(wanted, keys, n=limit, cutoff=CUTOFF)
    for word in wanted.split():
        if len(found) >= limit or len(word) < 3:
            continue
        found += [k for k in difflib.get_close_matches(word, keys, n=limit, cutoff=CUTOFF) if k not in found]
    seen: set[str] = set()
    out = []
    for key in found:
        entry = names[key]["entry"]
        if entry["id"] in seen:
            continue
        seen.add(entry["id"])
        out.append({"label": names[key]["label"], "title": entry["title"], "url": entry["url"], "lang": entry["lang"]})
    return out[:limit]
