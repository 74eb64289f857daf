"""Pages that depend only on the build (and their own URL) are rendered once per build.

The A–Z index, the FAQ index, the home and game pages and each entry are the same for every reader until
the next build, yet cost from a few to over a hundred milliseconds to render; 16 clients asking for
`/index` at once queued everyone behind them. A view wrapped in `@per_release` renders its page once per
build and URL, keeps at most `MAX_PAGES` of them per build (least recently used go first) and the caches of
the last `KEEP_RELEASES` builds only, as UTF-8 bytes. Only 200 answers are kept.

The URL is the path and only the query parameters the view reads (`params`: each name with the values it
knows). A page answers only at that canonical URL: any other parameter, an unknown value or a repeated name is
a permanent redirect there (`/index?r=<random>` or `?utm_source=…` go to `/index`), so a random query string
neither renders nor is kept in memory, and a flood of such links costs a 301, not the 0.6 MB A–Z page (issue 32).

A kept page carries an ETag, its bytes' digest (computed once, when it is rendered): a reader revalidating it gets
304, and the gzip middleware (site/compression.py) compresses it once per build and keeps that, as it does for
static files. Without it every reader whose browser accepts gzip (every browser) had the page compressed again,
about 10 ms of CPU per request for the 0.6 MB A–Z page: a flood of `/index?r=<random>` from browsers cost the
server 23 times what it costs from a client that does not ask for gzip (issue 32, High 3).
"""

from __future__ import annotations

import functools
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping
from typing import Any, NamedTuple, TypeVar
from urllib.parse import urlencode

from flask import Response, current_app, redirect, request

from .views import release

MAX_PAGES = 1024
KEEP_RELEASES = 2

F = TypeVar("F", bound=Callable[..., Any])


class Page(NamedTuple):
    """A rendered page: its UTF-8 bytes and their ETag."""

    body: bytes
    etag: str

    @classmethod
    def of(cls, html: str) -> Page:
        body = html.encode()  # kept encoded: a 600 KB page is not encoded again for every reader
        return cls(body, hashlib.blake2b(body, digest_size=12).hexdigest())


class PageCache:
    """Rendered pages by (build, URL): bounded, thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._builds: OrderedDict[str, OrderedDict[str, Page]] = OrderedDict()

    def get(self, build: str, url: str) -> Page | None:
        with self._lock:
            pages = self._builds.get(build)
            if pages is None or url not in pages:
                return None
            pages.move_to_end(url)
            return pages[url]

    def put(self, build: str, url: str, page: Page) -> None:
        with self._lock:
            pages = self._builds.setdefault(build, OrderedDict())
            self._builds.move_to_end(build)
            while len(self._builds) > KEEP_RELEASES:
                self._builds.popitem(last=False)
            pages[url] = page
            while len(pages) > MAX_PAGES:
                pages.popitem(last=False)


def canonical_query(params: Mapping[str, Collection[str]]) -> str:
    """The request's query with only `params`' known values, each name once, in a fixed order ("" for none)."""
    known = {name: value for name, value in reversed(list(request.args.items(multi=True)))
             if name in params and value in params[name]}  # reversed: a repeated name keeps its first value
    return urlencode(sorted(known.items()))


def per_release(view: F | None = None, *, params: Mapping[str, Collection[str]] | None = None) -> Any:
    """`@per_release`, or `@per_release(params={"kind": KINDS})` for a view that reads those parameters."""
    if view is None:
        return functools.partial(per_release, params=params)
    known = params or {}

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        query = canonical_query(known)
        if query != request.query_string.decode("latin-1"):
            return redirect(request.script_root + request.path + ("?" + query if query else ""), code=301)
        cache: PageCache = current_app.extensions["page_cache"]
        build = str(release().path)
        url = request.script_root + request.path + "?" + query
        page = cache.get(build, url)
        if page is None:
            rendered = view(*args, **kwargs)
            if not isinstance(rendered, str):  # a redirect or an error: not a page to keep
                return rendered
            page = Page.of(rendered)
            cache.put(build, url, page)
        resp: Response = current_app.response_class(page.body, mimetype="text/html")
        resp.set_etag(page.etag)
        return resp.make_conditional(request)

    return wrapper
