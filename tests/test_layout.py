"""A checkout or an installed package (site/paths.py), and `throne-rules serve` refusing to start half-working."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import throne_rules
from throne_rules import DEFAULTS, LAYOUT, PROJECT_ROOT, create_app, serving
from throne_rules.cli import main, startup_problems
from throne_rules.paths import Layout, find_layout, user_data_dir

from indexer import build

from .helpers import entry_text, write_entry


def test_this_tree_is_a_checkout() -> None:
    assert LAYOUT.checkout and LAYOUT.root == PROJECT_ROOT == Path(throne_rules.__file__).resolve().parent.parent
    assert DEFAULTS["CONTENT_DIR"] == str(PROJECT_ROOT / "content")
    assert DEFAULTS["BUILD_DIR"] == str(PROJECT_ROOT / "build")
    assert LAYOUT.static_dir == PROJECT_ROOT / "static"


def test_find_layout_tells_a_checkout_from_an_installed_package(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "data")}
    checkout = tmp_path / "clone"
    (checkout / "site").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    assert find_layout(checkout / "site", env) == Layout(True, checkout, checkout / "build")
    installed = tmp_path / "venv" / "lib" / "python3.11" / "site-packages" / "throne_rules"
    installed.mkdir(parents=True)
    layout = find_layout(installed, env)
    assert layout == Layout(False, installed, tmp_path / "data" / "throne-rules" / "build")
    assert (layout.static_dir, layout.content_dir) == (installed / "static", installed / "content")
    # a folder named site/ with no pyproject.toml beside it is not a checkout
    assert not find_layout(tmp_path / "other" / "site", env).checkout
    # nor is a package beside a pyproject.toml under another name (a project that vendors this one)
    assert not find_layout(checkout / "throne_rules", env).checkout


def test_user_data_dir_follows_xdg(tmp_path: Path) -> None:
    home = str(tmp_path)
    assert user_data_dir({"HOME": home, "XDG_DATA_HOME": "/srv/data"}) == Path("/srv/data/throne-rules")
    assert user_data_dir({"HOME": home}) == tmp_path / ".local" / "share" / "throne-rules"
    assert user_data_dir({"HOME": home, "XDG_DATA_HOME": "relative/dir"}) == tmp_path / ".local/share/throne-rules"


def test_python_dash_m_is_the_command() -> None:
    out = subprocess.run([sys.executable, "-m", "throne_rules", "--help"], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.startswith("usage: throne-rules") and "serve" in out.stdout


@pytest.fixture(scope="module")
def tiny_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("tiny")
    write_entry(root / "content", "a.md", entry_text("alpha", "Alpha"))
    build(root / "content", root / "build")
    return root / "content", root / "build"


def test_a_complete_install_has_no_startup_problems(tiny_build: tuple[Path, Path]) -> None:
    assert startup_problems(create_app({"BUILD_DIR": str(tiny_build[1])})) == []


def test_missing_assets_and_build_are_named_once(tmp_path: Path) -> None:
    app = create_app({"BUILD_DIR": str(tmp_path / "no-build")})
    empty = tmp_path / "static"
    empty.mkdir()
    app.extensions["assets"].static_dir = empty
    problems = startup_problems(app)
    assert len(problems) == 3, problems
    assert "'vendor/minisearch.js'" in problems[0] and "make vendor" in problems[0]
    assert "no service worker" in problems[1]
    assert "no build found" in problems[2]


def test_serve_refuses_to_start_without_minisearch(tiny_build: tuple[Path, Path], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Say so at start-up and exit non-zero, rather than serve pages whose offline search cannot work."""
    static = tmp_path / "static"
    shutil.copytree(LAYOUT.static_dir, static)
    (static / "vendor" / "minisearch.js").unlink()
    monkeypatch.setattr(throne_rules, "LAYOUT", Layout(True, tmp_path, tmp_path / "build"))

    def no_server(*args: object, **kwargs: object) -> None:
        raise AssertionError("serve went on to start a server")

    monkeypatch.setattr(serving, "make_server", no_server)
    content, build_dir = tiny_build
    code = main(["--content", str(content), "--build-dir", str(build_dir), "serve"])
    err = capsys.readouterr().err
    assert code == 1
    assert "no static asset 'vendor/minisearch.js'" in err and "not starting: 1 problem(s)" in err
    assert err.count("minisearch") == 1
