"""Issue 32's low items that are not about one request: `serve` on a corrupt build."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from throne_rules.cli import main

from indexer import build
from indexer.release import current_release
from indexer.snapshot import Release, ReleaseMissing

from ..helpers import entry_text, write_entry


@pytest.fixture
def built(tmp_path: Path) -> Path:
    content, out = tmp_path / "content", tmp_path / "build"
    write_entry(content, "stun.md", entry_text("stun", "Stun", "A status effect.", kind="status-effect"))
    build(content, out)
    live = current_release(out)
    assert live is not None
    return live


# whoosh leaves a damaged segment's file open when it fails to read its table (whoosh/codec/base.py,
# open_compound_file): its ResourceWarning comes when the file is collected, not from our code
WHOOSH_LEAK = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.mark.parametrize("damage", ["entries-shape", "data-shape", pytest.param("segment", marks=WHOOSH_LEAK)])
def test_serve_on_a_corrupt_build_says_so_without_a_traceback(built: Path, damage: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """With no content to rebuild from, `serve` refuses with one clear line (before: a TypeError's traceback)."""
    if damage == "entries-shape":
        (built / "entries.json").write_text(json.dumps({"stun": {}}), encoding="utf-8")
    elif damage == "data-shape":
        (built / "data.json").write_text(json.dumps({"synonyms": 5}), encoding="utf-8")
    else:
        for segment in (built / "index").glob("*.seg"):
            segment.write_bytes(segment.read_bytes()[: segment.stat().st_size // 2])
    with pytest.raises(ReleaseMissing, match="incomplete or corrupt"):
        Release.load(built)
    missing = built.parent.parent.parent / "no-content"
    status = main(["--content", str(missing), "--build-dir", str(built.parent.parent), "serve", "--port", "0"])
    said = capsys.readouterr()
    assert status == 1
    assert "is incomplete or corrupt" in said.out + said.err and "Traceback" not in said.out + said.err
