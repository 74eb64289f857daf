"""Gzip for text responses (site/compression.py), through the real app and a tiny WSGI app."""

from __future__ import annotations

import gzip
import urllib.request
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from throne_rules.compression import (
    MIN_BYTES,
    CompressedCache,
    GzipMiddleware,
    accepts_gzip,
    is_compressible,
    weak_etag,
)
from werkzeug.test import Client

from .helpers import LiveServer

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.mark.parametrize(("header", "expected"), [
    ("gzip", True), ("gzip, deflate, br", True), ("br;q=1.0, gzip;q=0.8", True), ("*", True),
    ("GZIP", True), ("", False), ("identity", False), ("br", False), ("gzip;q=0", False),
    ("*;q=0", False), ("gzip;q=0, *", False), ("*, gzip;q=0.0", False), ("gzip;q=bad", False),
])
def test_accept_encoding(header: str, expected: bool) -> None:
    assert accepts_gzip(header) is expected


@pytest.mark.parametrize(("content_type", "expected"), [
    ("text/html; charset=utf-8", True), ("application/json", True), ("text/css; charset=utf-8", True),
    ("text/javascript; charset=utf-8", True), ("application/manifest+json", True), ("image/svg+xml", True),
    ("image/png", False), ("application/octet-stream", False), ("", False),
])
def test_compressible_types(content_type: str, expected: bool) -> None:
    assert is_compressible(content_type) is expected


def test_page_is_gzipped_when_asked(client: FlaskClient) -> None:
    plain = client.get("/")
    with client.get("/", headers=GZIP) as resp:
        assert resp.status_code == 200
        assert resp.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in resp.headers["Vary"]
        assert int(resp.headers["Content-Length"]) == len(resp.data) < len(plain.data) / 2
        assert gzip.decompress(resp.data) == plain.data
        # the other after-request headers survive
        assert resp.headers["X-Content-Type-Options"] == "nosniff"
        assert resp.headers["Content-Type"].startswith("text/html")


def test_no_gzip_without_accept_encoding(client: FlaskClient) -> None:
    with client.get("/") as resp:
        assert "Content-Encoding" not in resp.headers
        assert "Accept-Encoding" in resp.headers["Vary"]
        assert resp.data.lstrip().startswith(b"<!doctype html>")


def test_no_gzip_when_refused(client: FlaskClient) -> None:
    with client.get("/", headers={"Accept-Encoding": "gzip;q=0, identity"}) as resp:
        assert "Content-Encoding" not in resp.headers


def test_api_json_is_gzipped(client: FlaskClient) -> None:
    plain = client.get("/api/search?q=evasive")
    assert len(plain.data) >= MIN_BYTES
    with client.get("/api/search?q=evasive", headers=GZIP) as resp:
        assert resp.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(resp.data) == plain.data


def test_small_bodies_are_not_gzipped(client: FlaskClient) -> None:
    with client.get("/healthz", headers=GZIP) as resp:
        assert len(resp.data) < MIN_BYTES
        assert "Content-Encoding" not in resp.headers


def test_error_responses_are_left_alone(client: FlaskClient) -> None:
    with client.get("/api/search", headers=GZIP) as resp:
        assert resp.status_code == 400
        assert "Content-Encoding" not in resp.headers
        assert resp.get_json()["error"]["field"]


def test_head_is_not_gzipped(client: FlaskClient) -> None:
    with client.head("/", headers=GZIP) as resp:
        assert "Content-Encoding" not in resp.headers


def test_static_file_gzipped_with_weak_etag_and_revalidates(client: FlaskClient) -> None:
    with client.get("/static/css/app.css") as plain:
        plain_data, plain_etag = plain.data, plain.headers["ETag"]
    with client.get("/static/css/app.css", headers=GZIP) as resp:
        assert resp.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(resp.data) == plain_data
        etag = resp.headers["ETag"]
        assert etag.startswith('W/"') and etag == weak_etag(plain_etag)
        assert "Accept-Ranges" not in resp.headers
    # the browser revalidates with the weak tag it was given: not modified
    with client.get("/static/css/app.css", headers={**GZIP, "If-None-Match": etag}) as resp:
        assert resp.status_code == 304
        assert resp.data == b""


def test_range_requests_are_not_gzipped(client: FlaskClient) -> None:
    with client.get("/static/css/app.css", headers={**GZIP, "Range": "bytes=0-99"}) as resp:
        assert resp.status_code == 206
        assert "Content-Encoding" not in resp.headers
        assert len(resp.data) == 100


def test_images_are_not_gzipped(client: FlaskClient) -> None:
    with client.get("/static/icons/icon-192.png", headers=GZIP) as resp:
        assert resp.status_code == 200
        assert "Content-Encoding" not in resp.headers
        assert "Vary" not in resp.headers or "Accept-Encoding" not in resp.headers["Vary"]


def test_offline_search_data_is_gzipped(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    start = page.index('"searchData": "') + len('"searchData": "')
    url = page[start:page.index('"', start)]
    with client.get(url) as plain:
        plain_data = plain.data
    with client.get(url, headers=GZIP) as resp:
        assert resp.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(resp.data) == plain_data
        assert "immutable" in resp.headers["Cache-Control"]


# The middleware on its own, around a tiny WSGI app whose calls are counted.

class Body:
    """A response iterable that yields in pieces and counts its close() calls."""

    def __init__(self, data: bytes, owner: Files):
        self.data, self.owner = data, owner

    def __iter__(self) -> Iterator[bytes]:
        yield self.data[:10]
        yield self.data[10:]

    def close(self) -> None:
        self.owner.closed += 1


class Files:
    def __init__(self, body: bytes, headers: list[tuple[str, str]], status: str = "200 OK"):
        self.body, self.headers, self.status = body, headers, status
        self.closed = 0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        start_response(self.status, [*self.headers, ("Content-Length", str(len(self.body)))])
        return Body(self.body, self)


def test_file_compressed_once_and_cached_by_etag() -> None:
    body = b"body { color: red; }\n" * 200
    app = Files(body, [("Content-Type", "text/css"), ("ETag", '"abc"')])
    cache = CompressedCache()
    client = Client(GzipMiddleware(app, cache=cache))
    first = client.get("/static/a.css", headers=GZIP)
    second = client.get("/static/a.css", headers=GZIP)
    assert gzip.decompress(first.data) == gzip.decompress(second.data) == body
    assert first.data == second.data and len(cache) == 1
    assert app.closed == 2  # the app's iterable is closed whether or not it was read
    assert second.headers["ETag"] == 'W/"abc"'


def test_cache_is_bounded() -> None:
    cache = CompressedCache(max_bytes=100)
    cache.put("a", b"x" * 60)
    cache.put("b", b"y" * 60)
    assert cache.get("a") is None and cache.get("b") == b"y" * 60
    cache.put("huge", b"z" * 101)
    assert cache.get("huge") is None


def test_existing_vary_is_extended_and_encoded_bodies_left_alone() -> None:
    body = b"<p>hello</p>" * 200
    client = Client(GzipMiddleware(Files(body, [("Content-Type", "text/html"), ("Vary", "Cookie")])))
    resp = client.get("/", headers=GZIP)
    assert resp.headers["Vary"] == "Cookie, Accept-Encoding"
    already = Files(gzip.compress(body), [("Content-Type", "text/html"), ("Content-Encoding", "gzip")])
    resp = Client(GzipMiddleware(already)).get("/", headers=GZIP)
    assert gzip.decompress(resp.data) == body  # compressed exactly once


def test_no_transform_is_honoured() -> None:
    body = b"{}" * 2000
    app = Files(body, [("Content-Type", "application/json"), ("Cache-Control", "no-transform")])
    resp = Client(GzipMiddleware(app)).get("/", headers=GZIP)
    assert "Content-Encoding" not in resp.headers and resp.data == body


def test_live_server_serves_gzip(live_server: LiveServer) -> None:
    """The production server (granian) with the production app: gzip on the wire."""
    req = urllib.request.Request(live_server.url + "/", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        raw = resp.read()
        assert resp.headers["Content-Encoding"] == "gzip"
        assert int(resp.headers["Content-Length"]) == len(raw)
    assert gzip.decompress(raw).lstrip().startswith(b"<!doctype html>")
