"""Installability, as Chrome judges it, in a persistent profile (an incognito context reports in-incognito)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Playwright

from ..helpers import LiveServer
from .pwa_support import wait_for_controller

pytestmark = pytest.mark.browser


def test_chrome_finds_no_installability_errors(playwright: Playwright, browser_type_launch_args: dict,
                                               live_server: LiveServer, tmp_path: Path) -> None:
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=browser_type_launch_args["executable_path"],
        args=browser_type_launch_args["args"], headless=True)
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
    finally:
        context.close()
