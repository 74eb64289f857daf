"""Stage: the fact box of a status effect, read from content/data/status-effects.yaml.

The data file is the one source of truth for these fields: the page shows them
from here, and the rules engine reads the same file.
"""

from __future__ import annotations

from typing import Any

from .model import Entry

UNKNOWN = "Not given in the sources: read it off your hero leaflet"


def _yes_no(value: Any) -> str:
    return UNKNOWN if value is None else ("Yes" if value else "No")


def _with_note(text: str, item: dict[str, Any], key: str) -> str:
    """Append the item's `notes.<key>` (a sentence from the data file); it replaces "not given"."""
    note = (item.get("notes") or {}).get(key)
    if not note:
        return text
    return str(note) if text == UNKNOWN else f"{text}. {note}"


def status_effect_facts(data: dict[str, Any], entries: dict[str, Entry]) -> dict[str, list[dict[str, Any]]]:
    """Entry id -> rows of (label, text, links) for its fact box."""
    out: dict[str, list[dict[str, Any]]] = {}
    for item in data.get("status-effects", {}).get("effects", []) or []:
        if not isinstance(item, dict) or item.get("id") not in entries:
            continue
        limit = item.get("stack_limit")
        limit_text = UNKNOWN if limit is None else str(limit)
        if item.get("stack_limit_other_players") is not None:
            limit_text += f" on its hero, {item['stack_limit_other_players']} on anyone else"
        rows = [
            {"label": "Type", "text": str(item.get("type", "")).capitalize() or UNKNOWN},
            {"label": "Stack limit", "text": _with_note(limit_text, item, "stack_limit")},
        ]
        if item.get("activation_limit") is not None:
            text = _with_note(str(item["activation_limit"]), item, "activation_limit")
            rows.append({"label": "Activation limit", "text": text})
        rows += [
            {"label": "Persistent", "text": _with_note(_yes_no(item.get("persistent")), item, "persistent")},
            {"label": "Spendable", "text": _with_note(_yes_no(item.get("spendable")), item, "spendable")},
            {"label": "Attack Modifier",
             "text": _with_note(_yes_no(item.get("attack_modifier")), item, "attack_modifier")},
        ]
        heroes = [{"title": entries[h].title, "url": entries[h].url} for h in item.get("heroes") or [] if h in entries]
        if heroes:
            rows.append({"label": "Used by", "text": "", "links": heroes})
        out[item["id"]] = rows
    return out
