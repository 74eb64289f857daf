"""One blueprint per concern; views stay thin and call the indexer and calculators."""

from __future__ import annotations

from flask import current_app, g, has_request_context, request

from indexer import Release

# The WSGI environ key of a request that renders a given build, not the live one: the pack warmer renders a new
# build's page pack before the library makes it live (site/serving.py). Only the app's own test client sets it:
# no HTTP header becomes an environ key without the HTTP_ prefix.
PINNED_RELEASE = "throne_rules.release"


def release() -> Release:
    """The live build, taken once per request so a response never mixes two builds."""
    snapshot = g.get("release")
    if snapshot is None:
        pinned = request.environ.get(PINNED_RELEASE) if has_request_context() else None
        snapshot = g.release = pinned or current_app.extensions["library"].release()
    return snapshot
