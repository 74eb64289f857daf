"""The offline client's search quality in Chromium: the same evaluation set, the Polish queries, and
opening a result highlighting the matched words without changing the page's URL."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from bench.search_eval import CLIENT_JS, DEPTH, EvalQuery, load_eval, score

from ..helpers import LiveServer
from ..test_search_quality import POLISH_QUERIES

pytestmark = pytest.mark.browser

# Measured with bench/search_eval.py on the content of this commit (session 8): client top-3 100%.
MEASURED_CLIENT_TOP3 = 1.0
FLOOR_CLIENT_TOP3 = MEASURED_CLIENT_TOP3 - 0.02


def client_search(page: Page, live_server: LiveServer, queries: list[str]) -> list[list[str]]:
    page.goto(live_server.url + "/")
    page.wait_for_function("() => window.ThroneSearch && window.ThroneFold")
    return page.evaluate(CLIENT_JS, [queries, DEPTH])


def test_offline_client_quality_floor(page: Page, live_server: LiveServer) -> None:
    queries: list[EvalQuery] = load_eval()
    m = score(queries, client_search(page, live_server, [q.query for q in queries]))
    failing = [q.query for q, _ in m.failures]
    assert m.top3 >= FLOOR_CLIENT_TOP3, f"client top-3 {m.top3:.1%} < {FLOOR_CLIENT_TOP3:.1%}; failing: {failing}"


def test_polish_queries_offline(page: Page, live_server: LiveServer) -> None:
    got = client_search(page, live_server, list(POLISH_QUERIES))
    for (query, wanted), ids in zip(POLISH_QUERIES.items(), got, strict=True):
        assert wanted in ids[:3], f"{query!r}: {ids[:3]}"


def test_opening_a_result_highlights_the_words_and_keeps_the_url(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/search?q=evasve")
    first = page.locator(".results .result a.result-title").first
    expect(first).to_have_text("Evasive")
    first.click()
    expect(page).to_have_url(live_server.url + "/dice-throne/evasive")
    marks = page.locator("article.entry mark.search-hit")
    expect(marks.first).to_be_visible()
    assert {m.lower() for m in marks.all_text_contents()} == {"evasive"}
    # the highlight is for this visit only: a reload (or a shared link) shows the plain page
    page.reload()
    expect(page.locator("article.entry h1")).to_have_text("Evasive")
    assert page.locator("mark.search-hit").count() == 0


def test_opening_a_typeahead_option_highlights_too(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    box = page.get_by_role("combobox", name="Search the rules")
    box.press_sequentially("koth")
    option = page.get_by_role("option").first
    expect(option).to_contain_text("King of the Hill")
    box.press("ArrowDown")
    box.press("Enter")
    expect(page).to_have_url(live_server.url + "/dice-throne/king-of-the-hill")
    # "koth" is not on the page; the words it matched through its synonym are marked
    marks = page.locator("article.entry mark.search-hit")
    expect(marks.first).to_be_visible()
    assert {m.lower() for m in marks.all_text_contents()} >= {"king", "hill"}
    assert page.url == live_server.url + "/dice-throne/king-of-the-hill"


def test_offline_results_page_ranks_and_suggests(page: Page, live_server: LiveServer) -> None:
    # The service worker answers /search?q= offline with the bare search shell; do the same here.
    shell = page.request.get(live_server.url + "/search").text()
    page.route("**/search?q=*", lambda route: route.fulfill(status=200, content_type="text/html", body=shell))
    page.goto(live_server.url + "/search?q=evasve")
    results = page.locator("#search-results[data-rendered=client]")
    expect(results.locator(".results .result a.result-title").first).to_have_text("Evasive")
    expect(results.locator(".suggestion a")).to_have_text("evasive")
    expect(results.locator(".results .result .snippet mark").first).to_have_text("Evasive")
