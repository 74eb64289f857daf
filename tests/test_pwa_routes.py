"""The installable app's server side: web manifest, service worker, precache list, hashed assets, meta tags."""

from __future__ import annotations

import hashlib
import json
import re
import struct
import time
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient
from throne_rules import PROJECT_ROOT, create_app
from throne_rules.precache import calculator_pages
from throne_rules.ui_strings import UI_STRINGS
from werkzeug.test import TestResponse

from indexer import Corpus, build
from indexer.model import GAMES

from .helpers import entry_text, write_entry

BUILD_RE = re.compile(r"^self\.THRONE_BUILD = (\{.*?\});\n", re.S)
NEW_STRINGS = ["install_hint", "install_button", "install_ios", "dismiss", "update_available", "reload",
               "offline_title", "offline_text", "link_copied", "section_link_copied", "copy_failed"]


def fetch(client: FlaskClient, url: str) -> TestResponse:
    """GET and read the whole body, closing the response (files are streamed)."""
    with client.get(url) as resp:
        resp.get_data()
    return resp


def worker_build(client: FlaskClient) -> dict[str, Any]:
    resp = fetch(client, "/sw.js")
    match = BUILD_RE.match(resp.get_data(as_text=True))
    assert match, "sw.js starts with the build it precaches"
    return json.loads(match.group(1))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def soup(resp: Any) -> BeautifulSoup:
    return BeautifulSoup(resp.data, "html.parser")


def test_web_manifest(client: FlaskClient, app: Flask) -> None:
    resp = fetch(client, "/manifest.webmanifest")
    assert resp.status_code == 200 and resp.mimetype == "application/manifest+json"
    m = json.loads(resp.data)
    assert m["name"] == "Throne Rules" and 0 < len(m["short_name"]) <= 12
    assert (m["start_url"], m["scope"], m["display"]) == ("/", "/", "standalone")
    assert m["theme_color"].startswith("#") and m["background_color"].startswith("#") and m["description"]
    sizes = {(i["sizes"], i["purpose"]) for i in m["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for image in [*m["icons"], *m["screenshots"]]:
        data = fetch(client, image["src"]).data
        width, height = png_size(data)
        assert f"{width}x{height}" == image["sizes"], image["src"]
    assert {s["form_factor"] for s in m["screenshots"]} == {"narrow", "wide"}
    shortcuts = [s["url"] for s in m["shortcuts"]]
    assert shortcuts[0] == "/search"
    assert shortcuts[1:] == calculator_pages(app) and "/calc" in shortcuts


def test_every_page_links_manifest_theme_and_touch_icon(client: FlaskClient, corpus: Corpus) -> None:
    entry = next(iter(corpus.entries.values()))
    for url in ["/", "/index", "/search", "/search?q=cp", "/offline", "/dice-throne", entry.url, "/no-such-page"]:
        page = soup(fetch(client, url))
        assert page.find("link", rel="manifest")["href"] == "/manifest.webmanifest", url
        assert page.find("meta", attrs={"name": "theme-color"})["content"].startswith("#"), url
        icon = page.find("link", rel="apple-touch-icon")["href"]
        assert png_size(fetch(client, icon).data) == (180, 180)
        assert page.find("meta", attrs={"name": "description"})["content"], url
        # og:url and og:image must be absolute: only with SITE_URL (tests/hostile/test_trusted_urls.py)
        for prop in ("og:title", "og:description", "og:type"):
            assert page.find("meta", property=prop)["content"], (url, prop)
        assert not page.find("script", src=False, type=lambda t: t != "application/json"), "no inline scripts"


def test_entry_preview_meta_is_title_and_first_sentence(client: FlaskClient, corpus: Corpus) -> None:
    entry = next(e for e in corpus.entries.values() if e.summary)
    page = soup(fetch(client, entry.url))
    assert page.find("meta", property="og:title")["content"] == entry.title
    assert page.find("meta", property="og:description")["content"] == entry.summary
    assert page.find("meta", attrs={"name": "description"})["content"] == entry.summary
    assert page.find("meta", property="og:type")["content"] == "article"
    assert not page.find("meta", property="og:url") and not page.find("link", rel="canonical")  # no SITE_URL
    share = page.find("button", class_="share-button")
    assert share["data-share-url"] == entry.url and share.has_attr("hidden"), "shown by JS only"


def test_polish_pages_speak_polish(client: FlaskClient, corpus: Corpus) -> None:
    entry = next(e for e in corpus.entries.values() if e.lang == "pl")
    page = soup(fetch(client, entry.url))
    assert page.find("html")["lang"] == "pl"
    assert page.select_one(".update-prompt .update-reload").get_text() == UI_STRINGS["pl"]["reload"]
    assert page.select_one(".install-hint .install-dismiss").get_text() == UI_STRINGS["pl"]["dismiss"]
    config = json.loads(page.find("script", id="pwa-config").string)
    assert config["strings"]["link_copied"] == UI_STRINGS["pl"]["link_copied"]
    offline = soup(fetch(client, "/offline?lang=pl"))
    assert offline.find("html")["lang"] == "pl" and offline.find("h1").get_text() == UI_STRINGS["pl"]["offline_title"]


def test_new_interface_strings_exist_in_english_and_polish() -> None:
    for key in NEW_STRINGS:
        assert UI_STRINGS["en"][key] and UI_STRINGS["pl"][key], key
        assert UI_STRINGS["en"][key] != UI_STRINGS["pl"][key], key


def test_service_worker_is_served_at_root_without_caching(client: FlaskClient) -> None:
    resp = fetch(client, "/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert "no-cache" in resp.headers["Cache-Control"]
    build = worker_build(client)
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{12}", build["version"])
    assert resp.get_data(as_text=True).endswith((PROJECT_ROOT / "static" / "sw.js").read_text(encoding="utf-8"))


def test_precache_holds_every_page_asset_and_the_search_data(client: FlaskClient, app: Flask,
                                                             build_dir: Path) -> None:
    build = worker_build(client)
    urls = [item["url"] for item in build["precache"]]
    assert len(urls) == len(set(urls))
    manifest = json.loads((build_dir / "current" / "manifest.json").read_text(encoding="utf-8"))
    assert set(manifest["urls"]) <= set(urls), "every entry"
    pages = {"/", "/index", "/search", "/offline", "/faq", *calculator_pages(app)}
    pages |= {f"/{g}" for g in GAMES} | {"/offline?lang=pl"}
    assert pages <= set(urls)
    # query-string pages are the page without the query, filtering itself (site/precache.py)
    assert [u for u in urls if "?" in u and not u.startswith(("/static/", "/vendor/"))] == ["/offline?lang=pl"]
    static = PROJECT_ROOT / "static"
    files = {p.relative_to(static).as_posix() for p in static.rglob("*") if p.is_file()} - {"sw.js"}
    screenshots = {f for f in files if f.startswith("screenshots/") or f.startswith("icons/") and f.endswith(".png")}
    # static/vendor/ (the vendored libraries) is served under /vendor/
    hashed = {u.split("?")[0].removeprefix("/static/").lstrip("/") for u in urls
              if u.startswith(("/static/", "/vendor/"))}
    assert screenshots and hashed == files - screenshots, "every static asset but the install dialog's images"
    assert any(u.startswith("/vendor/minisearch.js?v=") for u in urls)
    # not the full search data: the snippets' bodies, one file per language, each precached for its readers only
    bodies = {item.get("lang"): item["url"] for item in build["precache"] if item["url"].startswith("/search-data/")}
    assert set(bodies) == {"en", "pl"} and all(re.fullmatch(rf"/search-data/{lang}/[0-9a-f]{{12}}\.json", url)
                                               for lang, url in bodies.items())
    assert "/sw.js" not in urls and not any(u.startswith("/api/") for u in urls)
    assert not {"/healthz", "/robots.txt", "/sitemap.xml"} & set(urls), "pages only"


def test_every_precached_url_answers_from_this_build(client: FlaskClient) -> None:
    build = worker_build(client)
    for item in build["precache"]:
        resp = fetch(client, item["url"])
        if item["kind"] == "page" and resp.status_code != 200:
            assert resp.status_code == 503, item  # a calculator whose table is missing; the worker skips it
            continue
        assert resp.status_code == 200, item
        assert resp.headers["X-Throne-Build"] == build["version"], item
        if "?v=" in item["url"]:
            digest = item["url"].rsplit("?v=", 1)[1]
            assert hashlib.sha256(resp.data).hexdigest().startswith(digest), item
            assert "immutable" in resp.headers["Cache-Control"], item


def test_pages_name_hashed_assets(client: FlaskClient) -> None:
    page = soup(fetch(client, "/"))
    css = page.find("link", rel="stylesheet")["href"]
    path, digest = css.split("?v=")
    assert path == "/static/css/app.css"
    assert hashlib.sha256((PROJECT_ROOT / "static" / "css" / "app.css").read_bytes()).hexdigest().startswith(digest)
    scripts = [s["src"] for s in page.find_all("script", src=True)]
    assert all("?v=" in src for src in scripts) and any("/js/app.js?v=" in s for s in scripts)


def test_search_data_is_versioned(client: FlaskClient, build_dir: Path) -> None:
    config = json.loads(soup(fetch(client, "/")).find("script", id="pwa-config").string)
    resp = fetch(client, config["searchData"])
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    assert "immutable" in resp.headers["Cache-Control"]
    data = json.loads(resp.data)
    assert data == json.loads((build_dir / "current" / "search-data.json").read_text(encoding="utf-8"))
    assert fetch(client, "/search-data/000000000000.json").status_code == 404
    assert fetch(client, "/search-data/../manifest.json").status_code == 404
    assert fetch(client, "/search-data/nothex.json").status_code == 404
    # the snippets' text of one language: its documents' bodies and summaries, nothing else
    for lang, url in config["searchBodies"].items():
        bodies = json.loads(fetch(client, url).data)
        wanted = [d for d in data["docs"] if d["lang"] == lang]
        assert bodies["docs"] == [{"id": d["id"], "body": d["body"], "summary": d["summary"]} for d in wanted]
    assert fetch(client, config["searchBodies"]["en"].replace("/en/", "/de/")).status_code == 404


def test_vendor_library_is_the_vendored_copy(client: FlaskClient) -> None:
    config = json.loads(soup(fetch(client, "/")).find("script", id="pwa-config").string)
    resp = fetch(client, config["miniSearch"])
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.data == (PROJECT_ROOT / "static" / "vendor" / "minisearch.js").read_bytes()  # see test_vendor.py
    assert fetch(client, "/vendor/left-pad.js").status_code == 404


def test_offline_page_has_a_search_box(client: FlaskClient) -> None:
    page = soup(fetch(client, "/offline"))
    assert page.find("h1").get_text() == "You are offline"
    form = page.find("main").find("form", role="search")
    assert form["action"] == "/search" and form.find("input", attrs={"name": "q", "type": "search"})


def test_a_new_build_gives_a_new_worker_and_keeps_old_search_data(tmp_path: Path) -> None:
    content, build_dir = tmp_path / "content", tmp_path / "build"
    write_entry(content, "a.md", entry_text("alpha-rule", "Alpha rule", "The first text."))
    write_entry(content, "b.md", entry_text("beta-rule", "Beta rule", "Another rule."))
    build(content, build_dir)
    client = create_app({"TESTING": True, "BUILD_DIR": str(build_dir)}).test_client()
    first, first_sw = worker_build(client), fetch(client, "/sw.js").data
    write_entry(content, "a.md", entry_text("alpha-rule", "Alpha rule", "The second text."))
    build(content, build_dir)
    time.sleep(1.1)  # the library looks for a new build once a second
    second, second_sw = worker_build(client), fetch(client, "/sw.js").data
    assert first["version"] != second["version"] and first_sw != second_sw
    first_data = next(i["url"] for i in first["precache"] if i["url"].startswith("/search-data/"))
    second_data = next(i["url"] for i in second["precache"] if i["url"].startswith("/search-data/"))
    assert first_data != second_data
    assert "The first text." in fetch(client, first_data).get_data(as_text=True), "a kept build's data is still served"
    assert "The second text." in fetch(client, second_data).get_data(as_text=True)
    assert {"/dice-throne/alpha-rule", "/dice-throne/beta-rule"} <= {i["url"] for i in second["precache"]}
