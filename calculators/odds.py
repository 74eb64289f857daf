"""Dice odds: the exact chance of rolling an ability with optimal keeps, the keep advice, expected damage.

The model (Offensive Roll Phase, /dice-throne/offensive-roll-phase): roll every die, then up to
`rolls - 1` times keep any dice (also ones kept before may be re-rolled) and re-roll the rest.
The chance is the optimum over every keep choice (odds_dp.py), exact with fractions;
static/js/calc/odds.js is the floating-point twin; tests/golden/odds.json keeps them in step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from . import odds_dp as dp
from .odds_input import (
    DEFAULT_DICE,
    DEFAULT_ROLLS,
    FACES,
    MAX_ABILITIES,
    MAX_DAMAGE,
    MAX_DICE,
    MAX_ROLLS,
    MAX_STRAIGHT,
    MIN_STRAIGHT,
    OddsRequest,
    Target,
    parse_request,
)
from .tables import TableMissing, entry_url, link_titles, need, rows
from .validation import fraction_text

RULES: dict[str, str] = {
    "phase": "/dice-throne/offensive-roll-phase",
    "attempts": "/dice-throne/roll-attempt",
    "small": "/dice-throne/small-straight",
    "large": "/dice-throne/large-straight",
    "kind": "/dice-throne/of-a-kind",
    "key": "/dice-throne/dice-key",
    "requirement": "/dice-throne/activation-requirement",
}


def odds_tables(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The page's tables: the dice keys the sources print (the Gunslinger's only), rule links, limits."""
    presets = []
    for row in rows(data, "dice-keys", "heroes"):
        faces = need(row, "faces", "dice-keys", Mapping)
        if sorted(str(k) for k in faces) != [str(f) for f in range(1, FACES + 1)]:
            raise TableMissing("dice-keys", f"row {dict(row)!r}: faces must name each face 1-{FACES} once")
        hero = str(need(row, "entry", "dice-keys", str))
        presets.append({"id": hero, "name": str(need(row, "name", "dice-keys", str)),
                        "faces": {str(k): str(v) for k, v in sorted(faces.items())},
                        "url": entry_url(entries, hero)})
    rules = {k: entry_url(entries, v.rsplit("/", 1)[-1]) for k, v in RULES.items()}
    return {"presets": presets, "rules": rules, "titles": link_titles(rules.values(), entries),
            "limits": {"dice": [1, MAX_DICE], "rolls": [1, MAX_ROLLS], "straight": [MIN_STRAIGHT, MAX_STRAIGHT],
                       "abilities": MAX_ABILITIES, "damage": MAX_DAMAGE},
            "defaults": {"dice": DEFAULT_DICE, "rolls": DEFAULT_ROLLS}}


# ------------------------------------------------------------ targets on class states

def face_classes(faces: Mapping[int, str], targets: Sequence[Target]) -> list[list[int]]:
    """Faces every target treats alike, grouped; classes in the order of their smallest face."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for face in range(1, FACES + 1):
        sig = tuple(faces[face] if t.kind == "symbols" and faces[face] in t.symbols else
                    None if t.kind == "symbols" else face for t in targets)
        groups.setdefault(sig, []).append(face)
    return list(groups.values())


def met(target: Target, counts: Sequence[int], classes: Sequence[Sequence[int]], faces: Mapping[int, str]) -> bool:
    if target.kind == "symbols":
        have: dict[str, int] = {}
        for k, n in enumerate(counts):
            symbol = faces[classes[k][0]]
            have[symbol] = have.get(symbol, 0) + n
        return all(have.get(symbol, 0) >= need_ for symbol, need_ in target.symbols.items())
    if target.kind == "of_a_kind":
        return max(counts) >= target.length
    shown = {classes[k][0] for k, n in enumerate(counts) if n}
    return any(all(start + i in shown for i in range(target.length))
               for start in range(1, FACES - target.length + 2))


def target_text(target: Target) -> str:
    if target.kind == "symbols":
        return "at least " + " and ".join(f"{n} × {s}" for s, n in target.symbols.items())
    if target.kind == "of_a_kind":
        return f"{target.length} of a kind"
    names = {4: "a Small Straight (4 numbers in a row)", 5: "a Large Straight (5 numbers in a row)"}
    return names.get(target.length, f"a straight of {target.length} numbers in a row")


# Within this of 0 or 1 a chance counts as impossible or certain when shown: the browser's floating-point twin
# sums a certain chance to 0.9999999999999998 (no chance the engine can give is this close to 0 without being 0).
CERTAIN_WITHIN = 1e-12


def percent(value: float) -> str:
    """A chance to 2 decimals; one that is not certain or impossible never reads 100.00% or 0.00% (the template
    calc_odds_result.html and odds-engine.js's percent() say the same)."""
    if CERTAIN_WITHIN < value < 0.00005:
        return "< 0.01%"
    if 0.99995 <= value < 1 - CERTAIN_WITHIN:
        return "> 99.99%"
    return f"{value * 100:.2f}%"


def attempts(n: int) -> str:
    return f"{n} roll attempt{'s' if n != 1 else ''}"


def _number(value: Fraction) -> dict[str, Any]:
    return {"probability": float(value), "fraction": fraction_text(value)}


# ------------------------------------------------------------ the calculation

def evaluate(req: OddsRequest) -> dict[str, Any]:
    """The numbers of a request (no wording): probability, advice, abilities."""
    targets = [req.target] if req.target else [a.target for a in req.abilities]
    classes = face_classes(req.faces, targets)
    sp = dp.space(req.dice, len(classes))
    weights = [len(c) for c in classes]
    hits = [[False] * len(sp.states) for _ in targets]
    for s in sp.full:
        for j, target in enumerate(targets):
            hits[j][s] = met(target, sp.states[s], classes, req.faces)
    chosen: list[int] = []
    if req.target:
        final = [int(h) for h in hits[0]]
    else:
        damages = [a.damage for a in req.abilities]
        chosen = [-1] * len(sp.states)
        for s in sp.full:
            ok = [j for j in range(len(targets)) if hits[j][s]]
            chosen[s] = max(ok, key=lambda j: (damages[j], -j)) if ok else -1
        final = [damages[chosen[s]] if chosen[s] >= 0 else 0 for s in range(len(sp.states))]
    depth = req.rolls if req.roll is None else req.rolls_left
    assert depth is not None
    levels = dp.solve(sp, weights, final, depth)
    per_ability = []
    if req.abilities:
        per_ability = [dp.follow(sp, weights, [int(chosen[s] == j) for s in range(len(sp.states))], levels)
                       for j in range(len(targets))]

    def state_of(face_counts: Sequence[int]) -> int:
        counts = [sum(face_counts[f - 1] for f in cls) for cls in classes]
        return sp.index[tuple(counts)]

    def at(depth_: int, s: int) -> tuple[Fraction, list[Fraction]]:
        """The value and each ability's chance of state s with depth_ attempts left (0: a final hand)."""
        if depth_ == 0:
            return Fraction(final[s]), [Fraction(int(chosen[s] == j)) for j in range(len(per_ability))]
        den = levels[depth_ - 1].denominator
        return (Fraction(levels[depth_ - 1].value[s], den),
                [Fraction(p[depth_ - 1][s], den) for p in per_ability])

    out: dict[str, Any] = {}
    if req.roll is None:
        value, chances = at(depth, 0)
    else:
        assert req.rolls_left is not None
        hand = [req.roll.count(f) for f in range(1, FACES + 1)]
        keeps = dp.sub_multisets(hand) if req.rolls_left else [tuple(hand)]
        advice = []
        for keep in keeps:
            value, chances = at(req.rolls_left, state_of(keep))
            faces_kept = [f for f in range(1, FACES + 1) for _ in range(keep[f - 1])]
            advice.append((value, chances, faces_kept))
        advice.sort(key=lambda a: (-a[0], len(a[2]), a[2]))
        value, chances = advice[0][0], advice[0][1]
        out["advice"] = [_advice(v, c, k, bool(req.abilities)) for v, c, k in advice]
    if req.abilities:
        out.update(_number(sum(chances, Fraction(0))))
        out["expected_damage"] = float(value)
        out["expected_damage_fraction"] = fraction_text(value)
        out["abilities"] = [{"name": a.name, "target": a.target.to_json(), "damage": a.damage, **_number(c)}
                            for a, c in zip(req.abilities, chances, strict=True)]
    else:
        out.update(_number(value))
    return out


def _advice(value: Fraction, chances: list[Fraction], keep: list[int], abilities: bool) -> dict[str, Any]:
    if not abilities:
        return {"keep": keep, **_number(value)}
    return {"keep": keep, **_number(sum(chances, Fraction(0))), "expected_damage": float(value),
            "expected_damage_fraction": fraction_text(value), "chances": [float(c) for c in chances]}


def explain(req: OddsRequest, result: Mapping[str, Any]) -> str:
    setting = f"{req.dice} {'dice' if req.dice != 1 else 'die'} and {attempts(req.rolls)}"
    if req.abilities:
        what = f"the expected damage is {result['expected_damage']:.2f}"
        goal = "playing for the most damage on average (one ability is activated)"
    else:
        assert req.target is not None
        what = f"the chance of {target_text(req.target)} is {percent(result['probability'])}"
        goal = "keeping the best dice after each roll"
    if req.roll is None:
        return f"With {setting}, {goal}, {what}. Each re-roll may include dice you kept before."
    shown = ", ".join(str(f) for f in req.roll)
    if not req.rolls_left:
        return f"With no roll attempts left, the dice {shown} are final: {what}."
    best = result["advice"][0]["keep"]
    keep = f"keep {', '.join(str(f) for f in best)} and re-roll the rest" if best else "re-roll every die"
    if len(best) == req.dice:
        keep = "keep every die"
    return f"From {shown} with {attempts(req.rolls_left)} left, {goal}, {what}: {keep}."


def calculate(body: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """POST /api/calc/odds: parse, solve exactly, explain."""
    req = parse_request(body)
    result = evaluate(req)
    rules = tables["rules"]
    links = [rules["phase"], rules["attempts"]]
    kinds = {t.kind: t for t in ([req.target] if req.target else [a.target for a in req.abilities])}
    if "straight" in kinds:
        links += [rules["small"], rules["large"]]
    if "of_a_kind" in kinds:
        links.append(rules["kind"])
    if "symbols" in kinds:
        links.append(rules["key"])
    response: dict[str, Any] = {
        "dice": req.dice, "rolls": req.rolls, "faces": {str(f): s for f, s in req.faces.items()},
        "target": req.target.to_json() if req.target else None, **result,
        "explanation": explain(req, result), "rules": links,
    }
    if req.roll is not None:
        response["roll"] = req.roll
        response["rolls_left"] = req.rolls_left
    return response
