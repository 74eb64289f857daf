"""The README covers what the project declares as data: commands, settings, API paths, content kinds."""

from __future__ import annotations

import argparse

from throne_rules import DEFAULTS, PROJECT_ROOT
from throne_rules.cli import parser
from throne_rules.openapi import openapi_document

from indexer.model import GAMES, KINDS

README = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
CONTENT_FORMAT = (PROJECT_ROOT / "docs" / "content-format.md").read_text(encoding="utf-8")


def test_every_command_is_documented() -> None:
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name in sub.choices:
        assert f"throne-rules {name}" in README, name


def test_every_setting_is_documented() -> None:
    for name in DEFAULTS:
        assert f"`{name}`" in README, name


def test_every_api_path_is_documented() -> None:
    for path in openapi_document()["paths"]:
        assert path in README, path


def test_every_game_and_kind_is_in_the_content_format() -> None:
    for name in [*GAMES, *KINDS]:
        assert f"`{name}`" in CONTENT_FORMAT, name


def test_the_two_commands() -> None:
    assert "make serve" in README and "make test" in README
    assert "make test" in (PROJECT_ROOT / ".ci" / "run").read_text(encoding="utf-8")
