"""Probes for load balancers and deploy scripts."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from . import release

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    rel = release()
    return jsonify({"status": "ok", "content_hash": rel.content_hash, "entries": len(rel.entries),
                    "built_at": rel.manifest.get("built_at")})
