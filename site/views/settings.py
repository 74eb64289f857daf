"""The reader's settings page, and what changed in this version of the rules (/changes, /api/changes)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template
from flask.typing import ResponseReturnValue

from indexer.changes import read_changes

from ..page_cache import per_release
from ..templating import app_url
from . import release

bp = Blueprint("settings", __name__)


def _version() -> dict[str, str]:
    rel = release()
    return {"hash": rel.content_hash[:12], "built_at": str(rel.manifest.get("built_at", ""))}


@bp.get("/settings")
@per_release
def settings() -> str:
    return render_template("settings.html", version=_version())


def _changes() -> dict[str, Any]:
    found = read_changes(release().path)
    return found or {"previous": None, "added": [], "changed": [], "removed": []}


@bp.get("/changes")
@per_release
def changes() -> str:
    return render_template("changes.html", changes=_changes(), version=_version())


@bp.get("/api/changes")
def changes_api() -> ResponseReturnValue:
    """What this build changed: {"version", "previous", "added", "changed", "removed", "total"}."""
    found = _changes()
    total = len(found["added"]) + len(found["changed"]) + len(found["removed"])
    for key in ("added", "changed", "removed"):  # each entry's URL as a reader follows it: under the app's prefix
        found[key] = [{**e, "url": app_url(e["url"])} for e in found[key]]
    return jsonify({"version": _version(), **found, "total": total})
