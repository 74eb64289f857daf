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
            search_index = SearchIndex(path / "index", synonym_groups(data))
        except (OSError, ValueError, KeyError, IndexUnavailable) as exc:
            msg = f"the build at {path} is incomplete or corrupt ({exc}); run 'throne-rules build'"
            raise ReleaseMissing(msg) from exc
        return cls(path, manifest, {e["id"]: e for e in entries}, data, search_index)

    def search(self, text: str, limit: int = 10, filters: dict[str, str] | None = None) -> SearchResult:
        return self.index.search(text, limit=limit, filters=filters)
