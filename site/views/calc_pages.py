"""The calculator pages under /calc: each works offline in JavaScript and, without it, through its form."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from calculators import dungeon_dice, loot, odds_form, scoring, targeting
from calculators.damage_form import calculate_form
from calculators.tables import TableMissing
from calculators.validation import CalcError

from ..costly import odds_answer
from .calc_common import page_error, roll_die, tables

bp = Blueprint("calc_pages", __name__, url_prefix="/calc")

CALCULATORS = [
    {"url": "/calc/damage", "title": "Final damage total", "game": "dice-throne",
     "text": "How much damage do I actually take? Damage type, modifiers and status effects, in the rulebook's order."},
    {"url": "/calc/targeting", "title": "Targeting roll", "game": "dice-throne",
     "text": "Who does this Attack hit? Team modes, King of the Hill's Leaders, and the Boss's roll in Boss vs Many."},
    {"url": "/calc/odds", "title": "Dice odds", "game": "dice-throne",
     "text": "What are my odds of rolling this ability, and which dice should I keep? Exact chances with the best "
             "keeps, for straights, X of a kind and your hero's symbols."},
    {"url": "/calc/loot", "title": "Loot", "game": "adventures",
     "text": "What does the die give? King's Hand's Loot die, a Loot Chest or Boss Loot step by step, and which "
             "Dungeon Dice bag a reward comes from. Adventures: until you type your board's rows (once, kept on "
             "your device) it says which row to read; after that a roll names the reward."},
    {"url": "/calc/score", "title": "Adventures scoring", "game": "adventures",
     "text": "A session's score and the next Starting Salves, with a campaign log you can export and import."},
    {"url": "/calc/fame", "title": "Fame and combat", "game": "dungeon-dice",
     "text": "Have I reached 4 Fame yet? How many Hero Level dice do I roll? Who won this combat?"},
]


@bp.errorhandler(TableMissing)
def no_table(exc: TableMissing) -> ResponseReturnValue:
    message = f"This calculator's table is not in the current build ({exc})."
    return render_template("error.html", code=503, title="Calculator unavailable", message=message), 503


def _page(template: str, name: str, compute: Any, **extra: Any) -> ResponseReturnValue:
    """Render a calculator page; with a query string, also compute the result on the server (no-JS fallback)."""
    table = tables(name)
    result, error = None, None
    if request.args:
        try:
            result = compute(request.args, table)
        except CalcError as exc:
            error = page_error(exc)
    status = 400 if error else 200
    context = {key: make(request.args, table) for key, make in extra.items()}
    return render_template(template, tables=table, form=request.args, result=result, error=error, **context), status


@bp.get("")
def index() -> str:
    return render_template("calc_index.html", calculators=CALCULATORS)


@bp.get("/damage")
def damage_page() -> ResponseReturnValue:
    return _page("calc_damage.html", "damage", calculate_form)


@bp.get("/targeting")
def targeting_page() -> ResponseReturnValue:
    return _page("calc_targeting.html", "targeting",
                 lambda args, table: targeting.calculate(args, table, roll_die))


@bp.get("/loot")
def loot_page() -> ResponseReturnValue:
    return _page("calc_loot.html", "loot", lambda args, table: loot.calculate(args, table, roll_die))


@bp.get("/score")
def score_page() -> ResponseReturnValue:
    return _page("calc_score.html", "score", lambda args, table: scoring.calculate(scoring.form_body(args), table))


@bp.get("/fame")
def fame_page() -> ResponseReturnValue:
    return _page("calc_fame.html", "dungeon-dice", dungeon_dice.page_results)


def odds_args(args: MultiDict[str, str]) -> MultiDict[str, str]:
    """The odds page's one target control (target=straight-5, kind-3 or symbols, sent by the form without
    JavaScript) as the goal, straight and kind fields the calculator and links use; a link's own goal wins."""
    choice = args.get("target", "")
    goal, _, size = choice.partition("-")
    if goal not in odds_form.GOALS or "goal" in args:
        return args
    out = MultiDict(args)
    out.pop("target", None)
    out["goal"] = goal
    if goal in ("straight", "kind") and size:
        out[goal] = size
    return out


@bp.get("/odds")
def odds_page() -> ResponseReturnValue:
    return _page("calc_odds.html", "odds",
                 lambda args, table: odds_form.calculate_form(odds_args(args), table, odds_answer),
                 page=lambda args, table: odds_form.page_state(odds_args(args), table))
