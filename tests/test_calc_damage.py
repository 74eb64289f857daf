"""The final-damage-total engine (calculators/damage.py) against the golden vectors and the data files."""

from __future__ import annotations

import itertools
from typing import Any
from urllib.parse import parse_qs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.damage import calculate, damage_tables
from calculators.damage_form import form_to_body
from calculators.validation import CalcError
from indexer import Corpus

from .calc_golden import cases, entries_json, golden, subset


@pytest.fixture(scope="module")
def tables(corpus: Corpus) -> dict[str, Any]:
    return damage_tables(corpus.data, entries_json(corpus))


# The damage type chart of the rulebook and the online reference, cell by cell.
CHART = {
    "normal": (True, True, True, False),
    "undefendable": (False, True, True, False),
    "pure": (False, True, False, False),
    "collateral": (False, True, False, True),
    "ultimate": (False, False, True, False),
}


def test_the_damage_type_chart_cell_by_cell(tables: dict[str, Any]) -> None:
    got = {t["id"]: (t["defendable"], t["avoidable"], t["enhanceable"], t["special_targeting_rules"])
           for t in tables["types"]}
    assert got == CHART
    assert [t["id"] for t in tables["types"]] == list(CHART)
    assert {t["id"]: t["attack"] for t in tables["types"]} == {k: k != "collateral" for k in CHART}


def test_presets_come_from_the_status_effect_data(corpus: Corpus, tables: dict[str, Any]) -> None:
    numeric = {e["id"]: e["numeric"] for e in corpus.data["status-effects"]["effects"] if e.get("numeric")}
    assert {e["id"] for e in tables["effects"]} == set(numeric)
    protect = next(e for e in tables["effects"] if e["id"] == "protect")
    assert protect["options"][0]["op"] == "prevent_fraction" and protect["options"][0]["fraction"] == "1/2"
    assert protect["url"] == "/dice-throne/protect"


@pytest.mark.parametrize("case", cases("damage"))
def test_golden_vector(case: dict[str, Any], tables: dict[str, Any]) -> None:
    result = calculate(case["input"], tables)
    assert subset(result, case["expected"]), result
    assert len(result["ignored"]) == len(case["expected"]["ignored"])
    for row in result["ignored"]:
        assert row["reason"] and row["rules"]


@pytest.mark.parametrize("case", [c for c in cases("damage") if "form" in c.values[0]])
def test_golden_vector_through_the_page_form(case: Any, tables: dict[str, Any]) -> None:
    result = calculate(form_to_body(parse_qs(case["form"]), tables), tables)
    for key in ("damage", "type", "subtotal", "final", "reflected"):
        assert result[key] == case["expected"][key], key
    assert {i["code"] for i in result["ignored"]} == {i["code"] for i in case["expected"]["ignored"]}


@pytest.mark.parametrize("case", [c for c in cases("damage", "errors") if "input" in c.values[0]])
def test_bad_input_names_the_field(case: dict[str, Any], tables: dict[str, Any]) -> None:
    with pytest.raises(CalcError) as err:
        calculate(case["input"], tables)
    assert (err.value.code, err.value.field) == (case["code"], case["field"])
    assert err.value.message


@pytest.mark.parametrize("case", cases("damage", "form_errors"))
def test_bad_form_input_names_the_form_field(case: dict[str, Any], tables: dict[str, Any]) -> None:
    with pytest.raises(CalcError) as err:
        calculate(form_to_body(parse_qs(case["form"]), tables), tables)
    assert err.value.field == case["field"]


def test_every_order_of_the_modifiers_gives_the_same_totals(tables: dict[str, Any]) -> None:
    mods = golden("damage")["cases"][13]["input"]["modifiers"]
    first = calculate({"damage": 9, "modifiers": mods}, tables)
    for order in itertools.permutations(mods):
        got = calculate({"damage": 9, "modifiers": list(order)}, tables)
        assert (got["subtotal"], got["final"], got["reflected"]) == (first["subtotal"], first["final"],
                                                                     first["reflected"])


MODIFIER = st.one_of(
    st.builds(lambda op, n, d: {"op": op, "amount": n, "defense": d},
              st.sampled_from(["add", "subtract"]), st.integers(0, 30), st.booleans()),
    st.builds(lambda op, a, b, d: {"op": op, "fraction": f"{min(a, b)}/{max(a, b)}", "defense": d},
              st.sampled_from(["prevent_fraction", "reflect_fraction"]), st.integers(1, 4), st.integers(1, 4),
              st.booleans()),
    st.builds(lambda f: {"op": "multiply", "factor": str(f)}, st.integers(1, 3)),
    st.just({"op": "avoid"}),
    st.builds(lambda e, n: {"effect": e, "tokens": n},
              st.sampled_from(["protect", "retribution", "wither", "targeted", "bounty", "evasive", "shadows"]),
              st.integers(1, 3)),
)


@settings(max_examples=300, deadline=None)
@given(damage=st.integers(0, 60), type_id=st.sampled_from(list(CHART)), mods=st.lists(MODIFIER, max_size=8),
       data=st.data())
def test_rules_hold_for_any_input(damage: int, type_id: str, mods: list[dict[str, Any]], data: Any,
                                  tables: dict[str, Any]) -> None:
    result = calculate({"damage": damage, "type": type_id, "modifiers": mods}, tables)
    assert result["subtotal"] >= 0 and result["final"] >= 0 and result["reflected"] >= 0
    shuffled = data.draw(st.permutations(mods))
    again = calculate({"damage": damage, "type": type_id, "modifiers": shuffled}, tables)
    assert (again["subtotal"], again["final"], again["reflected"]) == (result["subtotal"], result["final"],
                                                                       result["reflected"])
    chart = dict(zip(("defendable", "avoidable", "enhanceable", "special"), CHART[type_id], strict=True))
    applied_ops = {s["op"] for s in result["steps"]}
    if not chart["avoidable"]:
        assert not applied_ops & {"subtract", "prevent_fraction", "reflect_fraction", "avoid"}
    if not chart["enhanceable"] or chart["special"] or damage == 0:
        assert not applied_ops & {"add", "multiply"}
    if "avoid" in applied_ops:
        assert result["final"] == 0
