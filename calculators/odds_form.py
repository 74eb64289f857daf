"""The odds page's form (its query string, which is also its shareable state) as an API request body.

static/js/calc/odds.js does the same mapping in the browser. Fields: dice, rolls, hero (numbers,
a preset's id, or custom with f1..f6), goal (straight, kind or symbols) with straight, kind or
n-<symbol> counts, and the roll in hand as digits (roll=66321) with left (roll attempts left);
mode=abilities replaces the target by several abilities (odds_form_abilities.py).
Errors name the form field at fault, in words that use its label.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from . import odds_form_abilities as ab
from . import validation as v
from .odds import calculate
from .odds_input import DEFAULT_DICE, DEFAULT_ROLLS, FACES, MAX_DICE, MAX_ROLLS

GOALS = ("straight", "kind", "symbols")
MODES = ("target", "abilities")
DEFAULT_STRAIGHT = 4
DEFAULT_KIND = 3
LABELS = {"dice": "Dice", "rolls": "Roll attempts", "straight": "Straight length", "kind": "Of a kind",
          "roll": "Dice showing", "left": "Roll attempts left", "goal": "Target", "hero": "Dice faces",
          "mode": "Work out", "ab": "Abilities", "name": "Name", "dmg": "Damage"}


def label_of(field: str) -> str:
    """The words the page shows for a form field."""
    return LABELS.get(field) or ab.ability_label(field, LABELS) or (
        f"Symbol on face {field[1:]}" if re.fullmatch(r"f[1-6]", field) else
        f"Number of {field[2:]}" if field.startswith("n-") else field)


def _count(args: Mapping[str, Any], name: str, low: int, high: int, default: int) -> int:
    raw = v.first_text(args, name).strip()
    if raw == "":
        return default
    if not re.fullmatch(r"[0-9]{1,3}", raw) or not low <= int(raw) <= high:
        label = label_of(name)
        raise v.CalcError("out_of_range", f"{label} must be a whole number from {low} to {high}.", name)
    return int(raw)


def form_faces(args: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, str] | None:
    hero = v.first_text(args, "hero") or "numbers"
    presets = {p["id"]: p for p in tables["presets"]}
    if hero == "numbers":
        return None
    if hero in presets:
        return dict(presets[hero]["faces"])
    if hero != "custom":
        raise v.CalcError("unknown_hero", f"Dice faces: unknown choice '{hero[:20]}'.", "hero")
    faces = {}
    for face in range(1, FACES + 1):
        symbol = v.first_text(args, f"f{face}").strip()
        if not symbol:
            raise v.CalcError("missing_field", f"Symbol on face {face}: give the symbol your hero's dice key shows.",
                              f"f{face}")
        faces[str(face)] = symbol
    return one_spelling(faces)


def one_spelling(faces: dict[str, str]) -> dict[str, str]:
    """Typed symbols that differ only in case or surrounding spaces are one symbol, in its first spelling
    ("Sword", "sword " -> "Sword", "Sword"); static/js/calc/odds.js's oneSpelling() does the same."""
    first: dict[str, str] = {}
    return {face: first.setdefault(symbol.strip().lower(), symbol.strip()) if symbol.strip() else symbol
            for face, symbol in faces.items()}


def form_to_body(args: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """Query-string fields -> the POST /api/calc/odds body. Raises CalcError naming the form field."""
    dice = _count(args, "dice", 1, MAX_DICE, DEFAULT_DICE)
    rolls = _count(args, "rolls", 1, MAX_ROLLS, DEFAULT_ROLLS)
    faces = form_faces(args, tables)
    body: dict[str, Any] = {"dice": dice, "rolls": rolls}
    if faces is not None:
        body["faces"] = faces
    mode = v.first_text(args, "mode") or "target"
    if mode not in MODES:
        raise v.CalcError("unknown_mode", f"Work out: unknown choice '{mode[:20]}'.", "mode")
    symbols = list(dict.fromkeys((faces or {str(f): str(f) for f in range(1, FACES + 1)}).values()))
    goal = v.first_text(args, "goal") or "straight"
    if mode == "abilities":
        body["abilities"] = ab.form_abilities(args, dice, symbols, _count)
    elif goal not in GOALS:
        raise v.CalcError("unknown_target", f"Target: unknown choice '{goal[:20]}'.", "goal")
    elif goal == "straight":
        body["target"] = {"straight": _count(args, "straight", 0, 999, min(DEFAULT_STRAIGHT, dice))}
    elif goal == "kind":
        body["target"] = {"of_a_kind": _count(args, "kind", 0, 999, min(DEFAULT_KIND, dice))}
    else:
        wanted = {s: _count(args, f"n-{s}", 0, 999, 0) for s in symbols}
        body["target"] = {"symbols": {s: n for s, n in wanted.items() if n}}
    roll = v.first_text(args, "roll").strip()
    if roll:
        if not re.fullmatch(r"[1-6]{1,7}", roll):
            raise v.CalcError("bad_roll", "Dice showing: tap a face 1 to 6 for each die.", "roll")
        body["roll"] = [int(c) for c in roll]
        body["rolls_left"] = _count(args, "left", 0, 999, rolls - 1)
    return body


def form_field(api_field: str) -> str:
    """The form field for an API error's field (target.symbols.Bullet -> n-Bullet, abilities[0].damage -> a1-dmg)."""
    field = ab.ability_field(api_field)
    if field:
        return field
    for prefix, name in (("target.symbols.", "n-"), ("faces.", "f")):
        if api_field.startswith(prefix):
            return name + api_field[len(prefix):]
    return {"target.straight": "straight", "target.of_a_kind": "kind", "target.symbols": "goal", "target": "goal",
            "rolls_left": "left", "faces": "hero"}.get(api_field, api_field)


def form_message(err: v.CalcError, field: str) -> str:
    """The API's message in the form's words: its field's JSON name replaced by the form's label."""
    label = label_of(field)
    return label + err.message[len(err.field):] if err.message.startswith(err.field) else err.message


def calculate_form(args: Mapping[str, Any], tables: Mapping[str, Any],
                   solve: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]] = calculate
                   ) -> dict[str, Any]:
    """The page without JavaScript: the form's query string, computed on the server (by `solve`: the app's
    bounded, cached one); errors in the form's words."""
    try:
        return solve(form_to_body(args, tables), tables)
    except v.CalcError as err:
        field = form_field(err.field)
        raise v.CalcError(err.code, form_message(err, field), field) from err


def page_state(args: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """What the page's form shows for a query string, also when it holds an error (defaults then)."""
    def count(name: str, low: int, high: int, default: int) -> int:
        try:
            return _count(args, name, low, high, default)
        except v.CalcError:
            return default

    dice = count("dice", 1, MAX_DICE, DEFAULT_DICE)
    rolls = count("rolls", 1, MAX_ROLLS, DEFAULT_ROLLS)
    hero = v.first_text(args, "hero") or "numbers"
    presets = {p["id"]: p["faces"] for p in tables["presets"]}
    if hero in presets:
        faces = presets[hero]
    elif hero == "custom":
        faces = one_spelling({str(f): v.first_text(args, f"f{f}").strip() for f in range(1, FACES + 1)})
    else:
        faces = {str(f): str(f) for f in range(1, FACES + 1)}
    symbols = list(dict.fromkeys(s for s in faces.values() if s))
    roll = v.first_text(args, "roll").strip()
    mode = v.first_text(args, "mode")
    return {"mode": mode if mode in MODES else "target",
            "abilities": ab.page_abilities(args, dice, symbols, count),
            "dice": dice, "rolls": rolls, "hero": hero, "faces": faces, "symbols": symbols,
            "goal": v.first_text(args, "goal") or "straight",
            "straight": count("straight", 0, 999, min(DEFAULT_STRAIGHT, dice)),
            "kind": count("kind", 0, 999, min(DEFAULT_KIND, dice)),
            "need": {s: count(f"n-{s}", 0, 999, 0) for s in symbols},
            "roll": [int(c) for c in roll] if re.fullmatch(r"[1-6]{1,7}", roll) else [],
            "left": count("left", 0, 999, rolls - 1)}
