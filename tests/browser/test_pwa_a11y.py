"""Accessibility: axe-core (from npm) finds no violations on the main pages, light and dark."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from indexer import Corpus

from ..helpers import LiveServer
from .pwa_support import axe_violations

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations(browser: Browser, live_server: LiveServer, corpus: Corpus, scheme: str) -> None:
    entry = next(e for e in corpus.entries.values() if e.anchors and e.related)
    polish = next(e for e in corpus.entries.values() if e.lang == "pl")
    context = browser.new_context(color_scheme=scheme, viewport={"width": 360, "height": 740},
                                  service_workers="block")  # the same bytes as the worker's (test_pwa_offline)
    try:
        page = context.new_page()
        found = {}
        for url in ["/", entry.url, polish.url, "/search?q=damage", "/search?q=qqxxzzwv", "/index", "/offline",
                    "/faq", "/settings", "/changes", "/dice-throne/barbarian", "/dice-throne/evasive#how-it-works"]:
            page.goto(live_server.url + url)
            found[url] = axe_violations(page)
        page.goto(live_server.url + "/faq")  # a question opened in place
        page.locator(".faq-group summary").first.click()
        found["/faq (an answer open)"] = axe_violations(page)
        page.goto(live_server.url + "/")
        page.locator("#q").fill("evasive")
        page.get_by_role("option").first.wait_for()
        found["/ (suggestions open)"] = axe_violations(page)
        page.locator("#q").fill("can evasive stop an ultimate")  # rulings' answers under the questions (issue 34)
        page.locator("#q-suggestions .typeahead-answer").first.wait_for()
        found["/ (suggestions with answers)"] = axe_violations(page)
        page.goto(live_server.url + "/dice-throne/stun")  # recent items and the action that clears them
        page.locator("#site-q").click()
        page.locator(".typeahead-clear-option").first.wait_for()
        found["/dice-throne/stun (recent, clear)"] = axe_violations(page)
        assert {url: v for url, v in found.items() if v} == {}
    finally:
        context.close()
