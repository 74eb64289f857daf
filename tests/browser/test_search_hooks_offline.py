"""Issue 18 in Chromium: the offline /search results carry the same hooks, links and section headings as the
server's page, for the same queries."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Page, expect

from ..helpers import LiveServer

pytestmark = pytest.mark.browser

QUERIES = ["damage chart values", "damage type chart", "barbarian stun", "dodge"]


def rows(page: Page) -> list[list[str]]:
    """(data-entry-id, href, section heading or "") of each result of the page's results list."""
    return page.eval_on_selector_all(
        "[data-search-results] > li",
        """items => items.map(li => {
             const a = li.querySelector("a[data-entry-id]");
             const s = li.querySelector(".result-section");
             return [a.getAttribute("data-entry-id"), a.getAttribute("href"), s ? s.textContent : ""];
           })""")


def server_rows(html: str) -> list[list[str]]:
    """The same rows from the server's page, as served (no script runs)."""
    out = []
    for li in BeautifulSoup(html, "html.parser").select("[data-search-results] > li"):
        a = li.select_one("a[data-entry-id]")
        s = li.select_one(".result-section")
        out.append([a["data-entry-id"], a["href"], s.get_text() if s else ""])
    return out


def test_offline_results_match_the_server_page(page: Page, live_server: LiveServer) -> None:
    shell = page.request.get(live_server.url + "/search").text()
    # The service worker answers /search?q= offline with the bare search shell; do the same here.
    page.route("**/search?q=*", lambda route: route.fulfill(status=200, content_type="text/html", body=shell))
    for q in QUERIES:
        url = live_server.url + "/search?q=" + q.replace(" ", "+")
        server = server_rows(page.request.get(url).text())
        assert server, q
        page.goto(url)
        # building the offline index takes a while on a loaded machine
        rendered = page.locator("#search-results[data-rendered=client] [data-search-results]")
        expect(rendered).to_be_visible(timeout=30_000)
        client = rows(page)
        # per-hero copies of one ruling fold into one row (issue 33), so a page of N results may show fewer rows
        assert client[:len(server[:10])] == server[:10], q
        if q == "damage chart values":  # words beyond the entry's names point into the chart (issue 33)
            assert ["damage-types", "/dice-throne/damage-types#damage-type-chart", "Damage type chart"] in client
