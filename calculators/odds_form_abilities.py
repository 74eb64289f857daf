"""The odds page's "several abilities" section: its form fields (also the shareable state) as the API's abilities.

mode=abilities selects it. ab is how many abilities (1 to 6, default 2); ability i (from 1) has a<i>-name
(optional), a<i>-goal (straight, kind or symbols), a<i>-straight, a<i>-kind, a<i>-n-<symbol> and a<i>-dmg.
static/js/calc/odds-abilities.js is the twin (same fields, defaults, checks and messages).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import validation as v
from .odds_input import MAX_ABILITIES, MAX_DAMAGE, MAX_NAME_LENGTH

GOALS = ("straight", "kind", "symbols")
DEFAULT_ABILITIES = 2
FIELD = re.compile(r"a([1-9])-(.+)")
API_FIELD = re.compile(r"abilities\[([0-9]+)\](?:\.(.*))?")


def default_straight(i: int, dice: int) -> int:
    """A new ability's straight: Small (4) for the first, Large (5) for the second, Small after that."""
    return min(5 if i == 2 else 4, dice)


def default_damage(i: int) -> int:
    """A new ability's damage (a starting point for the steppers, not any hero's): 8 for the second, else 5."""
    return 8 if i == 2 else 5


def default_kind(dice: int) -> int:
    return min(3, dice)


def ability_label(field: str, base: Mapping[str, str]) -> str | None:
    """'a2-dmg' -> 'Ability 2 damage', 'a1-n-Bullet' -> 'Ability 1 number of Bullet'; None for other fields."""
    m = FIELD.fullmatch(field)
    if not m:
        return None
    rest = m.group(2)
    label = base.get(rest) or (f"Number of {rest[2:]}" if rest.startswith("n-") else rest)
    return f"Ability {m.group(1)} {label[0].lower()}{label[1:]}"


def ability_field(api_field: str) -> str | None:
    """The form field for an API error's field about abilities (abilities[1].damage -> a2-dmg)."""
    if api_field == "abilities":
        return "ab"
    m = API_FIELD.fullmatch(api_field)
    if not m:
        return None
    rest = m.group(2) or "target"
    if rest.startswith("target.symbols."):
        name = "n-" + rest[len("target.symbols."):]
    else:
        name = {"name": "name", "damage": "dmg", "target.straight": "straight", "target.of_a_kind": "kind"}.get(
            rest, "goal")
    return f"a{int(m.group(1)) + 1}-{name}"


def form_abilities(args: Mapping[str, Any], dice: int, symbols: Sequence[str],
                   count: Any) -> list[dict[str, Any]]:
    """The abilities of the form: `count(args, name, low, high, default)` reads a whole number naming its field."""
    out = []
    for i in range(1, count(args, "ab", 1, MAX_ABILITIES, DEFAULT_ABILITIES) + 1):
        p = f"a{i}-"
        item: dict[str, Any] = {}
        name = v.first_text(args, p + "name").strip()
        if name:
            item["name"] = name
        goal = v.first_text(args, p + "goal") or "straight"
        if goal not in GOALS:
            raise v.CalcError("unknown_target", f"Ability {i} target: unknown choice '{goal[:20]}'.", p + "goal")
        if goal == "straight":
            item["target"] = {"straight": count(args, p + "straight", 0, 999, default_straight(i, dice))}
        elif goal == "kind":
            item["target"] = {"of_a_kind": count(args, p + "kind", 0, 999, default_kind(dice))}
        else:
            wanted = {s: count(args, f"{p}n-{s}", 0, 999, 0) for s in symbols}
            item["target"] = {"symbols": {s: n for s, n in wanted.items() if n}}
        item["damage"] = count(args, p + "dmg", 0, MAX_DAMAGE, default_damage(i))
        out.append(item)
    return out


def page_abilities(args: Mapping[str, Any], dice: int, symbols: Sequence[str], count: Any) -> list[dict[str, Any]]:
    """What the section's blocks show for a query string, also when it holds an error (defaults then)."""
    blocks = []
    for i in range(1, count("ab", 1, MAX_ABILITIES, DEFAULT_ABILITIES) + 1):
        p = f"a{i}-"
        goal = v.first_text(args, p + "goal")
        blocks.append({"i": i, "name": v.first_text(args, p + "name").strip()[:MAX_NAME_LENGTH],
                       "goal": goal if goal in GOALS else "straight",
                       "straight": count(p + "straight", 0, 999, default_straight(i, dice)),
                       "kind": count(p + "kind", 0, 999, default_kind(dice)),
                       "need": {s: count(f"{p}n-{s}", 0, 999, 0) for s in symbols},
                       "dmg": count(p + "dmg", 0, 999, default_damage(i))})
    return blocks
