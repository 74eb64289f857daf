"""bench/loadgen.py against a tiny loopback server: --source, disjoint paths, pause, resume and early end."""

from __future__ import annotations

import json
import signal
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bench import loadgen


class Counting(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as loadgen's clients expect
    seen: Counter[tuple[str, str]] = Counter()
    lock = threading.Lock()

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        with self.lock:
            self.seen[(self.client_address[0], self.path)] += 1
        body = b"ok"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the standard library's name)
        pass


@pytest.fixture
def counting_server() -> Iterator[str]:
    Counting.seen = Counter()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Counting)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _line(proc: subprocess.Popen, word: str) -> None:
    assert proc.stderr is not None
    line = proc.stderr.readline()
    assert line.strip() == word, line


def _total() -> int:
    with Counting.lock:
        return sum(Counting.seen.values())


def test_pause_resume_and_end_early(counting_server: str) -> None:
    paths = [f"/p{i}" for i in range(1000)]
    proc = subprocess.Popen(loadgen.command(counting_server, paths, 4, 60, "127.0.0.2"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        _line(proc, "started")
        time.sleep(0.5)
        proc.send_signal(signal.SIGUSR1)
        _line(proc, "paused")
        during = _total()
        time.sleep(0.5)
        assert _total() == during, "requests were sent while paused"
        proc.send_signal(signal.SIGUSR2)
        time.sleep(0.5)
        assert _total() > during
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    result = json.loads(out)
    assert result["errors"] == 0 and result["requests"] == _total() == result["distinct"]
    assert result["seconds"] < 2.5  # the paused half second is left out of the running time
    assert {client for client, _ in Counting.seen} == {"127.0.0.2"}
    assert max(Counting.seen.values()) == 1  # the four clients walked disjoint parts of the paths
