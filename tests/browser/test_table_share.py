"""At the table on a 360 x 740 phone, light and dark: sharing what I see, section links, clearing the search
highlights, control borders, What changed and the update prompt's count."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .table_support import SCHEMES, phone, phone_context  # noqa: F401 - phone is a fixture

pytestmark = pytest.mark.browser
NO_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
SECTION = "/dice-throne/evasive#how-it-works"


def test_share_shares_the_section_opened(browser: Browser, live_server: LiveServer) -> None:
    for scheme in SCHEMES:
        context = phone_context(browser, live_server, scheme,
                                permissions=["clipboard-read", "clipboard-write"])
        context.add_init_script(NO_SHARE)
        try:
            page = context.new_page()
            page.goto(SECTION)
            heading = page.locator("#how-it-works")
            expect(heading).to_have_class(re.compile("section-flash"))  # a shared section shows itself
            expect(heading).to_be_in_viewport()
            page.get_by_role("button", name="Share this rule").tap()
            expect(page.locator("#toast")).to_have_text("Link to this section copied")
            assert page.evaluate("navigator.clipboard.readText()") == live_server.url + SECTION
            page.goto("/dice-throne/evasive")  # opened at the top: the rule
            page.get_by_role("button", name="Share this rule").tap()
            expect(page.locator("#toast")).to_have_text("Link copied")
            assert page.evaluate("navigator.clipboard.readText()") == live_server.url + "/dice-throne/evasive"
        finally:
            context.close()


def test_share_shares_the_section_with_selected_text(phone: Page) -> None:  # noqa: F811
    phone.add_init_script("navigator.share = (d) => { window.__shared = d; return Promise.resolve(); };")
    phone.goto("/dice-throne/evasive")
    phone.evaluate("""() => { const li = document.querySelector('#how-it-works ~ ul li');
        const r = document.createRange(); r.selectNodeContents(li);
        getSelection().removeAllRanges(); getSelection().addRange(r); }""")
    phone.get_by_role("button", name="Share this rule").click()
    shared = phone.evaluate("window.__shared")
    assert shared["url"].endswith("/dice-throne/evasive#how-it-works"), shared
    assert shared["title"] == "Evasive — How it works"


def test_section_links_are_labelled(phone: Page) -> None:  # noqa: F811
    phone.goto("/dice-throne/evasive")
    link = phone.get_by_role("link", name="Link to this section: How it works")
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24


def test_clear_highlights_button_and_escape(phone: Page) -> None:  # noqa: F811
    for close in ("button", "Escape"):
        phone.goto("/search?q=evasive%20token")
        phone.locator("[data-search-results] a[data-entry-id='evasive']").click()
        marks = phone.locator("article mark.search-hit")
        expect(marks.first).to_be_visible()
        clear = phone.get_by_role("button", name="Clear highlights")
        expect(clear).to_be_visible()
        if close == "button":
            clear.tap()
        else:
            phone.locator("h1").click()
            phone.keyboard.press("Escape")
        expect(marks).to_have_count(0)
        expect(clear).to_be_hidden()
        expect(phone.locator(".entry-body")).to_contain_text("Evasive is a positive")


CONTRAST = """(selector) => {
  const lum = (c) => { const [r, g, b] = c.match(/\\d+/g).slice(0, 3).map(Number).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const el = document.querySelector(selector);
  let bgNode = el.parentElement, bg = getComputedStyle(bgNode).backgroundColor;
  while (bg === 'rgba(0, 0, 0, 0)' && bgNode.parentElement) {
    bgNode = bgNode.parentElement; bg = getComputedStyle(bgNode).backgroundColor; }
  if (bg === 'rgba(0, 0, 0, 0)') bg = getComputedStyle(document.body).backgroundColor;
  const border = getComputedStyle(el).borderTopColor;
  const [a, b] = [lum(border), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_control_borders_have_three_to_one_contrast(phone: Page) -> None:  # noqa: F811
    for url, selector in [("/dice-throne/evasive", "#site-q"), ("/faq", "#faq-q"), ("/index", "#az-q"),
                          ("/search?q=stun", "#q"), ("/search?q=stun", ".chip > span"),
                          ("/dice-throne/evasive", ".share-button"), ("/calc/damage", ".calc-form input[type=number]")]:
        phone.goto(url)
        ratio = phone.evaluate(CONTRAST, selector)
        assert ratio >= 3, f"{url} {selector}: {ratio:.2f}:1"


def test_what_changed_page(phone: Page) -> None:  # noqa: F811
    phone.goto("/changes")
    expect(phone.locator("h1")).to_have_text("What changed")
    expect(phone.locator(".changes-meta code").first).to_have_text(re.compile(r"^[0-9a-f]{12}$"))
    phone.goto("/")
    phone.locator(".site-footer").get_by_role("link", name="What changed").tap()
    expect(phone).to_have_url(re.compile(r"/changes$"))
