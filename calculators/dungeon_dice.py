"""Dungeon Dice: Fame (who has won) and combat outcomes (static/js/calc/fame.js is the browser twin).

Tables: `dungeon-dice-fame` (Fame awards, the Fame needed to win, experience ->
Hero Level dice) and `dungeon-dice-combat` (higher / lower / equal totals).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import validation as v
from .tables import TableMissing, data_file, entry_url, link_titles, need, rows

TROPHIES = ("red", "black", "gold")
COMBAT_RESULTS = {"higher": "win", "lower": "loss", "equal": "tie"}  # the API's word for each comparison

RULES: dict[str, str] = {
    "fame": "/dungeon-dice/dd-fame",
    "levels": "/dungeon-dice/dd-experience#levels",
    "wounds": "/dungeon-dice/dd-wounds",
    "toad": "/dungeon-dice/dd-toad",
    "duel": "/dungeon-dice/dd-victory-duels",
    "ties": "/dungeon-dice/dd-ties",
    "combat_total": "/dungeon-dice/dd-combat-total",
    "trading": "/dungeon-dice/dd-trading",
}


def dungeon_dice_tables(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    stem = "dungeon-dice-fame"
    fame = data_file(data, stem)
    awards = []
    for row in rows(data, stem, "awards"):
        award_id = need(row, "id", stem, str)
        awards.append({"id": award_id, "label": need(row, "label", stem, str), "fame": need(row, "fame", stem, int),
                       "once": bool(row.get("once")),
                       "url": entry_url(entries, str(row.get("entry") or "dd-fame"), "dungeon-dice")})
    ids = [a["id"] for a in awards]
    wanted = ["experience", "artifact", *(f"trophy-{c}" for c in TROPHIES)]
    if sorted(ids) != sorted(wanted):
        raise TableMissing(stem, f"awards must be {', '.join(wanted)}; got {', '.join(ids)}")
    experience = fame.get("experience")
    if not isinstance(experience, Mapping):
        raise TableMissing(stem, "no 'experience' mapping")
    levels = [{"min": need(r, "min_experience", stem, int), "dice": need(r, "hero_level_dice", stem, int)}
              for r in need(experience, "level_dice", stem, list)]
    levels.sort(key=lambda r: r["min"])
    if not levels or levels[0]["min"] != 0:
        raise TableMissing(stem, "level_dice must start at 0 experience")
    combat_stem = "dungeon-dice-combat"
    outcomes = {}
    for row in rows(data, combat_stem, "outcomes"):
        when = need(row, "when", combat_stem, str)
        if when not in COMBAT_RESULTS:
            raise TableMissing(combat_stem, f"unknown comparison '{when}'")
        outcomes[when] = {"heroes_win": need(row, "result", combat_stem, str) == "win",
                          "experience": need(row, "experience_per_hero", combat_stem, int),
                          "wounds": need(row, "wounds_per_hero", combat_stem, int),
                          "reward": bool(row.get("reward"))}
    if sorted(outcomes) != sorted(COMBAT_RESULTS):
        raise TableMissing(combat_stem, "needs the higher, lower and equal outcomes")
    combat = data_file(data, combat_stem)
    urls = [*RULES.values(), *(a["url"] for a in awards)]
    return {"awards": awards, "fame_to_win": need(fame, "fame_to_win", stem, int),
            "fame_at": need(experience, "fame_at", stem, int), "levels": levels, "outcomes": outcomes,
            "reward_goes_to": str(combat.get("reward_goes_to") or ""), "trophies": list(TROPHIES),
            "rules": RULES, "titles": link_titles(urls, entries)}


def _note(text: str, *rules: str) -> dict[str, Any]:
    return {"text": text, "rules": list(rules)}


def parse_fame(body: Mapping[str, Any]) -> dict[str, Any]:
    req: dict[str, Any] = {
        "experience": v.whole(body.get("experience"), "experience", required=False, default=0),
        "artifacts": v.whole(body.get("artifacts"), "artifacts", required=False, default=0),
    }
    raw = body.get("trophies")
    trophies = v.mapping(raw, "trophies") if raw is not None else {}
    for colour in trophies:
        if colour not in TROPHIES:
            raise v.CalcError("unknown_trophy", f"Unknown trophy colour '{colour}'. Use: {', '.join(TROPHIES)}.",
                              f"trophies.{colour}")
    req["trophies"] = {c: v.whole(trophies.get(c), f"trophies.{c}", required=False, default=0) for c in TROPHIES}
    req["wounds"] = v.whole(body.get("wounds"), "wounds", required=False, default=0)
    return req


def fame(req: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    rules = tables["rules"]
    counts = {"experience": 1 if req["experience"] >= tables["fame_at"] else 0, "artifact": req["artifacts"],
              **{f"trophy-{c}": req["trophies"][c] for c in TROPHIES}}
    breakdown = []
    for award in tables["awards"]:
        count = counts[award["id"]]
        breakdown.append({"id": award["id"], "label": award["label"], "count": count, "fame": count * award["fame"],
                          "rules": [award["url"]]})
    total = sum(row["fame"] for row in breakdown)
    level_dice = [r["dice"] for r in tables["levels"] if r["min"] <= req["experience"]][-1]
    winner = total >= tables["fame_to_win"]
    notes = [
        _note(f"{total} Fame: " + ("that wins the game." if winner else
                                   f"{tables['fame_to_win'] - total} more to reach {tables['fame_to_win']}."),
              rules["fame"]),
        _note(f"Reaching {tables['fame_at']} experience is worth 1 Fame, once.", rules["levels"]),
        _note(f"{req['experience']} experience: {level_dice} Hero Level {'die' if level_dice == 1 else 'dice'}.",
              rules["levels"]),
    ]
    dice_to_roll = max(0, level_dice - req["wounds"])
    if req["wounds"]:
        notes.append(_note(f"{req['wounds']} wound{'s' if req['wounds'] > 1 else ''}: each sets aside one Hero Level "
                           f"die until healed, so you roll {dice_to_roll}.", rules["wounds"]))
    notes.append(_note("A monster turned into a toad awards no more than 1 Fame; trophies and Artifacts can be traded.",
                       rules["toad"], rules["trading"]))
    if winner:
        notes.append(_note(f"Players who reach {tables['fame_to_win']} Fame at the same time settle it with a victory "
                           "duel.", rules["duel"]))
    return {"fame": total, "level_dice": level_dice, "dice_to_roll": dice_to_roll, "winner": winner,
            "breakdown": breakdown, "notes": notes}


def parse_combat(body: Mapping[str, Any]) -> dict[str, int]:
    return {"hero_total": v.whole(body.get("hero_total"), "hero_total"),
            "monster_total": v.whole(body.get("monster_total"), "monster_total")}


def combat(req: Mapping[str, int], tables: Mapping[str, Any]) -> dict[str, Any]:
    rules = tables["rules"]
    hero, monster = req["hero_total"], req["monster_total"]
    when = "higher" if hero > monster else "lower" if hero < monster else "equal"
    outcome = tables["outcomes"][when]
    result = COMBAT_RESULTS[when]
    text = {"win": f"The heroes' {hero} beats the monster's {monster}: a win.",
            "loss": f"The heroes' {hero} is below the monster's {monster}: a loss.",
            "tie": f"{hero} against {monster} is a tie, and a tie goes to the heroes: a win with a wound."}[result]
    notes = [_note(text, rules["combat_total"], rules["ties"])]
    each = []
    if outcome["experience"]:
        each.append(f"gains {outcome['experience']} experience")
    if outcome["wounds"]:
        each.append(f"suffers {outcome['wounds']} wound")
    notes.append(_note("Each hero in the combat " + " and ".join(each) + ".", rules["levels"], rules["wounds"]))
    if outcome["reward"] and tables["reward_goes_to"]:
        notes.append(_note(f"The reward goes to {tables['reward_goes_to']}.", rules["combat_total"]))
    return {"result": result, "heroes_win": outcome["heroes_win"], "wound": outcome["wounds"] > 0,
            "experience": outcome["experience"], "reward": outcome["reward"], "notes": notes}


def calculate_fame(body: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    return fame(parse_fame(body), tables)


def calculate_combat(body: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    return combat(parse_combat(body), tables)


FAME_FIELDS = ("experience", "artifacts", "red", "black", "gold", "wounds")
COMBAT_FIELDS = ("hero_total", "monster_total")


def page_results(args: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """The page's one form: Fame when any Fame field is filled, combat when either total is."""
    out: dict[str, Any] = {"fame": None, "combat": None}
    if any(v.first_text(args, f) for f in FAME_FIELDS):
        body = {"experience": v.first_text(args, "experience"), "artifacts": v.first_text(args, "artifacts"),
                "wounds": v.first_text(args, "wounds"), "trophies": {c: v.first_text(args, c) for c in TROPHIES}}
        try:
            out["fame"] = calculate_fame(body, tables)
        except v.CalcError as exc:
            field = exc.field.replace("trophies.", "")  # the form's fields are plain colours
            raise v.CalcError(exc.code, exc.message.replace("trophies.", ""), field) from exc
    if any(v.first_text(args, f) for f in COMBAT_FIELDS):
        out["combat"] = calculate_combat({f: v.first_text(args, f) for f in COMBAT_FIELDS}, tables)
    return out
