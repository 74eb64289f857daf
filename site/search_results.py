"""Turns a search into the result records the page and the API both show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
        rows.append({"id": e["id"], "title": e["title"], "url": e["url"], "game": e["game"], "kind": e["kind"],
                     "lang": e["lang"], "snippet": hit.snippet})
    return Results(params.q, found.total, rows, found.suggestion)
