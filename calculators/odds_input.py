"""Reading a dice-odds request (POST /api/calc/odds): strict JSON types, each error naming its field.

Numbers must be JSON numbers here (the page's form is turned into this body by
odds_form.py); static/js/calc/odds.js checks the same things with the same codes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .validation import CalcError

MIN_DICE, MAX_DICE, DEFAULT_DICE = 1, 7, 5
MIN_ROLLS, MAX_ROLLS, DEFAULT_ROLLS = 1, 5, 3
FACES = 6
MIN_STRAIGHT, MAX_STRAIGHT = 2, 6
MAX_ABILITIES = 6
MAX_SYMBOL_LENGTH = 24
MAX_NAME_LENGTH = 40
MAX_DAMAGE = 99
TARGET_KINDS = ("symbols", "straight", "of_a_kind")


@dataclass
class Target:
    kind: str  # one of TARGET_KINDS
    symbols: dict[str, int] = field(default_factory=dict)
    length: int = 0  # straight: numbers in a row; of_a_kind: dice showing one number

    def to_json(self) -> dict[str, Any]:
        return {"symbols": dict(self.symbols)} if self.kind == "symbols" else {self.kind: self.length}


@dataclass
class Ability:
    name: str
    target: Target
    damage: int


@dataclass
class OddsRequest:
    dice: int
    rolls: int
    faces: dict[int, str]
    target: Target | None
    abilities: list[Ability]
    roll: list[int] | None
    rolls_left: int | None


def _shown(value: Any) -> str:
    return json.dumps(value)[:40]


def number(value: Any, name: str, low: int, high: int, *, default: int | None = None) -> int:
    """A JSON whole number from low to high (null or absent: the default, when there is one)."""
    if value is None and default is not None:
        return default
    if value is None:
        raise CalcError("missing_field", f"{name} is required: a whole number from {low} to {high}.", name)
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            isinstance(value, float) and not value.is_integer()):
        raise CalcError("not_whole_number", f"{name} must be a whole number from {low} to {high}; "
                        f"got {_shown(value)}.", name)
    if not low <= value <= high:
        raise CalcError("out_of_range", f"{name} must be a whole number from {low} to {high}; got {int(value)}.",
                        name)
    return int(value)


def _text(value: Any, name: str, max_length: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise CalcError("not_text", f"{name} must be a non-empty text of at most {max_length} characters.", name)
    if len(value.strip()) > max_length:
        raise CalcError("too_long", f"{name} must be at most {max_length} characters.", name)
    return value.strip()


def parse_faces(value: Any) -> dict[int, str]:
    """Face number -> symbol; a face not given shows its number."""
    faces = {f: str(f) for f in range(1, FACES + 1)}
    if value is None:
        return faces
    if not isinstance(value, dict):
        raise CalcError("not_object", "faces must be a JSON object such as {\"1\": \"sword\"}.", "faces")
    for key in sorted(value):
        symbol = value[key]
        if key not in {str(f) for f in range(1, FACES + 1)}:
            raise CalcError("bad_face", f"faces: '{key[:12]}' is not a die face; use 1 to {FACES}.", "faces")
        faces[int(key)] = _text(symbol, f"faces.{key}", MAX_SYMBOL_LENGTH)
    return faces


def parse_target(value: Any, name: str, dice: int, faces: Mapping[int, str]) -> Target:
    if value is None:
        raise CalcError("missing_field", f"{name} is required: {{\"symbols\": {{...}}}}, {{\"straight\": n}} "
                        "or {\"of_a_kind\": n}.", name)
    if not isinstance(value, dict):
        raise CalcError("not_object", f"{name} must be a JSON object.", name)
    kinds = [k for k in value if value[k] is not None]
    if not kinds:
        raise CalcError("empty_target", f"{name} is empty: give symbols, straight or of_a_kind.", name)
    unknown = [k for k in kinds if k not in TARGET_KINDS]
    if unknown:
        raise CalcError("unknown_target", f"{name}: unknown kind '{unknown[0][:20]}'. Use one of: "
                        f"{', '.join(TARGET_KINDS)}.", name)
    if len(kinds) > 1:
        raise CalcError("unknown_target", f"{name} must have one kind only: symbols, straight or of_a_kind.", name)
    kind = kinds[0]
    if kind == "straight":
        high = min(MAX_STRAIGHT, dice)
        if dice < MIN_STRAIGHT:
            raise CalcError("out_of_range", f"{name}.straight needs at least {MIN_STRAIGHT} dice.", f"{name}.straight")
        return Target("straight", length=number(value[kind], f"{name}.straight", MIN_STRAIGHT, high))
    if kind == "of_a_kind":
        if dice < 2:
            raise CalcError("out_of_range", f"{name}.of_a_kind needs at least 2 dice.", f"{name}.of_a_kind")
        return Target("of_a_kind", length=number(value[kind], f"{name}.of_a_kind", 2, dice))
    symbols = value[kind]
    where = f"{name}.symbols"
    if not isinstance(symbols, dict):
        raise CalcError("not_object", f"{where} must be a JSON object such as {{\"sword\": 3}}.", where)
    known = set(faces.values())
    counts: dict[str, int] = {}
    for symbol in sorted(symbols):  # checked in one fixed order (the twin's too); listed in face order
        count = symbols[symbol]
        if symbol not in known:
            raise CalcError("unknown_symbol", f"{where}: no face shows '{symbol[:MAX_SYMBOL_LENGTH]}'. The faces "
                            f"show: {', '.join(sorted(known))}.", where)
        counts[symbol] = number(count, f"{where}.{symbol}", 1, dice)
    if not counts:
        raise CalcError("empty_target", f"{where} is empty: ask for at least one symbol.", where)
    if sum(counts.values()) > dice:
        raise CalcError("too_many_symbols", f"{where} asks for {sum(counts.values())} dice in all, more than the "
                        f"{dice} you roll.", where)
    first_face = {symbol: face for face, symbol in sorted(faces.items(), reverse=True)}
    return Target("symbols", symbols=dict(sorted(counts.items(), key=lambda item: first_face[item[0]])))


def parse_abilities(value: Any, dice: int, faces: Mapping[int, str]) -> list[Ability]:
    if not isinstance(value, list) or not value:
        raise CalcError("not_list", f"abilities must be a list of 1 to {MAX_ABILITIES} abilities.", "abilities")
    if len(value) > MAX_ABILITIES:
        raise CalcError("too_many", f"abilities: at most {MAX_ABILITIES}; got {len(value)}.", "abilities")
    out = []
    for i, item in enumerate(value):
        where = f"abilities[{i}]"
        if not isinstance(item, dict):
            raise CalcError("not_object", f"{where} must be a JSON object with name, target and damage.", where)
        name = _text(item["name"], f"{where}.name", MAX_NAME_LENGTH) if item.get("name") is not None \
            else f"Ability {i + 1}"
        target = parse_target(item.get("target"), f"{where}.target", dice, faces)
        out.append(Ability(name, target, number(item.get("damage"), f"{where}.damage", 0, MAX_DAMAGE)))
    return out


def parse_roll(value: Any, dice: int) -> list[int]:
    if not isinstance(value, list):
        raise CalcError("not_list", f"roll must be a list of the {dice} dice showing, each 1 to {FACES}.", "roll")
    if len(value) != dice:
        raise CalcError("bad_roll_length", f"roll must list the {dice} dice showing; got {len(value)}.", "roll")
    return sorted(number(face, "roll", 1, FACES) for face in value)


def parse_request(body: Mapping[str, Any]) -> OddsRequest:
    dice = number(body.get("dice"), "dice", MIN_DICE, MAX_DICE, default=DEFAULT_DICE)
    rolls = number(body.get("rolls"), "rolls", MIN_ROLLS, MAX_ROLLS, default=DEFAULT_ROLLS)
    faces = parse_faces(body.get("faces"))
    target: Target | None = None
    abilities: list[Ability] = []
    if body.get("abilities") is not None:
        if body.get("target") is not None:
            raise CalcError("target_and_abilities", "Give either target or abilities, not both.", "target")
        abilities = parse_abilities(body["abilities"], dice, faces)
    else:
        target = parse_target(body.get("target"), "target", dice, faces)
    roll = rolls_left = None
    if body.get("roll") is not None:
        roll = parse_roll(body["roll"], dice)
        rolls_left = number(body.get("rolls_left"), "rolls_left", 0, rolls - 1, default=rolls - 1)
    elif body.get("rolls_left") is not None:
        raise CalcError("missing_field", "rolls_left needs roll: the dice showing now.", "roll")
    return OddsRequest(dice, rolls, faces, target, abilities, roll, rolls_left)
