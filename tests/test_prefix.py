"""Hosting under a path prefix (issue 23, item 7): every link, script path, the worker and the manifest under it.

The app is mounted under `/rules` as a reverse proxy or a WSGI server mounts it (SCRIPT_NAME `/rules`, anything
outside it 404: bench/link_check.py), and every `href`, `src` and `action` of every page is checked with an HTML
parser: it must stay under `/rules/` (or be external or a fragment) and answer 200.
"""

from __future__ import annotations

import gzip
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from throne_rules import create_app
from throne_rules.page_pack import unpack
from throne_rules.prefix import PrefixError, normalize_prefix
from werkzeug.test import Client

from bench.link_check import LinkChecker, all_pages, app_fetch, page_links

PREFIX = "/rules"
BUILD_RE = re.compile(r"^self\.THRONE_BUILD = (\{.*?\});\n", re.S)


@pytest.fixture(scope="module")
def prefixed(build_dir: Path) -> Flask:
    return create_app({"TESTING": True, "BUILD_DIR": str(build_dir)})


@pytest.fixture(scope="module")
def fetch(prefixed: Flask) -> Any:
    return app_fetch(prefixed, PREFIX)


def get_json(fetch: Any, url: str) -> Any:
    status, _, body = fetch(url)
    assert status == 200, url
    return json.loads(body)


def worker_build(fetch: Any) -> dict[str, Any]:
    status, _, body = fetch(PREFIX + "/sw.js")
    assert status == 200
    match = BUILD_RE.match(body.decode())
    assert match
    return dict(json.loads(match.group(1)))


def test_every_link_of_every_page_stays_under_the_prefix_and_answers(prefixed: Flask, fetch: Any) -> None:
    pages = all_pages(prefixed, PREFIX)
    assert len(pages) > 550  # every entry, the indexes and their filters, the games, search, FAQ, calculators
    report = LinkChecker(fetch, PREFIX).check(pages)
    assert report.links > 30_000 and report.broken == [], report.broken[:10]


@pytest.mark.parametrize("path", ["/this/is/missing", "/search?q=evasve", "/search?q=zzzzqqq", "/changes",
                                  "/settings", "/calc/damage?damage=8", "/calc/targeting?mode=no-such"])
def test_error_search_and_form_pages_link_under_the_prefix(fetch: Any, path: str) -> None:
    status, _, body = fetch(PREFIX + path)
    assert status in (200, 400, 404)
    links = [v for _, _, v in page_links(body.decode())]
    assert links
    outside = [v for v in links if v.startswith("/") and not v.startswith(PREFIX + "/")]
    assert outside == []


def test_the_page_config_gives_scripts_one_base_path(fetch: Any) -> None:
    _, _, body = fetch(PREFIX + "/dice-throne/stun")
    html = body.decode()
    config = json.loads(re.search(r'id="pwa-config">(.*?)</script>', html, re.S).group(1))  # type: ignore[union-attr]
    assert config["base"] == PREFIX
    urls = {key: config[key] for key in ("searchData", "searchIndex", "miniSearch")}
    urls |= {f"{key}.{lang}": config[key][lang] for key in ("searchTerms", "searchBodies") for lang in ("en", "pl")}
    for key, url in urls.items():
        assert url.startswith(PREFIX + "/"), key
        assert fetch(url)[0] == 200, key
    meta = re.search(r'<meta name="throne-search" data-index="([^"]+)" data-library="([^"]+)" '
                     r'data-terms-en="([^"]+)" data-terms-pl="([^"]+)">', html)
    assert meta and meta.groups() == (config["searchIndex"], config["miniSearch"], *config["searchTerms"].values())
    assert f'data-share-url="{PREFIX}/dice-throne/stun"' in html


def test_at_the_root_nothing_names_a_base(client: Any) -> None:
    html = client.get("/dice-throne/stun").get_data(as_text=True)
    assert '"base"' not in html and 'data-share-url="/dice-throne/stun"' in html
    assert not client.get("/sw.js").get_data(as_text=True).startswith('self.THRONE_BUILD = {"base"')


def test_the_worker_caches_and_answers_under_the_prefix(fetch: Any) -> None:
    build = worker_build(fetch)
    assert build["base"] == PREFIX
    assert build["offline"] == PREFIX + "/offline" and build["searchShell"] == PREFIX + "/search"
    assert build["pack"].startswith(PREFIX + "/precache-pack/")
    urls = [item["url"] for item in build["precache"]]
    assert len(urls) > 600 and all(u.startswith(PREFIX + "/") for u in urls)
    for item in build["precache"]:
        if item["kind"] != "page":
            assert fetch(item["url"])[0] == 200, item
    pack = get_json(fetch, build["pack"])
    pages = unpack(pack)
    # The plain pack is the English reader's: every page that is no entry, and the English entries.
    assert set(pages) | set(pack["skipped"]) == {i["url"] for i in build["precache"]
                                                 if i["kind"] == "page" and i.get("lang") in (None, "en")}
    home = pages[PREFIX + "/"]
    assert home == fetch(PREFIX + "/")[2].decode()  # the page the server sends, byte for byte
    assert all(v.startswith((PREFIX + "/", "#")) for _, _, v in page_links(home))


def test_the_manifest_scope_start_and_icons(fetch: Any) -> None:
    manifest = get_json(fetch, PREFIX + "/manifest.webmanifest")
    assert manifest["id"] == manifest["start_url"] == manifest["scope"] == PREFIX + "/"
    urls = [i["src"] for i in manifest["icons"] + manifest["screenshots"]]
    urls += [s["url"] for s in manifest["shortcuts"]] + [i["src"] for s in manifest["shortcuts"] for i in s["icons"]]
    assert urls and all(u.startswith(PREFIX + "/") for u in urls)
    assert all(fetch(u)[0] == 200 for u in set(urls))


def test_crawler_files_under_the_prefix(fetch: Any) -> None:
    robots = fetch(PREFIX + "/robots.txt")[2].decode().splitlines()
    assert robots[:3] == ["User-agent: *", f"Allow: {PREFIX}/", f"Disallow: {PREFIX}/api/"]
    assert fetch(PREFIX + "/sitemap.xml")[0] == 404  # none without SITE_URL (its URLs must be absolute)


def test_the_sitemap_under_the_prefix(build_dir: Path) -> None:
    site = "https://example.org" + PREFIX  # SITE_URL is the public URL of the app's root
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "SITE_URL": site})
    root = ET.fromstring(app_fetch(app, PREFIX)(PREFIX + "/sitemap.xml")[2])
    locs = [el.text or "" for el in root.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    assert f"{site}/dice-throne/stun" in locs and all(u.startswith(site + "/") for u in locs)


def test_api_answers_link_under_the_prefix(fetch: Any) -> None:
    found = get_json(fetch, PREFIX + "/api/search?q=stun")
    assert found["results"] and all(r["url"].startswith(PREFIX + "/") for r in found["results"])
    assert get_json(fetch, PREFIX + "/api/openapi.json")["servers"] == [{"url": PREFIX}]
    changes = get_json(fetch, PREFIX + "/api/changes")
    assert all(e["url"].startswith(PREFIX + "/") for key in ("added", "changed") for e in changes[key])


def test_redirects_stay_under_the_prefix(fetch: Any) -> None:
    assert fetch(PREFIX + "/dice-throne/stun/")[:2] == (308, PREFIX + "/dice-throne/stun")
    status, location, _ = fetch(PREFIX + "/adventures/stun")  # an entry under another game's path
    assert status == 301 and location == PREFIX + "/dice-throne/stun"


@pytest.mark.parametrize("proxies", [0, 1])
def test_a_trusted_proxys_prefix_header(build_dir: Path, proxies: int) -> None:
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "TRUSTED_PROXIES": proxies})
    html = app.test_client().get("/", headers={"X-Forwarded-Prefix": PREFIX}).get_data(as_text=True)
    links = [v for _, _, v in page_links(html) if not v.startswith("#")]
    assert links and all(v.startswith(PREFIX + "/") == bool(proxies) for v in links)


def test_the_url_prefix_setting_mounts_the_app(build_dir: Path) -> None:
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "URL_PREFIX": "/rules/"})
    assert app.config["URL_PREFIX"] == PREFIX
    client = Client(app)
    home = client.get(PREFIX + "/")
    assert home.status_code == 200 and f'href="{PREFIX}/index"' in home.get_data(as_text=True)
    assert client.get("/").headers["Location"] == PREFIX + "/"
    assert client.get(PREFIX + "?x=1").headers["Location"] == PREFIX + "/?x=1"
    assert client.get("/dice-throne/stun").status_code == 404
    assert client.get(PREFIX + "x/").status_code == 404
    assert client.get(PREFIX + "/healthz").status_code == 200


@pytest.mark.parametrize(("given", "expected"), [("", ""), ("/", ""), ("/rules", "/rules"), ("/rules/", "/rules"),
                                                 (" /a/b/ ", "/a/b")])
def test_prefixes_are_normalized(given: str, expected: str) -> None:
    assert normalize_prefix(given) == expected


@pytest.mark.parametrize("bad", ["rules", "//evil.example", "/a?b", "/a b", "http://x/rules", "/a%2f"])
def test_a_prefix_must_be_a_plain_path(bad: str) -> None:
    with pytest.raises(PrefixError):
        normalize_prefix(bad)


def test_each_prefix_has_its_own_page_pack(build_dir: Path) -> None:
    """One app answering at the root and, through a trusted proxy, under a prefix keeps a pack for each (their pages
    link differently), gzipped apart though the two share a path and an ETag."""
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "TRUSTED_PROXIES": 1})
    client = app.test_client()
    match = BUILD_RE.match(client.get("/sw.js").get_data(as_text=True))
    assert match
    pack_url = json.loads(match.group(1))["pack"]
    packs = {}
    for prefix in ("", PREFIX, ""):
        resp = client.get(pack_url, headers={"Accept-Encoding": "gzip", "X-Forwarded-Prefix": prefix})
        assert resp.headers["Content-Encoding"] == "gzip"
        packs[prefix] = json.loads(gzip.decompress(resp.data))
    assert {PREFIX + p["url"] for p in packs[""]["pages"]} == {p["url"] for p in packs[PREFIX]["pages"]}
    assert f'href="{PREFIX}/index"' in unpack(packs[PREFIX])[PREFIX + "/"]
    # kept by reading language and prefix (one pack per language since the Polish twins): the English pack twice
    # (and build version: a new build's pack is kept beside the live one's while it is rendered)
    assert {key.rsplit(":", 1)[0] for key in app.extensions["page_pack"]._packs} == {"en:", f"en:{PREFIX}"}
