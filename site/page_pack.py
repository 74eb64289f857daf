"""The page pack: every page a build's worker precaches, in one JSON file.

Fetched one by one, 590-odd pages cost 590-odd requests and 1.8 MB gzipped, because
each page's gzip pays again for the chrome every page shares. Packed together, in one
request, each line any page repeats is sent once: gzip only sees 32 KB back, and a page is
20-30 KB, so the chrome, the FAQ answers and the term definitions that many pages share
would otherwise be paid again for every page (issue 35: 1.31 MB gzipped for an English
reader's pages, 0.67 MB with shared lines). The worker unpacks the pack into its cache at
install, each page under its own URL with the headers the page is served with, so a page
opened offline is the same page the server sends.

    {"version": "<build>", "format": 2, "headers": {...shared...},
     "pages": [{"url": "/dice-throne/stun", "lines": ["<!doctype html>", 3, ...], "headers": {...if not shared...}}],
     "skipped": ["/calc/loot"]}

A page's body is its lines joined by "\n"; a line is its text the first time the pack has it, and after that the
number of that first time (lines are numbered across the pack in the order they first come). unpack() reads it back,
as static/sw.js does.

Under a path prefix (SCRIPT_NAME `/rules`) every page's URL and links start with it, so a pack
is rendered per prefix.

The server renders the pack once per build (through its own routes, so the bytes are
the pages' own) and keeps it; `throne-rules freeze` writes it as a file.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from flask import Flask

PACK_PREFIX = "/precache-pack/"
BUILD_HEADER = "X-Throne-Build"
# Headers that describe one transfer rather than the page: never stored with a cached page.
TRANSFER_HEADERS = frozenset({"content-length", "vary", "date", "etag", "last-modified", "set-cookie",
                              "content-encoding", "transfer-encoding", "connection"})


class PackStale(RuntimeError):
    """A page came from another build than the pack's (a new build landed while rendering)."""


PACK_LANGS = ("en", "pl")  # one pack per reading language: the pages every reader needs, and its own entries


def pack_url(version: str, lang: str = "en") -> str:
    """The pack of a reading language's pages; English's keeps the plain name (the worker's `pack`)."""
    return f"{PACK_PREFIX}{version}.json" if lang == "en" else f"{PACK_PREFIX}{lang}/{version}.json"


@dataclass(frozen=True)
class RenderedPage:
    url: str
    status: int
    headers: dict[str, str]
    body: bytes


def render(client: Any, url: str, prefix: str = "", environ: dict[str, Any] | None = None) -> RenderedPage:
    """One page through the app's own routes (a Flask test client), as served under the path `prefix` (its
    SCRIPT_NAME: the page's links and its URL in the pack start with it); `environ` is added to the request's."""
    resp = client.get(url, base_url=f"http://localhost{prefix}", environ_overrides=environ or {})
    try:
        return RenderedPage(prefix + url, resp.status_code, dict(resp.headers), bytes(resp.get_data()))
    finally:
        resp.close()


PACK_FORMAT = 2


def pack_json(version: str, pages: Iterable[RenderedPage]) -> bytes:
    """The pack of these pages; a page that is not a 200 is listed as skipped (the worker leaves it out)."""
    shared: dict[str, str] | None = None
    numbers: dict[str, int] = {}  # each line the pack holds: the number of its first time

    def line(text: str) -> str | int:
        at = numbers.get(text)
        if at is None:
            numbers[text] = len(numbers)
            return text
        return at

    packed: list[dict[str, Any]] = []
    skipped: list[str] = []
    for page in pages:
        if page.status != 200:
            skipped.append(page.url)
            continue
        if page.headers.get(BUILD_HEADER) != version:
            raise PackStale(f"{page.url} is from build {page.headers.get(BUILD_HEADER)}, not {version}")
        headers = {k: v for k, v in page.headers.items() if k.lower() not in TRANSFER_HEADERS}
        if shared is None:
            shared = headers
        item: dict[str, Any] = {"url": page.url, "lines": [line(t) for t in page.body.decode("utf-8").split("\n")]}
        if headers != shared:
            item["headers"] = headers
        packed.append(item)
    doc = {"version": version, "format": PACK_FORMAT, "headers": shared or {}, "pages": packed, "skipped": skipped}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def unpack(pack: dict[str, Any]) -> dict[str, str]:
    """Each page's body by URL, as the worker rebuilds it (static/sw.js unpackPages)."""
    seen: list[str] = []
    out: dict[str, str] = {}
    for page in pack["pages"]:
        lines = []
        for part in page["lines"]:
            if isinstance(part, str):
                seen.append(part)
                lines.append(part)
            else:
                lines.append(seen[part])
        out[page["url"]] = "\n".join(lines)
    return out


class PackCache:
    """Packs by (language, path prefix, build version), each rendered once: concurrent first requests for one wait
    for the one rendering it, and nobody else waits (a request for a kept pack never queues behind a render).
    At most MAX_PACKS are kept; `environ` pins the build to render (the warmer renders the next build's pack before
    it is live)."""

    MAX_PACKS = 2 * 4 * len(PACK_LANGS)  # (language, prefix) pairs for the live build and the next one

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._packs: OrderedDict[str, bytes] = OrderedDict()
        self._rendering: dict[str, threading.Lock] = {}

    def kept(self, version: str, prefix: str = "", lang: str = "en") -> bool:
        with self._lock:
            return f"{lang}:{prefix}:{version}" in self._packs

    def get(self, app: Flask, version: str, urls: list[str], prefix: str = "", lang: str = "en",
            environ: dict[str, Any] | None = None) -> bytes:
        key = f"{lang}:{prefix}:{version}"
        with self._lock:
            body = self._packs.get(key)
            if body is not None:
                self._packs.move_to_end(key)
                return body
            rendering = self._rendering.setdefault(key, threading.Lock())
        with rendering:
            try:
                with self._lock:
                    body = self._packs.get(key)
                if body is None:
                    client = app.test_client()
                    body = pack_json(version, (render(client, url, prefix, environ) for url in urls))
                    with self._lock:
                        self._packs[key] = body
                        while len(self._packs) > self.MAX_PACKS:
                            self._packs.popitem(last=False)
            finally:
                with self._lock:
                    self._rendering.pop(key, None)
            return body
