"""The docs cover what the project declares as data: commands, settings, API paths, content kinds.

The README keeps the two commands and links the pages under docs/ that hold the rest: the command and its
settings (docs/cli.md), the API (docs/api.md), operations, deployment, search, benchmarks and features.
"""

from __future__ import annotations

import argparse
import re

from throne_rules import DEFAULTS, PROJECT_ROOT
from throne_rules.cli import parser
from throne_rules.openapi import openapi_document

from indexer.model import GAMES, KINDS

DOCS = PROJECT_ROOT / "docs"
README = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
CLI = (DOCS / "cli.md").read_text(encoding="utf-8")
API = (DOCS / "api.md").read_text(encoding="utf-8")
CONTENT_FORMAT = (DOCS / "content-format.md").read_text(encoding="utf-8")
# The pages the README moved out and links; each stands on its own.
PAGES = ["features.md", "deployment.md", "operations.md", "cli.md", "api.md", "search.md", "benchmarks.md",
         "development.md", "content-format.md"]
LINK_RE = re.compile(r"\]\(([^)#\s]+)(?:#[^)\s]*)?\)")


def test_every_command_is_documented() -> None:
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name in sub.choices:
        assert f"throne-rules {name}" in CLI, name


def test_every_setting_is_documented() -> None:
    for name in DEFAULTS:
        assert f"`{name}`" in CLI, name


def test_every_api_path_is_documented() -> None:
    for path in openapi_document()["paths"]:
        assert path in API, path


def test_every_game_and_kind_is_in_the_content_format() -> None:
    for name in [*GAMES, *KINDS]:
        assert f"`{name}`" in CONTENT_FORMAT, name


def test_the_two_commands() -> None:
    assert "make serve" in README and "make test" in README
    assert "make test" in (PROJECT_ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_is_a_first_screen_and_links_every_page() -> None:
    assert len(README.splitlines()) <= 150
    assert "docs/screenshots/" in README
    for page in PAGES:
        assert f"](docs/{page}" in README, page


def test_every_local_link_in_the_readme_and_docs_resolves() -> None:
    files = [PROJECT_ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
    for md in files:
        for target in LINK_RE.findall(md.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            assert (md.parent / target).exists(), f"{md.name}: {target}"
