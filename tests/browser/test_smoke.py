"""Real browser: Playwright drives Debian's Chromium against `throne-rules serve` on loopback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ..helpers import LiveServer

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_search_and_open_a_rule(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/")
    box = page.get_by_role("combobox", name="Search the rules")
    expect(box).to_be_focused()
    box.fill("undefendable")
    box.press("Enter")
    expect(page).to_have_url(live_server.url + "/search?q=undefendable")
    first = page.locator(".results .result a.result-title").first
    expect(first).to_have_text("Undefendable damage")
    first.click()
    expect(page).to_have_url(live_server.url + "/dice-throne/undefendable-damage")
    expect(page.locator("h1")).to_have_text("Undefendable damage")
    # sources by document title, never a file name
    source = page.locator(".entry-sources li").first
    expect(source).to_have_text(re.compile(r"^(Official online rules reference|Dice Throne Rules of Play v2\.0) — "))
    expect(source).not_to_contain_text(".txt")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "entry-360.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, "the entry page scrolls sideways at 360 px"


def test_slash_focuses_search(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/index")
    page.keyboard.press("/")
    expect(page.locator("#site-q")).to_be_focused()
