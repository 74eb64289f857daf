"""Template globals: names of games and kinds, interface strings by language."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request

from indexer.model import GAMES, KINDS, LANGS

from .ui_strings import UI_STRINGS


def register(app: Flask) -> None:
    @app.context_processor
    def globals_() -> dict[str, Any]:
        return {"GAMES": GAMES, "KINDS": KINDS, "LANGS": LANGS}

    @app.template_global()
    def t(key: str, lang: str = "en") -> str:
        return UI_STRINGS.get(lang, UI_STRINGS["en"]).get(key) or UI_STRINGS["en"][key]


def site_url() -> str:
    """The public URL of the app's root from the SITE_URL setting ("" when not set), without a trailing slash."""
    return str(current_app.config.get("SITE_URL") or "").rstrip("/")


def absolute_url(path: str) -> str:
    """`path` (from the app's root) as a URL for canonical links and crawlers: absolute under SITE_URL, otherwise
    relative to the host the reader used (never built from a request's Host header, which a client controls)."""
    base = site_url()
    return f"{base}{path}" if base else f"{request.script_root}{path}"


def register_urls(app: Flask) -> None:
    app.add_template_global(site_url)
    app.add_template_global(absolute_url)
