"""Fixtures: the real content built once per run (shared by every xdist worker), the app, its clients, a live server."""

from __future__ import annotations

import fcntl
import json
import os
import pickle
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from throne_rules import LAYOUT, PROJECT_ROOT, create_app
from throne_rules.freeze import freeze

from bench.search_eval import SETS
from indexer import Corpus, Release, build, load_corpus
from indexer.build import get_files, hash_content
from indexer.changes import CHANGES_FILE, changes_since
from indexer.library import Library
from indexer.release import current_release, new_release_dir, publish, read_manifest, write_json

from .helpers import LiveServer
from .shared_rankings import Rankings, shared_rankings

# The longest files, longest first (each file's time in a whole `make test`, session 13: over 25 s): run first,
# so that across xdist workers (`make test`: --dist loadfile) none of them starts last and leaves one worker alone;
# the many short files even out the end. xdist would otherwise queue the files with the most tests first, which
# left the long one- and two-test files (the Polish walk, axe, XSS) to the end: pyproject.toml's addopts turn that
# off (--no-loadscope-reorder), so this order holds.
RUN_FIRST = tuple(f"tests/{name}.py" for name in (
    "browser/test_polish_pages", "browser/test_pwa_a11y", "browser/test_table_prefs", "test_search_eval_sets",
    "test_prefix", "test_search_fast_paths", "browser/test_static_export", "test_routes", "test_search_quality",
    "test_search_signals", "browser/test_table_pages", "test_search_index", "browser/test_calc_ux", "test_wheel",
    "browser/test_xss_browser", "browser/test_ux_reading", "hostile/test_search_pool",
    "browser/test_calc_odds_abilities", "browser/test_calc_polish", "test_stemmer_threads", "test_calc_pages",
    "test_bench_tools", "test_prefix_hosting", "browser/test_ux_calc_table", "test_schemathesis", "test_fuzz_search",
    "test_twin_pages", "hostile/test_page_pack_warm", "test_pwa_routes", "browser/test_pwa_offline",
    "browser/test_table_share", "browser/test_calc_offline", "browser/test_calc_a11y", "test_provenance",
    "test_page_pack", "browser/test_search_instant", "browser/test_twin_offline", "browser/test_prefix_offline",
    "browser/test_search_offline_quality", "hostile/test_trusted_urls", "test_load"))

# The real content; a developer may point the suite at another tree while writing content.
CONTENT_DIR = Path(os.environ.get("THRONE_RULES_TEST_CONTENT", PROJECT_ROOT / "content"))


def run_tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary folder of this run that every xdist worker shares (their own are its subfolders)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """The project's real content, checked and rendered (no files written).

    Loaded once per run: the first xdist worker to get here keeps a pickled copy in the run's shared folder
    (behind a file lock) and the others read it; each worker has its own copy in memory."""
    shared = run_tmp(tmp_path_factory)
    kept = shared / "corpus.pickle"
    with (shared / "corpus.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.is_file():
            loaded: Corpus = pickle.loads(kept.read_bytes())
            return loaded
        loaded = load_corpus(CONTENT_DIR)
        kept.write_bytes(pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL))
        return loaded


@pytest.fixture(scope="session")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's real content, built once per run into a temporary build directory.

    Under xdist the first worker to get here builds it while the others wait on a file lock, then all read
    the same build; no test writes into it (tests that build or swap make their own). When the project's own
    build (`make test` runs `throne-rules build` first) is of this very content, it is copied, not built again."""
    shared = run_tmp(tmp_path_factory)
    out = shared / "build"
    with (shared / "build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if current_release(out) is None and not copy_project_build(out):
            build(CONTENT_DIR, out)
    return out


def copy_project_build(out: Path) -> bool:
    """Copy the project's current build into `out` when it was built from CONTENT_DIR as it is now (the content
    hash covers the content, its data and the build's code), as a first build there: its list of changes is
    made again against no previous build, as a fresh build's is. False when there is none to copy."""
    made = current_release(LAYOUT.build_dir)
    if made is None or not (made / "manifest.json").is_file():
        return False
    content_hash = hash_content(get_files(CONTENT_DIR), CONTENT_DIR)
    if read_manifest(made).get("content_hash") != content_hash:
        return False
    staging = new_release_dir(out)
    shutil.copytree(made, staging, dirs_exist_ok=True)
    rows = json.loads((staging / "entries.json").read_text(encoding="utf-8"))
    write_json(staging / CHANGES_FILE, changes_since(None, content_hash, rows))
    publish(out, staging, content_hash)
    return True


# The URL prefix the exports for a sub-path are made for (tests/test_prefix_hosting.py, browser/test_prefix_offline.py).
EXPORT_PREFIX = "/rules"


@pytest.fixture(scope="session")
def prefix_site(build_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder a static host serves at its root, with the real build frozen for /rules/ in `rules/` (the
    calculators need the real tables). Frozen once per run, by the first worker to need it (behind a file lock, into
    a staging folder renamed when whole); the tests only read it."""
    shared = run_tmp(tmp_path_factory)
    root = shared / "prefix-site"
    with (shared / "prefix-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not root.is_dir():
            staging = shared / "prefix-site.part"
            shutil.rmtree(staging, ignore_errors=True)
            app = create_app({"BUILD_DIR": str(build_dir), "CONTENT_DIR": str(CONTENT_DIR), "STATIC_EXPORT": True})
            assert freeze(app, staging / "rules", base_path=EXPORT_PREFIX + "/").skipped == []
            staging.rename(root)
    return root


@pytest.fixture(scope="session")
def library(build_dir: Path) -> Library:
    """The run's build as the app reads it (indexer/library.py), loaded once per worker: loading a release (its
    entries, data and search index) takes 1-2 s, and a published release never changes."""
    return Library(build_dir)


@pytest.fixture(scope="session")
def release(library: Library) -> Release:
    """The built release, loaded as the server loads it (its search index open): the worker's one copy."""
    return library.release()


@pytest.fixture(scope="session")
def eval_rankings(release: Release, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Rankings]:
    """Every evaluation set's server rankings (bench/search_eval.py's SETS), searched once per run
    (tests/shared_rankings.py): the quality floors and the bench's report read the same."""
    return shared_rankings(run_tmp(tmp_path_factory) / "eval-rankings", release, SETS)


@pytest.fixture()
def app(build_dir: Path, library: Library) -> Flask:
    """A new app per test (its own page cache, result cache and settings) over the worker's loaded build."""
    made = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "CONTENT_DIR": str(CONTENT_DIR)})
    made.extensions["library"] = library
    return made


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


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """pytest-playwright's `page` and `context`: no service worker. Its install precaches the whole app (about
    1.3 MB, the page pack rebuilt into pages) in every new context, about 2 s of CPU each, for tests about the page
    itself; the tests of the worker and of offline use make their own context with service workers allowed
    (tests/browser/pwa_support.py and the offline tests). Page routes also see every request then: a worker's
    answer would pass them by."""
    return {**browser_context_args, "service_workers": "block"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow files first (RUN_FIRST), the rest in their order; no test depends on the order."""
    rank = {name: i for i, name in enumerate(RUN_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
