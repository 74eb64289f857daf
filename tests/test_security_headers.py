"""Every response carries the security headers; each one is pinned here."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize("path", ["/", "/api/search?q=cp", "/api/search", "/no-such-page", "/static/css/app.css",
                                  "/healthz"])
def test_headers_on_every_response(client: FlaskClient, path: str) -> None:
    with client.get(path) as resp:
        headers = resp.headers
    csp = headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'" and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert headers["X-Frame-Options"] == "DENY"
    assert "camera=()" in headers["Permissions-Policy"] and "geolocation=()" in headers["Permissions-Policy"]


@pytest.mark.parametrize("path", ["/static/../pyproject.toml", "/static/%2e%2e/pyproject.toml",
                                  "/static/..%2fpyproject.toml", "/dice-throne/..%2f..%2fpyproject.toml",
                                  "/dice-throne/../../etc/passwd", "/static//etc/passwd"])
def test_no_path_traversal(client: FlaskClient, path: str) -> None:
    with client.get(path) as resp:
        assert resp.status_code in (404, 400, 308)
        assert b"[project]" not in resp.data and b"root:" not in resp.data


def test_hashed_assets_are_cached_for_good(app) -> None:  # type: ignore[no-untyped-def]
    url = app.extensions["assets"].url("css/app.css")
    with app.test_client().get(url) as resp:
        cache = resp.headers["Cache-Control"]
    assert "immutable" in cache and "max-age=31536000" in cache and "no-cache" not in cache
