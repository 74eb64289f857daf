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


def test_page_without_javascript_computes_several_abilities(client: FlaskClient) -> None:
    """mode=abilities: the expected damage, each ability's chance and the keep advice, as the API gives them."""
    query = ("mode=abilities&ab=2&a1-name=Small&a1-straight=4&a1-dmg=5&a2-name=Pair&a2-goal=kind&a2-kind=2"
             "&a2-dmg=3&roll=12366&left=1")
    html = client.get("/calc/odds?" + query).get_data(as_text=True)
    api = client.post("/api/calc/odds", json={"dice": 5, "rolls": 3, "roll": [1, 2, 3, 6, 6], "rolls_left": 1,
                                              "abilities": [{"name": "Small", "target": {"straight": 4}, "damage": 5},
                                                            {"name": "Pair", "target": {"of_a_kind": 2},
                                                             "damage": 3}]}).get_json()
    assert f'data-out="expected" data-value="{api["expected_damage"]}"' in html
    for i, a in enumerate(api["abilities"], 1):
        assert f'data-out="ability-{i}" data-value="{a["probability"]}"' in html
    assert f'class="odds-best" data-keep="{",".join(map(str, api["advice"][0]["keep"]))}"' in html
    assert 'name="a2-dmg" type="number" inputmode="numeric" min="0" max="99" value="3"' in html


@pytest.mark.parametrize(("query", "field", "words"), [
    ("mode=abilities&a2-dmg=150", "a2-dmg", "Ability 2 damage must be a whole number from 0 to 99"),
    ("mode=abilities&ab=9", "ab", "Abilities must be a whole number from 1 to 6"),
    ("mode=abilities&ab=%3Cscript%3E", "ab", "Abilities must be a whole number from 1 to 6"),
    ("mode=abilities&a1-goal=symbols", "a1-goal", "Ability 1 target is empty"),
    ("mode=abilities&a1-goal=evil", "a1-goal", "Ability 1 target: unknown choice"),
    ("mode=abilities&dice=3&a2-straight=6", "a2-straight", "Ability 2 straight length must be a whole number from 2"),
    ("mode=abilities&hero=gunslinger&a1-goal=symbols&a1-n-Bullet=6", "a1-n-Bullet", "Ability 1 number of Bullet must"),
    ("mode=abilities&a1-name=" + "x" * 41, "a1-name", "Ability 1 name must be at most 40 characters"),
    ("mode=%3Cb%3E", "mode", "Work out: unknown choice &#39;&lt;b&gt;"),
])
def test_page_abilities_errors_name_the_field(client: FlaskClient, query: str, field: str, words: str) -> None:
    resp = client.get("/calc/odds?" + query)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert f'data-field="{field}"' in html and words in html
    assert "<script>" not in html.split("<main", 1)[1].split("</main>", 1)[0]
