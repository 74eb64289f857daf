"""Installability, as Chrome judges it, in a persistent profile (an incognito context reports in-incognito)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, expect

from ..helpers import LiveServer
from .pwa_support import persistent_context, wait_for_controller

pytestmark = pytest.mark.browser
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.5 Mobile/15E148 Safari/604.1")


def test_chrome_finds_no_installability_errors(playwright: Playwright, browser_type_launch_args: dict,
                                               live_server: LiveServer, tmp_path: Path) -> None:
    context = persistent_context(playwright, browser_type_launch_args, tmp_path / "profile")
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        wait_for_controller(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == live_server.url + "/manifest.webmanifest"
        assert manifest["errors"] == []
        for src in ("icons/icon-192.png", "icons/icon-512.png", "icons/icon-maskable-512.png"):
            status = page.evaluate("(u) => fetch(u).then(r => r.status)", f"/static/{src}")
            assert status == 200

        # Chrome offers installation (beforeinstallprompt): the hint shows an Install button.
        hint = page.locator("#install-hint")
        expect(hint.get_by_role("button", name="Install")).to_be_visible(timeout=30_000)
        expect(hint).to_contain_text("offline")
        hint.get_by_role("button", name="Not now").click()
        expect(hint).to_be_hidden()
        page.reload()
        page.wait_for_load_state("load")
        page.wait_for_timeout(500)
        expect(hint).to_be_hidden()  # dismissed for good
        assert page.evaluate("localStorage.getItem('throne-rules.install-dismissed')") == "1"
    finally:
        context.close()


def test_ios_gets_add_to_home_screen_instructions(browser: Browser, live_server: LiveServer) -> None:
    context = browser.new_context(user_agent=IPHONE, viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        hint = page.locator("#install-hint")
        expect(hint).to_be_visible()
        expect(hint.locator(".install-ios")).to_have_text("To install: tap Share, then “Add to Home Screen”.")
        expect(hint.get_by_role("button", name="Install")).to_be_hidden()
        hint.get_by_role("button", name="Not now").tap()
        expect(hint).to_be_hidden()
        page.goto(live_server.url + "/index")
        expect(page.locator("#install-hint")).to_be_hidden()
    finally:
        context.close()
