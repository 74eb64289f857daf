"""A shared context forgets a test as a new context would hold nothing (shared_context.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from ..helpers import LiveServer
from .shared_context import SharedContext

pytestmark = pytest.mark.browser

LEAVE = """async () => {
  localStorage.setItem("left", "1");
  document.cookie = "left=1; path=/";
  await new Promise((resolve) => { const r = indexedDB.open("left"); r.onsuccess = resolve; });
  await caches.open("left");
}"""
FOUND = """async () => [localStorage.getItem("left"), document.cookie,
  (await indexedDB.databases()).some((d) => d.name === "left"), (await caches.keys()).includes("left")]"""


def test_a_shared_context_forgets_what_a_test_left(browser: Browser, live_server: LiveServer) -> None:
    shared = SharedContext(browser.new_context(service_workers="block"))
    try:
        page = shared.page()
        page.goto(live_server.url + "/settings")
        page.evaluate(LEAVE)
        assert page.evaluate(FOUND) == ["1", "left=1", True, True]
        shared.context.set_offline(True)
        shared.context.route("**/*.css", lambda route: route.abort())
        shared.forget()
        assert page.is_closed()
        page = shared.page()
        page.goto(live_server.url + "/settings")  # online again, no route left
        assert page.evaluate(FOUND) == [None, "", False, False]
        assert page.evaluate("getComputedStyle(document.body).margin") == "0px"  # the CSS loaded
        with pytest.raises(RuntimeError, match="open a new context"):
            shared.context.add_init_script("window.x = 1")
    finally:
        shared.close()
