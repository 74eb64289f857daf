"""The damage page's form (its query string, which is also its shareable state) as an API request body.

static/js/calc/damage.js does the same mapping in the browser; both use the
field names below, and errors name the form field at fault.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from . import validation as v
from .damage import calculate

LIST_FIELDS = {  # form field -> (op, defense, label template)
    "add": ("add", False, "Add {n}"),
    "sub": ("subtract", False, "Prevent {n}"),
    "dsub": ("subtract", True, "Prevent {n} (Defensive Ability)"),
}
COUNT_FIELDS = {  # form field -> (op, fraction, defense, label)
    "half": ("prevent_fraction", "1/2", False, "Prevent 1/2"),
    "dhalf": ("prevent_fraction", "1/2", True, "Prevent 1/2 (Defensive Ability)"),
    "reflect": ("reflect_fraction", "1/2", False, "Reflect 1/2"),
}
MULTIPLY_FIELDS = {"double": ("2", "Double (×2)")}  # form field -> (factor, label)
MAX_COUNT = 9
DIAL_FIELDS = {  # form field -> dials key
    "hp-start": "starting", "hp-def": "defender", "hp-att": "attacker", "hp-targets": "targets",
    "heal-def": "defender_heal", "heal-att": "attacker_heal", "dmg-att": "attacker_damage",
}


def _numbers(raw: str, field: str) -> list[int]:
    parts = [p for p in re.split(r"[\s,;+]+", raw.strip()) if p]
    return [v.whole(p, field) for p in parts]


def form_to_body(args: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """Query-string fields -> the POST /api/calc/damage body. Raises CalcError naming the form field."""
    body: dict[str, Any] = {"damage": v.whole(v.first_text(args, "damage"), "damage"),
                            "type": v.choice(v.first_text(args, "type"), "type", [t["id"] for t in tables["types"]],
                                             default="normal")}
    mods: list[dict[str, Any]] = []
    for name, (op, defense, label) in LIST_FIELDS.items():
        for n in _numbers(v.first_text(args, name), name):
            mods.append({"op": op, "amount": n, "defense": defense, "label": label.format(n=n)})
    for name, (op, share, defense, label) in COUNT_FIELDS.items():
        count = v.whole(v.first_text(args, name), name, 0, MAX_COUNT, required=False, default=0)
        mods += [{"op": op, "fraction": share, "defense": defense, "label": label} for _ in range(count)]
    for name, (factor, label) in MULTIPLY_FIELDS.items():
        count = v.whole(v.first_text(args, name), name, 0, MAX_COUNT, required=False, default=0)
        mods += [{"op": "multiply", "factor": factor, "label": label} for _ in range(count)]
    if v.boolean(v.first_text(args, "avoid"), "avoid", default=False):
        mods.append({"op": "avoid", "label": "Avoid all damage"})
    for effect in tables["effects"]:
        name = f"e-{effect['id']}"
        tokens = v.whole(v.first_text(args, name), name, 0, MAX_COUNT, required=False, default=0)
        if tokens:
            mods.append({"effect": effect["id"], "tokens": tokens})
    if len(mods) > tables["limits"]["modifiers"]:
        raise v.CalcError("too_many_modifiers", f"At most {tables['limits']['modifiers']} modifiers.", "add")
    body["modifiers"] = mods
    if any(v.first_text(args, name) for name in ("hp-def", "hp-att")):
        starting = v.whole(v.first_text(args, "hp-start"), "hp-start", 1, v.MAX_NUMBER, required=False, default=50)
        dials: dict[str, int] = {"starting": starting}
        for name, key in DIAL_FIELDS.items():
            if key == "starting" or not v.first_text(args, name):
                continue
            high = starting + 10 if key in ("defender", "attacker") else (6 if key == "targets" else v.MAX_NUMBER)
            dials[key] = v.whole(v.first_text(args, name), name, 1 if key == "targets" else 0, high)
        body["dials"] = dials
    return body


def in_words(err: v.CalcError, tables: Mapping[str, Any]) -> v.CalcError:
    """The error with its field's name replaced by the field's label ("add must be" -> "Damage added (+N) must be")."""
    label = tables["form_labels"].get(err.field)
    if not label or not err.message.startswith(err.field):
        return err
    return v.CalcError(err.code, label + err.message[len(err.field):], err.field)


def calculate_form(args: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """The page without JavaScript: the form computed on the server, errors in the form's words."""
    try:
        return calculate(form_to_body(args, tables), tables)
    except v.CalcError as err:
        raise in_words(err, tables) from err
