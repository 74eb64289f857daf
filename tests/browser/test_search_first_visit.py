"""A first visit, before the service worker controls the page, reads the search index from the page's head, as the
installed app does (static/js/search-preload.js), and the worker's install revalidates that copy instead of
downloading it again (static/sw.js: precache fetches with cache "no-cache"). A browser without service workers, or
a reader saving data, downloads neither the index nor the library until a search box is touched.
(Timings: bench/typeahead_bench.py.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from ..helpers import LiveServer
from .pwa_support import wait_for_controller, wait_until

pytestmark = pytest.mark.browser

ENTRY = "/dice-throne/stun"
INDEX = "/search-index/"
LIBRARY = "/vendor/minisearch.js"


@pytest.fixture()
def first_visit(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="allow")
    yield context
    context.close()


def full_downloads(requests: list[Request], part: str) -> int:
    """Responses for `part` that came over the wire with their body (a revalidated copy, a 304, has none)."""
    return sum(1 for r in requests if part in r.url and r.sizes()["responseBodySize"] > 10_000)


def test_a_first_visit_reads_the_index_from_the_head_and_the_worker_keeps_that_copy(
        first_visit: BrowserContext, live_server: LiveServer) -> None:
    finished: list[Request] = []
    first_visit.on("requestfinished", lambda r: finished.append(r))
    page = first_visit.new_page()
    page.goto(live_server.url + ENTRY)
    assert page.evaluate("navigator.serviceWorker.controller") is None  # a first visit: no worker controls it
    # started from the head, before anything was touched; the engine is read as soon as it arrives
    assert page.evaluate("performance.getEntriesByName('throne-search:preload').length") == 1
    wait_until(page, "performance.getEntriesByName('throne-search:ready').length === 1")
    box = page.locator("input[type=search]").first
    box.fill("evasive")
    listbox = page.locator(f"#{box.get_attribute('aria-controls')}")
    expect(listbox.locator("[role=option]").first).to_have_attribute("data-entry-id", "evasive")
    # the worker installs with the same files: the index and the library came over the wire once each
    wait_for_controller(page)
    page.wait_for_load_state("networkidle")
    asked = [r for r in finished if INDEX in r.url]
    # the index and the reader's postings: the page's request and the worker's revalidation of each; the other
    # language's postings: the page's, when it first searched (the worker keeps that response)
    assert len(asked) == 5, [r.url for r in asked]
    assert full_downloads(finished, INDEX) == 3
    assert full_downloads(finished, LIBRARY) == 1
    config_index = page.evaluate("JSON.parse(document.getElementById('pwa-config').textContent).searchIndex")
    cached = page.evaluate("url => caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k).then("
                           "c => c.match(url))))).then(found => found.filter(Boolean).map(r => r.headers.get("
                           "'X-Throne-Build')))", config_index)
    assert len(cached) == 1 and cached[0], "the index is precached with this build's header"


NO_WORKERS = "delete Navigator.prototype.serviceWorker;"
SAVE_DATA = "Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) });"


@pytest.mark.parametrize("script", [NO_WORKERS, SAVE_DATA], ids=["no-service-workers", "save-data"])
def test_elsewhere_nothing_is_loaded_until_a_search_box_is_touched(first_visit: BrowserContext,
                                                                   live_server: LiveServer, script: str) -> None:
    first_visit.add_init_script(script)
    asked: list[str] = []
    page: Page = first_visit.new_page()
    page.on("request", lambda r: asked.append(r.url) if INDEX in r.url or LIBRARY in r.url else None)
    page.goto(live_server.url + ENTRY)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("performance.getEntriesByName('throne-search:preload').length") == 0
    assert asked == []
    box = page.locator("input[type=search]").first
    box.dispatch_event("pointerdown")
    wait_until(page, "performance.getEntriesByName('throne-search:ready').length === 1")
    assert any(INDEX in u for u in asked) and any(LIBRARY in u for u in asked)
    box.fill("evasive")
    listbox = page.locator(f"#{box.get_attribute('aria-controls')}")
    expect(listbox.locator("[role=option]").first).to_have_attribute("data-entry-id", "evasive")
