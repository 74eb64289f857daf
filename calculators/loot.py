"""Loot: what the die gives (static/js/calc/loot.js is the browser twin).

- `kings-hand`: the 20-sided Loot die table of King's Hand in Boss vs Boss and Boss
  vs Many (data: adventures-kings-hand-loot). The CP amount of 1-10 is printed on
  the Boss leaflet and in no source: it is never invented here.
- `dungeon-dice`: which bag a Dungeon Dice reward is drawn from (data:
  dungeon-dice-reward-bags).
- `adventures`: the Adventures Loot Table. Its per-roll rows are in no source, so
  this walks the player through a Loot Chest or Boss Loot and they read the row off
  their printed board (data: adventures-loot-rewards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import validation as v
from .tables import TableMissing, data_file, entry_url, link_titles, need, rows

TABLES = ("kings-hand", "dungeon-dice", "adventures")
SIDES = ("loot-chest", "boss-loot")
LOOT_DIE = 20

RULES: dict[str, str] = {
    "kh_table": "/adventures/kings-hand-boss-modes#loot-die-table",
    "kh_token": "/adventures/kings-hand-boss-modes#the-token-in-these-modes",
    "kh_campaign": "/adventures/kings-hand",
    "loot_die": "/adventures/loot-die",
    "loot_die_restriction": "/adventures/loot-die#re-roll-restriction",
    "loot_table": "/adventures/loot-table",
    "loot_table_rows": "/adventures/loot-table#which-roll-gives-which-reward",
    "loot_chests": "/adventures/loot-chests#opening-a-chest",
    "boss_loot": "/adventures/boss-loot#steps",
    "lower_levels": "/adventures/upgrading-loot-cards#lower-levels",
    "running_out": "/adventures/running-out-of-loot-cards",
    "unidentified": "/adventures/unidentified-loot-cards",
    "scoring_unclaimed": "/adventures/recording-a-win",
    "dd_rewards": "/dungeon-dice/dd-rewards#reward-table",
    "dd_key": "/dungeon-dice/dd-key",
    "dd_skeleton_key": "/dungeon-dice/dd-skeleton-key",
    "dd_shatter": "/dungeon-dice/dd-shatter",
    "dd_monster_level": "/dungeon-dice/dd-monster-level-dice",
}

OUTCOME_NAMES = {
    "gain-cp": "Gain CP",
    "reroll-or-extra-attempt": "Force an opponent's re-roll, or gain a Roll Attempt",
    "change-die": "Change any one die",
}


def _kings_hand(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    stem = "adventures-kings-hand-loot"
    head = data_file(data, stem)
    table = []
    for row in rows(data, stem, "rows"):
        low, high = need(row, "rolls", stem, list)
        outcome = need(row, "outcome", stem, str)
        if outcome not in OUTCOME_NAMES:
            raise TableMissing(stem, f"unknown outcome '{outcome}'")
        table.append({"low": low, "high": high, "outcome": outcome, "amount": row.get("amount"),
                      "note": str(row.get("note") or ""), "text": str(row.get("text") or ""),
                      "choices": [str(c.get("text")) for c in row.get("choices") or []]})
    faces = sorted(f for r in table for f in range(r["low"], r["high"] + 1))
    if faces != list(range(1, LOOT_DIE + 1)):
        raise TableMissing(stem, f"the rows must cover each face 1-{LOOT_DIE} of the Loot die once")
    token = head.get("token") or {}
    return {"rows": table, "die": int(head.get("die_sides") or LOOT_DIE), "stack_limit": token.get("stack_limit"),
            "campaign_note": str(head.get("campaign_note") or ""),
            "url": entry_url(entries, str(head.get("entry") or "kings-hand-boss-modes"), "adventures")}


def _dungeon_dice(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    stem = "dungeon-dice-reward-bags"
    bags = {}
    for bag in rows(data, stem, "bags"):
        bag_id = need(bag, "id", stem, str)
        bags[bag_id] = {"id": bag_id, "name": str(bag.get("name") or bag_id), "colour": str(bag.get("colour") or ""),
                        "url": entry_url(entries, str(bag.get("entry") or "dd-bags"), "dungeon-dice")}
    rewards = []
    for reward in rows(data, stem, "rewards"):
        symbol = need(reward, "symbol", stem, str)
        item: dict[str, Any] = {
            "id": symbol, "name": str(reward.get("title") or symbol), "draw": int(reward.get("draw") or 1),
            "url": entry_url(entries, str(reward.get("entry") or f"dd-{symbol}"), "dungeon-dice"),
        }
        if "bag" in reward:
            item["bag"] = reward["bag"]
        else:
            item["bag_with_key"] = need(reward, "bag_with_key", stem, str)
            item["bag_without_key"] = need(reward, "bag_without_key", stem, str)
        for key in ("bag", "bag_with_key", "bag_without_key"):
            if key in item and item[key] not in bags:
                raise TableMissing(stem, f"reward '{symbol}' names an unknown bag '{item[key]}'")
        rewards.append(item)
    six = data_file(data, stem).get("monster_level_six") or {}
    return {"bags": bags, "rewards": rewards, "monster_level_six": six.get("adds_reward_from")}


def _adventures(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    stem = "adventures-loot-rewards"
    head = data_file(data, stem)
    types = [{"id": need(t, "id", stem, str), "name": str(t.get("name")), "effect": str(t.get("effect") or ""),
              "url": entry_url(entries, str(t["entry"]), "adventures") if t.get("entry") else None}
             for t in rows(data, stem, "reward_types")]
    loot_table = head.get("loot_table") or {}
    boss_table = head.get("boss_loot_table") or {}
    return {"die": int(head.get("die_sides") or LOOT_DIE), "restriction": str(head.get("die_restriction") or ""),
            "reward_types": types, "rows_known": bool(loot_table.get("rows")) or bool(boss_table.get("rows")),
            "rows_note": str(loot_table.get("rows_note") or ""),
            "boss_rows_note": str(boss_table.get("rows_note") or ""),
            "rarities": list(boss_table.get("rarities") or [])}


def loot_tables(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    tables = {"kings_hand": _kings_hand(data, entries), "dungeon_dice": _dungeon_dice(data, entries),
              "adventures": _adventures(data, entries), "tables": list(TABLES), "sides": list(SIDES),
              "outcome_names": OUTCOME_NAMES, "rules": RULES}
    urls = [*RULES.values(), tables["kings_hand"]["url"], *(b["url"] for b in tables["dungeon_dice"]["bags"].values()),
            *(r["url"] for r in tables["dungeon_dice"]["rewards"]),
            *(t["url"] for t in tables["adventures"]["reward_types"] if t["url"])]
    tables["titles"] = link_titles(urls, entries)
    return tables


def _note(text: str, *rules: str) -> dict[str, Any]:
    return {"text": text, "rules": [r for r in rules if r]}


def kings_hand(roll: int, tables: Mapping[str, Any]) -> dict[str, Any]:
    kh, rules = tables["kings_hand"], tables["rules"]
    row = next(r for r in kh["rows"] if r["low"] <= roll <= r["high"])
    name = tables["outcome_names"][row["outcome"]]
    explanation = [_note(f"Loot die {roll}: the {row['low']}–{row['high']} row, {name}.", rules["kh_table"])]
    if row["outcome"] == "gain-cp":
        explanation.append(_note("How much CP is not in any source this reference has: read the amount off the "
                                 "Boss leaflet (or the printed rules). This calculator never guesses it.",
                                 rules["kh_table"]))
    elif row["choices"]:
        explanation.append(_note("Choose one: " + " Or: ".join(row["choices"]), rules["kh_table"]))
    elif row["text"]:
        explanation.append(_note(row["text"], rules["kh_table"]))
    explanation.append(_note("Each King's Hand token is spent for one Loot die roll; the stack limit in these modes "
                             f"is {kh['stack_limit']}.", rules["kh_token"]))
    explanation.append(_note("Cards cannot re-roll or change the Loot die unless they name the Loot die.",
                             rules["loot_die_restriction"]))
    return {"table": "kings-hand", "roll": roll, "outcome": row["outcome"], "amount": row["amount"],
            "explanation": explanation}


def dungeon_dice(reward_id: str, key: bool, tables: Mapping[str, Any]) -> dict[str, Any]:
    dd, rules = tables["dungeon_dice"], tables["rules"]
    reward = next(r for r in dd["rewards"] if r["id"] == reward_id)
    locked = "bag" not in reward
    bag_id = reward["bag"] if not locked else (reward["bag_with_key"] if key else reward["bag_without_key"])
    bag = dd["bags"][bag_id]
    colour = f"{bag['colour']} " if bag["colour"] else ""
    explanation = [_note(f"{reward['name']}: draw {reward['draw']} random die from the {colour}{bag['name']}.",
                         reward["url"], bag["url"])]
    if locked:
        with_key, without = dd["bags"][reward["bag_with_key"]], dd["bags"][reward["bag_without_key"]]
        explanation.append(_note(
            f"With a key the locked chest opens and gives the {with_key['name']}; without one, the {without['name']}."
            + (" You have a key." if key else " You have no key."), reward["url"], rules["dd_key"]))
        explanation.append(_note("No key? A Skeleton Key (an Equipment die) is rolled once for each locked chest: its "
                                 "symbol opens the chest, and inactive players may roll theirs to help.",
                                 rules["dd_skeleton_key"]))
        explanation.append(_note("Shatter (the hammer) breaks a locked chest open without a key: every player with a "
                                 "hammer equipped may roll once, and the reward goes to the active player.",
                                 rules["dd_shatter"]))
    if reward_id == "potion" and dd["monster_level_six"]:
        explanation.append(_note("A 6 on a Monster Level die shows a potion too: it adds one die from the "
                                 f"{dd['bags'][dd['monster_level_six']]['name']} to the monster's reward.",
                                 rules["dd_monster_level"]))
    return {"table": "dungeon-dice", "reward": reward_id, "key": key, "bag": bag_id, "draw": reward["draw"],
            "explanation": explanation}


def adventures(side: str, roll: int | None, tables: Mapping[str, Any]) -> dict[str, Any]:
    adv, rules = tables["adventures"], tables["rules"]
    if side == "loot-chest":
        explanation = [
            _note("Who rolls: every player, not only the one who found the chest, rolls their own Loot die (d20).",
                  rules["loot_chests"], rules["loot_die"]),
            _note("Find your roll on the relevant row of the printed Loot Table and take that reward: "
                  + ", ".join(t["name"] for t in adv["reward_types"]) + ".", rules["loot_table"]),
        ]
    else:
        explanation = [
            _note("After every Boss Battle, won or lost, turn the board to its Boss Loot side. Once per chest shown "
                  "under Boss Loot on the Scenario card, every player rolls their Loot die (d20).", rules["boss_loot"]),
            _note("Your roll on the Boss Loot side gives a rarity: take the top card of that Loot deck ("
                  + ", ".join(r.capitalize() for r in adv["rarities"]) + "). Keep it, or discard it for 1 Scenario "
                  "Point (unclaimed Boss Loot).", rules["boss_loot"], rules["scoring_unclaimed"]),
        ]
    explanation += [
        _note(adv["restriction"], rules["loot_die_restriction"]),
        _note("A card of a lower level than one already in your deck goes to the bottom of its Loot deck, and you draw "
              "a replacement from the top, as often as needed.", rules["lower_levels"]),
        _note("If a Loot deck runs out, draw from the deck of the next higher rarity (Common, Rare, Epic, Legendary).",
              rules["running_out"]),
        _note((adv["rows_note"] if side == "loot-chest" else adv["boss_rows_note"])
              or "The per-roll rows are not in the sources: read them off the board.", rules["loot_table_rows"]),
    ]
    return {"table": "adventures", "side": side, "roll": roll, "outcome": None,
            "reward_types": [t["id"] for t in adv["reward_types"]], "explanation": explanation}


def calculate(args: Mapping[str, Any], tables: Mapping[str, Any], roll_die: Any = None) -> dict[str, Any]:
    """GET /api/calc/loot: parse the query and answer (rolling with the caller's die when the roll is omitted)."""
    table = v.choice(v.first(args, "table"), "table", tables["tables"])
    # Every parameter given is checked, whatever the table: none is ignored silently.
    key = v.boolean(v.first(args, "key"), "key", default=False)
    reward_ids = [r["id"] for r in tables["dungeon_dice"]["rewards"]]
    reward_default = None if table == "dungeon-dice" else ""  # required only for Dungeon Dice
    reward = v.choice(v.first(args, "reward"), "reward", reward_ids, default=reward_default)
    side = v.choice(v.first(args, "side"), "side", tables["sides"], default="loot-chest")
    die = tables["kings_hand"]["die"] if table == "kings-hand" else tables["adventures"]["die"]
    roll = v.whole(v.first(args, "roll"), "roll", 1, die, required=False, default=0) or None
    if table == "dungeon-dice":
        return dungeon_dice(reward, key, tables)
    if table == "adventures":
        return adventures(side, roll, tables)
    rolled = False
    if roll is None:
        if roll_die is None:
            raise v.CalcError("missing_field", f"roll is required: the Loot die result, 1 to {die}.", "roll")
        roll, rolled = int(roll_die(die)), True
    result = kings_hand(roll, tables)
    result["rolled_by_server"] = rolled
    return result
