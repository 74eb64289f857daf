"""POST /api/calc/damage: the golden vectors and every bad input over HTTP; the OpenAPI document."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from .calc_golden import cases, subset


@pytest.mark.parametrize("case", cases("damage"))
def test_golden_vector(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.post("/api/calc/damage", json=case["input"])
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert {"damage", "type", "subtotal", "final", "reflected", "steps", "ignored"} <= set(body)
    assert subset(body, case["expected"])


@pytest.mark.parametrize("case", cases("damage", "errors"))
def test_bad_input_is_a_400_naming_the_field(client: FlaskClient, case: dict[str, Any]) -> None:
    data = case["raw"] if "raw" in case else json.dumps(case["input"])
    resp = client.post("/api/calc/damage", data=data, content_type="application/json")
    assert resp.status_code == 400
    error = resp.get_json()["error"]
    assert (error["code"], error["field"]) == (case["code"], case["field"])
    assert error["message"]


def test_an_empty_body_is_a_400(client: FlaskClient) -> None:
    resp = client.post("/api/calc/damage")
    assert resp.status_code == 400
    assert resp.get_json()["error"]["field"] == "body"


def test_get_is_not_allowed_and_answers_json(client: FlaskClient) -> None:
    resp = client.get("/api/calc/damage")
    assert resp.status_code == 405
    assert resp.get_json()["error"]["code"]


def test_openapi_describes_search_and_the_calculators(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    assert "/api/search" in doc["paths"] and "/api/calc/damage" in doc["paths"]
    for path in ("targeting", "loot", "score", "fame", "dd-combat"):
        assert f"/api/calc/{path}" in doc["paths"], path
    search = doc["paths"]["/api/search"]["get"]
    assert [p["name"] for p in search["parameters"]] == ["q", "game", "kind", "lang", "limit"]
    damage = doc["paths"]["/api/calc/damage"]["post"]
    props = damage["requestBody"]["content"]["application/json"]["schema"]["properties"]
    assert {"damage", "type", "modifiers"} <= set(props)
    assert set(damage["responses"]) >= {"200", "400"}
