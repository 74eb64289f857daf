"""A release is one complete build in its own directory; `current` points at it.

Builds are written beside the live one and swapped in with an atomic symlink
replace, so a reader sees the old build or the new one, never half of one.
"""

from __future__ import annotations

import json
import os
import shutil
import time
import uuid
from pathlib import Path
from typing import Any

KEEP_RELEASES = 3
FORMAT_VERSION = 3  # 2: search-bodies-<lang>.json; 3: search-terms-<lang>.json (issue 35)


def releases_dir(build_dir: Path) -> Path:
    return build_dir / "releases"


def new_release_dir(build_dir: Path) -> Path:
    path = releases_dir(build_dir) / f".tmp-{uuid.uuid4().hex}"
    path.mkdir(parents=True)
    return path


def publish(build_dir: Path, staging: Path, content_hash: str) -> Path:
    final = releases_dir(build_dir) / f"{int(time.time() * 1000)}-{content_hash[:12]}"
    staging.rename(final)
    link = build_dir / "current"
    tmp_link = build_dir / f".current-{uuid.uuid4().hex}"
    os.symlink(final.relative_to(build_dir), tmp_link)
    os.replace(tmp_link, link)
    _prune(build_dir, keep=final)
    return final


def _prune(build_dir: Path, keep: Path) -> None:
    done = sorted((p for p in releases_dir(build_dir).iterdir() if not p.name.startswith(".")), key=lambda p: p.name)
    for old in done[:-KEEP_RELEASES]:
        if old != keep:
            # renamed first, in one step: a server still serving it sees it gone (Library.release) before any of
            # its files is
            gone = releases_dir(build_dir) / f".old-{old.name}"
            old.rename(gone)
            shutil.rmtree(gone, ignore_errors=True)
    for stale in [*releases_dir(build_dir).glob(".tmp-*"), *releases_dir(build_dir).glob(".old-*")]:
        if time.time() - stale.stat().st_mtime > 3600:
            shutil.rmtree(stale, ignore_errors=True)


def current_release(build_dir: Path) -> Path | None:
    link = build_dir / "current"
    try:
        return (build_dir / os.readlink(link)).resolve()
    except OSError:
        return None


def write_json(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def read_manifest(release: Path) -> dict[str, Any]:
    return json.loads((release / "manifest.json").read_text(encoding="utf-8"))
