"""A flood of costly searches from one address does not make a reader on another address queue behind it.

The flood comes from 127.0.0.2 (all of 127.0.0.0/8 is loopback on Linux), the reader asks from 127.0.0.1,
so the server's per-client dispatcher (site/fair_dispatch.py) can tell them apart. The bound compares the
reader with the flood's own requests in the same seconds, not with a fixed time: with waitress's single queue
(before) the reader waited as long as a flood request (about 97 ms against 96 ms in bench/hostile_bench.py);
with a queue per client it waits for a thread, not for the queue.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from throne_rules import create_app, serving
from throne_rules.cli import main
from throne_rules.fair_dispatch import FairDispatcher
from throne_rules.serving import SERVE_SWITCH_INTERVAL, make_server

from bench import loadgen
from bench.hostile_bench import HOSTILE_SOURCE, worst_case_paths

from ..conftest import CONTENT_DIR
from ..helpers import LiveServer

CLIENTS = 16
FLOOD_SECONDS = 6.0
READER_QUERIES = ["/api/search?q=evasive", "/api/search?q=cp", "/api/search?q=ultimate", "/healthz",
                  "/api/search?q=roll+attempt"]


def _reader(url: str, seconds: float) -> list[float]:
    """Milliseconds per answer for one reader asking one question at a time for `seconds`."""
    out: list[float] = []
    deadline = time.monotonic() + seconds
    i = 0
    while time.monotonic() < deadline:
        started = time.perf_counter()
        with urllib.request.urlopen(url + READER_QUERIES[i % len(READER_QUERIES)], timeout=30) as resp:
            resp.read()
            assert resp.status == 200
        out.append((time.perf_counter() - started) * 1000)
        i += 1
    return out


def test_a_reader_is_not_queued_behind_a_flood_from_another_address(hostile_server: LiveServer) -> None:
    url = hostile_server.url
    _reader(url, 0.5)  # the reader's answers cached, as on a live server
    quiet = statistics.median(_reader(url, 1.0))
    paths = worst_case_paths(4000, seed=31)  # every one new to this server
    flood = subprocess.Popen(loadgen.command(url, paths, CLIENTS, FLOOD_SECONDS, HOSTILE_SOURCE),
                             stdout=subprocess.PIPE, text=True)
    try:
        time.sleep(1.0)
        under = statistics.median(_reader(url, FLOOD_SECONDS - 2.0))
        out, _ = flood.communicate(timeout=FLOOD_SECONDS + 60)
    finally:
        if flood.poll() is None:
            flood.kill()
            flood.wait()
    assert flood.returncode == 0
    hostile = json.loads(out)
    print(f"reader p50 quiet {quiet:.1f} ms, under the flood {under:.1f} ms; flood: {hostile}")
    # every flood request answered, none refused or dropped
    assert hostile["requests"] > CLIENTS and hostile["errors"] == 0, hostile
    assert set(hostile["statuses"]) == {"200"}, hostile
    assert hostile["distinct"] == hostile["requests"], hostile  # no answer came from the server's cache
    # the reader waits for a thread, not for the flood's queue
    assert under < hostile["p50_ms"] / 3, (under, hostile["p50_ms"])


def test_the_server_shares_its_threads_per_client(build_dir: Path) -> None:
    app = create_app({"BUILD_DIR": str(build_dir)})
    server = make_server(app, host="127.0.0.1", port=0, threads=3, max_body_bytes=1024, connection_limit=10,
                         channel_timeout=5, request_timeout=5, per_client_threads=1, trusted_proxies=2)
    try:
        dispatcher = server.task_dispatcher
        assert isinstance(dispatcher, FairDispatcher)
        assert (dispatcher.per_client, dispatcher.trusted_proxies, len(dispatcher.threads)) == (1, 2, 3)
    finally:
        server.close()


def test_serve_takes_the_cap_and_the_proxies_from_the_settings(build_dir: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}

    class NoServer:
        def run(self) -> None:
            seen["switch_interval"] = sys.getswitchinterval()
            raise KeyboardInterrupt

        def close(self) -> None:
            seen["closed"] = True

    def fake_make_server(app: object, **kwargs: object) -> NoServer:
        seen.update(kwargs)
        return NoServer()

    monkeypatch.setattr(serving, "make_server", fake_make_server)
    monkeypatch.setattr(serving, "start_pack_warmer", lambda app, **kwargs: None)
    monkeypatch.setenv("THRONE_RULES_PER_CLIENT_THREADS", "3")
    monkeypatch.setenv("THRONE_RULES_TRUSTED_PROXIES", "1")
    before = sys.getswitchinterval()
    assert main(["--content", str(CONTENT_DIR), "--build-dir", str(build_dir), "serve"]) == 0
    assert (seen["per_client_threads"], seen["trusted_proxies"], seen["closed"]) == (3, 1, True)
    # the GIL changes hands sooner while serving, and as before once the server has stopped
    assert seen["switch_interval"] == pytest.approx(SERVE_SWITCH_INTERVAL)
    assert sys.getswitchinterval() == before
