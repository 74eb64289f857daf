"""/robots.txt and /sitemap.xml, for crawlers and Lighthouse's SEO audits."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from flask.testing import FlaskClient

from indexer import Corpus

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def test_robots_allows_pages(client: FlaskClient) -> None:
    resp = client.get("/robots.txt")
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    lines = resp.get_data(as_text=True).splitlines()
    assert lines[:3] == ["User-agent: *", "Allow: /", "Disallow: /api/"]
    assert not any(line.startswith("Sitemap:") for line in lines)  # only with SITE_URL: tests/hostile


def test_sitemap_lists_every_entry_and_resolves(client: FlaskClient, corpus: Corpus) -> None:
    resp = client.get("/sitemap.xml")
    assert resp.status_code == 200 and resp.mimetype == "application/xml"
    root = ET.fromstring(resp.data)
    locs = [el.text or "" for el in root.findall("s:url/s:loc", NS)]
    assert len(locs) == len(set(locs))
    paths = set(locs)  # relative without SITE_URL
    assert {e.url for e in corpus.entries.values()} <= paths
    assert {"/", "/index", "/dice-throne", "/calc/damage"} <= paths
    for path in sorted(p for p in paths if not p.startswith(("/dice-throne/", "/adventures/", "/dungeon-dice/"))):
        assert client.get(path).status_code == 200, path
    assert all(el.text for el in root.findall("s:url/s:lastmod", NS))
