"""Build-constant pages are rendered once per build (issue 23, item 4): the same bytes, far less work."""

from __future__ import annotations

import gzip
import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from throne_rules import create_app
from throne_rules.page_cache import MAX_PAGES, Page, PageCache

from indexer import build

from ..helpers import entry_text, write_entry

PAGES = ["/", "/index", "/index?game=adventures", "/faq", "/dice-throne", "/dice-throne?kind=faq",
         "/dice-throne/stun", "/settings", "/changes"]


def _time(client: FlaskClient, path: str) -> tuple[float, bytes]:
    started = time.perf_counter()
    resp = client.get(path)
    assert resp.status_code == 200, path
    return time.perf_counter() - started, resp.get_data()


def test_a_second_request_is_served_from_the_cache_with_the_same_bytes(client: FlaskClient) -> None:
    for path in PAGES:
        first, body = _time(client, path)
        again = min(_time(client, path)[0] for _ in range(3))
        assert _time(client, path)[1] == body, path
        if path.startswith("/index") or path == "/faq":  # the costly ones: rendering is most of the time
            assert again < first / 3, (path, first, again)


def test_a_new_build_is_never_answered_from_the_old_builds_cache(tmp_path: Path) -> None:
    content = tmp_path / "content"
    write_entry(content, "stun.md", entry_text("stun", "Stun", "Old words.", kind="status-effect"))
    build(content, tmp_path / "build")
    app = create_app({"TESTING": True, "BUILD_DIR": str(tmp_path / "build")})
    client = app.test_client()
    assert b"Old words." in client.get("/dice-throne/stun").get_data()
    write_entry(content, "stun.md", entry_text("stun", "Stun", "New words.", kind="status-effect"))
    build(content, tmp_path / "build")
    app.extensions["library"].release()  # the server notices the swap within a second; here, at once
    deadline = time.monotonic() + 5
    while b"New words." not in client.get("/dice-throne/stun").get_data():
        assert time.monotonic() < deadline, "the new build's page never came"
        time.sleep(0.2)


def test_errors_and_redirects_are_not_kept(client: FlaskClient) -> None:
    assert client.get("/dice-throne/no-such-page").status_code == 404
    assert client.get("/dice-throne/no-such-page").status_code == 404
    assert client.get("/adventures/stun").status_code == 301
    assert client.get("/adventures/stun").status_code == 301


def test_the_cache_is_bounded() -> None:
    cache = PageCache()
    for i in range(MAX_PAGES + 50):
        cache.put("b1", f"/p{i}", Page.of("x"))
    assert cache.get("b1", "/p0") is None and cache.get("b1", f"/p{MAX_PAGES + 49}") == Page.of("x")
    cache.put("b2", "/", Page.of("two"))
    cache.put("b3", "/", Page.of("three"))
    assert cache.get("b1", f"/p{MAX_PAGES + 49}") is None  # only the last two builds are kept
    assert cache.get("b3", "/") == Page.of("three")


def test_a_cached_page_is_compressed_once_and_revalidated_with_304(client: FlaskClient,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32, High 3: `/index` from browsers (which all accept gzip) compressed the 0.6 MB A–Z page again for
    every request, about 10 ms of CPU each; now its gzip is made once per build and a revalidation is a 304."""
    gzip_headers = {"Accept-Encoding": "gzip"}
    client.get("/index", headers=gzip_headers)  # rendered and compressed once
    calls = []
    real = gzip.compress
    monkeypatch.setattr(gzip, "compress", lambda *a, **k: calls.append(1) or real(*a, **k))
    answers = [client.get("/index", headers=gzip_headers) for _ in range(20)]
    assert calls == [] and {a.status_code for a in answers} == {200}
    assert {a.headers["Content-Encoding"] for a in answers} == {"gzip"}
    etag = answers[0].headers["ETag"]
    assert etag.startswith('W/"') and {a.headers["ETag"] for a in answers} == {etag}
    again = client.get("/index", headers={**gzip_headers, "If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    other = client.get("/index?game=adventures", headers=gzip_headers)
    assert other.headers["ETag"] != etag and gzip.decompress(other.get_data()) != gzip.decompress(
        answers[0].get_data())
