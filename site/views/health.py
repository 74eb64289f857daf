"""Probes for load balancers and deploy scripts."""

from __future__ import annotations

from flask import Blueprint, Response, g, jsonify
from flask.typing import ResponseReturnValue

from . import release

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    rel = release()
    return jsonify({"status": "ok", "content_hash": rel.content_hash, "entries": len(rel.entries),
                    "built_at": rel.manifest.get("built_at")})


@bp.after_app_request
def tag_build(response: Response) -> Response:
    """Say which build answered, so deploy checks (and tests) can see a swap happen."""
    snapshot = g.get("release")
    if snapshot is not None:
        response.headers["X-Content-Hash"] = snapshot.content_hash
    return response
