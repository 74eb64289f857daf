"""Probes for load balancers and deploy scripts.

`/healthz` asks the live build a real search (about 4 ms of CPU), at most once per `PROBE_TTL` seconds per app
and build: damage done while serving shows within that second, and a flood of probes costs one search a second,
not one each (issue 32)."""

from __future__ import annotations

import time

from flask import Blueprint, Response, current_app, g, jsonify
from flask.typing import ResponseReturnValue

from indexer import Release

from . import release

bp = Blueprint("health", __name__)
PROBE_TTL = 1.0


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    rel = release()
    answered = _answers(rel)
    if not answered and not rel.path.is_dir():  # a newer build pruned it while this request began: the next one
        g.release = None
        rel = release()
        answered = _answers(rel)
    if not answered:
        error = {"code": "search_unavailable", "message": "The live build cannot answer a search.", "field": None}
        return jsonify({"status": "error", "error": error, "content_hash": rel.content_hash}), 503
    return jsonify({"status": "ok", "content_hash": rel.content_hash, "entries": len(rel.entries),
                    "built_at": rel.manifest.get("built_at")})


def _answers(rel: Release) -> bool:
    """The last probe of this build if younger than PROBE_TTL, else a new one."""
    probes: dict[str, tuple[float, bool]] = current_app.extensions.setdefault("health_probes", {})
    key, now = str(rel.path), time.monotonic()
    last = probes.get(key)
    if last is not None and now - last[0] < PROBE_TTL:
        return last[1]
    probes.clear()  # only the live build's probe is kept
    probes[key] = (now, answered := _probe(rel))
    return answered


def _probe(rel: Release) -> bool:
    # The build must answer a real query, not only load: a damaged index that loads but cannot search is not ok.
    # Asked of the index itself every time, past the result cache, and its files must still be there: damage
    # done while serving shows at the next probe (issue 32), not never.
    try:
        probe = str(next(iter(rel.entries.values()))["title"])  # an entry's own title must find something
        on_disk = any((rel.path / "index").glob("*.toc")) and any((rel.path / "index").glob("*.seg"))
        return on_disk and rel.index._search(probe, 1, None).total > 0
    except Exception:  # logged: whatever broke, the probe must answer "not ok" rather than crash
        current_app.logger.exception("health probe: the live build cannot search")
        return False


@bp.after_app_request
def tag_build(response: Response) -> Response:
    """Say which build answered, so deploy checks (and tests) can see a swap happen."""
    snapshot = g.get("release")
    if snapshot is not None:
        response.headers["X-Content-Hash"] = snapshot.content_hash
    return response
