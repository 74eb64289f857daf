"""The calculators' JSON APIs under /api/calc/, and the OpenAPI document of every /api route."""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from calculators import damage, dungeon_dice, loot, scoring, targeting
from calculators.tables import TableMissing
from calculators.validation import CalcError, parse_json_body

from ..costly import odds_answer
from ..openapi import openapi_document
from .calc_common import roll_die, tables

bp = Blueprint("calc_api", __name__, url_prefix="/api")


@bp.errorhandler(CalcError)
def bad_input(exc: CalcError) -> ResponseReturnValue:
    return jsonify(exc.to_json()), 400


@bp.errorhandler(TableMissing)
def no_table(exc: TableMissing) -> ResponseReturnValue:
    message = f"The calculator's table is not in this build: {exc}."
    return jsonify({"error": {"code": "data_missing", "message": message, "field": exc.stem}}), 503


@bp.post("/calc/damage")
def calc_damage() -> ResponseReturnValue:
    body = parse_json_body(request.get_data())
    return jsonify(damage.calculate(body, tables("damage")))


@bp.get("/calc/targeting")
def calc_targeting() -> ResponseReturnValue:
    return jsonify(targeting.calculate(request.args, tables("targeting"), roll_die))


@bp.get("/calc/loot")
def calc_loot() -> ResponseReturnValue:
    return jsonify(loot.calculate(request.args, tables("loot"), roll_die))


@bp.post("/calc/score")
def calc_score() -> ResponseReturnValue:
    return jsonify(scoring.calculate(parse_json_body(request.get_data()), tables("score")))


@bp.post("/calc/fame")
def calc_fame() -> ResponseReturnValue:
    return jsonify(dungeon_dice.calculate_fame(parse_json_body(request.get_data()), tables("dungeon-dice")))


@bp.post("/calc/dd-combat")
def calc_dd_combat() -> ResponseReturnValue:
    return jsonify(dungeon_dice.calculate_combat(parse_json_body(request.get_data()), tables("dungeon-dice")))


@bp.post("/calc/odds")
def calc_odds() -> ResponseReturnValue:
    return jsonify(odds_answer(parse_json_body(request.get_data()), tables("odds")))


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    document = openapi_document()
    if request.script_root:  # the paths are the app's: under the prefix it is served at
        document["servers"] = [{"url": request.script_root}]
    return jsonify(document)
