"""Browser contexts a module's tests share, one per kind of context (tests/browser/conftest.py).

A new Chromium context costs about 1-2 s of CPU (its renderer starts), a new page in an open context about a third
of that. A test that only needs a clean page gets a new page in its module's context, and after it the context
forgets what the test left, as a new context would hold nothing: its pages close, and every origin it visited loses
its storage (local storage, IndexedDB, caches, service workers, cookies) through Chrome's own
`Storage.clearDataForOrigin`; the HTTP cache is cleared, permissions, routes and offline mode reset. What a context
cannot forget (init scripts, exposed functions, extra headers, geolocation, default timeouts) is refused on a shared
context: a test that needs it opens its own context.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NoReturn
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, CDPSession, Page, Request

# BrowserContext methods whose effect outlives a test and that no call undoes.
REFUSED = ("add_init_script", "expose_binding", "expose_function", "set_extra_http_headers", "set_geolocation",
           "set_default_timeout", "set_default_navigation_timeout")


class SharedContext:
    """One context for many tests: `page()` for each test, `forget()` after it."""

    def __init__(self, context: BrowserContext):
        self.context = context
        self.origins: set[str] = set()
        context.on("request", self._seen)
        # a page of its own that no test sees: the DevTools session that clears storage goes through it
        self._keeper = context.new_page()
        self._cdp: CDPSession = context.new_cdp_session(self._keeper)
        for name in REFUSED:
            setattr(context, name, self._refuse(name))

    @staticmethod
    def _refuse(name: str) -> Callable[..., NoReturn]:
        def refuse(*args: Any, **kwargs: Any) -> NoReturn:
            raise RuntimeError(f"BrowserContext.{name} on a context the module's tests share: open a new context")
        return refuse

    def _seen(self, request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    def page(self) -> Page:
        return self.context.new_page()

    def forget(self) -> None:
        """Leave the context as a new one: no page but its own, no storage, cookies, cache, permission or route."""
        for page in self.context.pages:
            if page is not self._keeper:
                page.close()
        self.context.set_offline(False)
        self.context.unroute_all(behavior="wait")
        self.context.clear_permissions()
        self.context.clear_cookies()
        for origin in sorted(self.origins):
            self._cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        self.origins.clear()
        self._cdp.send("Network.clearBrowserCache")

    def close(self) -> None:
        self.context.close()


class SharedContexts:
    """A module's shared contexts, made on first use by `make`, one per key (a kind of context)."""

    def __init__(self) -> None:
        self.made: dict[Hashable, SharedContext] = {}

    def get(self, key: Hashable, make: Callable[[], BrowserContext]) -> SharedContext:
        if key not in self.made:
            self.made[key] = SharedContext(make())
        return self.made[key]

    def close(self) -> None:
        for shared in self.made.values():
            shared.close()
        self.made.clear()
