"""Small hostile inputs (issue 23, item 9): each gets a clear 4xx or a redirect, never a 500."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient
from throne_rules import create_app

POST_CALCULATORS = ["/api/calc/damage", "/api/calc/score", "/api/calc/fame", "/api/calc/dd-combat"]


@pytest.mark.parametrize("path", POST_CALCULATORS)
@pytest.mark.parametrize("depth", [1_000, 30_000])
def test_deeply_nested_json_is_a_400(client: FlaskClient, path: str, depth: int) -> None:
    resp = client.post(path, data="[" * depth + "]" * depth, content_type="application/json")
    assert resp.status_code == 400
    error = resp.get_json()["error"]
    assert error["code"] == "invalid_json" and error["field"] == "body"


@pytest.mark.parametrize("limit", ["²", "①", "١٢", "𝟓", "+5", " 5", "5 "])
def test_limit_takes_ascii_digits_only(client: FlaskClient, limit: str) -> None:
    resp = client.get("/api/search", query_string={"q": "cp", "limit": limit})
    assert resp.status_code == 400
    assert resp.get_json()["error"]["field"] == "limit"


@pytest.mark.parametrize(("path", "target"), [
    ("/dice-throne/stun/", "/dice-throne/stun"),
    ("/faq/", "/faq"),
    ("/index/?game=adventures", "/index?game=adventures"),
    ("/calc/damage/", "/calc/damage"),
    ("///evil.example/", "/evil.example"),
])
def test_trailing_slash_redirects_to_the_canonical_url(client: FlaskClient, path: str, target: str) -> None:
    resp = client.get(path)
    assert resp.status_code == 308
    assert resp.headers["Location"] == target


def test_json_responses_escape_html_characters(client: FlaskClient) -> None:
    resp = client.get("/api/search", query_string={"q": "<script>alert('&')</script>"})
    raw = resp.get_data(as_text=True)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    assert "\\u003cscript\\u003e" in raw
    assert resp.get_json()["query"] == "<script>alert('&')</script>"  # the same value once parsed
    bad = client.get("/api/search", query_string={"q": "cp", "game": "<b>"}).get_data(as_text=True)
    assert "<b>" not in bad


def test_healthz_says_no_when_the_build_cannot_search(build_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that loads but whose search fails (a damaged index): the probe must not say ok."""
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir)})
    release = app.extensions["library"].release()

    def damaged(*args: object, **kwargs: object) -> None:
        raise OSError("index segment unreadable")

    monkeypatch.setattr(release.index, "_search", damaged)  # the probe asks the index itself, past the cache
    resp = app.test_client().get("/healthz")
    assert resp.status_code == 503
    body = resp.get_json()
    assert body["status"] == "error" and body["error"]["code"] == "search_unavailable"
    monkeypatch.undo()
    app.extensions["health_probes"].clear()  # the next probe asks again (one second later, in a server)
    assert app.test_client().get("/healthz").status_code == 200
