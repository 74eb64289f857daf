"""The typeahead on the installed app reads the build's prebuilt search index: offline, on a page just
opened, the first keystrokes show options, and they are the server's results. (Timings are in
bench/typeahead_bench.py, not here.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ..conftest import CONTENT_DIR
from ..helpers import LiveServer
from .pwa_support import search_once_online, wait_for_controller, wait_until

pytestmark = pytest.mark.browser

# Typed as players type them: terms, prefixes, a typo, abbreviations, Polish without diacritics, a question.
QUERIES = ["evasive", "koth", "cp", "undefen", "kings hand", "stun", "poison", "defensive roll", "ult",
           "retrubution", "kosc", "can i dodge", "final damage", "boss", "loot"]
LIMIT = 8  # the typeahead's


def option_ids(page: Page, box: str, query: str, want: list[str]) -> list[str]:
    """Type `query` into the box and read its options' entry ids once they are `want` (or after 5 s, whatever
    shows). The list answering the previous text (or the recent rules an empty box offers) can still be up for a
    moment after the new text is typed, so one early read would compare the wrong list."""
    page.locator(box).fill("")
    page.locator(box).fill(query)
    listbox = page.locator(f"#{page.locator(box).get_attribute('aria-controls')}")
    expect(listbox).to_have_attribute("role", "listbox")
    expect(listbox.locator("[role=option]").first).to_be_visible()
    read = "opts => opts.map(o => o.getAttribute('data-entry-id'))"
    try:
        page.wait_for_function("([sel, want]) => JSON.stringify(Array.from(document.querySelectorAll(sel))"
                               ".map(o => o.getAttribute('data-entry-id'))) === JSON.stringify(want)",
                               arg=[f"#{listbox.get_attribute('id')} [role=option]", want], timeout=5000)
    except PlaywrightTimeout:
        pass  # the assertion below shows the difference
    return [str(x) for x in listbox.locator("[role=option]").evaluate_all(read)]


def test_offline_first_keystroke_shows_options_and_they_are_the_servers(browser: Browser, build_dir: Path) -> None:
    server = LiveServer(CONTENT_DIR, build_dir).wait_ready()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        wait_for_controller(page)
        config = json.loads(page.locator("#pwa-config").text_content() or "{}")
        wait_until(page, f"caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => "
                         f"c.match({json.dumps(config['searchIndex'])}))))).then(found => found.some(Boolean))")
        search_once_online(page)  # the other language's postings: fetched by a first search online, then kept
        expected = {q: [h["id"] for h in page.request.get(server.url + "/api/search", params={
            "q": q, "limit": str(LIMIT)}).json()["results"]] for q in QUERIES}
    finally:
        server.stop()
    context.set_offline(True)
    try:
        # A page just opened, offline: the first keystrokes that can match (a prefix needs 3 letters) give options.
        page.goto(server.url + "/dice-throne/undefendable-damage")
        box = page.locator("input[type=search]").first
        box.press_sequentially("eva")
        listbox = page.locator(f"#{box.get_attribute('aria-controls')}")
        expect(listbox.locator("[role=option]").first).to_be_visible()
        assert box.input_value() == "eva", "the typed text is all there"
        box.press_sequentially("sive")
        expect(listbox.locator("[role=option]").first).to_contain_text("Evasive")
        expect(listbox.locator("[role=option]").first).to_have_attribute("data-entry-id", "evasive")
        box.press("ArrowDown")
        box.press("Enter")
        expect(page).to_have_url(server.url + "/dice-throne/evasive")

        # The same results as the server's /api/search, option for option.
        for query in QUERIES:
            got = option_ids(page, "input[type=search] >> nth=0", query, expected[query])
            assert got == expected[query], query
    finally:
        context.close()
