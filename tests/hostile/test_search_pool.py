"""Searches in worker processes (indexer/search_pool.py): the same answers as in process, and nothing lost when a
worker fails.

`throne-rules serve` sends a search its result cache does not hold to SEARCH_PROCESSES worker processes, so a flood
of costly searches does not hold the serving process's interpreter lock (bench/hostile_bench.py). These tests
start their own pools and end them; a worker is killed by the pid of the process the pool started.
"""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from indexer import build
from indexer.library import Library, Release
from indexer.search_pool import PoolBusy, SearchPool

from ..conftest import CONTENT_DIR
from ..helpers import LiveServer, entry_text, write_entry

QUERIES = ["evasive", "token that throws damage back", "can seraph fly on my turn", "max cp", "evasve",
           "jak działa żeton evasive", "barbarian stun", "2 protect tokens against a 10 damage attack", "zzzz qqqq"]


def _ready(pool: SearchPool, path: Path, timeout: float = 60) -> None:
    """Wait until a worker has opened the release and answers."""
    deadline = time.monotonic() + timeout
    while pool.search(path, "evasive", 1, None) is None:
        assert time.monotonic() < deadline, "no search worker became ready"
        time.sleep(0.1)


@pytest.fixture()
def pool(release: Release) -> Iterator[SearchPool]:
    started = SearchPool(1, release.path)
    _ready(started, release.path)
    yield started
    started.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (ended, not yet reaped) counts as ended
    status = Path(f"/proc/{pid}/stat")
    return status.is_file() and status.read_text().split()[2] != "Z"


def test_a_worker_answers_as_the_serving_process_does(pool: SearchPool, release: Release) -> None:
    for q in QUERIES:
        for filters in (None, {"kind": "faq"}):
            found = pool.search(release.path, q, 10, filters)
            assert found is not None, q
            assert found == release.index._search(q, 10, filters), q


def test_a_worker_computes_costly_answers_and_the_pool_is_bounded(pool: SearchPool, release: Release) -> None:
    """`call` runs site/costly.py's functions in the worker; past `max_waiting` callers it says busy at once."""
    from throne_rules.costly import odds_in_worker
    from throne_rules.nearest import nearest_terms

    body = {"dice": 5, "rolls": 3, "target": {"straight": 5}}
    assert pool.call(release.path, "throne_rules.costly:odds_in_worker", (body,)) == odds_in_worker(release, body)
    assert pool.call(release.path, "throne_rules.nearest:nearest_terms", ("evasve",)) == nearest_terms(release,
                                                                                                       "evasve")
    worker = pool._free.get()  # the one worker, taken: every caller must wait
    pool.max_waiting = 0
    try:
        with pytest.raises(PoolBusy):
            pool.call(release.path, "throne_rules.nearest:nearest_terms", ("evasve",))
    finally:
        pool._free.put(worker)


def test_a_dead_worker_is_replaced_and_the_search_still_answered(pool: SearchPool, release: Release) -> None:
    [pid] = pool.pids
    os.kill(pid, signal.SIGKILL)  # a process this test's pool started
    release.index.offload = lambda text, limit, filters: pool.search(release.path, text, limit, filters)
    try:
        found = release.index.search("retribution", limit=5)  # not cached: goes to the dead worker
    finally:
        release.index.offload = None
    assert found == release.index._search("retribution", 5, None)
    assert pool.failures == 1
    deadline = time.monotonic() + 60
    while pool.pids == [pid] or not pool.pids:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    _ready(pool, release.path)
    assert pool.pids != [pid] and not _alive(pid)


def test_a_worker_error_falls_back_to_the_serving_thread(pool: SearchPool, tmp_path: Path) -> None:
    # a release the worker cannot open: it answers an error, the pool says "search yourself" (None)
    assert pool.search(tmp_path / "no-such-release", "evasive", 5, None) is None
    assert pool.failures == 1


def test_close_ends_every_worker(release: Release) -> None:
    started = SearchPool(2, release.path)
    _ready(started, release.path)
    pids = started.pids
    assert len(pids) == 2
    started.close()
    assert not any(_alive(p) for p in pids)
    assert started.search(release.path, "evasive", 5, None) is None  # closed: the caller searches


def test_a_pool_needs_a_process() -> None:
    with pytest.raises(ValueError, match="at least 1 process"):
        SearchPool(0)


def test_a_new_build_is_searched_in_the_workers(tmp_path: Path) -> None:
    # a small content: what is tested (the workers follow a new build) does not depend on its size
    content = tmp_path / "content"
    write_entry(content, "dice-throne/status-effects/stun.md", entry_text(
        "stun", "Stun", "A stunned hero skips the rest of their turn.", kind="status-effect"))
    write_entry(content, "dice-throne/status-effects/evasive.md", entry_text(
        "evasive", "Evasive", "Roll a die; on 1-2 the damage is prevented.", kind="status-effect"))
    out = tmp_path / "build"
    build(content, out)
    library = Library(out)
    first = library.release()
    pool = library.start_search_pool(1)
    try:
        _ready(pool, first.path)
        assert "zorblax" not in str(library.release().search("zorblax").hits)
        stun = content / "dice-throne" / "status-effects" / "stun.md"
        stun.write_text(stun.read_text(encoding="utf-8") + "\nZorblax is a test word.\n", encoding="utf-8")
        build(content, out)
        library._checked = 0.0  # look for the new build now rather than in a second
        second = library.release()
        assert second.path != first.path and second.index.offload is not None
        found = second.search("zorblax")
        assert [h.id for h in found.hits] == ["stun"]
        assert found == second.index._search("zorblax", 10, None)
    finally:
        library.close_search_pool()
    assert library.release().index.offload is None


def _descendants(pid: int) -> list[str]:
    """Every process under `pid` (granian's worker, and its own children), by their /proc children lists."""
    found: list[str] = []
    todo = [str(pid)]
    while todo:
        parent = todo.pop()
        tasks = Path(f"/proc/{parent}/task")
        kids = [c for t in tasks.iterdir() for c in (t / "children").read_text().split()] if tasks.is_dir() else []
        found += kids
        todo += kids
    return found


def test_serve_runs_searches_in_a_worker_process(build_dir: Path) -> None:
    server = LiveServer(CONTENT_DIR, build_dir, env={"THRONE_RULES_SEARCH_PROCESSES": "1"}).wait_ready(timeout=180)
    try:
        children = _descendants(server.proc.pid)
        workers = [c for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]
        assert len(workers) == 1, children  # the one search worker (besides multiprocessing's resource tracker)
        with urllib.request.urlopen(server.url + "/api/search?q=token+that+throws+damage+back", timeout=30) as resp:
            body = json.loads(resp.read())
        assert body["results"][0]["id"] in ("retribution", "back-strike"), body
    finally:
        server.stop()
    assert not _alive(int(workers[0]))  # joined (or killed) by the server before it exits
    # multiprocessing's resource tracker ends by itself once it sees its pipe close
    deadline = time.monotonic() + 15
    while any(_alive(int(c)) for c in children):
        assert time.monotonic() < deadline, [c for c in children if _alive(int(c))]
        time.sleep(0.05)
