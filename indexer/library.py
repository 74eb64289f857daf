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
ADOPT_WITHIN = 60.0  # seconds a new build waits for the pack warmer before the library switches to it itself


class Library:
    """Holds the live release of a build directory and follows its `current` link."""

    def __init__(self, build_dir: Path):
        self.build_dir = build_dir
        self._lock = threading.Lock()
        self._release: Release | None = None
        self._checked = 0.0
        self.pool: SearchPool | None = None
        # Set by the server's pack warmer (site/serving.py), which loads a new build, renders its page pack and
        # then `adopt`s it: until then readers keep the last build, unless the new one has waited ADOPT_WITHIN.
        self.adopted_by_warmer = False
        self._waiting: tuple[Path, float] | None = None

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
        if self._release is not None and now - self._checked < RECHECK_SECONDS and self._release.path.is_dir():
            return self._release  # (a pruned build is renamed away at once: indexer/release.py _prune)
        with self._lock:
            path = current_release(self.build_dir)
            if path is None:
                if self._release is not None:
                    return self._release
                raise ReleaseMissing(f"no build found in {self.build_dir}; run 'throne-rules build'")
            if self._release is not None and self._release.path != path and self._warmer_has(path, now):
                self._checked = now
                return self._release
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

    def _warmer_has(self, path: Path, now: float) -> bool:
        """True while the warmer prepares `path` (for at most ADOPT_WITHIN seconds): keep the live build, unless
        newer builds have pruned it meanwhile (a build keeps the last KEEP_RELEASES): then switch at once, and the
        new build's packs render when first asked for."""
        if not self.adopted_by_warmer or self._release is None or not self._release.path.is_dir():
            return False
        if self._waiting is None or self._waiting[0] != path:
            self._waiting = (path, now)
        return now - self._waiting[1] < ADOPT_WITHIN

    def live_path(self) -> Path | None:
        return None if self._release is None else self._release.path

    def adopt(self, release: Release) -> None:
        """Make `release` (loaded and prepared by the caller) the live one, if it is newer than the live one and
        still on disk (builds are named in the order they were made; a newer one may have come meanwhile: the
        warmer prepares that next)."""
        with self._lock:
            live = self._release
            if release.path.is_dir() and (live is None or release.path.name > live.path.name):
                self._release = release
                self._offload(release)
                self._checked = time.monotonic()
