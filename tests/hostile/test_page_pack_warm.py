"""The page pack of the live build is rendered when the server starts, not by the first worker that asks for it
(issue 23, item 9: that first request waited 1.3-3.2 s behind a lock)."""

from __future__ import annotations

import re
import time
import urllib.request

from ..helpers import LiveServer


def test_the_server_renders_the_pack_before_anyone_asks(hostile_server: LiveServer) -> None:
    with urllib.request.urlopen(hostile_server.url + "/sw.js", timeout=30) as resp:
        found = re.search(r'"pack":"([^"]+)"', resp.read().decode())
    assert found
    deadline = time.monotonic() + 180
    while f"page pack {found.group(1)} rendered" not in hostile_server.output():
        assert time.monotonic() < deadline, hostile_server.output()[-2000:]
        time.sleep(0.5)
    with urllib.request.urlopen(hostile_server.url + found.group(1), timeout=30) as resp:
        assert resp.status == 200 and b'"pages"' in resp.read()
