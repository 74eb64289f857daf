"""One blueprint per concern; views stay thin and call the indexer and calculators."""

from __future__ import annotations

from flask import current_app, g

from indexer import Release


def release() -> Release:
    """The live build, taken once per request so a response never mixes two builds."""
    snapshot = g.get("release")
    if snapshot is None:
        snapshot = g.release = current_app.extensions["library"].release()
    return snapshot
