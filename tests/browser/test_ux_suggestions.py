"""Issue 34, suggestions at the table: with the phone keyboard open (360 x 740 less a ~300 px keyboard: 440 px) five
or more suggestions show below the box, each at least 24 px high; a ruling's shows its answer's first words under
the question, its accessible name the question first; "Clear recent searches and rules" is an action apart from the
recent items; the offline results page offers no "Did you mean" for nonsense. Light and dark, English and Polish."""

from __future__ import annotations

import re
import time
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .table_support import phone_context

pytestmark = pytest.mark.browser
KEYBOARD_OPEN = {"width": 360, "height": 440}
MIN_VISIBLE = 5
MIN_ROW = 24
ROWS_JS = """() => [...document.querySelectorAll('#site-q-suggestions [role=option]')].map(o => {
  const r = o.getBoundingClientRect(); return [r.top, r.bottom]; })"""
QUERIES = {"en": ["can evasive stop an ultimate", "can i", "stun", "undefendable", "ultimate"],
           "pl": ["czy mogę", "ogłuszenie", "kość", "czy unik działa przeciw obrażeniom nieuchronnym"]}


def suggest(page: Page, q: str) -> None:
    page.evaluate("() => { document.getElementById('site-q-suggestions').textContent = ''; }")  # read this query's
    box = page.locator("#site-q")
    box.fill(q)
    page.wait_for_function("q => { const l = document.getElementById('site-q-suggestions');"
                           " return document.getElementById('site-q').value === q && l && !l.hidden"
                           " && l.querySelector('[role=option]'); }", arg=q)


@pytest.mark.parametrize(("scheme", "lang"), [("light", "en"), ("dark", "en"), ("light", "pl"), ("dark", "pl")])
def test_five_suggestions_fit_above_the_keyboard(browser: Browser, live_server: LiveServer, scheme: str,
                                                 lang: str) -> None:
    context = phone_context(browser, live_server, scheme, viewport=KEYBOARD_OPEN,
                            locale="pl-PL" if lang == "pl" else "en-GB")
    try:
        page = context.new_page()
        page.goto("/dice-throne/evasive")
        page.locator("#site-q").tap()
        for q in QUERIES[lang]:
            suggest(page, q)
            rows = page.evaluate(ROWS_JS)
            visible = [r for r in rows if r[1] <= KEYBOARD_OPEN["height"]]
            assert len(visible) >= min(MIN_VISIBLE, len(rows)), (q, rows)
            assert all(bottom - top >= MIN_ROW for top, bottom in rows), (q, rows)
        if lang == "pl":  # a Polish reader: the suggestions' words are Polish (no English interface text)
            suggest(page, "ogłuszenie")
            expect(page.locator("#site-q-suggestions [role=option]").first).to_contain_text("Efekt statusu")
            ruling = page.get_by_role("option", name=re.compile(r"^Czy ogłuszenie \(Stun\)")).first
            expect(ruling.locator(".typeahead-answer")).to_have_text(re.compile(r"^Tak\. .*…$"))
    finally:
        context.close()


def test_a_rulings_suggestion_shows_its_answer_title_first(browser: Browser, live_server: LiveServer) -> None:
    context = phone_context(browser, live_server, "light", viewport=KEYBOARD_OPEN)
    try:
        page = context.new_page()
        page.goto("/dice-throne/evasive")
        page.locator("#site-q").tap()
        suggest(page, "can evasive stop an ultimate")
        option = page.get_by_role("option", name=re.compile(r"^Can Evasive be used against an Ultimate\?"))
        answer = option.locator(".typeahead-answer")
        expect(answer).to_have_text(re.compile(r"^No: once an Ultimate is activated, .*…$"))
        expect(answer).to_be_in_viewport()
        # both boxes read in one go (the list may render again as more search data arrives): the answer is under
        # the question
        under = ("o => { const a = o.querySelector('.typeahead-answer').getBoundingClientRect();"
                 " const t = o.querySelector('.typeahead-title').getBoundingClientRect();"
                 " return a.height > 0 && a.top > t.bottom - 1; }")
        deadline = time.monotonic() + 10
        while not option.evaluate(under):
            assert time.monotonic() < deadline, "the answer is not under the question"
            time.sleep(0.1)
        # a term carries no answer; the list is as wide as the screen, not only the box
        expect(page.get_by_role("option", name=re.compile(r"^Ultimate Ability")).locator(".typeahead-answer")) \
            .to_have_count(0)
        width = page.locator("#site-q-suggestions").evaluate("l => l.getBoundingClientRect().width")
        assert width >= KEYBOARD_OPEN["width"] - 20
        suggest(page, "is stun removed before the extra offensive roll phase")  # one hero's copy folded under it
        meta = page.get_by_role("option", name=re.compile(r"^Is Stun removed")).first.locator(".typeahead-meta")
        expect(meta).to_contain_text("also: 1 hero")
        expect(meta).not_to_contain_text("heroes")
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_clear_recent_is_an_action_apart_from_the_items(browser: Browser, live_server: LiveServer,
                                                         scheme: str) -> None:
    context = phone_context(browser, live_server, scheme)
    try:
        page = context.new_page()
        page.goto("/dice-throne/evasive")  # remembered as a recent rule
        page.goto("/search?q=stun")  # and a recent search
        page.goto("/dice-throne/stun")
        page.locator("#site-q").tap()
        items = page.locator("#site-q-suggestions [role=option].recent")
        expect(items).to_have_count(3)
        clear = page.locator("#site-q-suggestions .typeahead-clear-option")
        expect(clear).to_have_text("Clear recent searches and rules")
        item_style = items.first.evaluate(STYLE_JS)
        clear_style = clear.evaluate(STYLE_JS)
        assert item_style["marker"] != "none" and clear_style["marker"] == "none"  # no "↺": not a recent item
        assert clear_style["border"] >= 1 and clear_style["underline"] and clear_style["color"] != item_style["color"]
        assert clear.evaluate("c => c.getBoundingClientRect().height") >= 44
        clear.tap()
        expect(page.locator("#site-q-suggestions")).to_be_hidden()
        assert page.evaluate("JSON.parse(localStorage.getItem('throne-rules.recent'))") == {"searches": [],
                                                                                          "entries": []}
    finally:
        context.close()


STYLE_JS = """o => { const t = o.querySelector('.typeahead-title');
  return {marker: getComputedStyle(t, '::before').content, border: parseFloat(getComputedStyle(o).borderTopWidth),
          underline: getComputedStyle(t).textDecorationLine.includes('underline'),
          color: getComputedStyle(t).color}; }"""


def test_offline_results_page_suggests_only_corrections(browser: Browser, live_server: LiveServer) -> None:
    # The service worker answers /search?q= offline with the bare search shell; do the same here (with no worker,
    # whose answers the page's routes never see).
    context = browser.new_context(service_workers="block")
    try:
        offline_results(context.new_page(), live_server)
    finally:
        context.close()


def offline_results(page: Page, live_server: LiveServer) -> None:
    shell = page.request.get(live_server.url + "/search").text()
    page.route(lambda url: "/search?q=" in url,  # a glob misses a query with a space in it
               lambda route: route.fulfill(status=200, content_type="text/html", body=shell))
    for q in ["qqqzzz", "asdfghjkl", "xyzzy plugh", "lorem ipsum"]:
        page.goto(live_server.url + "/search?q=" + quote(q))
        results = page.locator("#search-results[data-rendered=client]")
        expect(results.locator(".result-count")).to_be_visible(timeout=30_000)  # the search data parsed here
        expect(results.locator(".suggestion")).to_have_count(0)
    for q, fixed in {"evasiv": "evasive", "undefendible": "undefendable"}.items():
        page.goto(live_server.url + "/search?q=" + quote(q))
        hint = page.locator("#search-results[data-rendered=client] .suggestion a")
        expect(hint).to_have_text(fixed, timeout=30_000)
