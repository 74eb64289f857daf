"""Per-hero copies of one ruling (issue 33): FAQs that answer the same question for several heroes fold into one
suggestion under the general answer ("also: 3 heroes").

A FAQ's id is `faq-<hero or general>-<ruling>` (a Polish twin's `pl-faq-…`); FAQs of one language whose ids differ
only in the hero (or `general`) share a ruling. The build gives each such FAQ its ruling key (entries.json and the
offline search data); the server (site/search_results.py) and the offline client (static/js/search-core.js,
foldRulings) fold the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .model import Entry

GENERAL = "general"
POLISH = "pl-"  # a Polish twin's id: the English id after it


def ruling_keys(entries: Iterable[Entry]) -> dict[str, str]:
    """FAQ id -> its ruling key, for the FAQs whose ruling two or more FAQs share."""
    entries = list(entries)
    prefixes = sorted({e.id for e in entries if e.kind == "hero"} | {GENERAL}, key=len, reverse=True)
    groups: dict[str, list[str]] = {}
    for e in entries:
        # a Polish twin's id is `pl-faq-<hero or general>-<ruling>`: its copies fold among themselves (key `pl:...`)
        lang, fid = ("pl:", e.id[len(POLISH):]) if e.lang == "pl" and e.id.startswith(POLISH) else ("", e.id)
        if e.kind != "faq" or not fid.startswith("faq-"):
            continue
        rest = fid[4:]
        who = next((p for p in prefixes if rest.startswith(p + "-")), None)
        if who is not None:
            groups.setdefault(lang + rest[len(who) + 1:], []).append(e.id)
    return {i: key for key, ids in groups.items() if len(ids) > 1 for i in ids}


def fold_rulings(rows: list[dict[str, Any]], ruling: dict[str, str]) -> list[dict[str, Any]]:
    """Rows (each with id, title, url) with every ruling's copies folded into one row, at the place of its best
    ranked copy: the general answer when it is among them, else that best one; the others listed under `also`
    ({id, title, url}, in rank order). Every row gets `also` (empty when nothing folds into it)."""
    members: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        key = ruling.get(row["id"])
        if key is not None:
            members.setdefault(key, []).append(row)
    out: list[dict[str, Any]] = []
    for row in rows:
        key = ruling.get(row["id"])
        if key is None:
            out.append({**row, "also": []})
            continue
        group = members[key]
        if row is not group[0]:
            continue
        head = next((r for r in group if r["id"].removeprefix(POLISH).startswith(f"faq-{GENERAL}-")), group[0])
        out.append({**head, "also": [{"id": r["id"], "title": r["title"], "url": r["url"]}
                                     for r in group if r is not head]})
    return out
