"""/robots.txt and /sitemap.xml, for crawlers and Lighthouse's SEO audits."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from flask.testing import FlaskClient
from throne_rules import create_app

from indexer import Corpus

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def test_robots_allows_pages(client: FlaskClient) -> None:
    resp = client.get("/robots.txt")
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    lines = resp.get_data(as_text=True).splitlines()
    assert lines[:3] == ["User-agent: *", "Allow: /", "Disallow: /api/"]
    assert not any(line.startswith("Sitemap:") for line in lines)  # only with SITE_URL: tests/hostile


SITE = "https://rules.example.org"


def test_sitemap_lists_every_entry_and_resolves(client: FlaskClient, corpus: Corpus, build_dir: Path) -> None:
    resp = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "SITE_URL": SITE}).test_client().get(
        "/sitemap.xml")
    assert resp.status_code == 200 and resp.mimetype == "application/xml"
    root = ET.fromstring(resp.data)
    locs = [el.text or "" for el in root.findall("s:url/s:loc", NS)]
    assert len(locs) == len(set(locs)) and all(loc.startswith(SITE + "/") for loc in locs)
    paths = {loc.removeprefix(SITE) for loc in locs}
    assert {e.url for e in corpus.entries.values()} <= paths
    assert {"/", "/index", "/dice-throne", "/calc/damage"} <= paths
    for path in sorted(p for p in paths if not p.startswith(("/dice-throne/", "/adventures/", "/dungeon-dice/"))):
        assert client.get(path).status_code == 200, path
    assert all(el.text for el in root.findall("s:url/s:lastmod", NS))


def test_no_sitemap_without_site_url(client: FlaskClient) -> None:
    """Issue 32: a sitemap's URLs must be absolute, and without SITE_URL the app knows no absolute URL of its own
    (it never writes the client's Host header): no sitemap rather than one of relative paths crawlers reject."""
    assert client.get("/sitemap.xml").status_code == 404
