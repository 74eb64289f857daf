"""The FAQ index filters as you type, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ..helpers import LiveServer

pytestmark = pytest.mark.browser


def test_filter_as_you_type(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/faq")
    total = page.locator("#faq-groups li").count()
    page.get_by_label("Filter the questions").fill("evasive ultimate")
    visible = page.locator("#faq-groups li:visible")
    expect(visible.first).to_be_visible()
    assert 0 < visible.count() < total
    for text in visible.all_text_contents():  # the question or its answer (the filter searches the answers too)
        assert "evasive" in text.lower() or "ultimate" in text.lower()
    page.get_by_label("Filter the questions").fill("zzzzqqq")
    expect(page.locator("#faq-empty")).to_be_visible()
