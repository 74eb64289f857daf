"""Loading the golden vectors (tests/golden/*.json) shared by the Python, API and browser tests."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parent / "golden"


@cache
def golden(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def entries_json(corpus: Any) -> dict[str, dict[str, Any]]:
    """The corpus's entries as the build publishes them (release().entries)."""
    return {entry_id: entry.to_json() for entry_id, entry in corpus.entries.items()}


def cases(name: str, key: str = "cases") -> list[Any]:
    import pytest

    return [pytest.param(c, id=c["name"]) for c in golden(name)[key]]


def subset(actual: Any, expected: Any) -> bool:
    """Every key of `expected` is in `actual` with the same value (recursively; lists element-wise)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(actual[k], v) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(actual) == len(expected) and all(
            subset(a, e) for a, e in zip(actual, expected, strict=True))
    return actual == expected
