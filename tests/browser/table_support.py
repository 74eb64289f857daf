"""Helpers for the at-the-table tests: a 360 x 740 touch phone in a light or dark scheme, synthetic swipes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from ..helpers import LiveServer
from .shared_context import SharedContexts

PHONE = {"width": 360, "height": 740}
SCHEMES = ["light", "dark"]
# the pages' five entry types, as bench/ux_measure.py measures them
ENTRY_TYPES = {
    "rule": "/dice-throne/ultimate-ability",
    "status effect": "/dice-throne/evasive",
    "faq": "/dice-throne/faq-moon-elf-evasive-ultimate",
    "hero": "/dice-throne/barbarian",
    "polish": "/dice-throne/pl-cel-gry",
}

SWIPE_JS = """([selector, dx, dy]) => {
  const target = document.querySelector(selector);
  const box = target.getBoundingClientRect();
  const x = Math.min(box.left + 20, window.innerWidth - 150), y = box.top + Math.min(box.height / 2, 30);
  const touch = (cx, cy) => new Touch({identifier: 1, target, clientX: cx, clientY: cy});
  const fire = (type, t) => target.dispatchEvent(new TouchEvent(type, {bubbles: true, cancelable: true,
    touches: type === 'touchend' ? [] : [t], changedTouches: [t]}));
  fire('touchstart', touch(x, y));
  fire('touchmove', touch(x + dx / 2, y + dy / 2));
  // the end comes after evaluate() returns: the navigation it starts must not destroy evaluate's own context
  setTimeout(() => fire('touchend', touch(x + dx, y + dy)), 0);
}"""


def phone_context(browser: Browser, server: LiveServer, scheme: str, **extra: object) -> BrowserContext:
    """A touch phone; no service worker (these tests are about the page, and stay quick)."""
    options: dict = {"viewport": PHONE, "color_scheme": scheme, "has_touch": True, "is_mobile": True,
                     "service_workers": "block", "base_url": server.url, **extra}
    return browser.new_context(**options)


@pytest.fixture(params=SCHEMES)
def phone(request: pytest.FixtureRequest, browser: Browser, live_server: LiveServer,
          shared_contexts: SharedContexts) -> Iterator[Page]:
    """A new page in the module's phone context of this scheme, which forgets the test after it."""
    scheme = request.param
    shared = shared_contexts.get(("phone", scheme), lambda: phone_context(browser, live_server, scheme))
    page = shared.page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    shared.forget()
    assert errors == [], errors


def swipe(page: Page, selector: str, dx: int, dy: int = 0) -> None:
    page.evaluate(SWIPE_JS, [selector, dx, dy])


def top_of(page: Page, selector: str) -> float:
    return float(page.locator(selector).first.evaluate("n => n.getBoundingClientRect().top + window.scrollY"))
