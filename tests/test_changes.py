"""What changed: each build compares its entries with the build before it; /changes, /api/changes, the
settings page, and both precached for offline use; the no-results page's nearest terms."""

from __future__ import annotations

import json
from pathlib import Path

from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from throne_rules import create_app
from throne_rules.nearest import nearest_terms
from throne_rules.precache import page_urls

from indexer import Release, build
from indexer.changes import compare, read_changes

from .helpers import entry_text, write_entry


def corpus_v1(content: Path) -> None:
    write_entry(content, "evasive.md", entry_text("evasive", "Evasive", "Roll a die; on 1-2 no damage.",
                                                  kind="status-effect"))
    write_entry(content, "cp.md", entry_text("combat-points", "Combat points", "You gain 1 CP."))
    write_entry(content, "stun.md", entry_text("stun", "Stun", "Skip your turn."))


def test_compare_names_added_changed_and_removed() -> None:
    old = [{"id": "a", "title": "A", "url": "/g/a", "game": "g", "kind": "rule", "lang": "en", "html": "1"},
           {"id": "b", "title": "B", "url": "/g/b", "game": "g", "kind": "rule", "lang": "en", "html": "1"},
           {"id": "c", "title": "C", "url": "/g/c", "game": "g", "kind": "rule", "lang": "en", "html": "1"}]
    new = [{**old[0]}, {**old[1], "html": "2"}, {"id": "d", "title": "D", "url": "/g/d", "game": "g",
                                                 "kind": "rule", "lang": "en", "html": "1"}]
    found = compare(old, new)
    assert [e["id"] for e in found["added"]] == ["d"]
    assert [e["id"] for e in found["changed"]] == ["b"]
    assert [e["id"] for e in found["removed"]] == ["c"]


def test_each_build_keeps_what_it_changed(tmp_path: Path) -> None:
    content, build_dir = tmp_path / "content", tmp_path / "build"
    corpus_v1(content)
    first = build(content, build_dir).release
    assert read_changes(first) == {"previous": None, "added": [], "changed": [], "removed": []}
    write_entry(content, "evasive.md", entry_text("evasive", "Evasive", "Roll a die; on 1-3 no damage.",
                                                  kind="status-effect"))
    (content / "stun.md").unlink()
    write_entry(content, "blind.md", entry_text("blind", "Blind", "Roll on attack."))
    second = build(content, build_dir).release
    changes = read_changes(second)
    assert changes is not None and changes["previous"]["content_hash"] == Release.load(first).content_hash
    assert ([e["id"] for e in changes["added"]], [e["id"] for e in changes["changed"]],
            [e["id"] for e in changes["removed"]]) == (["blind"], ["evasive"], ["stun"])
    # the same content built again keeps the list (a rebuild is not news)
    third = build(content, build_dir).release
    assert read_changes(third) == changes

    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "CONTENT_DIR": str(content)})
    client = app.test_client()
    api = client.get("/api/changes").get_json()
    assert api["total"] == 3 and api["changed"][0]["url"] == "/dice-throne/evasive"
    page = BeautifulSoup(client.get("/changes").get_data(as_text=True), "html.parser")
    assert [a["href"] for a in page.select(".changes-added a")] == ["/dice-throne/blind"]
    assert [a["href"] for a in page.select(".changes-changed a")] == ["/dice-throne/evasive"]
    assert "Stun" in page.select_one(".changes-removed").get_text()


def test_settings_and_changes_pages_are_precached(client: FlaskClient, release: Release) -> None:
    for url in ("/settings", "/changes"):
        assert client.get(url).status_code == 200
    with client.application.app_context():
        urls = page_urls(release, client.application)
    assert "/settings" in urls and "/changes" in urls
    sw = client.get("/sw.js").get_data(as_text=True)
    precache = json.loads(sw.split("self.THRONE_BUILD = ", 1)[1].split(";\n", 1)[0])["precache"]
    assert {"/settings", "/changes"} <= {item["url"] for item in precache}
    assert "/api/changes" not in {item["url"] for item in precache}


def test_settings_page_shows_the_content_version(client: FlaskClient, release: Release) -> None:
    page = BeautifulSoup(client.get("/settings").get_data(as_text=True), "html.parser")
    assert page.select_one(".content-version code").get_text() == release.content_hash[:12]
    assert page.select_one(".content-version time")["datetime"] == release.manifest["built_at"]
    names = {i["name"] for i in page.select("#settings input")}
    assert names == {"theme", "text", "lang", "swipe", "wake", "persist"}


def test_nearest_terms_for_a_query_that_finds_nothing(release: Release) -> None:
    found = nearest_terms(release, "undefendible damadge")
    assert found and found[0]["url"] == "/dice-throne/undefendable-damage"
    assert nearest_terms(release, "qqxxzzwv") == []


def test_no_results_page_links_the_indexes(client: FlaskClient) -> None:
    page = BeautifulSoup(client.get("/search?q=qqxxzzwv").get_data(as_text=True), "html.parser")
    hrefs = {a["href"] for a in page.select(".no-results a")}
    assert {"/index", "/faq"} <= hrefs
