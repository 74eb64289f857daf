"""The read side: the live release (pages, data, searcher), swapped when a new build lands.

A request takes one `Release` snapshot and uses only it, so no response ever
mixes two builds.
"""

from __future__ import annotations

import functools
import threading
import time
from pathlib import Path

from .release import current_release
from .search_pool import MAX_WAITING, SearchPool
from .snapshot import Release, ReleaseMissing

__all__ = ["Library", "Release", "ReleaseMissing"]

RECHECK_SECONDS = 1.0


class Library:
    """Holds the live release of a build directory and follows its `current` link."""

    def __init__(self, build_dir: Path):
        self.build_dir = build_dir
        self._lock = threading.Lock()
        self._release: Release | None = None
        self._checked = 0.0
        self.pool: SearchPool | None = None

    def start_search_pool(self, processes: int, max_waiting: int = MAX_WAITING) -> SearchPool:
        """Run searches the result cache does not hold, and other costly work, in `processes` worker processes
        (indexer/search_pool.py), for the live release and every later one; at most `max_waiting` requests wait
        for them. `close_search_pool` ends them."""
        with self._lock:
            path = current_release(self.build_dir)
            self.pool = SearchPool(processes, release_path=path, max_waiting=max_waiting)
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
