"""Dungeon Dice Fame and combat: the data pinned against the issue, the engine, the two APIs and the no-JS page."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from calculators.dungeon_dice import calculate_combat, calculate_fame, dungeon_dice_tables, page_results
from calculators.validation import CalcError
from indexer import Corpus

from .calc_golden import cases, entries_json, golden, subset


@pytest.fixture(scope="module")
def tables(corpus: Corpus) -> dict[str, Any]:
    return dungeon_dice_tables(corpus.data, entries_json(corpus))


def test_the_data_agrees_with_the_issue(tables: dict[str, Any]) -> None:
    assert {a["id"]: a["fame"] for a in tables["awards"]} == {
        "experience": 1, "artifact": 1, "trophy-red": 1, "trophy-black": 2, "trophy-gold": 3}
    assert tables["fame_at"] == 6 and tables["fame_to_win"] == 4
    assert [(r["min"], r["dice"]) for r in tables["levels"]] == [(0, 1), (3, 2), (6, 3)]
    outcomes = tables["outcomes"]
    assert outcomes["higher"] == {"heroes_win": True, "experience": 1, "wounds": 0, "reward": True}
    assert outcomes["lower"] == {"heroes_win": False, "experience": 0, "wounds": 1, "reward": False}
    assert outcomes["equal"] == {"heroes_win": True, "experience": 1, "wounds": 1, "reward": True}


@pytest.mark.parametrize("case", cases("dungeon-dice", "fame"))
def test_fame_golden_vector(case: dict[str, Any], tables: dict[str, Any]) -> None:
    result = calculate_fame(case["input"], tables)
    assert subset(result, case["expected"]), result
    assert result["fame"] == sum(b["fame"] for b in result["breakdown"])


@pytest.mark.parametrize("case", cases("dungeon-dice", "combat"))
def test_combat_golden_vector(case: dict[str, Any], tables: dict[str, Any]) -> None:
    assert subset(calculate_combat(case["input"], tables), case["expected"])


@pytest.mark.parametrize(("api", "key"), [("fame", "fame_errors"), ("dd-combat", "combat_errors")])
def test_bad_input_names_the_field(api: str, key: str, tables: dict[str, Any], client: FlaskClient) -> None:
    engine = calculate_fame if api == "fame" else calculate_combat
    for case in golden("dungeon-dice")[key]:
        if "input" in case:
            with pytest.raises(CalcError) as err:
                engine(case["input"], tables)
            assert (err.value.code, err.value.field) == (case["code"], case["field"]), case["name"]
        data = case["raw"] if "raw" in case else json.dumps(case["input"])
        resp = client.post(f"/api/calc/{api}", data=data, content_type="application/json")
        assert resp.status_code == 400, case["name"]
        error = resp.get_json()["error"]
        assert (error["code"], error["field"]) == (case["code"], case["field"]), case["name"]


@pytest.mark.parametrize("case", cases("dungeon-dice", "fame"))
def test_fame_api(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.post("/api/calc/fame", json=case["input"])
    assert resp.status_code == 200
    body = resp.get_json()
    assert {"fame", "level_dice", "winner", "breakdown"} <= set(body)
    assert subset(body, case["expected"])


@pytest.mark.parametrize("case", cases("dungeon-dice", "combat"))
def test_combat_api(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.post("/api/calc/dd-combat", json=case["input"])
    assert resp.status_code == 200
    body = resp.get_json()
    assert {"result", "heroes_win", "wound", "experience"} <= set(body)
    assert subset(body, case["expected"])


@pytest.mark.parametrize("case", [c for key in ("fame", "combat") for c in cases("dungeon-dice", key)
                                  if "form" in c.values[0]])
def test_page_renders_without_javascript(client: FlaskClient, case: dict[str, Any], tables: dict[str, Any]) -> None:
    results = page_results(parse_qs(case["form"]), tables)
    page = BeautifulSoup(client.get("/calc/fame?" + case["form"]).data, "html.parser")
    expected = case["expected"]
    if "fame" in expected:
        assert subset(results["fame"], expected)
        assert page.select_one("[data-out=fame]").get_text() == str(expected["fame"])
        assert page.select_one("[data-out=winner]")["data-winner"] == ("yes" if expected["winner"] else "no")
        assert page.select_one("[data-out=level-dice]").get_text() == str(expected["level_dice"])
    else:
        assert subset(results["combat"], expected)
        assert page.select_one("[data-out=combat]")["data-result"] == expected["result"]


def test_page_names_a_bad_trophy_field(client: FlaskClient) -> None:
    resp = client.get("/calc/fame?red=-1")
    assert resp.status_code == 400
    assert BeautifulSoup(resp.data, "html.parser").select_one(".calc-error")["data-field"] == "red"
