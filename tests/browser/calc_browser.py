"""Opening a calculator page in the browser: no script errors, no CSP refusals, no calls to the server."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import ConsoleMessage, Page, Request

from ..helpers import LiveServer


@contextmanager
def open_calc(page: Page, server: LiveServer, path: str, width: int = 412) -> Iterator[list[str]]:
    """Yield the list of fetch/XHR requests the page makes; fail on any script error or CSP violation."""
    problems: list[str] = []
    requests: list[str] = []

    def console(msg: ConsoleMessage) -> None:
        # script errors and CSP refusals; a resource failing to load while offline is expected
        # (Chromium fetches the service worker's script a moment after registering: offline it fails)
        offline_ok = msg.text.startswith(("Failed to load resource", "An unknown error occurred when fetching"))
        if msg.type == "error" and not offline_ok:
            problems.append(msg.text)

    def request(req: Request) -> None:
        # the header's search box reads the offline search index as the installed app's page opens: not the
        # calculator's doing
        if req.resource_type in ("fetch", "xhr") and "/search-index/" not in req.url:
            requests.append(req.url)

    page.on("console", console)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(server.url + path)
    page.on("request", request)
    yield requests
    assert not problems, problems
