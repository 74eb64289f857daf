"""Nothing sticky covers what the reader is on: keyboard focus scrolls clear of the calculators' result bar
(WCAG 2.4.11), a jump to a letter of the A–Z index lands below its letter bar, the open menu closes when focus
moves on past it, and "Clear pinned" asks first (as "Clear the log" does)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .pwa_support import wait_until
from .table_support import phone_context

pytestmark = pytest.mark.browser

# The focused element against the bar fixed at the bottom: how far the bar covers it (0 = clear).
COVERED = """() => {
  const el = document.activeElement, bar = document.getElementById('calc-sticky');
  if (!el || el === document.body || !bar || bar.contains(el) || !bar.getClientRects().length) return 0;
  const r = el.getBoundingClientRect(), b = bar.getBoundingClientRect();
  if (!r.width && !r.height) return 0;
  return Math.max(0, Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top));
}"""


@pytest.fixture()
def page(browser: Browser, live_server: LiveServer) -> Page:
    context = phone_context(browser, live_server, "light")
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("url", ["/calc/damage?damage=7&add=2", "/calc/fame?experience=3"])
def test_keyboard_focus_is_never_under_the_result_bar(page: Page, url: str) -> None:
    page.goto(url)
    # a shared calculation opens on its result (issue 34), where the bar stands aside; from the top of the page
    # the keyboard walks the form with the bar showing whenever the result is off screen
    expect(page.locator("#calc-sticky")).to_be_attached()
    page.evaluate("window.scrollTo(0, 0)")
    covered, bar_shown = [], 0
    for step in range(60):
        page.keyboard.press("Tab")
        hidden = page.evaluate(COVERED)
        bar_shown += page.evaluate("document.getElementById('calc-sticky').getClientRects().length")
        if hidden > 0:
            covered.append((step, page.evaluate("document.activeElement.outerHTML.slice(0, 80)"), hidden))
    assert covered == [], covered
    assert bar_shown, "the result bar never showed while tabbing"


def test_the_field_being_typed_in_stays_clear_when_the_bar_grows(page: Page) -> None:
    """An error is longer than a total: the bar grows under the field being typed in, which scrolls clear."""
    page.goto("/calc/damage?damage=7")
    field = page.locator("#calc-form [name=add]")
    field.scroll_into_view_if_needed()
    page.evaluate("""() => {  // the field just above the bar, as a thumb leaves it after a tap
      const f = document.querySelector('#calc-form [name=add]').getBoundingClientRect();
      window.scrollBy(0, f.bottom - (window.innerHeight - 50));
    }""")
    field.focus()
    expect(page.locator("#calc-sticky")).to_be_visible()
    assert page.evaluate(COVERED) == 0
    field.press_sequentially("2-")
    expect(page.locator("#calc-sticky")).to_contain_text("must be a whole number")
    wait_until(page, f"({COVERED})() === 0", timeout=5)


def test_a_to_z_letter_jump_lands_below_the_letter_bar(page: Page) -> None:
    page.goto("/index")
    bar = page.locator("nav.letters")
    page.locator("nav.letters a[href='#letter-S']").click()
    wait_until(page, "location.hash === '#letter-S'", timeout=5)
    wait_until(page, "window.scrollY > 0", timeout=5)
    heading = page.locator("#letter-S").bounding_box()
    letters = bar.bounding_box()
    assert heading and letters
    assert heading["y"] >= letters["y"] + letters["height"] - 1, (heading, letters)
    assert heading["y"] < 300, "it still jumps to the letter"


def menu_open(page: Page) -> bool:
    return page.locator(".menu-button").get_attribute("aria-expanded") == "true"


def test_open_menu_closes_when_focus_moves_on_past_it(page: Page) -> None:
    page.goto("/dice-throne/stun")
    menu = page.locator(".menu-button")
    menu.focus()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    items = page.locator("#site-nav a:visible, #site-nav button:visible").count()
    assert items >= 5
    page.keyboard.press("Tab")  # into the menu: stays open
    assert page.evaluate("document.getElementById('site-nav').contains(document.activeElement)")
    page.keyboard.press("Shift+Tab")  # back to the menu button: stays open
    assert page.evaluate("document.activeElement.classList.contains('menu-button')") and menu_open(page)
    for _ in range(items):
        page.keyboard.press("Tab")
        assert menu_open(page)
    page.keyboard.press("Tab")  # past its last item
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#site-nav")).to_be_hidden()
    assert not page.evaluate("document.getElementById('site-nav').contains(document.activeElement)")
    # Shift+Tab out of it, before the menu button, closes it too
    menu.focus()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Shift+Tab")
    expect(menu).to_have_attribute("aria-expanded", "false")
    # a tap on a link in the open menu still follows it
    menu.click()
    page.locator("#site-nav a[href$='/index']").click()
    expect(page).to_have_url(re.compile(r"/index$"))


PINS = [{"url": f"/dice-throne/{slug}", "title": title, "game": "dice-throne", "kind": "status-effect", "lang": "en"}
        for slug, title in (("evasive", "Evasive"), ("stun", "Stun"))]


@pytest.mark.parametrize("locale", ["en-GB", "pl-PL"])
def test_clear_pinned_asks_first(browser: Browser, live_server: LiveServer, locale: str) -> None:
    context = phone_context(browser, live_server, "light", locale=locale)
    try:
        page = context.new_page()
        page.goto("/")
        page.evaluate("pins => localStorage.setItem('throne-rules.pinned', JSON.stringify(pins))", PINS)
        page.reload()
        pinned = page.locator("#pinned")
        expect(pinned.get_by_role("link")).to_have_count(2)
        asked: list[str] = []

        def answer(accept: bool) -> None:
            page.once("dialog", lambda d: (asked.append(d.message), d.accept() if accept else d.dismiss()))

        answer(False)  # "Cancel": nothing lost
        pinned.locator(".pinned-clear").tap()
        wait_until(page, "true", timeout=1)
        assert len(asked) == 1
        expect(pinned.get_by_role("link")).to_have_count(2)
        stored = json.loads(page.evaluate("localStorage.getItem('throne-rules.pinned')"))
        assert [p["url"] for p in stored] == [p["url"] for p in PINS]
        expected = "Remove all pinned rules (2)?" if locale == "en-GB" else "Usunąć wszystkie przypięte zasady (2)?"
        assert asked[0] == expected
        answer(True)
        pinned.locator(".pinned-clear").tap()
        expect(pinned).to_be_hidden()
        assert page.evaluate("localStorage.getItem('throne-rules.pinned')") == "[]"
    finally:
        context.close()
