"""Write tests/golden/odds.json: inputs for the dice-odds calculator and the engine's exact answers.

Each tiny case (at most 4 dice) is checked again in tests/test_calc_odds.py by a brute-force
enumerator that shares no code with the engine; the large known cases are the issue's published
values (small straight 61.54%, large straight 26.11%, AACC 57.58%, ABBC 77.48%, Yahtzee
347897/7558272). Run: .venv/bin/python tools/odds_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from calculators.odds import evaluate  # noqa: E402
from calculators.odds_input import parse_request  # noqa: E402
from calculators.validation import CalcError  # noqa: E402

GUN = {"1": "Bullet", "2": "Bullet", "3": "Bullet", "4": "Dash", "5": "Dash", "6": "Bullseye"}
ABC = {"1": "A", "2": "A", "3": "A", "4": "B", "5": "B", "6": "C"}

KNOWN: list[tuple[str, dict[str, Any], str]] = [
    ("small straight, 5 dice, 3 attempts", {"faces": ABC, "target": {"straight": 4}}, "61.54%"),
    ("large straight, 5 dice, 3 attempts", {"faces": ABC, "target": {"straight": 5}}, "26.11%"),
    ("AACC, 5 dice, 3 attempts", {"faces": ABC, "target": {"symbols": {"A": 2, "C": 2}}}, "57.58%"),
    ("ABBC, 5 dice, 3 attempts", {"faces": ABC, "target": {"symbols": {"A": 1, "B": 2, "C": 1}}}, "77.48%"),
    ("Yahtzee: five of a kind, 5 dice, 3 attempts", {"target": {"of_a_kind": 5}}, "347897/7558272"),
]

TINY: list[tuple[str, dict[str, Any]]] = [
    ("one die, one attempt, a 6", {"dice": 1, "rolls": 1, "target": {"symbols": {"6": 1}}}),
    ("one die, three attempts, a Bullseye", {"dice": 1, "rolls": 3, "faces": GUN,
                                             "target": {"symbols": {"Bullseye": 1}}}),
    ("two dice, two attempts, a pair", {"dice": 2, "rolls": 2, "target": {"of_a_kind": 2}}),
    ("two dice, three attempts, straight of 2", {"dice": 2, "rolls": 3, "target": {"straight": 2}}),
    ("three dice, two attempts, Bullet Dash Bullseye", {"dice": 3, "rolls": 2, "faces": GUN,
                                                        "target": {"symbols": {"Bullet": 1, "Dash": 1,
                                                                               "Bullseye": 1}}}),
    ("three dice, three attempts, straight of 3", {"dice": 3, "rolls": 3, "target": {"straight": 3}}),
    ("three dice, three attempts, three of a kind", {"dice": 3, "rolls": 3, "target": {"of_a_kind": 3}}),
    ("three dice, three attempts, two Dash", {"dice": 3, "rolls": 3, "faces": GUN,
                                              "target": {"symbols": {"Dash": 2}}}),
    ("three dice, 2 C and 1 A, partial faces", {"dice": 3, "rolls": 2, "faces": {"1": "A", "6": "C", "5": "C"},
                                                "target": {"symbols": {"C": 2, "A": 1}}}),
    ("four dice, one attempt, straight of 4", {"dice": 4, "rolls": 1, "target": {"straight": 4}}),
    ("advice: 3 dice showing 6 6 1, one attempt left, three 6s",
     {"dice": 3, "rolls": 3, "target": {"symbols": {"6": 3}}, "roll": [6, 1, 6], "rolls_left": 1}),
    ("advice: 3 dice showing 2 3 3, two attempts left, straight of 3",
     {"dice": 3, "rolls": 3, "target": {"straight": 3}, "roll": [3, 2, 3], "rolls_left": 2}),
    ("advice: 4 dice showing 1 2 2 5, one attempt left, small straight",
     {"dice": 4, "rolls": 3, "target": {"straight": 4}, "roll": [1, 2, 2, 5], "rolls_left": 1}),
    ("advice: no attempts left, the roll is final", {"dice": 3, "rolls": 2, "faces": GUN,
                                                     "target": {"symbols": {"Dash": 2}},
                                                     "roll": [4, 5, 1], "rolls_left": 0}),
    ("abilities: 3 dice, 2 attempts, straight or pair", {
        "dice": 3, "rolls": 2, "abilities": [
            {"name": "Straight", "target": {"straight": 3}, "damage": 7},
            {"name": "Pair", "target": {"of_a_kind": 2}, "damage": 3}]}),
    ("abilities: 3 dice, 3 attempts, Gunslinger symbols", {
        "dice": 3, "rolls": 3, "faces": GUN, "abilities": [
            {"name": "Bullseyes", "target": {"symbols": {"Bullseye": 2}}, "damage": 8},
            {"name": "Dash", "target": {"symbols": {"Dash": 1, "Bullet": 1}}, "damage": 4},
            {"name": "Bullets", "target": {"symbols": {"Bullet": 3}}, "damage": 5}]}),
    ("abilities with advice: 3 dice showing 6 6 2, one attempt left", {
        "dice": 3, "rolls": 3, "roll": [6, 2, 6], "rolls_left": 1, "abilities": [
            {"name": "Triple six", "target": {"symbols": {"6": 3}}, "damage": 10},
            {"name": "Straight", "target": {"straight": 3}, "damage": 6}]}),
]

ERRORS: list[tuple[str, dict[str, Any], str, str]] = [
    ("dice above 7", {"dice": 8, "target": {"straight": 4}}, "out_of_range", "dice"),
    ("dice 0", {"dice": 0, "target": {"straight": 4}}, "out_of_range", "dice"),
    ("dice as a string", {"dice": "5", "target": {"straight": 4}}, "not_whole_number", "dice"),
    ("dice as a boolean", {"dice": True, "target": {"straight": 4}}, "not_whole_number", "dice"),
    ("rolls above 5", {"rolls": 6, "target": {"straight": 4}}, "out_of_range", "rolls"),
    ("rolls 0", {"rolls": 0, "target": {"straight": 4}}, "out_of_range", "rolls"),
    ("rolls as a string", {"rolls": "3", "target": {"straight": 4}}, "not_whole_number", "rolls"),
    ("a face key 7", {"faces": {"7": "sword"}, "target": {"straight": 4}}, "bad_face", "faces"),
    ("a face key 0", {"faces": {"0": "sword"}, "target": {"straight": 4}}, "bad_face", "faces"),
    ("an empty symbol", {"faces": {"1": " "}, "target": {"straight": 4}}, "not_text", "faces.1"),
    ("no target", {"dice": 5}, "missing_field", "target"),
    ("an empty target", {"target": {}}, "empty_target", "target"),
    ("an unknown target", {"target": {"full_house": 1}}, "unknown_target", "target"),
    ("two kinds of target", {"target": {"straight": 4, "of_a_kind": 3}}, "unknown_target", "target"),
    ("an empty symbols target", {"target": {"symbols": {}}}, "empty_target", "target.symbols"),
    ("an unknown symbol", {"faces": GUN, "target": {"symbols": {"Sword": 1}}}, "unknown_symbol", "target.symbols"),
    ("a symbol count above the dice", {"faces": GUN, "target": {"symbols": {"Dash": 6}}}, "out_of_range",
     "target.symbols.Dash"),
    ("a symbol count 0", {"faces": GUN, "target": {"symbols": {"Dash": 0}}}, "out_of_range", "target.symbols.Dash"),
    ("symbol counts above the dice in all", {"faces": GUN, "target": {"symbols": {"Dash": 3, "Bullet": 3}}},
     "too_many_symbols", "target.symbols"),
    ("a symbol count as a string", {"target": {"symbols": {"6": "2"}}}, "not_whole_number", "target.symbols.6"),
    ("a straight of 7", {"dice": 7, "target": {"straight": 7}}, "out_of_range", "target.straight"),
    ("a straight of 1", {"target": {"straight": 1}}, "out_of_range", "target.straight"),
    ("a straight longer than the dice", {"dice": 3, "target": {"straight": 4}}, "out_of_range", "target.straight"),
    ("a straight as a boolean", {"target": {"straight": True}}, "not_whole_number", "target.straight"),
    ("of a kind above the dice", {"dice": 3, "target": {"of_a_kind": 4}}, "out_of_range", "target.of_a_kind"),
    ("a roll too short", {"target": {"straight": 4}, "roll": [1, 2, 3]}, "bad_roll_length", "roll"),
    ("a roll too long", {"dice": 2, "target": {"straight": 2}, "roll": [1, 2, 3]}, "bad_roll_length", "roll"),
    ("a roll with a 7", {"dice": 2, "target": {"straight": 2}, "roll": [1, 7]}, "out_of_range", "roll"),
    ("a roll with a 0", {"dice": 2, "target": {"straight": 2}, "roll": [0, 1]}, "out_of_range", "roll"),
    ("a roll with a string", {"dice": 2, "target": {"straight": 2}, "roll": ["1", 2]}, "not_whole_number", "roll"),
    ("a roll that is not a list", {"dice": 2, "target": {"straight": 2}, "roll": 12}, "not_list", "roll"),
    ("rolls_left equal to rolls", {"dice": 2, "target": {"straight": 2}, "roll": [1, 2], "rolls_left": 3},
     "out_of_range", "rolls_left"),
    ("rolls_left negative", {"dice": 2, "target": {"straight": 2}, "roll": [1, 2], "rolls_left": -1},
     "out_of_range", "rolls_left"),
    ("rolls_left without a roll", {"target": {"straight": 4}, "rolls_left": 1}, "missing_field", "roll"),
    ("rolls_left as a string", {"dice": 2, "target": {"straight": 2}, "roll": [1, 2], "rolls_left": "1"},
     "not_whole_number", "rolls_left"),
    ("target and abilities", {"target": {"straight": 4}, "abilities": [{"target": {"straight": 4}, "damage": 5}]},
     "target_and_abilities", "target"),
    ("too many abilities", {"abilities": [{"target": {"straight": 4}, "damage": 5}] * 7}, "too_many", "abilities"),
    ("an ability without damage", {"abilities": [{"target": {"straight": 4}}]}, "missing_field",
     "abilities[0].damage"),
    ("an ability's bad target", {"abilities": [{"target": {"straight": 4}, "damage": 5},
                                               {"target": {"straight": 9}, "damage": 5}]},
     "out_of_range", "abilities[1].target.straight"),
]


def main() -> None:
    cases = []
    for name, body, published in KNOWN:
        result = evaluate(parse_request(body))
        cases.append({"name": name, "input": body, "published": published,
                      "expected": {"probability": result["probability"], "fraction": result["fraction"]}})
    for name, body in TINY:
        result = evaluate(parse_request(body))
        expected = {k: result[k] for k in ("probability", "fraction", "expected_damage",
                                           "expected_damage_fraction", "abilities", "advice") if k in result}
        cases.append({"name": name, "input": body, "brute_force": True, "expected": expected})
    errors = []
    for name, body, code, field in ERRORS:
        try:
            parse_request(body)
        except CalcError as err:
            assert (err.code, err.field) == (code, field), (name, err)
        else:
            raise AssertionError(f"{name}: no error")
        errors.append({"name": name, "input": body, "code": code, "field": field})
    doc = {"about": "Golden vectors for the dice-odds calculator: calculators/odds.py, POST /api/calc/odds and "
                    "static/js/calc/odds.js. Written by tools/odds_golden.py from the engine; every case marked "
                    "brute_force is recomputed in tests/test_calc_odds.py by a brute-force enumerator that shares "
                    "no code with the engine, and the others match the published values in 'published'.",
           "cases": cases, "errors": errors}
    (ROOT / "tests" / "golden" / "odds.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n",
                                                         encoding="utf-8")


if __name__ == "__main__":
    main()
