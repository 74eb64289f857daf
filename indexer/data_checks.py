"""Stage: check the data files' references and values, declared as data.

A reference to an entry that does not exist, or a die face outside the die,
fails the build with the data file's name and the line of the bad value.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .data_files import DataFile
from .errors import Problem
from .model import Entry

Path = tuple[str | int, ...]

# (data file stem, path with "*" for every item, what the value must be); a stem ending in "*" covers every
# data file whose name starts with what precedes it (describes.yaml, describes-faq.yaml, ...)
DESCRIBES = "describes*"  # every describes*.yaml file (indexer/search_extras.py reads them the same way)
CHECKS: list[tuple[str, tuple[str, ...], str]] = [
    ("polish-terms", ("terms", "*", "id"), "entry"),
    ("polish-terms", ("terms", "*", "pl_id"), "entry-or-null"),
    ("status-effects", ("effects", "*", "id"), "entry"),
    (DESCRIBES, ("entries", "*", "id"), "entry"),
    ("hero-names-pl", ("heroes", "*", "id"), "entry"),
    ("status-effects", ("effects", "*", "heroes", "*"), "entry"),
    ("damage-types", ("types", "*", "entry"), "entry"),
    ("damage-types", ("untyped", "entry"), "entry"),
    ("targeting", ("entries", "*"), "entry"),
    ("targeting", ("modes", "*", "*", "rolls", "*"), "d6"),
    ("adventures-boss-vs-many-targeting", ("entry",), "entry"),
    ("adventures-boss-vs-many-targeting", ("tables", "*", "rows", "*", "rolls", "*"), "d6"),
    ("adventures-kings-hand-loot", ("entry",), "entry"),
    ("adventures-loot-rewards", ("reward_types", "*", "entry"), "entry"),
    ("adventures-loot-rewards", ("loot_table", "entry"), "entry"),
    ("adventures-loot-rewards", ("boss_loot_table", "entry"), "entry"),
    ("dungeon-dice-fame", ("awards", "*", "entry"), "entry"),
    ("dungeon-dice-reward-bags", ("bags", "*", "entry"), "entry"),
    ("dungeon-dice-reward-bags", ("rewards", "*", "entry"), "entry"),
    ("dice-keys", ("heroes", "*", "entry"), "entry"),
    ("dice-keys", ("heroes", "*", "faces"), "dice-key"),
]


def walk(value: Any, pattern: tuple[str, ...], at: Path = ()) -> Iterator[tuple[Path, Any]]:
    if not pattern:
        yield at, value
        return
    step, rest = pattern[0], pattern[1:]
    if step == "*":
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
        for key, item in items:
            yield from walk(item, rest, (*at, key))
    elif isinstance(value, dict) and step in value:
        yield from walk(value[step], rest, (*at, step))


def _problem(value: Any, rule: str, entries: dict[str, Entry]) -> str | None:
    if rule == "entry-or-null" and value is None:
        return None
    if rule in ("entry", "entry-or-null"):
        return None if isinstance(value, str) and value in entries else f"no entry has the id {value!r}"
    if rule == "d6":
        ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6
        return None if ok else f"{value!r} is not a face of a six-sided die (1-6)"
    if rule == "dice-key":
        ok = isinstance(value, dict) and sorted(map(str, value)) == list("123456") and all(
            isinstance(symbol, str) and symbol.strip() for symbol in value.values())
        return None if ok else "must give a symbol (text) for each face 1-6 exactly once"
    raise ValueError(f"unknown data check {rule!r}")


def check_data(data: dict[str, Any], files: dict[str, DataFile], entries: dict[str, Entry]) -> list[Problem]:
    problems = []
    for wanted, pattern, rule in CHECKS:
        for stem in data_stems(data, wanted):
            problems += _check_one(data[stem], files[stem], pattern, rule, entries)
    return problems


def data_stems(data: dict[str, Any], wanted: str) -> list[str]:
    """The data files a CHECKS stem names: itself, or with a trailing "*" every stem it begins."""
    if wanted.endswith("*"):
        return sorted(s for s in data if s.startswith(wanted[:-1]))
    return [wanted] if wanted in data else []


def _check_one(value: Any, file: DataFile, pattern: tuple[str, ...], rule: str,
               entries: dict[str, Entry]) -> list[Problem]:
    problems = []
    for path, item in walk(value, pattern):
        message = _problem(item, rule, entries)
        if message:
            where = ".".join(map(str, path))
            problems.append(Problem(file.path, file.line(*path), f"{where}: {message}"))
    return problems
