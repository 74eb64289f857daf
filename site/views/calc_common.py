"""What the calculator views share: the tables of the live release, built once per build."""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Any

from calculators.damage import damage_tables
from calculators.dungeon_dice import dungeon_dice_tables
from calculators.loot import loot_tables
from calculators.odds import odds_tables
from calculators.scoring import score_tables
from calculators.targeting import targeting_tables
from calculators.validation import CalcError

from ..ui_strings_calc2 import LABELS, PAGE_TEXT
from . import release

TableBuilder = Callable[[Mapping[str, Any], Mapping[str, Mapping[str, Any]]], dict[str, Any]]

BUILDERS: dict[str, TableBuilder] = {
    "damage": damage_tables,
    "targeting": targeting_tables,
    "loot": loot_tables,
    "score": score_tables,
    "dungeon-dice": dungeon_dice_tables,
    "odds": odds_tables,
}

_cache: dict[tuple[str, str], dict[str, Any]] = {}
_lock = threading.Lock()


def tables(name: str) -> dict[str, Any]:
    """The named calculator's tables from the live build's data files (TableMissing if they are absent)."""
    rel = release()
    key = (rel.content_hash, name)
    with _lock:
        cached = _cache.get(key)
    if cached is not None:
        return cached
    built = BUILDERS[name](rel.data, rel.entries)
    with _lock:
        if len(_cache) > 64:
            _cache.clear()
        _cache[key] = built
    return built


def roll_die(sides: int) -> int:
    """A fair die roll for "the server rolls" (the engine stays free of I/O and randomness)."""
    return secrets.randbelow(sides) + 1


# An error's leading field name ("remaining_salves must ...", "Unknown mode '...'"); static/js/calc/form.js too.
LEADING_FIELD = re.compile(r"^(Unknown )?([a-z][a-z_]*)(?=[ :])")


def page_message(message: str) -> str:
    """An engine's error message as the page shows it: the field's visible label for its API name."""
    if message in PAGE_TEXT:
        return PAGE_TEXT[message]
    match = LEADING_FIELD.match(message)
    if match and match.group(2) in LABELS:
        return (match.group(1) or "") + LABELS[match.group(2)] + message[match.end():]
    return message


def page_error(err: CalcError) -> CalcError:
    """The error with its message in the page's words; its code and field stay the API's."""
    return CalcError(err.code, page_message(err.message), err.field)
