"""Offline, for real: the worker installs, the server is stopped and the browser goes offline.

(Chromium's offline emulation does not cover a service worker's own fetches, so the server is
stopped too: every request the worker forwards to the network then fails, as in a basement.)
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from indexer.folding import fold

from ..conftest import CONTENT_DIR
from ..helpers import LiveServer
from .pwa_support import cache_stats, record, search_once_online, wait_for_controller

pytestmark = pytest.mark.browser


def test_everything_works_offline(browser: Browser, build_dir: Path) -> None:
    release = build_dir / "current"
    manifest = json.loads((release / "manifest.json").read_text(encoding="utf-8"))
    titles = {e["url"]: e["title"] for e in json.loads((release / "entries.json").read_text(encoding="utf-8"))}
    server = LiveServer(CONTENT_DIR, build_dir).wait_ready()
    context = browser.new_context()
    try:
        page = context.new_page()
        started = time.monotonic()
        page.goto(server.url + "/")
        install_ms = wait_for_controller(page)
        wall_s = time.monotonic() - started
        stats = cache_stats(page)
        # one cache for the build; beside it only the worker's note of the reader's language (issue 35, static/sw.js)
        assert len([k for k in stats["keys"] if k != "throne-reader"]) == 1
        record("first_install", {"urls_precached": stats["urls"], "precache_bytes": stats["bytes"],
                                 "ms_from_navigation_to_active_worker": round(install_ms),
                                 "seconds_from_goto_to_controlled_page": round(wall_s, 2),
                                 "entries": manifest["entries"]})
        # the reader's language's entries and more (issue 35: a pack per language; an English reader here)
        assert stats["urls"] > len([url for url in manifest["urls"] if "/pl-" not in url])
        # the Polish search postings come with a first search online, and are kept (the Polish query below)
        search_once_online(page)
        # the worker rebuilt each page from the pack's numbered lines (static/sw.js): the very bytes the server sends
        for url in ("/", "/dice-throne/stun", "/index", "/faq", "/calc/damage"):
            kept = page.evaluate("async (u) => { const r = await caches.match(u); return r && r.text(); }", url)
            assert kept == page.request.get(server.url + url).text(), url
    finally:
        server.stop()
    context.set_offline(True)
    try:
        seed = random.randrange(1_000_000)
        # an English reader's worker precaches the English entries; the Polish ones when opened (test_twin_offline)
        english = [url for url in manifest["urls"] if "/pl-" not in url]
        chosen = random.Random(seed).sample(english, 20)
        print(f"offline entries (seed {seed}): {chosen}")
        for url in chosen:
            page.goto(server.url + url)
            expect(page.locator("h1")).to_have_text(titles[url])
            assert page.title().startswith(titles[url])

        page.goto(server.url + "/")
        box = page.locator("#q")
        box.fill("undefendible")  # a typo
        box.press("Enter")
        expect(page).to_have_url(server.url + "/search?q=undefendible")
        first = page.locator("#search-results .results .result-title")
        expect(first.first).to_be_visible()
        assert "Undefendable damage" in first.all_text_contents()[:5]
        expect(page.locator("#search-results")).to_have_attribute("data-rendered", "client")

        page.goto(server.url + "/search?q=obrazenia")  # Polish, typed without diacritics
        expect(first.first).to_be_visible()
        assert any("obraz" in fold(t) for t in first.all_text_contents()[:5])

        page.goto(server.url + "/dice-throne")
        page.locator("#site-q").fill("evasive")
        option = page.locator("#site-q-suggestions [role=option]").first
        expect(option).to_contain_text("Evasive")
        page.locator("#site-q").press("ArrowDown")
        page.locator("#site-q").press("Enter")
        expect(page).to_have_url(server.url + "/dice-throne/evasive")

        page.goto(server.url + "/index")
        expect(page.locator("h1")).to_have_text("A–Z index")
        # the terms (every entry but the FAQ's questions, about two thirds), one link a row, all offline
        assert page.locator(".az-list a").count() >= manifest["entries"] // 2

        page.goto(server.url + "/no-such-page/never-built")
        expect(page.locator("h1")).to_have_text("You are offline")
        expect(page.get_by_role("combobox")).to_be_visible()
    finally:
        context.close()
