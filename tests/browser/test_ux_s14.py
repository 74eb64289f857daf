"""Session 14's table-side pass (a 360 x 740 touch phone, light and dark): the offline page speaks the reader's
chosen Polish, the scoring calculator hides its no-JavaScript note once the script runs, and the search page's
Filters toggle is a full tap target."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .table_support import SCHEMES, phone, phone_context  # noqa: F401 - phone is a fixture

pytestmark = pytest.mark.browser
POLISH_READER = 'localStorage.setItem("throne-rules.settings", JSON.stringify({lang: "pl"}));'
TAP = 44


@pytest.mark.parametrize("scheme", SCHEMES)
def test_offline_page_in_the_readers_polish(browser: Browser, live_server: LiveServer, scheme: str) -> None:
    """The worker answers a page it does not hold with /offline (English unless the address or the browser is
    Polish): a reader who chose Polski in Settings reads it in Polish, as every other page."""
    context = phone_context(browser, live_server, scheme, locale="en-GB")
    context.add_init_script(POLISH_READER)
    try:
        page = context.new_page()
        page.goto("/offline")
        expect(page.locator("#offline-title")).to_have_text("Jesteś offline")
        expect(page.locator(".offline-page p").first).not_to_contain_text("This page was not found")
        expect(page.locator(".offline-links a")).to_have_text(["Start", "Indeks A–Z"])
        expect(page.locator(".offline-page input[type=search]")).to_have_attribute("placeholder", re.compile("^Szukaj"))
        expect(page.locator(".offline-page button[type=submit]")).to_have_text("Szukaj")
        expect(page).to_have_title(re.compile("^Jesteś offline"))
    finally:
        context.close()


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
