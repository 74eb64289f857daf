"""One wheel serves the whole app from anywhere (issue 24), run as the README tells a user to.

From a clean clone of HEAD (no node_modules, no npm): `pip wheel` builds the wheel, a new virtual environment
installs it (its dependencies from the wheels `make test-deps` downloaded by the lock file, so no network),
and `throne-rules serve`, started in an empty directory with no access to the checkout, builds the packaged
content into the per-user data directory and serves it on loopback: the home page, a search, an entry,
/sw.js and everything it precaches besides pages (MiniSearch and the search data among them), the page pack.
"""

from __future__ import annotations

import base64
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from throne_rules import PROJECT_ROOT

from .helpers import entry_text, free_port, write_entry

# The README's lines (tested below to be there word for word), run as they stand.
BUILD_WHEEL = "pip wheel --no-deps -w dist ."
INSTALL_WHEEL = "pip install dist/throne_rules-*.whl"
RUN_WHEEL = "throne-rules serve"
WHEELHOUSE = Path(sys.prefix) / "wheelhouse"  # `make test-deps`: the runtime wheels, from requirements.txt
VENDOR_RECORD = PROJECT_ROOT / "tools" / "vendor.lock.json"
STEP_SECONDS = 240  # a bound on any one step (the first build of all the content is the slowest)
BUILD_RE = re.compile(r"^self\.THRONE_BUILD = (\{.*?\});\n", re.S)


def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=STEP_SECONDS)
    assert done.returncode == 0, f"{' '.join(cmd)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def offline_env(tmp: Path) -> dict[str, str]:
    """No checkout on the path, no virtual environment active, pip offline: the lock's wheels only."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV", "XDG_DATA_HOME", "THRONE_RULES_"))}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_INDEX="1", PIP_FIND_LINKS=str(WHEELHOUSE),
               PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", HOME=str(tmp / "home"),
               XDG_DATA_HOME=str(tmp / "xdg"))
    return env


def get(url: str) -> tuple[int, str, bytes]:
    # loopback only; a page pack renders for seconds, and for more than 30 s on a machine at load 15
    with urllib.request.urlopen(url, timeout=120) as resp:
        return resp.status, resp.headers.get_content_type(), resp.read()


@pytest.fixture(scope="module")
def timings() -> dict[str, float]:
    return {}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, timings: dict[str, float]) -> Iterator[dict[str, Any]]:
    assert (WHEELHOUSE / ".done").is_file(), f"no wheels in {WHEELHOUSE}: run 'make test-deps'"
    tmp = tmp_path_factory.mktemp("wheel")
    env = offline_env(tmp)
    started = time.perf_counter()
    head = run(["git", "rev-parse", "HEAD"], PROJECT_ROOT, env).strip()
    clone = tmp / "clone"
    run(["git", "clone", "--quiet", "--no-checkout", str(PROJECT_ROOT), str(clone)], tmp, env)
    run(["git", "checkout", "--quiet", head], clone, env)
    assert not (clone / "node_modules").exists()
    timings["clone"] = time.perf_counter() - started

    started = time.perf_counter()
    pip = [sys.executable, "-m", "pip"]  # the build tool; README: `pip wheel ...` in the clone
    run(pip + BUILD_WHEEL.split()[1:], clone, env)
    wheels = glob.glob(str(clone / INSTALL_WHEEL.split()[-1]))
    assert len(wheels) == 1, wheels
    timings["wheel"] = time.perf_counter() - started

    started = time.perf_counter()
    venv = tmp / "venv"
    # A bare environment; this pip installs into it (`--python`), which saves ensurepip's half a minute on a
    # busy machine, and skips compiling bytecode (Python compiles on import): the README's line otherwise.
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp, env)
    run([*pip, "--python", str(venv / "bin" / "python"), *INSTALL_WHEEL.split()[1:-1], "--no-compile", wheels[0]],
        clone, env)
    timings["install"] = time.perf_counter() - started

    # `throne-rules serve` from an empty directory; it builds while the tests that need no server run.
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    empty = tmp / "anywhere"
    empty.mkdir()
    port = free_port()
    log = tmp / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([*RUN_WHEEL.split(), "--port", str(port)], cwd=empty, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    timings["serve_started"] = time.perf_counter()
    try:
        yield {"tmp": tmp, "clone": clone, "wheel": Path(wheels[0]), "venv": venv, "empty": empty, "log": log,
               "proc": proc, "url": f"http://127.0.0.1:{port}"}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        timings.pop("serve_started", None)
        print("\nwheel test timings (s):", {k: round(v, 1) for k, v in timings.items()})


@pytest.fixture(scope="module")
def server(installed: dict[str, Any], timings: dict[str, float]) -> str:
    """The served app's URL, once /healthz answers (after the first build of the packaged content)."""
    proc, log, url = installed["proc"], installed["log"], installed["url"]
    deadline = time.monotonic() + STEP_SECONDS
    while True:
        assert proc.poll() is None, log.read_text(errors="replace")
        assert time.monotonic() < deadline, "not ready in time:\n" + log.read_text(errors="replace")
        try:
            if get(url + "/healthz")[0] == 200:
                break
        except OSError:
            time.sleep(0.2)
    timings["build_and_start"] = time.perf_counter() - timings["serve_started"]
    return str(url)


def test_readme_has_the_wheel_lines() -> None:
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    for line in (BUILD_WHEEL, INSTALL_WHEEL, RUN_WHEEL):
        assert line in readme, line


def test_the_wheel_holds_the_app_content_and_minisearch(installed: dict[str, Any]) -> None:
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        names = set(wheel.namelist())
    tracked = run(["git", "ls-files", "static", "content", "site", "indexer", "calculators"], installed["clone"],
                  os.environ.copy()).split()
    # every data file, template and module (a new package folder must be listed in pyproject.toml)
    expected = {("throne_rules/" + path.removeprefix("site/")) if path.startswith(("site/", "static/", "content/"))
                else path for path in tracked}
    assert expected <= names, sorted(expected - names)[:10]
    assert {"throne_rules/static/vendor/minisearch.js", "throne_rules/__main__.py", "indexer/build.py"} <= names
    assert not any(n.startswith(("tests/", "node_modules/", "bench/")) for n in names)


def test_installed_app_runs_from_the_venv_not_the_checkout(installed: dict[str, Any]) -> None:
    tmp, venv = installed["tmp"], installed["venv"]
    env = offline_env(tmp)
    where = run([str(venv / "bin" / "python"), "-c", "import throne_rules, indexer; "
                 "print(throne_rules.__file__, indexer.__file__, throne_rules.LAYOUT.checkout)"], tmp, env).split()
    assert all(p.startswith(str(venv)) for p in where[:2]) and where[2] == "False", where
    assert run([str(venv / "bin" / "python"), "-m", "throne_rules", "--help"], tmp, env).startswith(
        "usage: throne-rules")
    content = tmp / "other-content"  # --content DIR still builds another folder
    write_entry(content, "x/a.md", entry_text("alpha", "Alpha"))
    out = run([str(venv / "bin" / "throne-rules"), "--content", str(content), "--build-dir", str(tmp / "other"),
               "build"], tmp, env)
    assert out.startswith("built 1 entries")


def test_served_from_the_wheel(server: str, installed: dict[str, Any]) -> None:
    assert list(installed["empty"].iterdir()) == [], "serve wrote into the directory it was started in"
    build = installed["tmp"] / "xdg" / "throne-rules" / "build"
    assert (build / "current" / "search-data.json").is_file(), "the build is in the per-user data directory"
    status, ctype, body = get(server + "/")
    assert status == 200 and ctype == "text/html"
    config = json.loads(re.search(rb'<script[^>]*id="pwa-config"[^>]*>(.*?)</script>', body, re.S).group(1))
    assert {"miniSearch", "searchData", "version"} <= set(config), "the page names the offline search's files"

    status, ctype, lib = get(server + config["miniSearch"])
    assert status == 200 and ctype == "text/javascript"
    record = json.loads(VENDOR_RECORD.read_text(encoding="utf-8"))["files"]["static/vendor/minisearch.js"]
    assert "sha512-" + base64.b64encode(hashlib.sha512(lib).digest()).decode() == record["sha512"], (
        "the vendored MiniSearch that package-lock.json pins (tests/test_vendor.py)")
    status, ctype, data = get(server + config["searchData"])
    assert status == 200 and ctype == "application/json" and json.loads(data)

    status, _, found = get(server + "/api/search?q=evasive")
    results = json.loads(found)["results"]
    assert status == 200 and results, "a search answers"
    status, ctype, entry = get(server + results[0]["url"])
    assert status == 200 and ctype == "text/html" and results[0]["title"].encode() in entry


def test_the_worker_and_all_it_precaches(server: str) -> None:
    status, ctype, worker = get(server + "/sw.js")
    assert status == 200 and ctype == "text/javascript"
    match = BUILD_RE.match(worker.decode())
    assert match, "sw.js starts with the build it precaches"
    build = json.loads(match.group(1))
    urls = [item["url"] for item in build["precache"] if item["kind"] != "page"]  # pages come in the pack
    assert any(u.startswith("/vendor/minisearch.js") for u in urls) and any("search-data" in u for u in urls)
    for url in [*urls, build["pack"]]:
        assert get(server + url)[0] == 200, url
