"""Session 14's table-side pass (a 360 x 740 touch phone, light and dark): the offline page speaks the reader's
chosen Polish, the scoring calculator hides its no-JavaScript note once the script runs, and the search page's
Filters toggle is a full tap target."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .table_support import SCHEMES, phone, phone_context  # noqa: F401 - phone is a fixture

pytestmark = pytest.mark.browser
POLISH_READER = 'localStorage.setItem("throne-rules.settings", JSON.stringify({lang: "pl"}));'
TAP = 44


@pytest.fixture
def polish_reader(browser: Browser, live_server: LiveServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A phone page of a reader who chose Polski in Settings in an English browser (the colour scheme: the
    test's indirect parameter, light by default)."""
    context = phone_context(browser, live_server, getattr(request, "param", "light"), locale="en-GB")
    context.add_init_script(POLISH_READER)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("polish_reader", SCHEMES, indirect=True)
def test_offline_page_in_the_readers_polish(polish_reader: Page) -> None:
    """The worker answers a page it does not hold with /offline (English unless the address or the browser is
    Polish): a reader who chose Polski in Settings reads it in Polish, as every other page."""
    page = polish_reader
    page.goto("/offline")
    expect(page.locator("#offline-title")).to_have_text("Jesteś offline")
    expect(page.locator(".offline-page p").first).not_to_contain_text("This page was not found")
    expect(page.locator(".offline-links a")).to_have_text(["Start", "Indeks A–Z"])
    expect(page.locator(".offline-page input[type=search]")).to_have_attribute("placeholder", re.compile("^Szukaj"))
    expect(page.locator(".offline-page button[type=submit]")).to_have_text("Szukaj")
    expect(page).to_have_title(re.compile("^Jesteś offline"))


def test_offline_page_stays_english_for_an_english_reader(phone: Page) -> None:  # noqa: F811
    phone.goto("/offline")
    expect(phone.locator("#offline-title")).to_have_text("You are offline")
    expect(phone.locator(".offline-links a")).to_have_text(["Home", "A–Z index"])


def test_score_hides_its_no_script_note(phone: Page) -> None:  # noqa: F811
    """With the script on, the fields that do not apply are hidden: the note saying every field shows (true
    only without JavaScript) would contradict the form the player sees."""
    phone.goto("/calc/score")
    expect(phone.locator("[data-show-when='result=loss']").first).to_be_hidden()  # the script has run
    expect(phone.locator("#calc-form .calc-hint", has_text="Without JavaScript")).to_be_hidden()


@pytest.mark.parametrize("width", [360, 1280])
def test_search_filters_toggle_is_a_full_tap_target(browser: Browser, live_server: LiveServer, width: int) -> None:
    context = phone_context(browser, live_server, "light", viewport={"width": width, "height": 740})
    try:
        page = context.new_page()
        page.goto("/search?q=evasive")
        summary = page.locator(".search-filters > summary")
        box = summary.bounding_box()
        assert box and box["height"] >= TAP and box["width"] >= TAP, box
        summary.tap()
        expect(page.locator(".search-filters")).to_have_attribute("open", "")
        expect(page.locator(".search-filters input[name=kind]").first).to_be_attached()
    finally:
        context.close()


# Shared links the form cannot hold: letters in a number field, a choice the form does not offer. The server's
# page says what is wrong; the script must not swap that for the empty form's prompt (or a default's result).
BAD_LINKS = {
    "/calc/damage?damage=abc": "Incoming damage must be a whole number from 0 to 999.",
    "/calc/targeting?mode=2v2&roll=9": "Roll must be a whole number from 1 to 6; got 9.",
    "/calc/loot?table=nope&roll=3": "Unknown What you are rolling for 'nope'",
    "/calc/fame?experience=x": "Experience must be a whole number from 0 to 999.",
}


@pytest.mark.parametrize("url", list(BAD_LINKS))
def test_a_shared_link_the_form_cannot_hold_says_so(phone: Page, url: str) -> None:  # noqa: F811
    phone.goto(url)
    error = phone.locator("#calc-result .calc-error")
    expect(error).to_contain_text("This link: " + BAD_LINKS[url])
    expect(error).to_contain_text("The form shows the nearest valid choice")
    expect(phone.locator("#calc-result .calc-empty")).to_have_count(0)
    expect(phone.locator("#calc-sticky")).to_contain_text(BAD_LINKS[url])


def test_a_shared_link_error_in_polish(polish_reader: Page) -> None:
    page = polish_reader
    page.goto("/calc/fame?experience=x")
    error = page.locator("#calc-result .calc-error")
    expect(error).to_contain_text("Ten link: Doświadczenie: wpisz liczbę całkowitą od 0 do 999.")
    expect(error).to_contain_text("Formularz pokazuje najbliższy poprawny wybór")
    assert page.evaluate("window.ThroneCalcI18n.misses()") == []


def test_a_good_shared_link_still_opens_on_its_result(phone: Page) -> None:  # noqa: F811
    phone.goto("/calc/damage?damage=7&add=2")
    expect(phone.locator("[data-calc-steps]")).to_be_visible()
    expect(phone.locator("#calc-result .calc-error")).to_have_count(0)
    phone.goto("/calc/damage?damage=-5")  # the form holds it: the page's own error, no "This link"
    expect(phone.locator("#calc-result .calc-error")).to_contain_text("got -5")
    expect(phone.locator("#calc-result .calc-error")).not_to_contain_text("This link")


LONG_QUERIES = [pytest.param("a" * 200, id="long-word"),
                pytest.param("https://example.org/rules/" + "evasiveunikstun" * 10, id="pasted-link")]


@pytest.mark.parametrize("query", LONG_QUERIES)
def test_a_long_query_does_not_scroll_the_page_sideways(phone: Page, query: str) -> None:  # noqa: F811
    """The search page echoes the query ("0 results for …", "No rule matches …"): a long word or a pasted link
    wraps inside the 360 px screen instead of widening the page."""
    phone.goto("/search?q=" + quote(query))
    expect(phone.locator("#search-results .query-echo")).to_have_text(query)
    assert phone.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0


def test_term_preview_actions_are_full_tap_targets(phone: Page) -> None:  # noqa: F811
    """The preview's way on ("Open the full rule") was a 25 px line of text beside a 44 px Close."""
    phone.goto("/dice-throne/barbarian")
    phone.locator(".entry-body a[data-term]").first.tap()
    dialog = phone.locator("#term-preview")
    expect(dialog).to_be_visible()
    for action in (dialog.locator("#term-preview-open"), dialog.locator(".term-preview-close")):
        box = action.bounding_box()
        assert box and box["height"] >= TAP and box["width"] >= TAP, box
    dialog.locator("#term-preview-open").tap()
    expect(phone).not_to_have_url(re.compile(r"/barbarian$"))


def test_removing_a_logged_session_keeps_the_keyboard_in_the_log(phone: Page) -> None:  # noqa: F811
    """Remove deletes the button that had the focus: the focus went to the page's top; it goes to the next
    session's Remove, then to "Add this session to the log" once the log is empty."""
    phone.goto("/calc/score?mode=portal-crawl&result=win&remaining_salves=3&unspent_gold=3&scenario_score=3")
    add = phone.locator("[data-log-add]")
    for scenario in ("3", "4"):
        phone.locator("#f-scenario").fill(scenario)
        expect(phone).to_have_url(re.compile(f"scenario={scenario}"))  # the page has read it (not a double tap)
        add.click()
        expect(phone.locator("[data-log-status]")).to_contain_text("Session added")
    rows = phone.locator("[data-log-rows] tr")
    expect(rows).to_have_count(2)
    rows.first.locator("button").focus()
    phone.keyboard.press("Enter")
    expect(rows).to_have_count(1)
    expect(rows.first.locator("button")).to_be_focused()
    phone.keyboard.press("Enter")
    expect(rows).to_have_count(0)
    expect(add).to_be_focused()


def test_polish_calculators_write_decimals_with_a_comma(polish_reader: Page) -> None:
    """A Polish reader reads "61,54%", not "61.54%" (the result, the sticky bar, what the screen reader hears);
    switching to English puts the point back. The values the page keeps (data-value) stay numbers."""
    page = polish_reader
    page.goto("/calc/odds")
    chance = page.locator("#calc-result [data-out=chance]")
    expect(chance).to_have_text("61,54%")
    expect(page.locator("#calc-result")).not_to_contain_text("61.54")
    page.locator(".odds-target input[value=straight-5]").check()
    expect(chance).to_have_text("26,11%")
    expect(page.locator("#calc-status")).to_have_text("Szansa: 26,11%")
    page.goto("/calc/odds?mode=abilities&ab=2&a1-goal=kind&a1-kind=3&a1-dmg=4&a2-dmg=7")
    expected = page.locator("#calc-result [data-out=expected]")
    expect(expected).to_have_text(re.compile(r"^\d+,\d\d$"))
    assert "." in (expected.get_attribute("data-value") or "")
    page.evaluate("window.ThronePrefs.set('lang', 'en')")
    expect(expected).to_have_text(re.compile(r"^\d+\.\d\d$"))
