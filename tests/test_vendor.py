"""The vendored front-end libraries (static/vendor/) are exactly what package-lock.json installs.

`make vendor` copies them from node_modules (installed by `npm ci` from the lock file) and records each copy in
tools/vendor.lock.json. These tests fail when package-lock.json moves to another version or tarball without
`make vendor`, when a copy is edited by hand, and (with node_modules installed, as `make test` does) when a
copy differs from the file npm installed.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from throne_rules import PROJECT_ROOT
from throne_rules.assets import REQUIRED


def _vendor_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vendor_tool", PROJECT_ROOT / "tools" / "vendor.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


VENDOR = _vendor_tool()
RECORD = json.loads(VENDOR.RECORD.read_text(encoding="utf-8"))["files"]
NODE_MODULES = PROJECT_ROOT / "node_modules"


def test_every_vendored_file_is_recorded_and_required() -> None:
    assert set(RECORD) == set(VENDOR.VENDORED)
    on_disk = {p.relative_to(PROJECT_ROOT).as_posix() for p in (PROJECT_ROOT / "static" / "vendor").iterdir()}
    assert on_disk == set(VENDOR.VENDORED), "static/vendor/ holds only what tools/vendor.py copies"
    assert {f"static/{name}" for name in REQUIRED} <= set(VENDOR.VENDORED)


@pytest.mark.parametrize("target", sorted(VENDOR.VENDORED))
def test_record_matches_package_lock(target: str) -> None:
    package, source = VENDOR.VENDORED[target]
    record = RECORD[target]
    lock = VENDOR.locked(PROJECT_ROOT, package)
    assert (record["package"], record["source"]) == (package, source)
    assert (record["version"], record["integrity"]) == (lock["version"], lock["integrity"]), (
        f"package-lock.json has {package} {lock['version']}, the copy is {record['version']}: run 'make vendor'")


@pytest.mark.parametrize("target", sorted(VENDOR.VENDORED))
def test_vendored_copy_is_the_recorded_file(target: str) -> None:
    assert VENDOR.sha512((PROJECT_ROOT / target).read_bytes()) == RECORD[target]["sha512"], (
        f"{target} is not the file `make vendor` copied: run 'make vendor'")


@pytest.mark.parametrize("target", sorted(VENDOR.VENDORED))
def test_vendored_copy_is_what_npm_installed(target: str) -> None:
    package, source = VENDOR.VENDORED[target]
    if not (NODE_MODULES / package).is_dir():
        # a checkout without npm (`make test` runs `npm ci`): the record checks above still tie the copy to
        # package-lock.json, and this test has nothing more to compare
        assert not (NODE_MODULES / ".installed").exists(), f"npm ci ran but installed no {package}"
        return
    assert VENDOR.installed_version(PROJECT_ROOT, package) == RECORD[target]["version"], "run 'npm ci'"
    assert (NODE_MODULES / package / source).read_bytes() == (PROJECT_ROOT / target).read_bytes(), (
        f"{target} differs from node_modules/{package}/{source}: run 'make vendor'")


def test_vendor_copies_from_node_modules(tmp_path: Path) -> None:
    """`make vendor` in a tree with a fake node_modules copies the file and records the lock's entry."""
    package, source = VENDOR.VENDORED["static/vendor/minisearch.js"]
    lock = {"packages": {f"node_modules/{package}": {"version": "1.2.3", "integrity": "sha512-abc"}}}
    (tmp_path / "package-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    installed = tmp_path / "node_modules" / package
    (installed / source).parent.mkdir(parents=True)
    (installed / source).write_bytes(b"window.MiniSearch = 1;\n")
    (installed / "package.json").write_text('{"version": "1.2.3"}', encoding="utf-8")
    record = VENDOR.vendor(tmp_path)["files"]["static/vendor/minisearch.js"]
    assert (tmp_path / "static" / "vendor" / "minisearch.js").read_bytes() == b"window.MiniSearch = 1;\n"
    assert record["version"] == "1.2.3" and record["integrity"] == "sha512-abc"
    assert record["sha512"] == VENDOR.sha512(b"window.MiniSearch = 1;\n")
    (installed / "package.json").write_text('{"version": "1.2.4"}', encoding="utf-8")
    with pytest.raises(SystemExit, match="not the locked 1.2.3"):
        VENDOR.vendor(tmp_path)
