"""Adventures scoring: a session's score and the next session's Starting Salves (static/js/calc/score.js twin).

Table: `adventures-scoring` (the Campaign Scoring sheet's lines). Each point line
of a win is computed from its data row: `each` points per `per` units, a `flat`
amount when a condition holds, or a value read `from` the Difficulty card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import validation as v
from .tables import TableMissing, data_file, link_titles, need

MODES = ("portal-crawl", "boss-battle")
RESULTS = ("win", "loss")
# Which request field feeds each scoring-sheet line (by the line's id in the data).
LINE_FIELDS = {
    "remaining-salves": "remaining_salves",
    "unspent-gold": "unspent_gold",
    "unclaimed-boss-loot": "unclaimed_boss_loot",
    "explored-all-tiles": "explored_all",
    "scenario-score": "scenario_score",
}
COUNT_FIELDS = ("starting_salves", "remaining_salves", "unspent_gold", "unclaimed_boss_loot", "scenario_score")

RULES: dict[str, str] = {
    "win": "/adventures/recording-a-win#scoring-lines",
    "loss": "/adventures/recording-a-loss",
    "points": "/adventures/scenario-points",
    "campaign": "/adventures/campaign-score",
    "salves_after_win": "/adventures/faq-adv-salves-carry-over-after-win",
    "salves_after_loss": "/adventures/faq-adv-salves-after-loss",
}


def score_tables(data: Mapping[str, Any], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    stem = "adventures-scoring"
    sheet = data_file(data, stem)
    win = sheet.get("win")
    loss = sheet.get("loss")
    if not isinstance(win, list) or not isinstance(loss, Mapping):
        raise TableMissing(stem, "needs 'win' lines and a 'loss' mapping")
    lines = []
    for row in win:
        line_id = need(row, "id", stem, str)
        points = row.get("points")
        item = {"line": need(row, "line", stem, str), "id": line_id, "name": need(row, "name", stem, str),
                "modes": list(need(row, "modes", stem, list)), "records": str(row.get("records")),
                "points": dict(points) if isinstance(points, Mapping) else None, "field": LINE_FIELDS.get(line_id)}
        if item["records"] == "points" and item["field"] is None:
            raise TableMissing(stem, f"point line '{line_id}' has no request field in the calculator")
        lines.append(item)
    if not any(line["id"] == "starting-salves-next-session" for line in lines):
        raise TableMissing(stem, "no 'starting-salves-next-session' line")
    loss_lines = [row for row in loss.get("lines") or [] if isinstance(row, Mapping)]
    score_line = next((str(row.get("line")) for row in loss_lines if row.get("id") == "session-score"), None)
    if score_line is None:
        raise TableMissing(stem, "the loss lines have no 'session-score' line")
    return {"lines": lines, "modes": list(MODES), "results": list(RESULTS),
            "loss": {"session_score": need(loss, "session_score", stem, int),
                     "starting_salves_increase": need(loss, "starting_salves_increase", stem, int),
                     "line": score_line},
            "rules": RULES, "titles": link_titles(RULES.values(), entries)}


def parse_score(body: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """POST /api/calc/score's body (the page's form sends the same names)."""
    req: dict[str, Any] = {
        "mode": v.choice(body.get("mode"), "mode", tables["modes"]),
        "result": v.choice(body.get("result"), "result", tables["results"]),
    }
    win = req["result"] == "win"
    for name in COUNT_FIELDS:
        needed = (name == "remaining_salves" and win) or (name == "starting_salves" and not win)
        req[name] = v.whole(body.get(name), name, required=needed, default=0)
    req["explored_all"] = v.boolean(body.get("explored_all"), "explored_all", default=False)
    req["scenario"] = v.whole(body.get("scenario"), "scenario", 1, v.MAX_NUMBER, required=False, default=0) or None
    return req


def _points(line: Mapping[str, Any], req: Mapping[str, Any]) -> int:
    spec, value = line["points"], req[line["field"]]
    if "flat" in spec:
        return int(spec["flat"]) if value else 0
    if "from" in spec:
        return int(value)
    return (int(value) // int(spec["per"])) * int(spec["each"])


def score(req: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    rules = tables["rules"]
    breakdown: list[dict[str, Any]] = []
    notes: list[dict[str, Any]] = []
    if req["result"] == "loss":
        loss = tables["loss"]
        breakdown.append({"line": loss["line"], "label": "Session Score (a loss)", "points": loss["session_score"],
                          "rules": [rules["loss"]]})
        nxt = req["starting_salves"] + loss["starting_salves_increase"]
        notes.append({"text": f"Next session starts with this session's Starting Salves plus "
                              f"{loss['starting_salves_increase']}: {req['starting_salves']} + "
                              f"{loss['starting_salves_increase']} = {nxt}. Salves left over are not added.",
                      "rules": [rules["loss"], rules["salves_after_loss"]]})
        return {"scenario": req["scenario"], "session_score": loss["session_score"], "next_starting_salves": nxt,
                "breakdown": breakdown, "notes": notes}
    for line in tables["lines"]:
        if line["records"] != "points":
            continue
        if req["mode"] not in line["modes"]:
            given = req[line["field"]]
            if given:
                only = " and ".join(m.replace("-", " ").title() for m in line["modes"])
                notes.append({"text": f"{line['name']} only scores in {only}: not counted.", "rules": [rules["win"]]})
            continue
        spec = line["points"]
        label = line["name"]
        if spec and "per" in spec and int(spec["per"]) > 1:
            label += f" ({spec['each']} per {spec['per']})"
        breakdown.append({"line": line["line"], "label": label, "points": _points(line, req), "rules": [rules["win"]]})
    total = sum(row["points"] for row in breakdown)
    notes.append({"text": "The Session Score is the total of the point lines; Remaining Salves also carry over as "
                          f"the next session's Starting Salves ({req['remaining_salves']}).",
                  "rules": [rules["points"], rules["salves_after_win"]]})
    return {"scenario": req["scenario"], "session_score": total, "next_starting_salves": req["remaining_salves"],
            "breakdown": breakdown, "notes": notes}


def calculate(body: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    return score(parse_score(body, tables), tables)


def form_body(args: Mapping[str, Any]) -> dict[str, Any]:
    """The page's query string as the API body: the same field names, first value of each."""
    out: dict[str, Any] = {}
    for key in args:
        value = args.get(key)
        out[key] = value[0] if isinstance(value, list) else value
    return out
