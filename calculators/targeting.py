"""Targeting: who an Attack hits, by mode and die roll (static/js/calc/targeting.js is the browser twin).

Tables: `targeting` (Dice Throne's King of the Hill and team modes) and
`adventures-boss-vs-many-targeting` (the Boss's Chaos die). Three modes have no
table because no die is rolled: 1v1 (the only opponent), and in Adventures the
Minion and the Boss, which always target the Hero whose turn it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import validation as v
from .tables import TableMissing, data_file, entry_url, link_titles, need, rows

MODES = ("1v1", "koth", "2v2", "3v3", "2v2v2", "boss-vs-many", "minion", "boss")
TEAM_MODES = ("2v2", "3v3", "2v2v2")
DIE_SIDES = 6
KOTH_PLAYERS = (3, 6)
# The data writes "center" for Boss vs Many's middle Hero; the API's word is "middle".
TARGET_WORDS = {"center": "middle"}

RULES: dict[str, str] = {
    "phase": "/dice-throne/targeting-roll-phase",
    "when": "/dice-throne/targeting-roll-phase#when-it-applies",
    "team_roll": "/dice-throne/targeting-roll-phase#team-games-the-targeting-roll",
    "ultimate": "/dice-throne/ultimate-ability#targeting",
    "1v1": "/dice-throne/mode-1v1",
    "koth_bonus": "/dice-throne/king-of-the-hill#leaders-and-the-bonus-card",
    "leader": "/dice-throne/leader",
    "minion": "/adventures/minion-step",
    "boss": "/adventures/boss-step#5-targeting-roll-phase",
    "chaos_die": "/adventures/chaos-dice",
}

TARGET_TEXT: dict[str, str] = {
    "none": "No Targeting Roll Phase: your only opponent is the target.",
    "choose": "You choose which opponent to target.",
    "left": "The opponent on your left.",
    "right": "The opponent on your right.",
    "middle": "The opponent seated in the middle.",
    "opponents-choose": "Your opponents choose which of them you target.",
    "next-clockwise": "The next opponent clockwise.",
    "hero-1": "Hero 1: the Hero on the Boss's left.",
    "hero-2": "Hero 2, counting clockwise from the Boss's left.",
    "hero-3": "Hero 3, counting clockwise from the Boss's left.",
    "hero-4": "Hero 4, counting clockwise from the Boss's left.",
    "roll-again": "Roll the Chaos die again.",
    "active-hero": "The Hero whose turn it is.",
}
BOSS_TARGET_TEXT: dict[str, str] = {
    "left": "The Hero on the Boss's left.",
    "right": "The Hero on the Boss's right.",
    "middle": "The Hero in the centre.",
}
MODE_NAMES: dict[str, str] = {
    "1v1": "1v1", "koth": "King of the Hill", "2v2": "2v2", "3v3": "3v3", "2v2v2": "2v2v2",
    "boss-vs-many": "Boss vs Many", "minion": "Adventures: a Minion attacks", "boss": "Adventures: the Boss attacks",
}


def _rows(raw: list[Mapping[str, Any]], stem: str) -> list[dict[str, Any]]:
    out = []
    for row in raw:
        rolls = need(row, "rolls", stem, list)
        target = need(row, "target", stem, str)
        if not all(isinstance(r, int) and 1 <= r <= DIE_SIDES for r in rolls):
            raise TableMissing(stem, f"row {dict(row)!r}: rolls must be die faces 1-{DIE_SIDES}")
        out.append({"rolls": rolls, "target": TARGET_WORDS.get(target, target)})
    return out


def targeting_tables(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    core = data_file(data, "targeting")
    modes_raw = core.get("modes")
    if not isinstance(modes_raw, Mapping):
        raise TableMissing("targeting", "'modes' must map mode ids to rows")
    entry_ids = core.get("entries") or {}
    modes: dict[str, dict[str, Any]] = {}
    for mode in ("koth", *TEAM_MODES):
        if mode not in modes_raw:
            raise TableMissing("targeting", f"no rows for mode '{mode}'")
        table = _rows(list(modes_raw[mode]), "targeting")
        die = any(row["rolls"] for row in table)
        if die:
            faces = sorted(r for row in table for r in row["rolls"])
            if faces != list(range(1, DIE_SIDES + 1)):
                raise TableMissing("targeting", f"mode '{mode}' does not cover each face 1-{DIE_SIDES} once")
        modes[mode] = {"die": DIE_SIDES if die else None, "rows": table,
                       "url": entry_url(entries, str(entry_ids.get(mode, mode)))}
    boss = data_file(data, "adventures-boss-vs-many-targeting")
    by_heroes: dict[str, list[dict[str, Any]]] = {}
    for table in rows(data, "adventures-boss-vs-many-targeting", "tables"):
        heroes = need(table, "heroes", "adventures-boss-vs-many-targeting", int)
        by_heroes[str(heroes)] = _rows(list(need(table, "rows", "adventures-boss-vs-many-targeting", list)),
                                       "adventures-boss-vs-many-targeting")
    if sorted(by_heroes) != ["2", "3", "4"]:
        raise TableMissing("adventures-boss-vs-many-targeting", "needs tables for 2, 3 and 4 Heroes")
    modes["boss-vs-many"] = {"die": int(boss.get("die_sides") or DIE_SIDES), "by_heroes": by_heroes,
                             "url": entry_url(entries, str(boss.get("entry") or "boss-vs-many-targeting"),
                                              "adventures")}
    modes["1v1"] = {"die": None, "rows": [{"rolls": [], "target": "none"}], "url": RULES["1v1"]}
    modes["minion"] = {"die": None, "rows": [{"rolls": [], "target": "active-hero"}], "url": RULES["minion"]}
    modes["boss"] = {"die": None, "rows": [{"rolls": [], "target": "active-hero"}], "url": RULES["boss"]}
    urls = [*RULES.values(), *(m["url"] for m in modes.values())]
    provenance_raw = core.get("provenance") or {}
    if not isinstance(provenance_raw, Mapping) or not all(m in MODES for m in provenance_raw):
        raise TableMissing("targeting", f"'provenance' must map mode ids ({', '.join(MODES)}) to a sentence")
    provenance = {str(m): str(text) for m, text in provenance_raw.items()}
    return {"modes": modes, "provenance": provenance, "mode_order": list(MODES), "mode_names": MODE_NAMES,
            "target_text": TARGET_TEXT,
            "boss_target_text": BOSS_TARGET_TEXT, "rules": RULES, "titles": link_titles(urls, entries),
            "koth_players": list(KOTH_PLAYERS)}


@dataclass
class TargetingRequest:
    mode: str
    roll: int | None
    heroes: int | None
    health: list[int] | None
    attacker: int | None
    target: int | None
    ultimate: bool


# Between two Health numbers: spaces, commas or semicolons, in any mix ("30 30 25", "30, 30; 25").
HEALTH_SEPARATORS = re.compile(r"[\s,;]+")


def health_parts(raw: str) -> list[str]:
    """The Health list's numbers as typed (static/js/calc/targeting.js splits the same way)."""
    return [p for p in HEALTH_SEPARATORS.split(raw.strip()) if p]


def parse_targeting(args: Mapping[str, Any], tables: Mapping[str, Any]) -> TargetingRequest:
    """The query of GET /api/calc/targeting (and the page's form: the same names)."""
    mode = v.choice(v.first(args, "mode"), "mode", tables["mode_order"])
    roll = v.whole(v.first(args, "roll"), "roll", 1, DIE_SIDES, required=False, default=0) or None
    heroes = v.whole(v.first(args, "heroes"), "heroes", 2, 4, required=mode == "boss-vs-many", default=0) or None
    ultimate = v.boolean(v.first(args, "ultimate"), "ultimate", default=False)
    health_raw = v.first(args, "health")
    health = attacker = target = None
    if health_raw not in (None, ""):
        if not isinstance(health_raw, str):
            raise v.CalcError("not_text", "health must be a list of numbers, such as 30 30 25 or 30,30,25.", "health")
        parts = health_parts(health_raw)
        low, high = tables["koth_players"]
        if not low <= len(parts) <= high:
            raise v.CalcError("bad_health_list", f"health must list {low} to {high} numbers in seat order, "
                              f"separated by spaces or commas; got {len(parts)}.", "health")
        health = [v.whole(p, "health") for p in parts]
        attacker = v.whole(v.first(args, "attacker"), "attacker", 1, len(health))
        target = v.whole(v.first(args, "target"), "target", 1, len(health))
        if target == attacker:
            raise v.CalcError("same_seat", "target must be another seat than attacker: you cannot Attack yourself.",
                              "target")
        for field, seat in (("attacker", attacker), ("target", target)):
            if health[seat - 1] == 0:
                raise v.CalcError("defeated", f"{field} seat {seat} has 0 Health: that player is defeated.", field)
    else:
        for field in ("attacker", "target"):
            if v.first(args, field) not in (None, ""):
                raise v.CalcError("missing_field", f"{field} needs health: each player's Health in seat order.",
                                  "health")
    return TargetingRequest(mode, roll, heroes, health, attacker, target, ultimate)


def needs_roll(request: TargetingRequest, tables: Mapping[str, Any]) -> bool:
    return tables["modes"][request.mode]["die"] is not None


def _note(text: str, *rules: str) -> dict[str, Any]:
    return {"text": text, "rules": list(rules)}


def target(request: TargetingRequest, tables: Mapping[str, Any]) -> dict[str, Any]:
    """Who is targeted. For a mode with a die, request.roll must be set (the caller rolls when it is missing)."""
    mode = tables["modes"][request.mode]
    name = tables["mode_names"][request.mode]
    rules = tables["rules"]
    explanation: list[dict[str, Any]] = []
    result: dict[str, Any] = {"mode": request.mode, "roll": None}
    if mode["die"] is None:
        who = mode["rows"][0]["target"]
        result["target"] = who
        if request.mode == "1v1":
            explanation.append(_note("1v1 skips the Targeting Roll Phase: your only opponent is the target.",
                                     rules["when"], mode["url"]))
        elif request.mode == "koth":
            explanation.append(_note("King of the Hill: no die is rolled; choose any opponent to Attack.",
                                     mode["url"], rules["phase"]))
        else:
            explanation.append(_note(f"{name}: no roll; it targets the Hero whose turn it is.", mode["url"]))
        if request.roll is not None:
            explanation.append(_note(f"No die is rolled in {name}, so the roll {request.roll} is not used.",
                                     rules["phase"]))
        if request.mode == "koth" and request.health is not None:
            result.update(_koth(request, explanation, rules))
    else:
        assert request.roll is not None
        table = mode["by_heroes"][str(request.heroes)] if request.mode == "boss-vs-many" else mode["rows"]
        who = next(row["target"] for row in table if request.roll in row["rolls"])
        result.update({"roll": request.roll, "target": who})
        if request.mode == "boss-vs-many":
            text = tables["boss_target_text"].get(who, tables["target_text"][who])
            explanation.append(_note(f"Boss vs Many with {request.heroes} Heroes: the Boss rolled {request.roll} on "
                                     f"its Chaos die. {text}", mode["url"], rules["chaos_die"]))
            explanation.append(_note("The Heroes always target the Boss.", mode["url"]))
        else:
            explanation.append(_note(f"{name}: you rolled {request.roll}. {tables['target_text'][who]}",
                                     mode["url"], rules["team_roll"]))
        explanation.append(_note(
            "Cards may change the targeting die. After an Ultimate Ability, though, the opponents cannot act: "
            "only the player using the Ultimate may still change their own targeting roll."
            if not request.ultimate else
            "This Attack is an Ultimate: the opponents may not change the targeting die, but you, the player "
            "using the Ultimate, may still change your own targeting roll with cards or effects.",
            rules["phase"], rules["ultimate"]))
    result["explanation"] = explanation
    return result


def _koth(request: TargetingRequest, explanation: list[dict[str, Any]], rules: Mapping[str, str]) -> dict[str, Any]:
    assert request.health is not None and request.attacker is not None and request.target is not None
    top = max(request.health)
    leaders = [seat for seat, hp in enumerate(request.health, start=1) if hp == top]
    bonus = request.target in leaders
    seats = ", ".join(str(s) for s in leaders)
    explanation.append(_note(f"Leaders (the most Health, {top}): seat{'s' if len(leaders) > 1 else ''} {seats}.",
                             rules["leader"], rules["koth_bonus"]))
    if leaders == [request.attacker]:
        explanation.append(_note("You alone have the most Health, so nobody you can Attack is a Leader: no bonus card.",
                                 rules["koth_bonus"]))
    elif bonus:
        tie = " (tied with you, which still counts)" if request.attacker in leaders else ""
        explanation.append(_note(f"Seat {request.target} is a Leader{tie}: draw 1 card right after choosing the "
                                 "target, before any other effect.", rules["koth_bonus"]))
    else:
        explanation.append(_note(f"Seat {request.target} is not a Leader: no bonus card.", rules["koth_bonus"]))
    return {"leaders": leaders, "bonus_card": bonus}


def calculate(args: Mapping[str, Any], tables: Mapping[str, Any], roll_die: Any = None) -> dict[str, Any]:
    """Parse, roll if needed (with the caller's die: no I/O here), and target."""
    request = parse_targeting(args, tables)
    rolled = False
    if needs_roll(request, tables) and request.roll is None:
        if roll_die is None:
            raise v.CalcError("missing_field", "roll is required: the die result, 1 to 6.", "roll")
        request.roll = int(roll_die(DIE_SIDES))
        rolled = True
    result = target(request, tables)
    result["rolled_by_server"] = rolled
    return result
