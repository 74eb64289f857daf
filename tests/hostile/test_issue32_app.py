"""Issue 32, in process: costly answers bounded and cached by normalized input, query strings that cannot grow the
page cache, and the medium and low items (redirect, service worker, freeze, X-Forwarded-Prefix, probe, _headers)."""

from __future__ import annotations

import math
import re
import shutil
import threading
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from throne_rules import LAYOUT, create_app
from throne_rules.freeze import HEADERS_FILE, FreezeError, freeze
from throne_rules.views import health

from indexer import build
from indexer.library import Library
from indexer.release import current_release

from ..conftest import CONTENT_DIR
from ..helpers import entry_text, write_entry

ODDS = {"dice": 5, "rolls": 3, "target": {"straight": 5}}
ODDS_PAGE = "/calc/odds?dice=5&rolls=3&mode=abilities&ab=1&a1-straight=5&a1-dmg=4"


def _results(app: Flask, kind: str) -> int:
    """Answers of `kind` the app's cache of costly answers holds (site/costly.py)."""
    return len(app.extensions["costly"]._results.get(kind, {}))


def test_odds_answers_are_cached_by_their_normalized_body(app: Flask, client: FlaskClient) -> None:
    first = client.post("/api/calc/odds", json=ODDS)
    assert first.status_code == 200
    reordered = client.post("/api/calc/odds", data='{"target": {"straight": 5}, "rolls": 3, "dice": 5}',
                            content_type="application/json")
    assert reordered.get_json() == first.get_json()
    page = client.get(ODDS_PAGE)
    assert page.status_code == 200
    assert _results(app, "odds") == 2  # the API's body once (whatever its key order), the page's form once


def test_costly_work_past_its_bound_is_a_503_not_a_queue(app: Flask, client: FlaskClient,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """No pool here: at most IN_THREAD computations at once; the next waits IN_THREAD_WAIT, then hears 'busy'."""
    monkeypatch.setattr("throne_rules.costly.IN_THREAD_WAIT", 0.05)
    slots: threading.BoundedSemaphore = app.extensions["costly"].slots
    taken = 0
    while slots.acquire(blocking=False):
        taken += 1
    try:
        api = client.post("/api/calc/odds", json={**ODDS, "dice": 6})
        page = client.get("/search?q=zzqxkw+vvbnmp")
    finally:
        for _ in range(taken):
            slots.release()
    assert api.status_code == 503 and api.headers["Retry-After"] == "1"
    assert api.get_json()["error"]["code"] == "busy"
    assert page.status_code == 503 and page.headers["Retry-After"] == "1"


def test_nearest_terms_are_cached_by_the_folded_query(app: Flask, client: FlaskClient) -> None:
    first = client.get("/search?q=Zzqxkw+Vvbnmp")
    again = client.get("/search?q=zzqxkw%20%20vvbnmp")
    assert first.status_code == again.status_code == 200
    assert _results(app, "nearest") == 1


@pytest.mark.parametrize(("path", "canonical"), [
    ("/index?r=12345", "/index"),
    ("/index?utm_source=chat&game=adventures", "/index?game=adventures"),
    ("/index?game=adventures&game=dungeon-dice", "/index?game=adventures"),
    ("/index?game=chess", "/index"),
    ("/dice-throne?kind=nonsense&x=1", "/dice-throne"),
    ("/dice-throne?x=1&kind=faq", "/dice-throne?kind=faq"),
    ("/dice-throne/stun?q=stun", "/dice-throne/stun"),
])
def test_a_page_answers_at_its_canonical_url_only(client: FlaskClient, path: str, canonical: str) -> None:
    """Issue 32, High 3: a query the page does not read (`/index?r=<random>`) was the 0.6 MB A-Z page for every
    random value, a flood of big answers; now it is a 301 to the page's own URL, which answers."""
    resp = client.get(path)
    assert resp.status_code == 301 and resp.headers["Location"] == canonical
    assert len(resp.get_data()) < 1000
    assert client.get(canonical).status_code == 200


def test_a_random_query_string_neither_renders_nor_is_kept(app: Flask, client: FlaskClient) -> None:
    client.get("/index")
    for n in range(40):
        assert client.get(f"/index?r={n}").status_code == 301
        assert client.get(f"/dice-throne?kind={n}").status_code == 301
    pages = next(iter(app.extensions["page_cache"]._builds.values()))
    assert list(pages) == ["/index?"]


def test_the_canonical_redirect_keeps_the_prefix(build_dir: Path, library: Library) -> None:
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "URL_PREFIX": "/rules"})
    app.extensions["library"] = library
    resp = app.test_client().get("/rules/index?r=1")
    assert resp.status_code == 301 and resp.headers["Location"] == "/rules/index"


@pytest.mark.parametrize("path", ["/%09/evil.example/", "/%5C/evil.example/", "/%0A/evil.example/",
                                  "/%0D/x/", "/dice-throne%0A/"])
def test_the_trailing_slash_redirect_stays_on_the_site(client: FlaskClient, path: str) -> None:
    resp = client.get(path)
    assert resp.status_code in (308, 404), resp.status_code
    location = resp.headers.get("Location", "/")
    as_a_browser_reads_it = re.sub(r"[\t\n\r]", "", location).replace("\\", "/")
    assert as_a_browser_reads_it.startswith("/") and not as_a_browser_reads_it.startswith("//"), location


def test_the_worker_falls_back_only_for_unhashed_static_files() -> None:
    sw = (LAYOUT.static_dir / "sw.js").read_text(encoding="utf-8")
    asset = sw[sw.index("function asset("):sw.index('self.addEventListener("fetch"')]
    assert '!url.searchParams.has("v")' in asset and "ignoreSearch: true" in asset


def test_freeze_replaces_only_an_earlier_export(app: Flask, tmp_path: Path, build_dir: Path) -> None:
    sources = tmp_path / "checkout"
    (sources / ".git").mkdir(parents=True)
    (sources / "README.md").write_text("mine", encoding="utf-8")
    export_app = create_app({"BUILD_DIR": str(build_dir), "CONTENT_DIR": str(CONTENT_DIR), "STATIC_EXPORT": True})
    with pytest.raises(FreezeError, match="not an earlier export"):
        freeze(export_app, sources)
    assert (sources / "README.md").read_text(encoding="utf-8") == "mine" and (sources / ".git").is_dir()


def test_a_second_freeze_replaces_the_first(tmp_path: Path) -> None:
    content, out = tmp_path / "content", tmp_path / "out"
    write_entry(content, "stun.md", entry_text("stun", "Stun", "A status effect.", kind="status-effect"))
    build(content, tmp_path / "build")
    export_app = create_app({"BUILD_DIR": str(tmp_path / "build"), "CONTENT_DIR": str(content),
                             "STATIC_EXPORT": True})
    freeze(export_app, out)
    assert (out / ".throne-rules-export").is_file()
    freeze(export_app, out)
    assert (out / "index.html").is_file()


def test_a_malformed_forwarded_prefix_is_ignored(build_dir: Path) -> None:
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "TRUSTED_PROXIES": 1})
    client = app.test_client()
    bad = client.get("/faq", headers={"X-Forwarded-Prefix": "//evil.example"})
    assert b"evil.example" not in bad.get_data()
    redirect = client.get("/faq/", headers={"X-Forwarded-Prefix": "//evil.example"})
    assert "evil" not in redirect.headers.get("Location", "")
    good = client.get("/faq", headers={"X-Forwarded-Prefix": "/rules"})
    assert b'href="/rules/' in good.get_data()


def test_healthz_sees_damage_done_while_serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content, out = tmp_path / "content", tmp_path / "build"
    write_entry(content, "cp.md", entry_text("combat-points", "Combat points", body="Start with 2 CP."))
    build(content, out)
    client = create_app({"TESTING": True, "BUILD_DIR": str(out)}).test_client()
    assert client.get("/healthz").status_code == 200
    live = current_release(out)
    assert live is not None
    shutil.rmtree(live / "index")
    monkeypatch.setattr(health, "PROBE_TTL", 0.2)
    time.sleep(0.25)  # the last probe is older than the probe's lifetime: the next one asks the build again
    assert client.get("/healthz").status_code == 503


def test_a_flood_of_health_probes_costs_one_search_a_second(app: Flask, client: FlaskClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    probes = []
    real = health._probe
    monkeypatch.setattr(health, "_probe", lambda rel: probes.append(1) or real(rel))
    started = time.monotonic()
    assert {client.get("/healthz").status_code for _ in range(200)} == {200}
    seconds = time.monotonic() - started
    # one a PROBE_TTL: one, or two if the run crossed the second; on a loaded machine the 200 answers may take
    # longer than a second (3 probes in 2-3 s at a load average of 10), and each second may start one more
    assert len(probes) <= 1 + math.ceil(seconds / health.PROBE_TTL), (len(probes), seconds)


def test_an_error_page_does_not_echo_a_long_query(client: FlaskClient) -> None:
    resp = client.get("/search?q=" + "a" * 50_000)
    assert resp.status_code == 400 and len(resp.get_data()) < 40_000


def test_exported_headers_leave_hashed_files_cacheable_on_every_host() -> None:
    """Cloudflare Pages joins the Cache-Control of every matching rule: /* must not add no-cache to /static/*."""
    rules = HEADERS_FILE.split("\n/*\n", 1)[1]
    assert "Cache-Control" not in rules.split("\n/", 1)[0]
