"""The page pack: every precached page in one file, byte for byte the page the server sends."""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from throne_rules.page_pack import PACK_PREFIX, PackStale, RenderedPage, pack_json, unpack

BUILD_RE = re.compile(r"^self\.THRONE_BUILD = (\{.*?\});\n", re.S)


def worker_build(client: FlaskClient) -> dict[str, Any]:
    match = BUILD_RE.match(client.get("/sw.js").get_data(as_text=True))
    assert match
    return json.loads(match.group(1))


def test_the_pack_holds_every_precached_page_as_served(client: FlaskClient) -> None:
    build = worker_build(client)
    assert build["pack"] == f"{PACK_PREFIX}{build['version']}.json"
    resp = client.get(build["pack"])
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    assert "immutable" in resp.headers["Cache-Control"] and resp.headers["X-Throne-Build"] == build["version"]
    pack = json.loads(resp.data)
    assert pack["version"] == build["version"]
    # The plain pack is the English reader's: every page that is no entry, and the English entries (issue 35).
    pages = [item["url"] for item in build["precache"] if item["kind"] == "page" and item.get("lang") in (None, "en")]
    packed = {p["url"]: p for p in pack["pages"]}
    bodies = unpack(pack)
    assert set(packed) | set(pack["skipped"]) == set(pages) and not set(packed) & set(pack["skipped"])
    assert len(packed) > 540
    # no query-string page but the Polish offline page: offline, /index?game=... is /index filtering itself
    assert [url for url in packed if "?" in url] == ["/offline?lang=pl"] and "/index" in packed
    for url in ("/", "/dice-throne/stun", "/offline?lang=pl", "/index", "/calc/damage"):
        page = client.get(url)
        assert bodies[url] == page.get_data(as_text=True), url
        headers = packed[url].get("headers", pack["headers"])
        assert headers["Content-Type"] == page.headers["Content-Type"]
        assert headers["Content-Security-Policy"] == page.headers["Content-Security-Policy"]
        assert headers["X-Throne-Build"] == build["version"]
        assert "Content-Length" not in headers and "Vary" not in headers


def test_the_pack_travels_gzipped_and_is_kept(client: FlaskClient) -> None:
    url = worker_build(client)["pack"]
    first = client.get(url, headers={"Accept-Encoding": "gzip"})
    second = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip" and first.data == second.data
    pages = unpack(json.loads(gzip.decompress(first.data)))
    # the chrome, FAQ answers and definitions that pages share travel once (13.6 MB of pages: 0.66 MB, issue 35)
    assert len(first.data) < sum(len(body.encode()) for body in pages.values()) / 16


def test_another_builds_pack_is_not_found(client: FlaskClient) -> None:
    assert client.get(f"{PACK_PREFIX}00000000-000000000000.json").status_code == 404
    assert client.get(f"{PACK_PREFIX}../manifest.json").status_code == 404


def test_a_page_from_another_build_stops_the_pack() -> None:
    ok = RenderedPage("/a", 200, {"Content-Type": "text/html", "X-Throne-Build": "v1"}, b"<p>a</p>")
    other = RenderedPage("/b", 200, {"Content-Type": "text/html", "X-Throne-Build": "v2"}, b"<p>b</p>")
    with pytest.raises(PackStale, match="/b is from build v2"):
        pack_json("v1", [ok, other])


def test_pages_the_app_cannot_show_are_listed_as_skipped() -> None:
    ok = RenderedPage("/a", 200, {"Content-Type": "text/html", "X-Throne-Build": "v1", "Content-Length": "8"}, b"a")
    odd = RenderedPage("/c", 200, {"Content-Type": "text/plain", "X-Throne-Build": "v1"}, b"c")
    missing = RenderedPage("/calc/loot", 503, {"X-Throne-Build": "v1"}, b"no table")
    pack = json.loads(pack_json("v1", [ok, odd, missing]))
    assert pack["skipped"] == ["/calc/loot"]
    assert pack["headers"] == {"Content-Type": "text/html", "X-Throne-Build": "v1"}
    assert [p.get("headers") for p in pack["pages"]] == [None, {"Content-Type": "text/plain", "X-Throne-Build": "v1"}]
