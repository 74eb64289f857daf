"""Hostile input through the URL state and the search box never runs in a real browser."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from ..helpers import LiveServer
from ..test_xss import CALC_PAGES, PAYLOADS

pytestmark = pytest.mark.browser


def test_no_payload_runs(page: Page, live_server: LiveServer) -> None:
    fired: list[str] = []
    page.on("dialog", lambda dialog: (fired.append(dialog.message), dialog.dismiss()))
    for payload in PAYLOADS:
        urls = [f"/search?q={quote(payload)}"]
        urls += [f"{path}?{name}={quote(payload)}" for path, names in CALC_PAGES.items() for name in names[:3]]
        for url in urls:
            page.goto(live_server.url + url)
            page.wait_for_load_state("load")
            assert page.locator("main img[src=x], main svg[onload]").count() == 0, url
    # the search box: one page takes every payload in turn (what one left in the page would still be counted)
    page.goto(live_server.url + "/")
    for payload in PAYLOADS:
        page.locator("#q").fill(payload)
        page.wait_for_timeout(300)  # search-as-you-type renders its listbox
        assert page.locator("img[src=x], svg[onload]").count() == 0, payload
    assert fired == []
