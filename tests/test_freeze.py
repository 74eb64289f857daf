"""`throne-rules freeze`: the static copy, written whole, with hashed asset names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from throne_rules import create_app
from throne_rules.assets import hashed_file_name
from throne_rules.cli import main
from throne_rules.freeze import FreezeError, freeze
from throne_rules.page_pack import unpack

from .helpers import entry_text, write_entry


def test_hashed_file_names() -> None:
    assert hashed_file_name("css/app.css", "0123456789ab") == "css/app.0123456789ab.css"
    assert hashed_file_name("LICENSE", "0123456789ab") == "LICENSE.0123456789ab"


def test_cli_freeze_writes_pages_assets_and_worker(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = tmp_path / "content"
    write_entry(content, "stun.md", entry_text("stun", "Stun", "A negative status effect.", kind="status-effect"))
    out = tmp_path / "out"
    args = ["--content", str(content), "--build-dir", str(tmp_path / "build"), "freeze", str(out)]
    assert main(args) == 0
    assert "froze" in capsys.readouterr().out
    page = (out / "dice-throne" / "stun" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Stun</h1>" in page and '<meta name="throne-build"' in page
    assert (out / "index.html").is_file() and (out / "sw.js").is_file() and (out / "404.html").is_file()
    css = list((out / "static" / "css").glob("app.*.css"))
    assert len(css) == 1 and css[0].name in page
    assert not (out / "static" / "css" / "app.css").exists()  # only hashed names: safe to cache forever
    sw = (out / "sw.js").read_text(encoding="utf-8")
    assert '"static":true' in sw
    pack_file = re.search(r'"pack":"(/precache-pack/[^"]+)"', sw).group(1)  # type: ignore[union-attr]
    pack = json.loads((out / pack_file.lstrip("/")).read_text(encoding="utf-8"))
    assert unpack(pack)["/dice-throne/stun"] == page
    assert list((out / "static" / "screenshots").glob("*.png")), "not precached, still exported for the manifest"
    assert main(args) == 0  # a second export replaces the first whole
    assert not list(tmp_path.glob(".out.*"))


def test_freeze_refuses_a_server_app(tmp_path: Path) -> None:
    with pytest.raises(FreezeError):
        freeze(create_app({"BUILD_DIR": str(tmp_path)}), tmp_path / "out")
