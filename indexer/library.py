"""The read side: the live release (pages, data, searcher), swapped when a new build lands.

A request takes one `Release` snapshot and uses only it, so no response ever
mixes two builds.
"""

from __future__ import annotations

import functools
import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .release import current_release, read_manifest
from .search_backend import IndexUnavailable, SearchIndex, SearchResult
from .search_pool import SearchPool
from .synonyms import synonym_groups

RECHECK_SECONDS = 1.0


class ReleaseMissing(RuntimeError):
    pass


@dataclass
class Release:
    path: Path
    manifest: dict[str, Any]
    entries: dict[str, dict[str, Any]]
    data: dict[str, Any]
    index: SearchIndex

    @property
    def content_hash(self) -> str:
        return str(self.manifest["content_hash"])

    @classmethod
    def load(cls, path: Path) -> Release:
        try:
            manifest = read_manifest(path)
            entries = json.loads((path / "entries.json").read_text(encoding="utf-8"))
            data = json.loads((path / "data.json").read_text(encoding="utf-8"))
            search_index = SearchIndex(path / "index", synonym_groups(data))
        except (OSError, ValueError, KeyError, IndexUnavailable) as exc:
            msg = f"the build at {path} is incomplete or corrupt ({exc}); run 'throne-rules build'"
            raise ReleaseMissing(msg) from exc
        return cls(path, manifest, {e["id"]: e for e in entries}, data, search_index)

    def search(self, text: str, limit: int = 10, filters: dict[str, str] | None = None) -> SearchResult:
        return self.index.search(text, limit=limit, filters=filters)


class Library:
    """Holds the live release of a build directory and follows its `current` link."""

    def __init__(self, build_dir: Path):
        self.build_dir = build_dir
        self._lock = threading.Lock()
        self._release: Release | None = None
        self._checked = 0.0
        self.pool: SearchPool | None = None

    def start_search_pool(self, processes: int) -> SearchPool:
        """Run searches the result cache does not hold in `processes` worker processes (indexer/search_pool.py),
        for the live release and every later one. `close_search_pool` ends them."""
        with self._lock:
            path = current_release(self.build_dir)
            self.pool = SearchPool(processes, release_path=path)
            if self._release is not None:
                self._offload(self._release)
            return self.pool

    def close_search_pool(self) -> None:
        with self._lock:
            pool, self.pool = self.pool, None
            if self._release is not None:
                self._release.index.offload = None
        if pool is not None:
            pool.close()

    def _offload(self, release: Release) -> None:
        pool = self.pool
        release.index.offload = None if pool is None else functools.partial(pool.search, release.path)

    def release(self) -> Release:
        now = time.monotonic()
        if self._release is not None and now - self._checked < RECHECK_SECONDS:
            return self._release
        with self._lock:
            path = current_release(self.build_dir)
            if path is None:
                if self._release is not None:
                    return self._release
                raise ReleaseMissing(f"no build found in {self.build_dir}; run 'throne-rules build'")
            if self._release is None or self._release.path != path:
                try:
                    self._release = Release.load(path)
                    self._offload(self._release)
                except ReleaseMissing:
                    if self._release is None:
                        raise  # nothing to fall back on: say so clearly
                    # keep serving the last good build rather than errors
            self._checked = now
            return self._release
