"""Reading pages: home, a game's contents, one entry, and the A–Z index."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request

from indexer.folding import fold
from indexer.model import GAMES, KINDS

from ..page_cache import per_release
from . import release

bp = Blueprint("pages", __name__)


def _by_kind(entries: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in entries:
        groups[e["kind"]].append(e)
    return [(kind, sorted(groups[kind], key=lambda e: e["title"].lower())) for kind in KINDS if kind in groups]


@bp.get("/")
@per_release
def home() -> str:
    entries = release().entries.values()
    games = []
    for game in GAMES:
        in_game = [e for e in entries if e["game"] == game]
        counts = [(kind, len(items)) for kind, items in _by_kind(in_game)]
        games.append({"id": game, "name": GAMES[game], "count": len(in_game), "kinds": counts})
    return render_template("home.html", games=games)


@bp.get("/<game>")
@per_release(params={"kind": KINDS})
def game(game: str) -> str:
    if game not in GAMES:
        abort(404)
    kind = request.args.get("kind", "")
    kind = kind if kind in KINDS else ""  # an unknown kind shows them all (and is one cached page)
    entries = [e for e in release().entries.values() if e["game"] == game and (not kind or e["kind"] == kind)]
    return render_template("game.html", game=game, kind=kind, sections=_by_kind(entries))


@bp.get("/<game>/<entry_id>")
@per_release
def entry(game: str, entry_id: str) -> Any:
    rel = release()
    item = rel.entries.get(entry_id)
    if item is None:
        abort(404)
    if item["game"] != game:
        return redirect(request.script_root + item["url"], code=301)
    lang = item["lang"]
    twin = rel.entries.get(item.get("twin") or "")
    english = twin if lang == "pl" else item  # a twin's FAQs are its English entry's, in Polish where translated

    def lookup(entry_id: str) -> dict[str, Any] | None:
        found = rel.entries.get(entry_id)
        if found is not None and lang == "pl" and found["lang"] == "en" and found.get("twin"):
            return rel.entries.get(found["twin"], found)
        return found

    kinds_here = {e["kind"] for e in rel.entries.values() if e["game"] == item["game"]}
    faq_ids = (english or item)["faqs"]
    return render_template(
        "entry.html",
        entry=item,
        twin=twin,
        alternates=alternates(item, twin),
        game_kinds=[k for k in KINDS if k in kinds_here],
        related=[r for r in map(lookup, item["related"]) if r],
        faqs=[f for f in map(lookup, faq_ids) if f and f["id"] != item["id"]],
        lang=lang,
    )


def alternates(item: dict[str, Any], twin: dict[str, Any] | None) -> list[tuple[str, str]]:
    """(hreflang, path) of a page in each language it exists in: the <link rel="alternate"> of both twins."""
    if twin is None:
        return []
    return sorted([(item["lang"], str(item["url"])), (twin["lang"], str(twin["url"]))])


@bp.get("/index")
@per_release(params={"game": GAMES})
def az_index() -> str:
    """Every entry once per reading language, under its title's letter, its aliases folded under it (not rows of
    their own). An English reader's index lists the English entries, a Polish reader's the Polish pages: a page
    with a twin in the other language is marked with its language (`az_lang`) and shown only to readers of it
    (static/css/ui.css, static/js/az-filter.js); a page with no twin (`az_lang` "") is shown to both. The filter
    also finds a row by its twin's title."""
    game_filter = request.args.get("game", "")
    if game_filter and game_filter not in GAMES:
        abort(404)
    entries = release().entries
    rows = []
    for e in entries.values():
        if game_filter and e["game"] != game_filter:
            continue
        aliases = sorted(set(e["aliases"]) - {e["title"]}, key=fold)
        twin = entries.get(e.get("twin") or "")
        az_lang = e["lang"] if twin is not None and twin["lang"] != e["lang"] else ""
        words = [e["title"], *aliases, *([twin["title"]] if twin is not None else [])]
        rows.append({**e, "aliases": aliases, "az_lang": az_lang, "search": fold(" ".join(words))})
    rows.sort(key=lambda r: fold(r["title"]))
    letters: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        first = fold(row["title"][:1]).upper()
        letters[first if first.isalpha() else "#"].append(row)
    groups = [(letter, _only_lang(items), items) for letter, items in sorted(letters.items())]
    totals = {lang: sum(1 for r in rows if r["az_lang"] in ("", lang)) for lang in ("en", "pl")}
    return render_template("az_index.html", letters=groups, game_filter=game_filter, totals=totals)


def _only_lang(rows: list[dict[str, Any]]) -> str:
    """The one reading language a letter's rows are all for, or "" when a reader of either has rows under it."""
    langs = {r["az_lang"] for r in rows}
    return langs.pop() if len(langs) == 1 else ""
