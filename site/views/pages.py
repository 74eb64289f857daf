"""Reading pages: home, a game's contents, one entry, and the A–Z index."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request

from indexer.folding import fold
from indexer.model import GAMES, KINDS

from ..page_cache import per_release
from ..term_defs import term_defs
from . import release

bp = Blueprint("pages", __name__)
# The home page's first tiles: what players look up mid-game (the calculators, FAQ and A–Z follow them).
LOOK_UPS = (("dice-throne", "status-effect"), ("dice-throne", "hero"), ("dice-throne", "phase"),
            ("adventures", "rule"), ("dungeon-dice", "monster"), ("dungeon-dice", "symbol"))
CONTENTS_MIN = 4  # sections from which an entry shows its contents at the top on a phone
NOT_IN_AZ = frozenset({"faq"})  # questions: the FAQ index lists them, the A–Z index lists terms


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
    # each term once: a Polish twin is the same term as its English page (the A–Z shows one of the two)
    counted = Counter((e["game"], e["kind"]) for e in entries if not e.get("translation_of"))
    look_ups = [{"key": "lu_" + kind, "game": game, "kind": kind, "n": counted[game, kind]}
                for game, kind in LOOK_UPS if counted[game, kind]]
    return render_template("home.html", games=games, look_ups=look_ups, n_faq=sum(
        n for (_, kind), n in counted.items() if kind == "faq"), n_terms=sum(
        n for (_, kind), n in counted.items() if kind not in NOT_IN_AZ))


@bp.get("/<game>")
@per_release(params={"kind": KINDS})
def game(game: str) -> str:
    if game not in GAMES:
        abort(404)
    kind = request.args.get("kind", "")  # a known kind or none: per_release redirects any other
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
    faqs = [f for f in map(lookup, faq_ids) if f and f["id"] != item["id"]]
    return render_template(
        "entry.html",
        entry=item,
        twin=twin,
        alternates=alternates(item, twin),
        game_kinds=[k for k in KINDS if k in kinds_here],
        related=[r for r in map(lookup, item["related"]) if r],
        faqs=faqs,
        faqs_first=item["kind"] == "hero",  # a hero's questions are what players come for: near the top
        contents=len(item["anchors"]) >= CONTENTS_MIN,
        terms=term_defs(rel.entries, [item["html"], *(f["html"] for f in faqs)], skip=entry_id),
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
    """Every term once, under its title's letter, its aliases folded under it (not rows of their own). The
    questions are the FAQ index's (/faq), not rows here. A term with a Polish twin has a row in each language,
    of which the reader sees one."""
    game_filter = request.args.get("game", "")  # a known game or none: per_release redirects any other
    rows = []
    for e in release().entries.values():
        if (game_filter and e["game"] != game_filter) or e["kind"] in NOT_IN_AZ:
            continue
        aliases = sorted(set(e["aliases"]) - {e["title"]}, key=fold)
        rows.append({**e, "aliases": aliases, "search": fold(" ".join([e["title"], *aliases])),
                     "names": "|".join(fold(n) for n in [e["title"], *aliases])})
    rows.sort(key=lambda r: fold(r["title"]))
    letters: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        first = fold(row["title"][:1]).upper()
        letters[first if first.isalpha() else "#"].append(row)
    # A term with a twin is one row in the reader's language (static/js/az-filter.js); without scripts, English's.
    total = sum(not row.get("translation_of") for row in rows)
    return render_template("az_index.html", letters=sorted(letters.items()), game_filter=game_filter, total=total)
