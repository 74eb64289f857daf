"""Offline in both languages (issue 35): a Polish reader's worker precaches the Polish pages; the English
ones come when opened or when the reader switches language. Server stopped, browser offline, as in
test_pwa_offline.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from ..conftest import CONTENT_DIR
from ..helpers import LiveServer
from .pwa_support import wait_for_controller, wait_until

pytestmark = pytest.mark.browser

POLISH_READER = 'localStorage.setItem("throne-rules.settings", JSON.stringify({lang: "pl"}));'


def lang_data(page: object, base: str) -> dict[str, list[str]]:
    """The worker's data files by language (search postings and the snippets' bodies), from the build line in
    front of /sw.js."""
    head = page.request.get(base + "/sw.js").text()  # type: ignore[attr-defined]
    build = json.loads(head.split("\n", 1)[0].removeprefix("self.THRONE_BUILD = ").removesuffix(";"))
    out: dict[str, list[str]] = {}
    for item in build["precache"]:
        if item["kind"] != "page" and item.get("lang"):
            out.setdefault(item["lang"], []).append(item["url"])
    return out


def cached(page: object, path: str) -> bool:
    return bool(page.evaluate(  # type: ignore[attr-defined]
        "async (p) => Boolean(await caches.match(p))", path))


def test_polish_reader_reads_polish_offline_and_switching_caches_english(browser: Browser, build_dir: Path) -> None:
    entries = json.loads((build_dir / "current" / "entries.json").read_text(encoding="utf-8"))
    titles = {e["url"]: e["title"] for e in entries}
    server = LiveServer(CONTENT_DIR, build_dir).wait_ready()
    context = browser.new_context()
    context.add_init_script(POLISH_READER)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        wait_for_controller(page)
        assert cached(page, "/dice-throne/pl-stun") and cached(page, "/calc")
        assert not cached(page, "/dice-throne/stun")  # the other language: on demand
        data = lang_data(page, server.url)
        assert len(data["pl"]) == 2 and all(cached(page, u) for u in data["pl"])  # and its search data too
        assert not any(cached(page, u) for u in data["en"])
        page.goto(server.url + "/dice-throne/faq-barbarian-stun-chain")  # opened online: kept
        wait_until(page, "caches.match('/dice-throne/faq-barbarian-stun-chain').then(Boolean)")
        page.goto(server.url + "/dice-throne/pl-stun")
        page.locator("#site-nav [data-lang-switch]").evaluate("b => b.click()")  # opens the twin, caches English
        page.wait_for_url("**/dice-throne/stun")
        wait_until(page, "caches.match('/dice-throne/stun').then(Boolean)")
        # the English pack (every page) renders for minutes on a loaded machine
        wait_until(page, "caches.match('/dice-throne/undefendable-damage').then(Boolean)", timeout=180)
        for url in data["en"]:
            wait_until(page, f"caches.match('{url}').then(Boolean)")
    finally:
        server.stop()
    context.set_offline(True)
    try:
        for url in ("/dice-throne/pl-stun", "/dice-throne/pl-cel-gry", "/dice-throne/stun",
                    "/dice-throne/faq-barbarian-stun-chain", "/dice-throne/undefendable-damage"):
            page.goto(server.url + url)
            expect(page.locator("h1")).to_have_text(titles[url])
        page.goto(server.url + "/dice-throne/pl-stun")
        expect(page.locator("html")).to_have_attribute("lang", "pl")
    finally:
        context.close()
