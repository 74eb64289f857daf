"""The FAQ index: every question, grouped by hero or topic, filterable as you type."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask import Blueprint, render_template

from indexer.folding import fold

from ..page_cache import per_release
from ..term_defs import term_defs
from ..ui_strings import UI_STRINGS
from . import release

bp = Blueprint("faq", __name__)

TOPIC_NAMES = {"adventures": "Dice Throne Adventures", "cp": "Combat Points"}


def _group_label(tag: str, entries: dict[str, dict[str, Any]]) -> str:
    if tag in TOPIC_NAMES:
        return TOPIC_NAMES[tag]
    if tag in entries:
        return str(entries[tag]["title"])
    return tag.replace("-", " ").capitalize()


@bp.get("/faq")
@per_release
def faq_index() -> str:
    entries = release().entries
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in entries.values():
        if e["kind"] == "faq":
            groups[e["tags"][0] if e["tags"] else "general"].append(e)
    labelled = [(tag, _group_label(tag, entries), sorted(items, key=lambda e: fold(e["title"])))
                for tag, items in groups.items()]
    # a topic's name in the interface's language: the catalog's ui:faq_topic_<tag> (tests/test_catalog.py checks
    # that its English is the label above)
    keys = {tag: topic_key(tag) for tag in groups if topic_key(tag) in UI_STRINGS["en"]}
    # topics first, then heroes, each alphabetically
    ordered = sorted(labelled, key=lambda g: (g[0] in entries and entries[g[0]]["kind"] == "hero", fold(g[1])))
    # each question once: a Polish twin is the same question as its English entry (the reader sees one of the two)
    total = sum(1 for _, _, items in ordered for e in items if not e.get("translation_of"))
    terms = term_defs(entries, (e["html"] for _, _, items in ordered for e in items))
    return render_template("faq.html", groups=ordered, total=total, terms=terms, topic_keys=keys)


def topic_key(tag: str) -> str:
    return "faq_topic_" + tag.replace("-", "_")
