"""Build-constant pages are rendered once per build (issue 23, item 4): the same bytes, far less work."""

from __future__ import annotations

import time
from pathlib import Path

from flask.testing import FlaskClient
from throne_rules import create_app
from throne_rules.page_cache import MAX_PAGES, PageCache

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
    assert client.get("/index?game=chess").status_code == 404
    assert client.get("/adventures/stun").status_code == 301
    assert client.get("/adventures/stun").status_code == 301


def test_the_cache_is_bounded() -> None:
    cache = PageCache()
    for i in range(MAX_PAGES + 50):
        cache.put("b1", f"/p{i}", b"x")
    assert cache.get("b1", "/p0") is None and cache.get("b1", f"/p{MAX_PAGES + 49}") == b"x"
    cache.put("b2", "/", b"two")
    cache.put("b3", "/", b"three")
    assert cache.get("b1", f"/p{MAX_PAGES + 49}") is None  # only the last two builds are kept
    assert cache.get("b3", "/") == b"three"
