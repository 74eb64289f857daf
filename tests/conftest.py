"""Fixtures: the real content built once per run (shared by every xdist worker), the app, its clients, a live server."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from throne_rules import PROJECT_ROOT, create_app

from indexer import Corpus, Release, build, load_corpus
from indexer.release import current_release

from .helpers import LiveServer

# Files that take a minute or more (a wheel installed and served, servers hammered, every page's links): run first,
# so that across xdist workers (`make test`: --dist loadfile) none of them starts last and leaves one worker alone.
RUN_FIRST = ("tests/test_wheel.py", "tests/test_stemmer_threads.py", "tests/test_prefix.py",
             "tests/test_prefix_hosting.py", "tests/browser/test_static_export.py", "tests/test_load.py")

# The real content; a developer may point the suite at another tree while writing content.
CONTENT_DIR = Path(os.environ.get("THRONE_RULES_TEST_CONTENT", PROJECT_ROOT / "content"))


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    """The project's real content, checked and rendered (no files written)."""
    return load_corpus(CONTENT_DIR)


def run_tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary folder of this run that every xdist worker shares (their own are its subfolders)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's real content, built once per run into a temporary build directory.

    Under xdist the first worker to get here builds it while the others wait on a file lock, then all read
    the same build; no test writes into it (tests that build or swap make their own)."""
    shared = run_tmp(tmp_path_factory)
    out = shared / "build"
    with (shared / "build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if current_release(out) is None:
            build(CONTENT_DIR, out)
    return out


@pytest.fixture(scope="module")
def release(build_dir: Path) -> Iterator[Release]:
    """The built release, loaded as the server loads it (its search index open)."""
    path = current_release(build_dir)
    assert path is not None
    rel = Release.load(path)
    yield rel
    rel.index.close()


@pytest.fixture()
def app(build_dir: Path) -> Flask:
    return create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "CONTENT_DIR": str(CONTENT_DIR)})


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture()
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def live_server(build_dir: Path) -> Iterator[LiveServer]:
    server = LiveServer(CONTENT_DIR, build_dir).wait_ready()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict:
    """pytest-playwright: drive Debian's Chromium; browser downloads cannot work here."""
    return {
        "executable_path": "/usr/bin/chromium",
        "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow files first (RUN_FIRST), the rest in their order; no test depends on the order."""
    rank = {name: i for i, name in enumerate(RUN_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
