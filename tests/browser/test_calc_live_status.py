"""Real browser: what a screen reader hears as a calculator updates. Each change is said through one polite
status region (#calc-status) in a few words, the sticky bar's summary or the error sentence, in the reader's
language; the result with its steps (#calc-result) is redrawn whole on each change, so it is no live region."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .calc_browser import open_calc
from .table_support import phone_context

pytestmark = pytest.mark.browser

# <output> is a live region by its role (status): the result's outputs say aria-live="off" (issue 34: one
# announcement per change, the status line's)
NOT_LIVE = ("#calc-result[aria-live], #calc-result [aria-live]:not([aria-live=off]), #calc-result [role=status], "
            "#calc-result [role=alert], #calc-result output:not([aria-live=off])")


def live_regions(page: Page) -> list[str]:
    """The ids of the polite live regions about the result: the share and log statuses are their own."""
    return page.evaluate("""() => [...document.querySelectorAll(
        'main [role=status], main [aria-live]:not([aria-live=off])')]
      .filter((el) => !el.matches('[data-share-status], [data-log-status], [data-hero-status]'))
      .map((el) => el.id)""")


def test_the_plus_stepper_says_the_new_total_only(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/damage?damage=7&add=2"):
        status = page.locator("#calc-status")
        expect(page.locator("#calc-result [data-out=final]")).to_have_text("9")
        assert live_regions(page) == ["calc-status"]
        expect(status).to_have_attribute("role", "status")
        expect(status).to_have_text("")  # nothing said as the page opens
        assert page.locator(NOT_LIVE).count() == 0
        page.get_by_role("button", name="One more incoming damage").click()
        expect(status).to_have_text("Final damage: 10")
        expect(page.locator("#calc-sticky")).to_have_text("Final damage: 10")
        expect(page.locator("#calc-result [data-out=final]")).to_have_text("10")
        assert page.locator(NOT_LIVE).count() == 0
        # the breakdown is still there to read, out of the live region
        assert len(page.locator("#calc-result").inner_text()) > 100
        assert page.locator("#calc-status").evaluate("el => !el.closest('#calc-result')")
        # an error: its sentence, and no alert besides
        page.get_by_label("Damage added (+N)").fill("")
        page.get_by_label("Damage added (+N)").press_sequentially("2-")
        expect(status).to_have_text("Damage added (+N) must be a whole number from 0 to 999.")
        expect(page.locator("#calc-result .calc-error")).to_be_visible()
        assert page.locator(NOT_LIVE).count() == 0
        page.get_by_label("Damage added (+N)").fill("3")
        expect(status).to_have_text("Final damage: 11")
        assert live_regions(page) == ["calc-status"]


def test_the_status_speaks_polish(browser: Browser, live_server: LiveServer) -> None:
    context = phone_context(browser, live_server, "light", locale="pl-PL")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto("/calc/damage?damage=7&add=2")
        page.wait_for_function("document.documentElement.hasAttribute('data-calc-done')")
        expect(page.locator("#calc-result [data-out=final]")).to_have_text("9")
        page.locator("button[data-bump='1'][data-target='f-damage']").click()
        status = page.locator("#calc-status")
        expect(status).to_have_text("Wynik końcowy: 10")
        expect(page.locator("#calc-sticky")).to_have_text("Wynik końcowy: 10")
        assert status.evaluate("el => el.closest('[lang]').lang") == "pl"
        assert page.evaluate("ThroneCalcI18n.misses()") == []
        assert errors == []
    finally:
        context.close()
