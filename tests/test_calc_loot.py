"""Loot: the data pinned against the issue's tables, the engine, GET /api/calc/loot, and the no-JS page."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from calculators.loot import calculate, loot_tables
from calculators.validation import CalcError
from indexer import Corpus

from .calc_golden import cases, entries_json, subset


@pytest.fixture(scope="module")
def tables(corpus: Corpus) -> dict[str, Any]:
    return loot_tables(corpus.data, entries_json(corpus))


def test_the_data_agrees_with_the_issue_tables(tables: dict[str, Any]) -> None:
    kh = tables["kings_hand"]
    assert kh["die"] == 20
    assert [(r["low"], r["high"], r["outcome"]) for r in kh["rows"]] == [
        (1, 10, "gain-cp"), (11, 15, "reroll-or-extra-attempt"), (16, 20, "change-die")]
    assert kh["rows"][0]["amount"] is None  # no source gives the CP amount: never invented
    dd = {r["id"]: r for r in tables["dungeon_dice"]["rewards"]}
    assert dd["potion"]["bag"] == "one-use" and dd["treasure-chest"]["bag"] == "equipment"
    assert (dd["locked-chest"]["bag_with_key"], dd["locked-chest"]["bag_without_key"]) == ("artifact", "equipment")
    assert tables["adventures"]["rows_known"] is False  # the Loot Table's per-roll rows are in no source


@pytest.mark.parametrize("case", cases("loot"))
def test_golden_vector(case: dict[str, Any], tables: dict[str, Any]) -> None:
    result = calculate(parse_qs(case["query"]), tables)
    assert subset(result, case["expected"]), result
    assert result["explanation"] and all(n["text"] and n["rules"] for n in result["explanation"])


def test_the_explanations_say_what_the_issue_asks(tables: dict[str, Any]) -> None:
    text = " ".join(n["text"] for n in calculate({"table": "kings-hand", "roll": "3"}, tables)["explanation"])
    assert "Boss leaflet" in text and "never guesses" in text
    text = " ".join(n["text"] for n in calculate({"table": "dungeon-dice", "reward": "locked-chest"}, tables)
                    ["explanation"])
    assert "Shatter" in text and "Skeleton Key" in text
    walk = " ".join(n["text"] for n in calculate({"table": "adventures"}, tables)["explanation"])
    for words in ("every player", "cannot re-roll or change", "bottom of its Loot deck", "next higher rarity",
                  "Bonus Damage token", "Gain Gold", "Unidentified Loot"):
        assert words in walk, words


@pytest.mark.parametrize("case", cases("loot", "errors"))
def test_bad_input_names_the_field(case: dict[str, Any], tables: dict[str, Any]) -> None:
    with pytest.raises(CalcError) as err:
        calculate(parse_qs(case["query"]), tables, lambda sides: 1)
    assert (err.value.code, err.value.field) == (case["code"], case["field"])


@pytest.mark.parametrize("case", cases("loot"))
def test_api_golden_vector(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/api/calc/loot?" + case["query"])
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert subset(body, case["expected"])
    assert "explanation" in body


@pytest.mark.parametrize("case", cases("loot", "errors"))
def test_api_bad_input_is_a_400(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/api/calc/loot?" + case["query"])
    assert resp.status_code == 400
    error = resp.get_json()["error"]
    assert (error["code"], error["field"]) == (case["code"], case["field"]) and error["message"]


def test_api_rolls_the_d20_when_the_roll_is_omitted(client: FlaskClient) -> None:
    rolls = set()
    for _ in range(80):
        body = client.get("/api/calc/loot?table=kings-hand").get_json()
        assert body["rolled_by_server"] is True and 1 <= body["roll"] <= 20
        rolls.add(body["roll"])
    assert len(rolls) >= 8 and max(rolls) > 6  # a d20, not a d6


@pytest.mark.parametrize("case", cases("loot"))
def test_page_renders_the_result_without_javascript(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/calc/loot?" + case["query"])
    assert resp.status_code == 200
    page = BeautifulSoup(resp.data, "html.parser")
    expected = case["expected"]
    if "bag" in expected:
        assert page.select_one("[data-out=bag]")["data-bag"] == expected["bag"]
    else:
        assert page.select_one("[data-out=outcome]")["data-outcome"] == (expected["outcome"] or "")
    assert page.select(".calc-explain li a")
