"""A missing or corrupt build never serves errors: clear 503s, automatic rebuilds, last good build kept."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from throne_rules import create_app
from throne_rules.cli import build_is_stale, main

from indexer import build
from indexer.release import current_release

from .helpers import entry_text, write_entry


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    write_entry(root, "cp.md", entry_text("combat-points", "Combat points", body="Start with 2 CP."))
    return root


def test_corrupt_index_is_a_clear_503(content: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    build(content, out)
    release = current_release(out)
    assert release is not None
    shutil.rmtree(release / "index")
    client = create_app({"TESTING": True, "BUILD_DIR": str(out)}).test_client()
    resp = client.get("/api/search?q=cp")
    assert resp.status_code == 503
    assert "throne-rules build" in resp.get_json()["error"]["message"]


def test_serve_rebuilds_a_corrupt_or_stale_build(content: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    assert build_is_stale(content, out)  # no build yet
    build(content, out)
    assert not build_is_stale(content, out)
    write_entry(content, "hp.md", entry_text("health", "Health"))
    assert build_is_stale(content, out)  # content changed
    build(content, out)
    (current_release(out) / "entries.json").write_text("{not json")
    assert build_is_stale(content, out)  # corrupt


def test_broken_new_build_keeps_the_last_good_one(content: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    build(content, out)
    app = create_app({"TESTING": True, "BUILD_DIR": str(out)})
    client = app.test_client()
    good = client.get("/healthz").get_json()["content_hash"]
    write_entry(content, "hp.md", entry_text("health", "Health"))
    build(content, out)
    shutil.rmtree(current_release(out) / "index")
    app.extensions["library"]._checked = 0.0  # look at the link again now
    resp = client.get("/healthz")
    assert resp.status_code == 200 and resp.get_json()["content_hash"] == good


def test_failed_build_leaves_the_live_build_alone(content: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    build(content, out)
    before = current_release(out)
    write_entry(content, "bad.md", entry_text("bad", "Bad", body="[[nowhere]]"))
    assert main(["--content", str(content), "--build-dir", str(out), "build"]) == 1
    assert current_release(out) == before


def test_responses_name_their_build(client) -> None:  # type: ignore[no-untyped-def]
    resp = client.get("/api/search?q=cp")
    assert len(resp.headers["X-Content-Hash"]) == 64
