"""Template globals: names of games and kinds, interface strings by language."""

from __future__ import annotations

from typing import Any

from flask import Flask

from indexer.model import GAMES, KINDS, LANGS

from .ui_strings import UI_STRINGS


def register(app: Flask) -> None:
    @app.context_processor
    def globals_() -> dict[str, Any]:
        return {"GAMES": GAMES, "KINDS": KINDS, "LANGS": LANGS}

    @app.template_global()
    def t(key: str, lang: str = "en") -> str:
        return UI_STRINGS.get(lang, UI_STRINGS["en"]).get(key) or UI_STRINGS["en"][key]
