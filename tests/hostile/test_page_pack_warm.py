"""The page pack of the live build is rendered when the server starts, not by the first worker that asks for it
(issue 23, item 9: that first request waited 1.3-3.2 s behind a lock), and a new build's before it goes live
(issue 32)."""

from __future__ import annotations

import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from throne_rules import create_app, page_pack
from throne_rules.page_pack import PACK_LANGS
from throne_rules.serving import start_pack_warmer

from indexer import build

from ..helpers import LiveServer, entry_text, write_entry


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


def _named_pack(client: FlaskClient) -> str:
    found = re.search(r'"pack":"/precache-pack/([^"]+)\.json"', client.get("/sw.js").get_data(as_text=True))
    assert found
    return found.group(1)


def test_a_new_build_is_served_once_its_packs_are_rendered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32, Low: the first pack request after a rebuild waited for the pack to render (4.6 s). Now the warmer
    renders the new build's packs before the library makes it live: when /sw.js first names the new pack, every
    language's pack of it is already kept, and pages meanwhile still come from the last build."""
    content, out = tmp_path / "content", tmp_path / "build"
    write_entry(content, "stun.md", entry_text("stun", "Stun", "Old words.", kind="status-effect"))
    build(content, out)
    real_render = page_pack.render

    def slow_render(*args: Any, **kwargs: Any) -> page_pack.RenderedPage:
        time.sleep(0.05)  # a pack of many pages takes a while to render
        return real_render(*args, **kwargs)

    monkeypatch.setattr(page_pack, "render", slow_render)
    app = create_app({"TESTING": True, "BUILD_DIR": str(out), "CONTENT_DIR": str(content)})
    client = app.test_client()
    stop = start_pack_warmer(app, interval=0.1)
    try:
        old = _named_pack(client)
        deadline = time.monotonic() + 60
        while not app.extensions.get("page_pack") or not app.extensions["page_pack"].kept(old):
            assert time.monotonic() < deadline, "the live build's pack was never rendered"
            time.sleep(0.05)
        write_entry(content, "stun.md", entry_text("stun", "Stun", "New words.", kind="status-effect"))
        build(content, out)
        while True:
            # The page first, then what /sw.js names: a build made live between the two shows the new words with the
            # new pack named, which ends the loop; a page with the new words while the old pack is still named fails.
            page = client.get("/dice-throne/stun").get_data()
            if (new := _named_pack(client)) != old:
                break
            assert b"Old words." in page
            assert time.monotonic() < deadline, "the new build never went live"
            time.sleep(0.02)
        packs = app.extensions["page_pack"]
        assert all(packs.kept(new, "", lang) for lang in PACK_LANGS), "a worker would wait for the pack"
        assert b"New words." in client.get("/dice-throne/stun").get_data()
    finally:
        stop.set()
