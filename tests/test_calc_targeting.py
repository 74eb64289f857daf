"""Targeting: the data files pinned against the issue's tables, the engine and GET /api/calc/targeting."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest
from flask.testing import FlaskClient

from calculators.targeting import calculate, targeting_tables
from calculators.validation import CalcError
from indexer import Corpus

from .calc_golden import cases, entries_json, subset


@pytest.fixture(scope="module")
def tables(corpus: Corpus) -> dict[str, Any]:
    return targeting_tables(corpus.data, entries_json(corpus))


def _by_face(rows: list[dict[str, Any]]) -> dict[int, str]:
    return {face: row["target"] for row in rows for face in row["rolls"]}


def test_the_data_agrees_with_the_issue_tables(tables: dict[str, Any]) -> None:
    modes = tables["modes"]
    assert _by_face(modes["2v2"]["rows"]) == {1: "left", 2: "left", 3: "right", 4: "right", 5: "opponents-choose",
                                              6: "choose"}
    assert _by_face(modes["3v3"]["rows"]) == {1: "left", 2: "left", 3: "middle", 4: "middle", 5: "right", 6: "right"}
    assert _by_face(modes["2v2v2"]["rows"]) == {1: "next-clockwise", 2: "next-clockwise", 3: "next-clockwise",
                                                4: "next-clockwise", 5: "choose", 6: "choose"}
    boss = modes["boss-vs-many"]["by_heroes"]
    assert _by_face(boss["2"]) == {1: "left", 2: "left", 3: "left", 4: "right", 5: "right", 6: "right"}
    assert _by_face(boss["3"]) == {1: "left", 2: "left", 3: "middle", 4: "middle", 5: "right", 6: "right"}
    assert _by_face(boss["4"]) == {1: "hero-1", 2: "hero-2", 3: "hero-3", 4: "hero-4", 5: "roll-again",
                                   6: "roll-again"}
    assert modes["koth"]["die"] is None and modes["koth"]["rows"][0]["target"] == "choose"
    assert modes["boss-vs-many"]["die"] == 6  # the Chaos die


@pytest.mark.parametrize("case", cases("targeting"))
def test_golden_vector(case: dict[str, Any], tables: dict[str, Any]) -> None:
    result = calculate(parse_qs(case["query"]), tables)
    assert subset(result, case["expected"]), result
    assert result["explanation"] and all(n["text"] and n["rules"] for n in result["explanation"])
    if result["roll"] is not None:
        assert any("Ultimate" in n["text"] for n in result["explanation"])


@pytest.mark.parametrize("case", cases("targeting", "errors"))
def test_bad_input_names_the_field(case: dict[str, Any], tables: dict[str, Any]) -> None:
    with pytest.raises(CalcError) as err:
        calculate(parse_qs(case["query"]), tables, lambda sides: 1)
    assert (err.value.code, err.value.field) == (case["code"], case["field"])


def test_without_a_die_the_engine_asks_for_the_roll(tables: dict[str, Any]) -> None:
    with pytest.raises(CalcError) as err:
        calculate({"mode": "2v2"}, tables)
    assert err.value.field == "roll"


@pytest.mark.parametrize("case", cases("targeting"))
def test_api_golden_vector(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/api/calc/targeting?" + case["query"])
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert {"mode", "roll", "target", "explanation"} <= set(body)
    assert subset(body, case["expected"])
    assert body["rolled_by_server"] is False


@pytest.mark.parametrize("case", cases("targeting", "errors"))
def test_api_bad_input_is_a_400(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/api/calc/targeting?" + case["query"])
    assert resp.status_code == 400
    error = resp.get_json()["error"]
    assert (error["code"], error["field"]) == (case["code"], case["field"]) and error["message"]


def test_api_rolls_when_the_roll_is_omitted(client: FlaskClient, tables: dict[str, Any]) -> None:
    seen = set()
    for _ in range(60):
        body = client.get("/api/calc/targeting?mode=2v2").get_json()
        assert body["rolled_by_server"] is True and 1 <= body["roll"] <= 6
        assert body["target"] == _by_face(tables["modes"]["2v2"]["rows"])[body["roll"]]
        seen.add(body["roll"])
    assert len(seen) >= 4  # a fair die shows most faces in 60 rolls (chance of failing < 1e-9)
    body = client.get("/api/calc/targeting?mode=koth").get_json()
    assert body["roll"] is None and body["rolled_by_server"] is False


@pytest.mark.parametrize("mode", ["3v3", "2v2v2"])
def test_tables_from_the_players_summary_say_so(client: FlaskClient, tables: dict[str, Any], mode: str) -> None:
    note = tables["provenance"][mode]
    assert "player's summary" in note and "house rules" in note and "check your rulebook" in note
    assert "2v2" not in tables["provenance"]  # the rulebook's own table needs no warning
    html = client.get(f"/calc/targeting?mode={mode}&roll=2").get_data(as_text=True)
    assert 'data-out="provenance"' in html and "marks its house rules by colour" in html
    assert 'data-out="provenance"' not in client.get("/calc/targeting?mode=2v2&roll=2").get_data(as_text=True)
