"""GET /api/search: the JSON search contract."""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from ..search_params import ParamError, parse_search_params
from ..search_results import run_search
from ..templating import app_url

bp = Blueprint("api_search", __name__, url_prefix="/api")


def api_error(code: str, message: str, field: str | None = None, status: int = 400) -> ResponseReturnValue:
    error = {"code": code, "message": message}
    if field:
        error["field"] = field
    return jsonify({"error": error}), status


@bp.get("/search")
def api_search() -> ResponseReturnValue:
    params = parse_search_params(request.args)
    if isinstance(params, ParamError):
        return api_error(params.code, params.message, params.field)
    found = run_search(params).to_json()
    for row in found["results"]:  # each entry's URL as a reader follows it: under the app's path prefix
        row["url"] = app_url(row["url"])
    return jsonify(found)
