"""One build's release as the read side holds it: its pages, data and search index, loaded from its folder.

The library (indexer/library.py) keeps the live one; the search workers (indexer/search_pool.py) open their
own. Both import it from here, so neither imports the other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .release import read_manifest
from .search_backend import IndexUnavailable, SearchIndex, SearchResult
from .synonyms import synonym_groups


class ReleaseMissing(RuntimeError):
    pass


def _corrupt(path: Path, why: object) -> str:
    return f"the build at {path} is incomplete or corrupt ({why}); run 'throne-rules build'"


def _check_shapes(manifest: Any, entries: Any, data: Any) -> None:
    """Valid JSON of the wrong shape is a corrupt build too (ValueError), not a TypeError deep in a caller."""
    if not isinstance(manifest, dict) or not isinstance(manifest.get("content_hash"), str):
        raise ValueError("manifest.json has no content_hash")
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e.get("id"), str)
                                                for e in entries):
        raise ValueError("entries.json is not a list of entries")
    if not isinstance(data, dict):
        raise ValueError("data.json is not an object")


@dataclass
class Release:
    path: Path
    manifest: dict[str, Any]
    entries: dict[str, dict[str, Any]]
    data: dict[str, Any]
    index: SearchIndex

    @property
    def content_hash(self) -> str:
        return str(self.manifest["content_hash"])

    @classmethod
    def load(cls, path: Path) -> Release:
        try:
            manifest = read_manifest(path)
            entries = json.loads((path / "entries.json").read_text(encoding="utf-8"))
            data = json.loads((path / "data.json").read_text(encoding="utf-8"))
            _check_shapes(manifest, entries, data)
            search_index = SearchIndex(path / "index", synonym_groups(data))
            # the index's segments open lazily: one search now finds a damaged one before anyone is served from it
            search_index.search(str(entries[0].get("title", "")) if entries else "rule", limit=1)
        except (OSError, ValueError, KeyError, IndexUnavailable) as exc:
            raise ReleaseMissing(_corrupt(path, exc)) from exc
        except Exception as exc:  # noqa: BLE001 - anything else a damaged file makes its reader raise
            raise ReleaseMissing(_corrupt(path, f"{type(exc).__name__}: {exc}")) from exc
        return cls(path, manifest, {e["id"]: e for e in entries}, data, search_index)

    def search(self, text: str, limit: int = 10, filters: dict[str, str] | None = None) -> SearchResult:
        return self.index.search(text, limit=limit, filters=filters)
