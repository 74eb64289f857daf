"""Links and sharing: Share copies the absolute URL, heading anchors copy on tap, #section scrolls,
back and forward work, and search-as-you-type is driven by the keyboard."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from indexer import Corpus

from ..helpers import LiveServer

pytestmark = pytest.mark.browser
NO_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"


@pytest.fixture()
def touch_context(browser: Browser, live_server: LiveServer) -> Iterator[BrowserContext]:
    context = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 360, "height": 740},
                                  permissions=["clipboard-read", "clipboard-write"], base_url=live_server.url,
                                  service_workers="block")
    context.add_init_script(NO_SHARE)
    yield context
    context.close()


def entry_with_sections(corpus: Corpus) -> tuple[str, str, str]:
    entry = next(e for e in corpus.entries.values() if len(e.anchors) >= 2 and e.lang == "en")
    return entry.url, entry.title, entry.anchors[-1]


def test_share_without_web_share_copies_the_absolute_url(touch_context: BrowserContext, live_server: LiveServer,
                                                         corpus: Corpus) -> None:
    url, title, _ = entry_with_sections(corpus)
    page = touch_context.new_page()
    page.goto(url)
    assert page.evaluate("typeof navigator.share") == "undefined"
    share = page.get_by_role("button", name="Share this rule")
    expect(share).to_be_visible()
    share.tap()
    expect(page.locator("#toast")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == live_server.url + url


def test_share_uses_web_share_where_the_browser_has_it(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    url, title, _ = entry_with_sections(corpus)
    page.add_init_script("navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };")
    page.goto(live_server.url + url)
    page.get_by_role("button", name="Share this rule").click()
    shared = page.evaluate("window.__shared")
    assert shared["url"] == live_server.url + url and shared["title"] == title


def test_heading_anchor_copies_its_link_on_touch(touch_context: BrowserContext, live_server: LiveServer,
                                                 corpus: Corpus) -> None:
    url, _, anchor = entry_with_sections(corpus)
    page = touch_context.new_page()
    page.goto(url)
    link = page.locator(f"#{anchor} a.anchor")
    box = link.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24, "big enough to tap"
    link.tap()
    expect(page).to_have_url(f"{live_server.url}{url}#{anchor}")
    expect(page.locator("#toast")).to_have_text("Link to this section copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{live_server.url}{url}#{anchor}"


def test_a_section_link_opens_at_that_section(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    url, _, anchor = entry_with_sections(corpus)
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{live_server.url}{url}#{anchor}")
    top = page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", anchor)
    height = page.evaluate("window.innerHeight")
    scrolled = page.evaluate("window.scrollY")
    assert 0 <= top < height and (scrolled > 0 or top < height / 2)


def test_back_and_forward(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    entry = next(e for e in corpus.entries.values() if e.related)
    page.goto(live_server.url + entry.url)
    page.locator(".entry-related a").first.click()
    second = page.url
    assert second != live_server.url + entry.url
    page.go_back()
    expect(page.locator("h1")).to_have_text(entry.title)
    page.go_forward()
    expect(page).to_have_url(second)


def test_search_as_you_type_with_the_keyboard(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/index")
    page.keyboard.press("/")
    box = page.locator("#site-q")
    expect(box).to_be_focused()
    page.keyboard.type("evasiv")
    listbox = page.get_by_role("listbox", name="Suggestions")
    options = listbox.get_by_role("option")
    expect(options.first).to_contain_text("Evasive")
    expect(page.locator(".search-form [role=status]").first).to_contain_text("matches")
    assert box.get_attribute("aria-controls") == listbox.get_attribute("id")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    expect(options.first).to_have_attribute("aria-selected", "true")
    assert box.get_attribute("aria-activedescendant") == options.first.get_attribute("id")
    target = options.first.get_attribute("data-url")
    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server.url + target)
    page.go_back()
    expect(page).to_have_url(live_server.url + "/index")
    page.wait_for_load_state("load")  # the restored page settles before we type into it again
    page.locator("#site-q").fill("evasive")
    expect(page.locator("#site-q")).to_have_value("evasive")
    # Escape closes open suggestions; with none open yet, Chromium's own Escape would empty a search box
    expect(page.get_by_role("listbox", name="Suggestions")).to_be_visible()
    page.locator("#site-q").press("Escape")
    expect(page.get_by_role("listbox")).to_be_hidden()
    page.locator("#site-q").press("Enter")  # no option chosen: a normal search, rendered by the server
    expect(page).to_have_url(live_server.url + "/search?q=evasive")
    expect(page.locator("#search-results")).to_have_attribute("data-rendered", "server")
