"""A client's Host header never reaches a page (issue 23, items 5 and 6): absolute URLs come from SITE_URL,
X-Forwarded-* only from as many proxies as TRUSTED_PROXIES says, and the static copy names no host."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from throne_rules import create_app
from throne_rules.cli import main

from ..helpers import entry_text, write_entry

EVIL = "evil.example"
PAGES = ["/", "/dice-throne/stun", "/index", "/robots.txt", "/sitemap.xml", "/manifest.webmanifest", "/sw.js"]


@pytest.mark.parametrize("path", PAGES)
def test_a_hostile_host_header_is_never_written(client: FlaskClient, path: str) -> None:
    headers = {"Host": EVIL, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "gopher"}
    body = client.get(path, headers=headers).get_data(as_text=True)
    assert EVIL not in body and "gopher" not in body and "http://localhost" not in body


def test_without_site_url_links_are_relative(client: FlaskClient) -> None:
    page = client.get("/dice-throne/stun").get_data(as_text=True)
    # a canonical link must be absolute (crawlers and Lighthouse reject a relative one): none without SITE_URL
    assert 'rel="canonical"' not in page and 'property="og:url"' not in page
    assert "Sitemap:" not in client.get("/robots.txt").get_data(as_text=True)
    assert client.get("/sitemap.xml").status_code == 404  # a sitemap's URLs must be absolute: none without it


def test_site_url_gives_every_absolute_url(build_dir: Path) -> None:
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "SITE_URL": "https://rules.example.org/"})
    client = app.test_client()
    page = client.get("/dice-throne/stun", headers={"Host": EVIL}).get_data(as_text=True)
    assert '<link rel="canonical" href="https://rules.example.org/dice-throne/stun">' in page
    assert '<meta property="og:url" content="https://rules.example.org/dice-throne/stun">' in page
    assert re.search(r'og:image" content="https://rules\.example\.org/static/icons/icon-512\.png', page)
    robots = client.get("/robots.txt").get_data(as_text=True)
    assert "Sitemap: https://rules.example.org/sitemap.xml" in robots
    sitemap = client.get("/sitemap.xml").get_data(as_text=True)
    assert "<loc>https://rules.example.org/dice-throne/stun</loc>" in sitemap and EVIL not in sitemap


@pytest.mark.parametrize(("proxies", "expected"), [(0, "/dice-throne/stun"), (1, "/rules/dice-throne/stun")])
def test_forwarded_headers_only_from_trusted_proxies(build_dir: Path, proxies: int, expected: str) -> None:
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "TRUSTED_PROXIES": proxies})
    index = app.test_client().get("/index", headers={"X-Forwarded-Prefix": "/rules"}).get_data(as_text=True)
    assert f'href="{expected}"' in index and (proxies or "/rules/" not in index)


def test_the_static_copy_names_no_host_and_has_crawler_files(tmp_path: Path) -> None:
    content = tmp_path / "content"
    write_entry(content, "stun.md", entry_text("stun", "Stun", "A negative status effect.", kind="status-effect"))
    out = tmp_path / "out"
    assert main(["--content", str(content), "--build-dir", str(tmp_path / "build"), "freeze", str(out)]) == 0
    hosts = [p for p in out.rglob("*") if p.is_file() and p.suffix in {".html", ".json", ".js", ".xml", ".txt", ""}
             and b"localhost" in p.read_bytes()]
    assert hosts == []
    assert (out / "robots.txt").is_file() and not (out / "sitemap.xml").exists()  # no --site-url: no sitemap

    site = tmp_path / "site"
    args = ["--content", str(content), "--build-dir", str(tmp_path / "build"), "freeze", str(site),
            "--site-url", "https://rules.example.org"]
    assert main(args) == 0
    assert "https://rules.example.org/dice-throne/stun" in (site / "sitemap.xml").read_text()
