"""Costly work runs in worker processes, so a flood of it does not hold the serving process's GIL.

In one process, every thread shares one interpreter lock: while the threads of a flood run new, costly searches,
a reader's request (a page, or a search the result cache already holds) waits for the lock at every step of
its answer, and a request of 1.5 ms takes 10-15 ms. `SearchPool` keeps `processes` worker processes, each
with its own copy of the search index (about 70 MB; loading it takes about 0.2 s); a search the serving
process's result cache does not hold is sent to a free worker over a pipe, and the waiting thread holds no
lock meanwhile. The serving process only parses requests and writes answers. A release is named by its build
path: a worker opens each release the first time it is asked about it, and keeps the two latest.

Besides searches, `call` runs any function named "module:function" as `function(release, *args)` in a worker
(the odds calculator, the nearest terms of a search that found nothing: site/costly.py), with picklable
arguments and answer.

The pool is bounded (issue 32): at most `max_waiting` callers wait for a worker; one more raises `PoolBusy`
at once (the app answers 503 with Retry-After), so a flood cannot tie up every serving thread waiting.
A search runs in the serving thread itself when no worker is ready yet (while the pool starts), and when a
worker fails (it died, it answered an error, it took longer than `timeout`): the worker is replaced and logged,
and the reader still gets the answer the worker should have given. Workers are started with the "spawn"
method (a fresh interpreter: no fork of a process that runs threads) and ended by the pool that started them.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import queue
import threading
from collections import OrderedDict
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from .search_backend import SearchResult
from .snapshot import Release

log = logging.getLogger(__name__)

KEEP_RELEASES = 2  # a worker keeps the indexes of this many releases open (the live one and the one before)
TIMEOUT = 10.0  # seconds a search may take in a worker before the worker is replaced
MAX_WAITING = 4  # callers that may wait for a worker; one more is told the pool is busy


class PoolBusy(RuntimeError):
    """Every worker is busy and `max_waiting` callers already wait: try again later."""


def resolve(name: str) -> Any:
    """The function "module:function" names."""
    module, _, attr = name.partition(":")
    return getattr(importlib.import_module(module), attr)


def _worker_main(conn: Connection) -> None:
    """A worker: answers ("search", path, text, limit, filters), ("call", path, name, args) and ("open", path)
    until told to stop."""
    indexes: OrderedDict[str, Release] = OrderedDict()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return  # the pool is gone
        if message is None:
            return
        try:
            path = message[1]
            release = indexes.get(path)
            if release is None:
                release = indexes[path] = Release.load(Path(path))
                while len(indexes) > KEEP_RELEASES:
                    indexes.popitem(last=False)[1].index.close()
            indexes.move_to_end(path)
            if message[0] == "open":
                conn.send(("ok", None))
            elif message[0] == "call":
                _, _, name, args = message
                conn.send(("ok", resolve(name)(release, *args)))
            else:
                _, _, text, limit, filters = message
                conn.send(("ok", release.index.search(text, limit=limit, filters=filters)))
        except Exception as exc:  # reported to the pool, which logs it and searches in its own thread
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class Worker:
    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe(duplex=True)
        self.process = context.Process(target=_worker_main, args=(child,), daemon=True, name="throne-rules-search")
        self.process.start()
        child.close()

    def ask(self, message: tuple[Any, ...], timeout: float) -> Any:
        """Send `message` and return the worker's answer; raises RuntimeError if it fails or takes too long."""
        self.conn.send(message)
        if not self.conn.poll(timeout):
            raise RuntimeError(f"no answer in {timeout} s")
        status, value = self.conn.recv()
        if status != "ok":
            raise RuntimeError(str(value))
        return value

    def stop(self, timeout: float = 2.0) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass  # already gone: it is ended below all the same
        self.process.join(timeout)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout)
        self.conn.close()


class SearchPool:
    """`processes` worker processes answering searches; `search` returns None when the caller should search."""

    def __init__(self, processes: int, release_path: Path | None = None, timeout: float = TIMEOUT,
                 max_waiting: int = MAX_WAITING) -> None:
        if processes < 1:
            raise ValueError(f"a search pool needs at least 1 process, not {processes}")
        self.timeout = timeout
        self.max_waiting = max_waiting
        self._waiting = 0  # callers waiting for a free worker now
        self._context = multiprocessing.get_context("spawn")
        self._free: queue.Queue[Worker] = queue.Queue()
        self._lock = threading.Lock()
        self._workers: list[Worker] = []
        self._ready = 0  # workers that have answered once: until one has, callers search themselves
        self._closed = False
        self.failures = 0
        for _ in range(processes):
            self._start_worker(release_path)

    def _start_worker(self, release_path: Path | None) -> None:
        worker = Worker(self._context)
        with self._lock:
            self._workers.append(worker)
        threading.Thread(target=self._warm, args=(worker, release_path), daemon=True).start()

    def _warm(self, worker: Worker, release_path: Path | None) -> None:
        """Let a new worker import and open the live release before it takes searches."""
        try:
            if release_path is not None:
                worker.ask(("open", str(release_path)), timeout=60)
        except (RuntimeError, OSError, EOFError) as exc:
            log.warning("search worker %s could not open %s: %s", worker.process.pid, release_path, exc)
        with self._lock:
            if self._closed:
                return
            self._ready += 1
        self._free.put(worker)

    @property
    def pids(self) -> list[int]:
        with self._lock:
            return [w.process.pid for w in self._workers if w.process.pid is not None]

    def search(self, release_path: Path, text: str, limit: int,
               filters: dict[str, str] | None) -> SearchResult | None:
        found = self._ask(release_path, ("search", str(release_path), text, limit, filters))
        assert found is None or isinstance(found, SearchResult)
        return found

    def call(self, release_path: Path, name: str, args: tuple[Any, ...]) -> Any | None:
        """`name`'s answer for (the release at `release_path`, *args) from a worker; None: the caller computes."""
        return self._ask(release_path, ("call", str(release_path), name, args))

    def _take(self) -> Worker | None:
        """A free worker, waiting at most `timeout` for one; PoolBusy when `max_waiting` callers already wait."""
        try:
            return self._free.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            if self._waiting >= self.max_waiting:
                raise PoolBusy(f"{self._waiting} requests already wait for a worker")
            self._waiting += 1
        try:
            return self._free.get(timeout=self.timeout)
        except queue.Empty:
            log.warning("no worker free for %s s: computing in the serving thread", self.timeout)
            return None
        finally:
            with self._lock:
                self._waiting -= 1

    def _ask(self, release_path: Path, message: tuple[Any, ...]) -> Any | None:
        if self._ready == 0 or self._closed:
            return None
        worker = self._take()
        if worker is None:
            return None
        try:
            found = worker.ask(message, self.timeout)
        except (RuntimeError, OSError, EOFError) as exc:
            self.failures += 1
            log.warning("worker %s failed on %r (%s): replaced; computing in the serving thread",
                        worker.process.pid, message[2], exc)
            self._replace(worker, release_path)
            return None
        self._free.put(worker)
        return found

    def _replace(self, worker: Worker, release_path: Path) -> None:
        with self._lock:
            if worker in self._workers:  # not if close() has taken them all
                self._workers.remove(worker)
                self._ready -= 1
            closed = self._closed
        worker.stop(timeout=0.5)
        if not closed:
            self._start_worker(release_path)

    def close(self) -> None:
        """End every worker this pool started."""
        with self._lock:
            self._closed = True
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.stop()
