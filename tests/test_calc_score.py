"""Adventures scoring: the data pinned against the issue, the engine, POST /api/calc/score, and the no-JS page."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from calculators.scoring import calculate, form_body, score_tables
from calculators.validation import CalcError
from indexer import Corpus

from .calc_golden import cases, entries_json, subset


@pytest.fixture(scope="module")
def tables(corpus: Corpus) -> dict[str, Any]:
    return score_tables(corpus.data, entries_json(corpus))


def test_the_data_agrees_with_the_issue(tables: dict[str, Any]) -> None:
    lines = {line["id"]: line for line in tables["lines"]}
    assert lines["remaining-salves"]["points"] == {"each": 1, "per": 1, "unit": "unused-salve"}
    assert lines["unspent-gold"]["points"]["each"] == 1 and lines["unspent-gold"]["points"]["per"] == 5
    assert lines["unspent-gold"]["modes"] == ["portal-crawl"]
    assert lines["unclaimed-boss-loot"]["modes"] == ["boss-battle"]
    explored = lines["explored-all-tiles"]
    assert explored["points"]["flat"] == 5 and explored["modes"] == ["portal-crawl"]
    assert lines["scenario-score"]["points"] == {"from": "difficulty-card"}
    assert tables["loss"]["session_score"] == -10 and tables["loss"]["starting_salves_increase"] == 3


@pytest.mark.parametrize("case", cases("score"))
def test_golden_vector(case: dict[str, Any], tables: dict[str, Any]) -> None:
    result = calculate(case["input"], tables)
    assert subset(result, case["expected"]), result
    assert result["session_score"] == sum(b["points"] for b in result["breakdown"])


@pytest.mark.parametrize("case", cases("score", "errors"))
def test_bad_input_names_the_field(case: dict[str, Any], tables: dict[str, Any]) -> None:
    if "raw" in case:
        return  # the API test covers the body that is not JSON
    with pytest.raises(CalcError) as err:
        calculate(case["input"], tables)
    assert (err.value.code, err.value.field) == (case["code"], case["field"])


@pytest.mark.parametrize("case", cases("score"))
def test_api_golden_vector(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.post("/api/calc/score", json=case["input"])
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert {"session_score", "next_starting_salves", "breakdown"} <= set(body)
    assert all({"label", "points"} <= set(row) for row in body["breakdown"])
    assert subset(body, case["expected"])


@pytest.mark.parametrize("case", cases("score", "errors"))
def test_api_bad_input_is_a_400(client: FlaskClient, case: dict[str, Any]) -> None:
    data = case["raw"] if "raw" in case else json.dumps(case["input"])
    resp = client.post("/api/calc/score", data=data, content_type="application/json")
    assert resp.status_code == 400
    error = resp.get_json()["error"]
    assert (error["code"], error["field"]) == (case["code"], case["field"]) and error["message"]


@pytest.mark.parametrize("case", [c for c in cases("score") if "form" in c.values[0]])
def test_page_renders_the_result_without_javascript(client: FlaskClient, case: dict[str, Any],
                                                     tables: dict[str, Any]) -> None:
    assert subset(calculate(form_body(parse_qs(case["form"])), tables), case["expected"])
    page = BeautifulSoup(client.get("/calc/score?" + case["form"]).data, "html.parser")
    assert page.select_one("[data-out=score]").get_text() == str(case["expected"]["session_score"])
    assert page.select_one("[data-out=next-salves]").get_text() == str(case["expected"]["next_starting_salves"])
    assert [tr["data-line"] for tr in page.select(".calc-breakdown tbody tr")] == [
        b["line"] for b in case["expected"]["breakdown"]]
    assert page.select_one("[data-campaign]").has_attr("hidden")  # the log needs JavaScript


def test_page_names_a_bad_field_without_javascript(client: FlaskClient) -> None:
    resp = client.get("/calc/score?mode=portal-crawl&result=win&remaining_salves=-2")
    assert resp.status_code == 400
    assert BeautifulSoup(resp.data, "html.parser").select_one(".calc-error")["data-field"] == "remaining_salves"
