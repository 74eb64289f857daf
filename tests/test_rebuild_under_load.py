"""Rebuild the index while concurrent clients search: 0 errors, every answer from a whole build."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from indexer import build

from .helpers import LiveServer, entry_text, write_entry

CLIENTS = 8
REBUILDS = 4
TICK = 0.05  # after the last build, each client searches once a tick until the server serves that build


def test_atomic_rebuild_under_load(tmp_path: Path) -> None:
    content, out = tmp_path / "content", tmp_path / "build"
    for n in range(40):
        write_entry(content, f"e{n}.md", entry_text(f"entry-{n}", f"Rule number {n}", body=f"Damage rule {n}."))
    hashes = {build(content, out).content_hash}
    last = ""
    server = LiveServer(content, out).wait_ready()
    stop = threading.Event()
    # While the builds are written the clients search without pause. After the last one the server adopts it
    # once its warmer has rendered the build's page packs, which takes as long as the warmer waits for the cores:
    # the clients keep searching through that swap, each at most one answer a tick.
    settled = threading.Event()
    seen: list[tuple[int, str, str]] = []
    errors: list[str] = []

    def client(n: int) -> None:
        path = "/healthz" if n % 2 else "/api/search?q=damage+rule"
        while not stop.is_set():
            if settled.is_set() and stop.wait(TICK):
                return
            try:
                with urllib.request.urlopen(server.url + path, timeout=10) as resp:
                    body = json.loads(resp.read())
                    header = resp.headers["X-Content-Hash"]
                    body_hash = body.get("content_hash", header)
                    seen.append((resp.status, header, body_hash))
            except (urllib.error.URLError, OSError, ValueError) as exc:
                errors.append(repr(exc))

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    try:
        for t in threads:
            t.start()
        for n in range(REBUILDS):
            time.sleep(0.5)
            write_entry(content, f"new{n}.md", entry_text(f"new-{n}", f"New rule {n}", body="Damage rule."))
            last = build(content, out).content_hash
            hashes.add(last)
        settled.set()
        # the server follows the swap once the new build's page packs are rendered (site/serving.py's warmer)
        deadline = time.monotonic() + 75  # the library switches by itself after ADOPT_WITHIN (60 s)
        while time.monotonic() < deadline and not (len(seen) > CLIENTS and all(
                header == last for _, header, _ in seen[-CLIENTS:])):
            time.sleep(TICK)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=15)
        server.stop()
    assert errors == []
    assert len(seen) > 100
    assert {status for status, _, _ in seen} == {200}
    assert all(header == body_hash and header in hashes for _, header, body_hash in seen)
    assert all(header == last for _, header, _ in seen[-CLIENTS:]), "the newest build is served at the end"
    served = {header for _, header, _ in seen}
    assert len(served) >= 2, "the swap happened while clients were searching"
    print(f"rebuild under load: {len(seen)} responses, 0 errors, {len(served)} builds served, {REBUILDS} rebuilds")
