"""Gzip for text responses: a small WSGI middleware around the Flask app.

A response is compressed when the client accepts gzip, its type is text (HTML,
CSS, JavaScript, JSON, SVG, XML, the web manifest), it has a known length of at
least MIN_BYTES, it is a full 200 response to a GET, and it is not already
encoded or marked `no-transform`. Compressible responses always carry
`Vary: Accept-Encoding`, compressed or not, so a shared cache never hands gzip to
a client that did not ask for it. A compressed response's ETag becomes weak (the
bytes differ, the meaning does not), which keeps conditional requests working.

Files (anything with an ETag: static assets, vendored libraries, the offline
search data) are compressed once, at gzip's best level, and kept in a small cache keyed by ETag; pages
and API responses are compressed per request (a few KB: well under a millisecond).
"""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

MIN_BYTES = 1024  # below this, gzip's header and the CPU cost outweigh the bytes saved
LEVEL = 6
# Files are compressed once and kept (below), so they get gzip's best: a few % fewer bytes for the offline precache
# (the page pack, the search data) at a one-time cost; per-request pages keep LEVEL.
FILE_LEVEL = 9
CACHE_BYTES = 16 * 1024 * 1024  # compressed files kept in memory, at most
COMPRESSIBLE = frozenset({
    "text/html", "text/css", "text/javascript", "text/plain", "text/xml", "text/markdown",
    "application/javascript", "application/json", "application/manifest+json", "application/xml",
    "application/ld+json", "image/svg+xml",
})

StartResponse = Callable[..., Any]
Headers = list[tuple[str, str]]


def accepts_gzip(accept_encoding: str) -> bool:
    """True when Accept-Encoding allows gzip (explicitly or by '*'), honouring q=0."""
    allowed: dict[str, bool] = {}
    for part in accept_encoding.split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        allowed[name] = q > 0
    if "gzip" in allowed:
        return allowed["gzip"]
    return allowed.get("*", False)


def is_compressible(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower() in COMPRESSIBLE


def _get(headers: Headers, name: str) -> str | None:
    lowered = name.lower()
    return next((v for k, v in headers if k.lower() == lowered), None)


def _without(headers: Headers, *names: str) -> Headers:
    drop = {n.lower() for n in names}
    return [(k, v) for k, v in headers if k.lower() not in drop]


def _add_vary(headers: Headers) -> Headers:
    vary = _get(headers, "Vary")
    if vary is None:
        return [*headers, ("Vary", "Accept-Encoding")]
    tokens = {t.strip().lower() for t in vary.split(",")}
    if "accept-encoding" in tokens or "*" in tokens:
        return headers
    return [*_without(headers, "Vary"), ("Vary", f"{vary}, Accept-Encoding")]


def weak_etag(etag: str) -> str:
    return etag if etag.startswith("W/") else f"W/{etag}"


class CompressedCache:
    """(path, ETag) -> gzipped bytes, least recently used first out, bounded in total bytes."""

    def __init__(self, max_bytes: int = CACHE_BYTES):
        self.max_bytes = max_bytes
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: str, value: bytes) -> None:
        if len(value) > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= len(old)
            self._items[key] = value
            self._size += len(value)
            while self._size > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self._size -= len(dropped)

    def __len__(self) -> int:
        return len(self._items)


class GzipMiddleware:
    """Wrap a WSGI app: `app.wsgi_app = GzipMiddleware(app.wsgi_app)`."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]],
                 min_bytes: int = MIN_BYTES, level: int = LEVEL, cache: CompressedCache | None = None,
                 file_level: int = FILE_LEVEL):
        self.app = app
        self.min_bytes = min_bytes
        self.level = level
        self.file_level = file_level
        self.cache = cache if cache is not None else CompressedCache()

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        wants_gzip = environ.get("REQUEST_METHOD") == "GET" and accepts_gzip(environ.get("HTTP_ACCEPT_ENCODING", ""))
        captured: dict[str, Any] = {}

        def capture(status: str, headers: Headers, exc_info: Any = None) -> Callable[[bytes], Any]:
            captured.update(status=status, headers=headers, exc_info=exc_info)
            return _no_write

        body = self.app(environ, capture)
        status: str = captured["status"]
        headers: Headers = captured["headers"]
        content_type = _get(headers, "Content-Type") or ""
        if not is_compressible(content_type) or _get(headers, "Content-Encoding"):
            start_response(status, headers, captured["exc_info"])
            return body
        headers = _add_vary(headers)
        length = _get(headers, "Content-Length")
        cache_control = (_get(headers, "Cache-Control") or "").lower()
        if (not wants_gzip or not status.startswith("200") or length is None or not length.isdigit()
                or int(length) < self.min_bytes or "no-transform" in cache_control):
            start_response(status, headers, captured["exc_info"])
            return body
        etag = _get(headers, "ETag")
        # the full path: one app under two prefixes (a proxy's and the root) sends two page packs of one ETag
        key = f"{environ.get('SCRIPT_NAME', '')}{environ.get('PATH_INFO', '')} {etag}" if etag else None
        compressed = self.cache.get(key) if key else None
        if compressed is None:
            try:
                raw = b"".join(body)
            finally:
                close = getattr(body, "close", None)
                if close is not None:
                    close()
            compressed = gzip.compress(raw, self.file_level if key else self.level, mtime=0)
            if key:
                self.cache.put(key, compressed)
        else:
            close = getattr(body, "close", None)
            if close is not None:
                close()
        headers = _without(headers, "Content-Length", "Accept-Ranges", "ETag")
        headers += [("Content-Encoding", "gzip"), ("Content-Length", str(len(compressed)))]
        if etag:
            headers.append(("ETag", weak_etag(etag)))
        start_response(status, headers, captured["exc_info"])
        return [compressed]


def _no_write(data: bytes) -> None:
    raise RuntimeError("the app used the WSGI write() callable, which the gzip middleware does not support")
