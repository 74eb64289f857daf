"""One blueprint per concern; views stay thin and call the indexer and calculators."""

from __future__ import annotations

from flask import current_app

from indexer import Release


def release() -> Release:
    return current_app.extensions["library"].release()
