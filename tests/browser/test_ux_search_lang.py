"""The search box and pages speak the interface's language, visibly and to screen readers (English, Polish);
a first search on a slow connection says "Loading search…" (and that it failed, if it does) where the
suggestions come, never as an option."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from ..helpers import LiveServer
from .table_support import phone_context

pytestmark = pytest.mark.browser


@pytest.fixture(params=["en-GB", "pl-PL"])
def context(request: pytest.FixtureRequest, browser: Browser, live_server: LiveServer) -> Iterator[BrowserContext]:
    ctx = phone_context(browser, live_server, "light", locale=request.param)
    yield ctx
    ctx.close()


def polish(context: BrowserContext, page: Page) -> bool:
    return page.evaluate("document.documentElement.getAttribute('data-ui')") == "pl"


def held_route(page: Page, pattern: str) -> list[Route]:
    held: list[Route] = []
    page.route(pattern, lambda route: held.append(route))
    return held


def wait_held(page: Page, held: list[Route]) -> Route:
    deadline = time.monotonic() + 10
    while not held:
        assert time.monotonic() < deadline, "the search index was never asked for"
        page.wait_for_timeout(50)
    return held[0]


def test_first_search_says_it_is_loading_then_shows_results(context: BrowserContext) -> None:
    page = context.new_page()
    held = held_route(page, "**/search-index/**")
    page.goto("/dice-throne/stun")
    pl = polish(context, page)
    box = page.locator("#site-q")
    box.fill("evasive")
    wait_held(page, held)
    note = page.locator(".typeahead-note")
    loading = "Wczytywanie wyszukiwarki…" if pl else "Loading search…"
    expect(note).to_have_text(loading)
    expect(note).to_be_visible()
    expect(page.locator("form[role=search] [role=status]").first).to_have_text(loading)
    listbox = page.locator("#site-q-suggestions")
    expect(listbox).to_have_attribute("aria-busy", "true")
    expect(page.locator("[role=option]")).to_have_count(0)  # the note is no option a test could take for a result
    assert note.get_attribute("role") is None
    # the index and the reader's language's postings (issue 35): held ones go on as the route is removed
    page.unroute("**/search-index/**")
    expect(listbox.locator("[role=option]").first).to_be_visible()
    expect(note).to_be_hidden()
    expect(listbox).not_to_have_attribute("aria-busy", "true")
    # the listbox and its status line in the interface's language
    expect(listbox).to_have_attribute("aria-label", "Podpowiedzi" if pl else "Suggestions")
    status = page.locator("form[role=search] [role=status]").first
    expect(status).to_have_text(re.compile(r"^Wyniki: \d+\. Użyj strzałek" if pl else r"^\d+ matches: use the up"))
    box.fill("qqqzzzxx")
    expect(status).to_have_text("Brak wyników" if pl else "No matches")


def test_a_search_that_cannot_load_says_so_and_retries(context: BrowserContext) -> None:
    page = context.new_page()
    held = held_route(page, "**/search-index/**")
    page.goto("/dice-throne/stun")
    pl = polish(context, page)
    page.locator("#site-q").fill("evasive")
    wait_held(page, held).abort()
    note = page.locator(".typeahead-note")
    expect(note).to_have_text(re.compile(r"^Nie udało się wczytać" if pl else r"^Search could not load"))
    expect(page.locator("[role=option]")).to_have_count(0)
    page.unroute("**/search-index/**")
    page.locator("#site-q").fill("evasiv")  # typing again tries again
    expect(page.locator("#site-q-suggestions [role=option]").first).to_be_visible()
    expect(note).to_be_hidden()


def test_search_pages_count_in_the_interface_language(context: BrowserContext) -> None:
    page = context.new_page()
    page.goto("/search?q=evasve")
    pl = polish(context, page)
    count = page.locator("#search-results .result-count")
    expect(count).to_have_text(re.compile(r"^Wyniki \(\d+\) dla “evasve”$" if pl else r"^\d+ results for “evasve”$"))
    # the offline page: the search shell, searched on the device
    shell = page.request.get("/search").text()
    page.route(re.compile(r".*/search\?q=evasve$"), lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=shell))
    page.goto("/search?q=evasve")
    results = page.locator("#search-results[data-rendered=client]")
    expect(results.locator(".offline-note")).to_have_text(
        "Wyniki offline, wyszukane na tym urządzeniu" if pl else "Offline results, searched on this device")
    expect(results.locator(".suggestion")).to_have_text(
        re.compile(r"^Czy chodziło o \w+\?$" if pl else r"^Did you mean \w+\?$"))
    expect(results.locator(".result-count")).to_have_text(
        re.compile(r"^Wyniki \(\d+\) dla “evasve”$" if pl else r"^\d+ results for “evasve”$"))
    expect(results.locator("[data-search-results] a[data-entry-id]").first).to_be_visible()
    # the tab's title in the interface language; screen readers hear the count, not the whole rebuilt list
    assert page.title() == ("„evasve” — wyszukiwanie · Throne Rules" if pl else "“evasve” — search · Throne Rules")
    expect(page.locator("#search-status[role=status]")).to_have_text(results.locator(".result-count").inner_text())
    assert results.get_attribute("aria-live") is None and results.locator("[aria-live], [role=status]").count() == 0


def test_the_search_box_is_a_combobox_that_says_when_its_list_is_open(context: BrowserContext) -> None:
    page = context.new_page()
    page.goto("/dice-throne/evasive")
    box = page.locator("#site-q")
    expect(box).to_have_attribute("role", "combobox")
    expect(box).to_have_attribute("type", "search")
    expect(box).to_have_attribute("aria-expanded", "false")
    box.fill("evasive")
    expect(page.locator("#site-q-suggestions [role=option]").first).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    box.press("Escape")
    expect(page.locator("#site-q-suggestions")).to_be_hidden()
    expect(box).to_have_attribute("aria-expanded", "false")


def test_section_links_and_the_404_page_in_the_interface_language(context: BrowserContext) -> None:
    page = context.new_page()
    page.goto("/dice-throne/evasive")
    pl = polish(context, page)
    anchors = page.locator(".entry-body a.anchor")
    assert anchors.count() > 0
    for label in anchors.evaluate_all("as => as.map(a => a.getAttribute('aria-label'))"):
        assert label.startswith("Link do tej sekcji: " if pl else "Link to this section: "), label
    # switching the interface on the open page renames them
    page.evaluate(f"window.ThronePrefs.set('lang', '{'en' if pl else 'pl'}')")
    switched = "^Link to this section: " if pl else "^Link do tej sekcji: "
    expect(anchors.first).to_have_attribute("aria-label", re.compile(switched))
    page.evaluate(f"window.ThronePrefs.set('lang', '{'pl' if pl else 'en'}')")
    resp = page.goto("/dice-throne/evasiv")
    assert resp and resp.status == 404
    expect(page.locator("h1")).to_have_text("Nie znaleziono strony" if pl else "Page not found")
    expect(page.locator("main p").first).to_have_text(
        re.compile("^Pod tym adresem nie ma strony" if pl else "^There is no page at this address"))
    expect(page.locator("main form[role=search] input[type=search]")).to_be_visible()
