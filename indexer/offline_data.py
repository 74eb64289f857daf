"""Stage: the data the browser needs to search with no server (fields, boosts, synonyms)."""

from __future__ import annotations

from typing import Any

from .analysis import STOP_WORDS
from .model import Entry
from .ranking import KIND_PRIOR
from .search_backend import EN_FIELDS, PL_FIELDS
from .synonyms import Phrase


def offline_search_data(entries: list[Entry], groups: list[list[Phrase]], polish_names: dict[str, list[str]],
                        content_hash: str) -> dict[str, Any]:
    docs = []
    for e in entries:
        docs.append({
            "id": e.id, "title": e.title, "url": e.url, "game": e.game, "kind": e.kind, "lang": e.lang,
            "aliases": " ; ".join([*e.aliases, *polish_names.get(e.id, [])]),
            "headings": " ; ".join(e.headings), "body": e.text, "summary": e.summary,
        })
    return {
        "version": content_hash,
        "boosts": {"title": EN_FIELDS["title"], "aliases": EN_FIELDS["aliases"],
                   "headings": EN_FIELDS["headings"], "body": EN_FIELDS["body"]},
        "pl_boosts": PL_FIELDS,
        "kind_prior": KIND_PRIOR,
        "stop_words": sorted(STOP_WORDS),
        "synonyms": [[list(p) for p in g] for g in groups],
        "docs": docs,
    }
