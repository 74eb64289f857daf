"""POST /api/calc/odds: the golden vectors and every bad input over HTTP; the page without JavaScript."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from .calc_golden import cases, subset


@pytest.mark.parametrize("case", cases("odds"))
def test_golden_vector(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.post("/api/calc/odds", json=case["input"])
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert {"probability", "fraction", "dice", "rolls", "target", "explanation", "rules"} <= set(body)
    assert subset(body, case["expected"])
    assert body["rules"][0] == "/dice-throne/offensive-roll-phase"


@pytest.mark.parametrize("case", cases("odds", "errors"))
def test_bad_input_is_a_400_naming_the_field(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.post("/api/calc/odds", data=json.dumps(case["input"]), content_type="application/json")
    assert resp.status_code == 400
    error = resp.get_json()["error"]
    assert (error["code"], error["field"]) == (case["code"], case["field"])
    assert error["message"]


def test_advice_reads_as_the_issue_asks(client: FlaskClient) -> None:
    resp = client.post("/api/calc/odds", json={"target": {"symbols": {"6": 3}}, "roll": [6, 6, 1, 2, 3],
                                               "rolls_left": 2})
    body = resp.get_json()
    assert body["advice"][0]["keep"] == [6, 6]
    assert body["probability"] == body["advice"][0]["probability"]
    assert "keep 6, 6 and re-roll the rest" in body["explanation"]
    assert body["roll"] == [1, 2, 3, 6, 6] and body["rolls_left"] == 2


def test_the_api_document_lists_odds(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    post = doc["paths"]["/api/calc/odds"]["post"]
    schema = post["requestBody"]["content"]["application/json"]["schema"]
    dice = schema["properties"]["dice"]["anyOf"][0]
    assert (dice["minimum"], dice["maximum"]) == (1, 7)


def test_page_without_javascript_computes_on_the_server(client: FlaskClient) -> None:
    resp = client.get("/calc/odds?dice=5&rolls=3&hero=gunslinger&goal=symbols&n-Bullseye=2&n-Dash=1")
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert 'data-out="chance"' in html
    resp = client.get("/calc/odds?dice=5&goal=straight&straight=4&roll=12346&left=1")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'data-keep="1,2,3,4"' in html


def test_page_errors_name_the_fields_label(client: FlaskClient) -> None:
    resp = client.get("/calc/odds?dice=3&goal=straight&straight=5")
    assert resp.status_code == 400
    html = resp.get_data(as_text=True)
    assert 'data-field="straight"' in html and "Straight length must be" in html
    resp = client.get("/calc/odds?dice=5&roll=123&left=1")
    assert 'data-field="roll"' in resp.get_data(as_text=True)
