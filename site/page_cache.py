"""Pages that depend only on the build (and their own URL) are rendered once per build.

The A–Z index, the FAQ index, the home and game pages and each entry are the same for every reader until
the next build, yet cost from a few to over a hundred milliseconds to render; 16 clients asking for
`/index` at once queued everyone behind them. A view wrapped in `@per_release` renders its page once per
build and URL (path and query string), keeps at most `MAX_PAGES` of them per build (least recently used
go first) and the caches of the last `KEEP_RELEASES` builds only. Only 200 answers are kept.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app, request

from .views import release

MAX_PAGES = 1024
KEEP_RELEASES = 2

F = TypeVar("F", bound=Callable[..., Any])


class PageCache:
    """Rendered pages by (build, URL): bounded, thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._builds: OrderedDict[str, OrderedDict[str, str]] = OrderedDict()

    def get(self, build: str, url: str) -> str | None:
        with self._lock:
            pages = self._builds.get(build)
            if pages is None or url not in pages:
                return None
            pages.move_to_end(url)
            return pages[url]

    def put(self, build: str, url: str, page: str) -> None:
        with self._lock:
            pages = self._builds.setdefault(build, OrderedDict())
            self._builds.move_to_end(build)
            while len(self._builds) > KEEP_RELEASES:
                self._builds.popitem(last=False)
            pages[url] = page
            while len(pages) > MAX_PAGES:
                pages.popitem(last=False)


def per_release(view: F) -> F:
    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        cache: PageCache = current_app.extensions["page_cache"]
        build = str(release().path)
        url = request.script_root + request.full_path
        page = cache.get(build, url)
        if page is None:
            page = view(*args, **kwargs)
            if not isinstance(page, str):  # a redirect or an error: not a page to keep
                return page
            cache.put(build, url, page)
        return page

    return wrapper  # type: ignore[return-value]
