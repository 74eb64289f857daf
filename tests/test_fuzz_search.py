"""Property-based fuzzing of the search API and pages: no 5xx, valid JSON, the documented shape."""

from __future__ import annotations

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

WHOOSH_SYNTAX = st.sampled_from(['"', "AND", "OR", "NOT", "*", "?", "title:(", "(", ")", "[", "]", "{", "}", "~",
                                 "^", "\\", "/", ":", "TO", "'", "+", "-", "&&", "||", "<", ">", "%", "\x00"])
QUERY = st.one_of(
    st.text(max_size=250),
    st.lists(st.one_of(WHOOSH_SYNTAX, st.text(min_size=1, max_size=12)), max_size=30).map(" ".join),
    st.text(alphabet=st.characters(categories=["Cc", "Co", "Zs", "Cf"]), max_size=50),
    st.just("x" * 100_000),
)
PARAM = st.one_of(st.none(), st.text(max_size=30), st.integers(-10**6, 10**6).map(str))
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def check_api_response(resp) -> None:  # type: ignore[no-untyped-def]
    assert resp.status_code in (200, 400), resp.status_code
    body = resp.get_json()
    if resp.status_code == 200:
        assert set(body) == {"query", "total", "results", "suggestion"}
        assert isinstance(body["total"], int) and isinstance(body["results"], list)
        for row in body["results"]:
            assert set(row) - {"also"} == {"id", "title", "url", "game", "kind", "lang", "snippet", "section", "answer"}
            assert row["answer"] is None or (row["kind"] == "faq" and isinstance(row["answer"], str))
    else:
        assert set(body["error"]) == {"code", "message", "field"}


@FUZZ
@given(q=QUERY, limit=PARAM, game=PARAM, kind=PARAM, lang=PARAM)
def test_search_api_never_fails(app: Flask, q: str, limit: str | None, game: str | None, kind: str | None,
                                lang: str | None) -> None:
    args = {k: v for k, v in {"q": q, "limit": limit, "game": game, "kind": kind, "lang": lang}.items()
            if v is not None}
    with app.test_client() as client:
        check_api_response(client.get("/api/search", query_string=args))


@FUZZ
@given(q=QUERY)
def test_search_page_never_fails(app: Flask, q: str) -> None:
    with app.test_client() as client:
        resp = client.get("/search", query_string={"q": q})
        assert resp.status_code in (200, 400)
        assert b"Traceback" not in resp.data


@FUZZ
@given(path=st.text(max_size=80))
def test_any_path_is_a_page_or_404(app: Flask, path: str) -> None:
    with app.test_client() as client:
        resp = client.get("/" + path.lstrip("/"))
        assert resp.status_code < 500
        resp.close()


@FUZZ
@given(raw=st.binary(max_size=60))
def test_invalid_utf8_in_the_query_string(app: Flask, raw: bytes) -> None:
    encoded = "".join(f"%{b:02x}" for b in raw)
    with app.test_client() as client:
        for path in (f"/api/search?q={encoded}", f"/search?q={encoded}"):
            resp = client.get(path)
            assert resp.status_code in (200, 400)
