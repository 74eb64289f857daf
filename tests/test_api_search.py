"""The /api/search contract, its errors, and queries Whoosh's parser would reject."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

RESULT_KEYS = {"id", "title", "url", "game", "kind", "lang", "snippet", "section", "also", "answer"}


def test_undefendable_finds_its_entry_first(client: FlaskClient) -> None:
    body = client.get("/api/search?q=undefendable").get_json()
    assert set(body) == {"query", "total", "results", "suggestion"}
    assert body["query"] == "undefendable"
    assert body["results"][0]["id"] == "undefendable-damage"
    assert body["total"] >= len(body["results"]) >= 1
    for row in body["results"]:
        assert set(row) == RESULT_KEYS


def test_limit_and_filters(client: FlaskClient) -> None:
    body = client.get("/api/search?q=damage&limit=3&game=dice-throne&kind=rule&lang=en").get_json()
    assert len(body["results"]) <= 3
    assert all(r["game"] == "dice-throne" and r["kind"] == "rule" and r["lang"] == "en" for r in body["results"])


def test_suggestion_for_a_typo(client: FlaskClient) -> None:
    assert client.get("/api/search?q=undefendabel").get_json()["suggestion"] == "undefendable"


@pytest.mark.parametrize(
    ("query", "code", "field"),
    [
        ("", "empty_query", "q"),
        ("q=%20%20", "empty_query", "q"),
        ("q=" + "a" * 201, "query_too_long", "q"),
        ("q=cp&limit=0", "bad_limit", "limit"),
        ("q=cp&limit=51", "bad_limit", "limit"),
        ("q=cp&limit=ten", "bad_limit", "limit"),
        ("q=cp&game=chess", "unknown_game", "game"),
        ("q=cp&kind=recipe", "unknown_kind", "kind"),
        ("q=cp&lang=de", "unknown_lang", "lang"),
    ],
)
def test_bad_input_is_a_400(client: FlaskClient, query: str, code: str, field: str) -> None:
    resp = client.get(f"/api/search?{query}")
    assert resp.status_code == 400
    error = resp.get_json()["error"]
    assert error["code"] == code and error["field"] == field and error["message"]


@pytest.mark.parametrize("q", ['"', "AND OR", "*", "title:(", "a AND", "(((", "NOT", "~2", "game:dice-throne"])
def test_parser_syntax_is_searched_as_words(client: FlaskClient, q: str) -> None:
    resp = client.get("/api/search", query_string={"q": q})
    assert resp.status_code == 200
    assert isinstance(resp.get_json()["results"], list)


def test_unknown_api_route_is_json_404(client: FlaskClient) -> None:
    resp = client.get("/api/nothing")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"] == "not_found"


def test_wrong_method_is_json_405(client: FlaskClient) -> None:
    resp = client.post("/api/search?q=cp")
    assert resp.status_code == 405 and "error" in resp.get_json()
