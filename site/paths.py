"""Where the app's files are: a checkout, or an installed wheel.

In a checkout (run in place, `make serve`, or an editable install) this package is the source folder `site/`
beside `pyproject.toml`; static/ and content/ sit next to it and builds go to ./build. An installed wheel
carries static/ and content/ inside the package (`throne_rules/static`, `throne_rules/content`, see
pyproject.toml) and builds into a per-user data directory, so `throne-rules serve` works from any directory.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
APP_DIR_NAME = "throne-rules"
SOURCE_FOLDER = "site"


def user_data_dir(env: Mapping[str, str] = os.environ) -> Path:
    """$XDG_DATA_HOME/throne-rules, or ~/.local/share/throne-rules (a relative XDG_DATA_HOME is ignored)."""
    base = env.get("XDG_DATA_HOME", "")
    home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    root = Path(base) if base and Path(base).is_absolute() else home / ".local" / "share"
    return root / APP_DIR_NAME


@dataclass(frozen=True)
class Layout:
    checkout: bool
    root: Path  # holds static/ and content/: the checkout's root, or the installed package
    build_dir: Path  # the default build directory

    @property
    def static_dir(self) -> Path:
        return self.root / "static"

    @property
    def content_dir(self) -> Path:
        return self.root / "content"

    @property
    def translations_dir(self) -> Path:
        return self.root / "translations"


def find_layout(package_dir: Path = PACKAGE_DIR, env: Mapping[str, str] = os.environ) -> Layout:
    """A checkout when this package is the folder `site/` next to a pyproject.toml; installed otherwise
    (an installed package is named `throne_rules`, never `site`, and has no pyproject.toml beside it)."""
    parent = package_dir.parent
    if package_dir.name == SOURCE_FOLDER and (parent / "pyproject.toml").is_file():
        return Layout(checkout=True, root=parent, build_dir=parent / "build")
    return Layout(checkout=False, root=package_dir, build_dir=user_data_dir(env) / "build")
