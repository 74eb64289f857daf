"""CPU-heavy answers (the odds calculator, the nearest terms of a search that found nothing): bounded, cached by
their normalized inputs, and computed off the serving path (issue 32).

`compute(kind, key, name, *args)` answers from a per-build cache of the last `MAX_RESULTS` answers of each
kind, keyed by the normalized input (`key`); else the app's worker pool (indexer/search_pool.py, started by
`throne-rules serve`) runs the function `name` ("module:function", called as `function(release, *args)`) in a
worker process, so the serving process's threads only wait, holding no interpreter lock. Without a pool (the
test client, SEARCH_PROCESSES=0) or when a worker fails, the function runs in the calling thread, at most
`IN_THREAD` of them at once. Either way, when that bound is reached the request gets 503 with Retry-After
(`PoolBusy`, site/views/errors.py) instead of a thread that waits for ever.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from flask import current_app

from calculators import odds
from calculators.odds import odds_tables
from indexer.search_pool import PoolBusy, resolve
from indexer.snapshot import Release

from .nearest import nearest_terms
from .views import release

MAX_RESULTS = 512  # answers kept per kind, for the live build
IN_THREAD = 2  # costly answers computed in serving threads at once (no pool, or a worker failed)
IN_THREAD_WAIT = 5.0  # seconds a request waits for its turn before it is told the server is busy


class ResultCache:
    """The last MAX_RESULTS answers of each kind, for one build at a time; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._build = ""
        self._results: dict[str, OrderedDict[str, Any]] = {}
        self.slots = threading.BoundedSemaphore(IN_THREAD)

    def get(self, build: str, kind: str, key: str) -> tuple[bool, Any]:
        with self._lock:
            found = self._results.get(kind) if build == self._build else None
            if found is None or key not in found:
                return False, None
            found.move_to_end(key)
            return True, found[key]

    def put(self, build: str, kind: str, key: str, value: Any) -> None:
        with self._lock:
            if build != self._build:
                self._build, self._results = build, {}
            found = self._results.setdefault(kind, OrderedDict())
            found[key] = value
            while len(found) > MAX_RESULTS:
                found.popitem(last=False)


def compute(kind: str, key: str, name: str, *args: Any) -> Any:
    rel = release()
    build = str(rel.path)
    cache: ResultCache = current_app.extensions["costly"]
    hit, value = cache.get(build, kind, key)
    if hit:
        return value
    pool = current_app.extensions["library"].pool
    value = pool.call(rel.path, name, args) if pool is not None else None
    if value is None:
        if not cache.slots.acquire(timeout=IN_THREAD_WAIT):
            raise PoolBusy(f"{IN_THREAD} costly requests already run")
        try:
            value = resolve(name)(rel, *args)
        finally:
            cache.slots.release()
    cache.put(build, kind, key, value)
    return value


def odds_in_worker(rel: Release, body: Mapping[str, Any]) -> dict[str, Any]:
    return odds.calculate(body, odds_tables(rel.data, rel.entries))


def odds_answer(body: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """POST /api/calc/odds and the odds page: `odds.calculate`, its input checked here (a bad one raises
    CalcError at once) and its answer computed by `compute`, keyed by the body in a canonical form."""
    odds.parse_request(body)
    key = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return dict(compute("odds", key, "throne_rules.costly:odds_in_worker", dict(body)))


def nearest(query: str) -> list[dict[str, Any]]:
    """The nearest titles and aliases to a query that found nothing, keyed by its folded words."""
    from indexer.folding import fold

    key = " ".join(fold(query).split())
    return list(compute("nearest", key, "throne_rules.nearest:nearest_terms", key))


__all__ = ["PoolBusy", "compute", "nearest", "nearest_terms", "odds_answer"]
