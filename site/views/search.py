"""The server-rendered search page: works with no JavaScript at all."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..costly import nearest
from ..search_params import MAX_QUERY, ParamError, parse_search_params
from ..search_results import run_search

bp = Blueprint("search", __name__)


@bp.get("/search")
def search_page() -> tuple[str, int] | str:
    params = parse_search_params(request.args)
    if isinstance(params, ParamError):
        if params.code == "empty_query":
            return render_template("search.html", q="", results=None, error=None)
        # the box shows at most what a query may hold: an error page does not echo a 60 KB query back
        q = request.args.get("q", "")[:MAX_QUERY]
        return render_template("search.html", q=q, results=None, error=params), 400
    results = run_search(params)
    near = nearest(params.q) if not results.total else []
    return render_template("search.html", q=params.q, results=results, error=None, params=params, nearest=near)
