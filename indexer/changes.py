"""What a build changed since the previous one: entries added, changed and removed (changes.json).

Each build compares its entries with the release `current` pointed at before it, and keeps the list in
its own folder, so /changes and the update prompt can say what a new version of the rules brought. A build
of unchanged content keeps the previous build's list (a rebuild is not news).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

CHANGES_FILE = "changes.json"
# Fields that are not what a reader sees on the entry's page.
NOT_COMPARED = frozenset({"faqs"})


def _digest(entry: dict[str, Any]) -> str:
    shown = {k: v for k, v in entry.items() if k not in NOT_COMPARED}
    return hashlib.sha256(json.dumps(shown, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _brief(entry: dict[str, Any]) -> dict[str, str]:
    return {"id": entry["id"], "title": entry["title"], "url": entry["url"], "game": entry["game"],
            "kind": entry["kind"], "lang": entry["lang"]}


def compare(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> dict[str, list[dict[str, str]]]:
    before = {e["id"]: e for e in old}
    after = {e["id"]: e for e in new}
    return {
        "added": [_brief(e) for i, e in after.items() if i not in before],
        "changed": [_brief(e) for i, e in after.items() if i in before and _digest(e) != _digest(before[i])],
        "removed": [_brief(e) for i, e in before.items() if i not in after],
    }


def changes_since(previous: Path | None, content_hash: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The list for a new build whose entries are `entries`, given the folder of the build before it."""
    empty = {"previous": None, "added": [], "changed": [], "removed": []}
    if previous is None or not (previous / "entries.json").is_file():
        return empty
    manifest = json.loads((previous / "manifest.json").read_text(encoding="utf-8"))
    if manifest.get("content_hash") == content_hash:  # the same content built again: keep its list
        kept = previous / CHANGES_FILE
        return json.loads(kept.read_text(encoding="utf-8")) if kept.is_file() else empty
    old = json.loads((previous / "entries.json").read_text(encoding="utf-8"))
    return {"previous": {"content_hash": manifest.get("content_hash"), "built_at": manifest.get("built_at")},
            **compare(old, entries)}


def read_changes(release_dir: Path) -> dict[str, Any] | None:
    """A release's list, or None for a build made before builds kept one."""
    path = release_dir / CHANGES_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
