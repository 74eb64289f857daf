"""Hostile input is escaped everywhere it is echoed: search, suggestions, snippets, calculators, URL state."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    "'-alert(1)-'",
    "</script><script>alert(1)</script>",
    "<svg/onload=alert(1)>",
]
DANGEROUS = ["<script>alert", "<img src=x", "<svg/onload", 'href="javascript:', "onerror=alert(1)>"]
CALC_PAGES = {
    "/calc/damage": ["damage", "type", "add", "sub", "dhalf", "label", "effect"],
    "/calc/targeting": ["mode", "roll", "heroes", "health", "attacker", "target"],
    "/calc/loot": ["table", "roll", "reward", "key", "side"],
    "/calc/score": ["mode", "result", "starting_salves", "remaining_salves", "unspent_gold", "scenario_score"],
    "/calc/fame": ["experience", "artifacts", "red", "black", "gold", "hero_total", "monster_total"],
}


def assert_inert(text: str) -> None:
    for bad in DANGEROUS:
        assert bad not in text, bad


@pytest.mark.parametrize("payload", PAYLOADS)
def test_search_page_and_suggestion(client: FlaskClient, payload: str) -> None:
    for q in (payload, f"evasve {payload}", f"{payload} stun"):
        resp = client.get("/search", query_string={"q": q})
        assert resp.status_code in (200, 400)
        assert_inert(resp.get_data(as_text=True))


@pytest.mark.parametrize("payload", PAYLOADS)
def test_search_api_snippets_and_suggestions(client: FlaskClient, payload: str) -> None:
    body = client.get("/api/search", query_string={"q": f"evasive {payload}"}).get_json()
    for row in body["results"]:
        assert_inert(row["snippet"])
    assert body["suggestion"] is None or "<" not in body["suggestion"]


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("path", sorted(CALC_PAGES))
def test_calculator_pages_escape_their_url_state(client: FlaskClient, path: str, payload: str) -> None:
    for name in CALC_PAGES[path]:
        resp = client.get(path, query_string={name: payload})
        assert resp.status_code in (200, 400), (path, name)
        assert_inert(resp.get_data(as_text=True))


@pytest.mark.parametrize("payload", PAYLOADS)
def test_calculator_api_labels_come_back_as_data(client: FlaskClient, payload: str) -> None:
    body = {"damage": 5, "modifiers": [{"op": "add", "amount": 1, "label": payload}]}
    resp = client.post("/api/calc/damage", json=body)
    assert resp.status_code == 200
    assert resp.headers["Content-Type"].startswith("application/json")
    assert any(step["label"] == payload for step in resp.get_json()["steps"])  # data, never markup


def test_entry_pages_embed_config_safely(client: FlaskClient) -> None:
    page = client.get("/dice-throne/evasive").get_data(as_text=True)
    config = page.split('<script type="application/json" id="pwa-config">', 1)[1].split("</script>", 1)[0]
    json.loads(config)  # still valid JSON, and no "</" could have closed the element early
