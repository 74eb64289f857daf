"""Issue 18 in Chromium: the offline /search results carry the same hooks, links and section headings as the
server's page, for the same queries."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ..helpers import LiveServer

pytestmark = pytest.mark.browser

QUERIES = ["damage type chart", "barbarian stun", "dodge"]


def rows(page: Page) -> list[list[str]]:
    """(data-entry-id, href, section heading or "") of each result of the page's results list."""
    return page.eval_on_selector_all(
        "[data-search-results] > li",
        """items => items.map(li => {
             const a = li.querySelector("a[data-entry-id]");
             const s = li.querySelector(".result-section");
             return [a.getAttribute("data-entry-id"), a.getAttribute("href"), s ? s.textContent : ""];
           })""")


def test_offline_results_match_the_server_page(page: Page, live_server: LiveServer) -> None:
    shell = page.request.get(live_server.url + "/search").text()
    for q in QUERIES:
        page.unroute("**/search?q=*")
        page.goto(live_server.url + "/search?q=" + q.replace(" ", "+"))
        expect(page.locator("#search-results[data-rendered=server] [data-search-results]")).to_be_visible()
        server = rows(page)
        # The service worker answers /search?q= offline with the bare search shell; do the same here.
        page.route("**/search?q=*", lambda route: route.fulfill(status=200, content_type="text/html", body=shell))
        page.goto(live_server.url + "/search?q=" + q.replace(" ", "+"))
        expect(page.locator("#search-results[data-rendered=client] [data-search-results]")).to_be_visible()
        client = rows(page)
        assert client[:10] == server[:10], q
        if q == "damage type chart":
            assert ["damage-types", "/dice-throne/damage-types#damage-type-chart", "Damage type chart"] in client
