"""The rules engine for the final damage total: pure Python, no Flask, no I/O.

The method (rulebook and online reference, see /dice-throne/final-damage-total):
1. take the incoming damage;
2. apply every addition and subtraction: the subtotal (never below 0);
3. work out every multiplier, divider and reflection independently from that
   subtotal, rounded up, and apply them all at once (the final total, never below 0).

Which modifiers count depends on the damage type's attributes (defendable,
avoidable, enhanceable, special targeting), read from the damage-types data file,
and the status-effect presets come from the status-effects data file. The same
tables are handed to the page's JavaScript (static/js/calc/damage.js), which runs
this method offline; tests/golden/damage.json keeps the two in step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from . import validation as v
from .tables import TableMissing, entry_url, link_titles, need, rows

OPS = ("add", "subtract", "prevent_fraction", "multiply", "reflect_fraction", "avoid")
ATTACK_MODIFIER_OPS = ("add", "multiply")
MAX_MODIFIERS = 50
MAX_TOKENS = 9
# Each form field's label on the page: errors name it in these words.
FORM_LABELS = {
    "damage": "Incoming damage", "type": "Damage type", "add": "Damage added (+N)",
    "sub": "Prevented by cards or effects (−N)", "dsub": "Prevented by the Defensive Ability",
    "half": "Prevent ½", "dhalf": "Defensive Ability prevents ½", "reflect": "Deal ½ back", "double": "Double (×2)",
    "avoid": "All damage avoided", "hp-start": "Starting Health", "hp-def": "Defender's Health now",
    "hp-att": "Attacker's Health now", "hp-targets": "Teammates hit on one dial", "heal-def": "Defender heals",
    "heal-att": "Attacker heals", "dmg-att": "Other damage to the attacker",
}
# The status effects players use most, offered first on the page (the others stay one tap away).
QUICK_EFFECTS = ("protect", "evasive", "retribution")
TYPE_ORDER = ("normal", "undefendable", "pure", "collateral", "ultimate")

# Rule entries that justify each step (a test checks every one resolves).
RULES: dict[str, str] = {
    "incoming": "/dice-throne/incoming-damage",
    "method": "/dice-throne/final-damage-total",
    "steps": "/dice-throne/final-damage-total#the-three-steps",
    "attack_modifiers": "/dice-throne/attack-modifiers",
    "reducing": "/dice-throne/reducing-damage",
    "defensive_ability": "/dice-throne/defensive-ability",
    "rounding": "/dice-throne/rounding",
    "avoidable": "/dice-throne/avoidable",
    "types": "/dice-throne/damage-types#damage-type-chart",
    "health": "/dice-throne/health",
    "heal_cap": "/dice-throne/health#healing-cap",
    "simultaneous": "/dice-throne/simultaneous-damage",
    "draws": "/dice-throne/draws",
    "team": "/dice-throne/team-games",
}

# Why a modifier does not count; {type} is the damage type's name.
REASONS: dict[str, str] = {
    "not_an_attack": "{type} is not an Attack (it has special targeting rules), so Attack Modifiers cannot add to it.",
    "no_attack_damage": "An Attack Modifier only works on an Attack of at least 1 damage; this one deals 0.",
    "not_enhanceable": "{type} is not enhanceable: Attack Modifiers cannot add to it or multiply it.",
    "not_avoidable": "{type} is not avoidable: nothing can reduce, prevent, avoid or reflect it.",
    "not_defendable": "{type} is not defendable: no Defensive Ability can be used against it.",
}

OP_LABELS: dict[str, str] = {
    "add": "Add {amount}",
    "subtract": "Prevent {amount}",
    "prevent_fraction": "Prevent {fraction}",
    "multiply": "Multiply by {factor}",
    "reflect_fraction": "Reflect {fraction}",
    "avoid": "Avoid all damage",
}


@dataclass
class Modifier:
    op: str
    label: str
    defense: bool = False
    amount: int = 0
    share: Fraction = Fraction(0)  # fraction for prevent/reflect, factor for multiply
    effect: str | None = None
    rules: list[str] = field(default_factory=list)


@dataclass
class DamageRequest:
    damage: int
    type: str
    modifiers: list[Modifier]
    dials: dict[str, int] | None = None


# ---------------------------------------------------------------- tables


def _form_labels(effects: list[dict[str, Any]]) -> dict[str, str]:
    """Every form field's label, the status effects' fields included ("Protect tokens")."""
    out = dict(FORM_LABELS)
    for effect in effects:
        option = effect["options"][0]
        per_token = option.get("per_token") and option["op"] != "avoid"
        out[f"e-{effect['id']}"] = f"{effect['name']} tokens" if per_token else str(effect["name"])
    return out


def damage_tables(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Everything the engine (Python and JavaScript) needs, as plain JSON."""
    types = []
    for row in rows(data, "damage-types", "types"):
        type_id = need(row, "id", "damage-types", str)
        attrs = {a: need(row, a, "damage-types", bool) for a in ("defendable", "avoidable", "enhanceable")}
        special = need(row, "special_targeting_rules", "damage-types", bool)
        attack = need(row, "counts_as_attack_when_targeting_an_opponent", "damage-types", bool)
        entry_id = str(row.get("entry") or f"{type_id}-damage")
        types.append({"id": type_id, "name": str(row.get("name") or type_id), **attrs,
                      "special_targeting_rules": special, "attack": attack, "url": entry_url(entries, entry_id)})
    types.sort(key=lambda t: TYPE_ORDER.index(t["id"]) if t["id"] in TYPE_ORDER else len(TYPE_ORDER))
    effects = []
    for row in rows(data, "status-effects", "effects"):
        numeric = row.get("numeric")
        if not numeric:
            continue
        options = []
        for opt in numeric:
            op = need(opt, "op", "status-effects", str)
            if op not in OPS:
                raise TableMissing("status-effects", f"effect '{row.get('id')}' has unknown op '{op}'")
            option: dict[str, Any] = {
                "op": op, "per_token": bool(opt.get("per_token")),
                "side": "defender" if opt.get("defense") else "attacker",
                "condition": str(opt.get("condition") or ""), "label": str(opt.get("label") or ""),
            }
            if op in ("add", "subtract"):
                option["amount"] = need(opt, "amount", "status-effects", int)
            if op in ("prevent_fraction", "reflect_fraction"):
                option["fraction"] = v.fraction_text(v.fraction(str(opt.get("fraction")), f"{row.get('id')}.fraction"))
            if op == "multiply":
                option["factor"] = v.fraction_text(v.factor(str(opt.get("factor")), f"{row.get('id')}.factor"))
            options.append(option)
        limit = row.get("stack_limit")
        effects.append({"id": row["id"], "name": str(row.get("name") or row["id"]),
                        "url": entry_url(entries, str(row["id"])),
                        "stack_limit": limit if isinstance(limit, int) and not isinstance(limit, bool) else None,
                        "options": options})
    effects.sort(key=lambda e: e["name"].lower())
    urls = [*RULES.values(), *(t["url"] for t in types), *(e["url"] for e in effects)]
    return {"types": types, "effects": effects, "titles": link_titles(urls, entries), "ops": list(OPS),
            "reasons": REASONS, "op_labels": OP_LABELS, "rules": RULES,
            "limits": {"damage": v.MAX_NUMBER, "modifiers": MAX_MODIFIERS, "tokens": MAX_TOKENS},
            "quick_effects": list(QUICK_EFFECTS), "form_labels": _form_labels(effects)}


# ---------------------------------------------------------------- request parsing


def _default_label(op: str, amount: int, share: Fraction) -> str:
    text = v.fraction_text(share)
    return OP_LABELS[op].format(amount=amount, fraction=text, factor=text)


def _custom_modifier(raw: Mapping[str, Any], where: str) -> Modifier:
    op = v.choice(raw.get("op"), f"{where}.op", OPS, code="unknown_op")
    amount, share = 0, Fraction(0)
    # A field the op does not use is still checked when given: bad input is never ignored silently.
    given = {k for k in ("amount", "fraction", "factor") if raw.get(k) is not None}
    parsed_amount = v.whole(raw.get("amount"), f"{where}.amount") if "amount" in given else None
    parsed_fraction = v.fraction(raw.get("fraction"), f"{where}.fraction") if "fraction" in given else None
    parsed_factor = v.factor(raw.get("factor"), f"{where}.factor") if "factor" in given else None
    if op in ("add", "subtract"):
        amount = parsed_amount if parsed_amount is not None else v.whole(raw.get("amount"), f"{where}.amount")
    elif op in ("prevent_fraction", "reflect_fraction"):
        share = parsed_fraction if parsed_fraction is not None else v.fraction(raw.get("fraction"), f"{where}.fraction")
    elif op == "multiply":
        share = parsed_factor if parsed_factor is not None else v.factor(raw.get("factor"), f"{where}.factor")
    defense = v.boolean(raw.get("defense"), f"{where}.defense", default=False)
    label = v.text(raw.get("label"), f"{where}.label") or _default_label(op, amount, share)
    if defense and not raw.get("label"):
        label += " (Defensive Ability)"
    rule = {"add": "attack_modifiers", "multiply": "attack_modifiers", "subtract": "reducing",
            "prevent_fraction": "rounding", "reflect_fraction": "rounding", "avoid": "avoidable"}[op]
    rules = [RULES["defensive_ability"]] if defense else []
    return Modifier(op, label, defense, amount, share, None, rules + [RULES[rule]])


def _preset_modifiers(raw: Mapping[str, Any], where: str, tables: Mapping[str, Any]) -> list[Modifier]:
    effects = {e["id"]: e for e in tables["effects"]}
    effect_id = raw.get("effect")
    if not isinstance(effect_id, str) or effect_id not in effects:
        shown = effect_id if isinstance(effect_id, str) else repr(effect_id)
        raise _unknown_effect(shown, f"{where}.effect", sorted(effects))
    effect = effects[effect_id]
    # Not capped by the stack limit: a token spent can be regained and spent again in the same
    # phase (the worked example's Paladin spends two Protects with a stack limit of 1).
    tokens = v.whole(raw.get("tokens"), f"{where}.tokens", 1, tables["limits"]["tokens"], required=False, default=1)
    options = effect["options"]
    if len(options) > 1:
        names = [o["label"] for o in options]
        chosen = v.choice(raw.get("option"), f"{where}.option", names, code="unknown_option")
        options = [o for o in options if o["label"] == chosen]
    option = options[0]
    op = option["op"]
    amount = int(option.get("amount", 0))
    share = Fraction(option.get("fraction") or option.get("factor") or 0)
    default_label = effect["name"] + (f" ({option['label']})" if option["label"] else "")
    label = v.text(raw.get("label"), f"{where}.label") or default_label
    count = tokens if option["per_token"] and op != "avoid" else 1
    rules = [effect["url"]]
    if op in ("prevent_fraction", "reflect_fraction", "multiply"):
        rules.append(RULES["rounding"])
    return [Modifier(op, label if count == 1 else f"{label} #{i + 1}", False, amount, share, effect_id, rules)
            for i in range(count)]


def _unknown_effect(shown: str, where: str, known: list[str]) -> v.CalcError:
    return v.CalcError("unknown_effect", f"Unknown effect '{shown}'. Effects with a numeric preset: "
                       f"{', '.join(known)}. For any other effect, send its numbers as a custom modifier.", where)


def _parse_dials(raw: Any) -> dict[str, int]:
    body = v.mapping(raw, "dials")
    starting = v.whole(body.get("starting"), "dials.starting", 1, v.MAX_NUMBER, required=False, default=50)
    cap = starting + 10
    return {
        "starting": starting,
        "defender": v.whole(body.get("defender"), "dials.defender", 0, cap, required=False, default=starting),
        "attacker": v.whole(body.get("attacker"), "dials.attacker", 0, cap, required=False, default=starting),
        "targets": v.whole(body.get("targets"), "dials.targets", 1, 6, required=False, default=1),
        "defender_heal": v.whole(body.get("defender_heal"), "dials.defender_heal", required=False, default=0),
        "attacker_heal": v.whole(body.get("attacker_heal"), "dials.attacker_heal", required=False, default=0),
        "attacker_damage": v.whole(body.get("attacker_damage"), "dials.attacker_damage", required=False, default=0),
    }


def parse_damage_request(body: Mapping[str, Any], tables: Mapping[str, Any]) -> DamageRequest:
    """The JSON body of POST /api/calc/damage (and the page's form, once turned into the same shape)."""
    damage = v.whole(body.get("damage"), "damage")
    type_id = v.choice(body.get("type"), "type", [t["id"] for t in tables["types"]], default="normal")
    raw_mods = body.get("modifiers", [])
    if raw_mods is None:
        raw_mods = []
    if not isinstance(raw_mods, list):
        raise v.CalcError("not_list", "modifiers must be a list of modifier objects.", "modifiers")
    if len(raw_mods) > MAX_MODIFIERS:
        raise v.CalcError("too_many_modifiers", f"At most {MAX_MODIFIERS} modifiers; got {len(raw_mods)}.",
                          "modifiers")
    modifiers: list[Modifier] = []
    for i, raw in enumerate(raw_mods):
        where = f"modifiers[{i}]"
        item = v.mapping(raw, where)
        if "effect" in item:
            modifiers += _preset_modifiers(item, where, tables)
        else:
            modifiers.append(_custom_modifier(item, where))
    dials = _parse_dials(body["dials"]) if body.get("dials") is not None else None
    return DamageRequest(damage, type_id, modifiers, dials)


# ---------------------------------------------------------------- the method


def ceil_share(total: int, share: Fraction) -> int:
    """total x share, rounded up (all division in Dice Throne rounds up)."""
    return -((-total * share.numerator) // share.denominator)


def _excluded(mod: Modifier, dtype: Mapping[str, Any], damage: int) -> str | None:
    """The reason code when the damage type or the rules exclude this modifier, else None."""
    if mod.op in ATTACK_MODIFIER_OPS:
        if not dtype["attack"]:
            return "not_an_attack"
        if damage < 1:
            return "no_attack_damage"
        if not dtype["enhanceable"]:
            return "not_enhanceable"
    elif not dtype["avoidable"]:
        return "not_avoidable"
    if mod.defense and not dtype["defendable"]:
        return "not_defendable"
    return None


def _reason_rule(code: str, dtype: Mapping[str, Any]) -> str:
    return RULES["attack_modifiers"] if code == "no_attack_damage" else str(dtype["url"])


def final_damage(request: DamageRequest, tables: Mapping[str, Any]) -> dict[str, Any]:
    dtype = next(t for t in tables["types"] if t["id"] == request.type)
    steps: list[dict[str, Any]] = []
    ignored: list[dict[str, Any]] = []

    def step(n: int, label: str, op: str, amount: int, total: int, rules: list[str],
             share: Fraction | None = None) -> None:
        row: dict[str, Any] = {"step": n, "label": label, "op": op, "amount": amount, "total": total, "rules": rules}
        if share is not None:
            row["share"] = v.fraction_text(share)
        steps.append(row)

    applied: list[Modifier] = []
    for mod in request.modifiers:
        code = _excluded(mod, dtype, request.damage)
        if code:
            ignored.append({"label": mod.label, "op": mod.op, "code": code,
                            "reason": REASONS[code].format(type=dtype["name"]),
                            "rules": [_reason_rule(code, dtype)] + ([mod.rules[0]] if mod.effect else [])})
        else:
            applied.append(mod)

    def of(op: str) -> list[Modifier]:
        return [m for m in applied if m.op == op]

    # Step 1: incoming damage.
    total = request.damage
    step(1, "Incoming damage", "incoming", total, total, [RULES["incoming"]])
    # Step 2: additions, then subtractions; the subtotal never goes below 0.
    for mod in of("add"):
        total += mod.amount
        step(2, mod.label, "add", mod.amount, total, mod.rules)
    for mod in of("subtract"):
        total = max(0, total - mod.amount)
        step(2, mod.label, "subtract", mod.amount, total, mod.rules)
    subtotal = total
    step(2, "Incoming Damage Subtotal", "subtotal", subtotal, subtotal, [RULES["steps"]])
    # Step 3: every multiplier, divider and reflection from the same subtotal, rounded up, all at once.
    for mod in of("multiply"):
        extra = ceil_share(subtotal, mod.share) - subtotal
        total += extra
        step(3, mod.label, "multiply", extra, total, mod.rules, mod.share)
    for mod in of("prevent_fraction"):
        prevented = ceil_share(subtotal, mod.share)
        total = max(0, total - prevented)
        step(3, mod.label, "prevent_fraction", prevented, total, mod.rules, mod.share)
    reflected = 0
    for mod in of("reflect_fraction"):
        back = ceil_share(subtotal, mod.share)
        reflected += back
        step(3, mod.label, "reflect_fraction", back, total, mod.rules, mod.share)
    for mod in of("avoid"):
        step(3, mod.label, "avoid", total, 0, mod.rules)
        total = 0
    final = max(0, total)
    step(3, "Final damage total", "final", final, final, [RULES["method"]])
    result: dict[str, Any] = {"damage": request.damage, "type": request.type, "subtotal": subtotal, "final": final,
                              "reflected": reflected, "steps": steps, "ignored": ignored}
    if request.dials is not None:
        result["dials"] = apply_to_dials(final, reflected, request.dials)
    return result


# ---------------------------------------------------------------- the Health dials


def apply_to_dials(final: int, reflected: int, dials: Mapping[str, int]) -> dict[str, Any]:
    """Apply one phase's damage and healing to both dials at once (simultaneous resolution).

    - `targets` teammates on one shared team dial each taking `final`: the dial loses the combined total;
    - healing counts in the same update, capped at starting Health + 10;
    - a dial never goes below 0; everyone at 0 together is a draw.
    """
    cap = dials["starting"] + 10
    notes: list[dict[str, Any]] = []

    def one(before: int, damage: int, heal: int) -> dict[str, int]:
        raw = before - damage + heal
        after = max(0, min(cap, raw))
        if raw > cap:
            notes.append({"text": f"Healing stops at the cap of {cap} (starting Health + 10).",
                          "rules": [RULES["heal_cap"]]})
        return {"before": before, "damage": damage, "heal": heal, "after": after}

    defender_damage = final * dials["targets"]
    if dials["targets"] > 1:
        notes.append({"text": f"{dials['targets']} teammates each take {final}: the shared team dial loses "
                              f"{defender_damage}.", "rules": [RULES["team"]]})
    defender = one(dials["defender"], defender_damage, dials["defender_heal"])
    attacker = one(dials["attacker"], reflected + dials["attacker_damage"], dials["attacker_heal"])
    down = (defender["after"] == 0, attacker["after"] == 0)
    outcome = {(True, True): "draw", (True, False): "defender-defeated", (False, True): "attacker-defeated",
               (False, False): "both-standing"}[down]
    if outcome == "draw":
        notes.append({"text": "Both dials reach 0 in the same update: the game is a draw.", "rules": [RULES["draws"]]})
    notes.append({"text": "Damage and healing of the phase are applied to every dial at the same moment.",
                  "rules": [RULES["simultaneous"]]})
    return {"cap": cap, "defender": defender, "attacker": attacker, "outcome": outcome, "notes": notes}


def calculate(body: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """Parse and compute in one call: the API's whole job."""
    return final_damage(parse_damage_request(body, tables), tables)
