"""Turns a search into the result records the page and the API both show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from indexer.rulings import fold_rulings

from .search_params import SearchParams
from .views import release


@dataclass
class Results:
    query: str
    total: int
    results: list[dict[str, Any]]
    suggestion: str | None

    def to_json(self) -> dict[str, Any]:
        return {"query": self.query, "total": self.total, "results": self.results, "suggestion": self.suggestion}


def run_search(params: SearchParams) -> Results:
    rel = release()
    found = rel.search(params.q, limit=params.limit, filters=params.filters)
    rows = []
    for hit in found.hits:
        e = rel.entries[hit.id]
        # a match in one section of the entry links to that section and names its heading
        url = e["url"] + (f"#{hit.section[0]}" if hit.section else "")
        rows.append({"id": e["id"], "title": e["title"], "url": url, "game": e["game"], "kind": e["kind"],
                     "lang": e["lang"], "snippet": hit.snippet, "section": hit.section[1] if hit.section else None,
                     # a ruling's answer in a few words (indexer/answers.py), as the offline search data has it
                     "answer": e.get("answer") or None})
    # per-hero copies of one ruling fold into one row under the general answer (indexer/rulings.py)
    ruling = {r["id"]: rel.entries[r["id"]]["ruling"] for r in rows if rel.entries[r["id"]].get("ruling")}
    return Results(params.q, found.total, fold_rulings(rows, ruling), found.suggestion)
