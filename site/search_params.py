"""Validation of search parameters, shared by the HTML search page and the JSON API."""

from __future__ import annotations

from dataclasses import dataclass, field

from indexer.model import GAMES, KINDS, LANGS

MAX_QUERY = 200
MIN_LIMIT, MAX_LIMIT, DEFAULT_LIMIT = 1, 50, 10


@dataclass
class SearchParams:
    q: str
    limit: int = DEFAULT_LIMIT
    filters: dict[str, str] = field(default_factory=dict)


@dataclass
class ParamError:
    code: str
    message: str
    field: str


def parse_search_params(args: dict[str, str]) -> SearchParams | ParamError:
    q = (args.get("q") or "").strip()
    if not q:
        return ParamError("empty_query", "Type something to search for.", "q")
    if len(q) > MAX_QUERY:
        return ParamError("query_too_long", f"The query is {len(q)} characters; the most is {MAX_QUERY}.", "q")
    raw_limit = args.get("limit") or str(DEFAULT_LIMIT)
    # ASCII digits only: str.isdigit() also accepts "²" and "①", which int() then refuses
    if not (raw_limit.isascii() and raw_limit.isdigit()) or not MIN_LIMIT <= int(raw_limit) <= MAX_LIMIT:
        return ParamError("bad_limit", f"limit must be a whole number from {MIN_LIMIT} to {MAX_LIMIT}.", "limit")
    filters: dict[str, str] = {}
    for name, allowed in (("game", GAMES), ("kind", KINDS), ("lang", LANGS)):
        value = (args.get(name) or "").strip()
        if not value:
            continue
        if value not in allowed:
            return ParamError(f"unknown_{name}", f"Unknown {name} '{value}'. Use one of: {', '.join(allowed)}.", name)
        filters[name] = value
    return SearchParams(q=q, limit=int(raw_limit), filters=filters)
