"""Reading the calculators' tables out of the content data files (release().data, by file stem).

The data files are the one source of truth; a calculator never carries its own
copy. A missing or malformed file raises TableMissing, which the views turn into
a clear 503 rather than a wrong answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class TableMissing(RuntimeError):
    """A data file (or a row the calculator needs) is not in the build."""

    def __init__(self, stem: str, detail: str):
        super().__init__(f"content/data/{stem}.yaml: {detail}")
        self.stem = stem
        self.detail = detail


def data_file(data: Mapping[str, Any], stem: str) -> Mapping[str, Any]:
    value = data.get(stem)
    if not isinstance(value, Mapping):
        raise TableMissing(stem, "the data file is missing from the build")
    return value


def rows(data: Mapping[str, Any], stem: str, key: str) -> list[Mapping[str, Any]]:
    value = data_file(data, stem).get(key)
    if not isinstance(value, list) or not all(isinstance(r, Mapping) for r in value):
        raise TableMissing(stem, f"'{key}' must be a list of mappings")
    return list(value)


def need(row: Mapping[str, Any], key: str, stem: str, kind: type | tuple[type, ...]) -> Any:
    value = row.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise TableMissing(stem, f"row {dict(row)!r} lacks '{key}'")
    return value


def entry_url(entries: Mapping[str, Mapping[str, Any]], entry_id: str, game: str = "dice-throne") -> str:
    """The URL of an entry: from the build when present, else the id's canonical place (checked by a test)."""
    entry = entries.get(entry_id)
    if entry and isinstance(entry.get("url"), str):
        return str(entry["url"])
    return f"/{game}/{entry_id}"


def link_titles(urls: Iterable[str], entries: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Link text for every rule URL a calculator emits: the entry's title (the id when not built)."""
    titles: dict[str, str] = {}
    for url in urls:
        entry_id = url.split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
        entry = entries.get(entry_id)
        titles[url] = str(entry["title"]) if entry else entry_id.replace("-", " ").capitalize()
    return titles
