"""Stage: the fact box of a status effect, read from content/data/status-effects.yaml.

The data file is the one source of truth for these fields: the page shows them
from here, and the rules engine reads the same file. A Polish twin of a status effect gets the same box: each
row names its value (`key`, `value`, `others`, `note`) so the page writes it in its language from the gettext
catalog (site/templating.py fact_text: labels `ui:fact_<key>`, the data file's notes `data:fact-note`); `label`
and `text` are the English.
"""

from __future__ import annotations

from typing import Any

from .model import Entry

UNKNOWN = "Not given in the sources: read it off your hero leaflet"


def _yes_no(value: Any) -> str:
    return "unknown" if value is None else ("yes" if value else "no")


WORDS = {"unknown": UNKNOWN, "yes": "Yes", "no": "No"}


def fact_english(value: str, others: Any = None, note: str | None = None) -> str:
    """A row's text in English: its value ("yes", "no", "unknown", a number, a type), the limit on other
    players, and the data file's note (which replaces "not given")."""
    text = WORDS.get(value, value.capitalize() if value.isalpha() else value)
    if others is not None:
        text += f" on its hero, {others} on anyone else"
    if not note:
        return text
    return note if value == "unknown" else f"{text}. {note}"


def _row(key: str, label: str, value: str, item: dict[str, Any], others: Any = None) -> dict[str, Any]:
    """One row: its English label and text, and what the page needs to write it in Polish."""
    note = (item.get("notes") or {}).get(key)
    row: dict[str, Any] = {"key": key, "label": label, "value": value}
    if others is not None:
        row["others"] = others
    if note:
        row["note"] = str(note)
    row["text"] = fact_english(value, others, row.get("note"))
    return row


def status_effect_facts(data: dict[str, Any], entries: dict[str, Entry]) -> dict[str, list[dict[str, Any]]]:
    """Entry id -> rows of (label, text, links) for its fact box."""
    out: dict[str, list[dict[str, Any]]] = {}
    for item in data.get("status-effects", {}).get("effects", []) or []:
        if not isinstance(item, dict) or item.get("id") not in entries:
            continue
        limit = item.get("stack_limit")
        kind = str(item.get("type", "")).lower()
        rows = [{"key": "type", "label": "Type", "value": kind or "unknown", "text": fact_english(kind or "unknown")},
                _row("stack_limit", "Stack limit", "unknown" if limit is None else str(limit), item,
                     item.get("stack_limit_other_players"))]
        if item.get("activation_limit") is not None:
            rows.append(_row("activation_limit", "Activation limit", str(item["activation_limit"]), item))
        rows += [_row("persistent", "Persistent", _yes_no(item.get("persistent")), item),
                 _row("spendable", "Spendable", _yes_no(item.get("spendable")), item),
                 _row("attack_modifier", "Attack Modifier", _yes_no(item.get("attack_modifier")), item)]
        heroes = [{"title": entries[h].title, "url": entries[h].url, "id": h} for h in item.get("heroes") or []
                  if h in entries]
        if heroes:
            rows.append({"key": "used_by", "label": "Used by", "text": "", "links": heroes})
        out[item["id"]] = rows
        twin = next((e for e in entries.values() if e.translation_of == item["id"]), None)
        if twin is not None:  # the Polish twin's box: the same rows, its heroes' Polish pages
            out[twin.id] = [_to_twins(row, entries) for row in rows]
    return out


def _to_twins(row: dict[str, Any], entries: dict[str, Entry]) -> dict[str, Any]:
    links = []
    for link in row.get("links", []):
        twin = next((e for e in entries.values() if e.translation_of == link["id"]), None)
        links.append({"title": twin.title, "url": twin.url, "id": twin.id} if twin else link)
    return {**row, "links": links} if links else dict(row)
