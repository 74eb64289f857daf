"""Polish twins on the site (issue 35): own URLs, hreflang both ways, <html lang>, the switch, sitemap, stale note."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from throne_rules import create_app

from indexer import build, load_corpus
from indexer.twins import english_hash

from .helpers import entry_text, write_entry

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def page(client: FlaskClient, path: str) -> BeautifulSoup:
    resp = client.get(path)
    assert resp.status_code == 200, path
    return BeautifulSoup(resp.get_data(as_text=True), "html.parser")


def alternates(soup: BeautifulSoup) -> dict[str, str]:
    return {str(link["hreflang"]): str(link["href"]) for link in soup.select('link[rel="alternate"][hreflang]')}


def test_twins_link_each_other_and_say_their_language(client: FlaskClient) -> None:
    pl, en = page(client, "/dice-throne/pl-stun"), page(client, "/dice-throne/stun")
    both = {"en": "/dice-throne/stun", "pl": "/dice-throne/pl-stun"}
    assert alternates(pl) == both == alternates(en)
    assert (pl.html["lang"], en.html["lang"]) == ("pl", "en")
    # the language switch opens the twin (static/js/ui-lang.js)
    assert (pl.html["data-twin-href"], pl.html["data-twin-lang"]) == ("/dice-throne/stun", "en")
    assert (en.html["data-twin-href"], en.html["data-twin-lang"]) == ("/dice-throne/pl-stun", "pl")
    note = pl.select_one(".twin-note")
    assert note is not None and "Tłumaczenie strony angielskiej" in note.get_text()
    assert note.a is not None and note.a["href"] == "/dice-throne/stun" and "twin-stale" not in note["class"]
    assert pl.select_one("[data-entry-id]")["data-entry-id"] == "pl-stun"  # type: ignore[index]


def test_polish_page_shows_twins_of_related_and_faqs(client: FlaskClient) -> None:
    faq = page(client, "/dice-throne/pl-faq-barbarian-stun-immediate")
    related = [str(a["href"]) for a in faq.select(".entry-related a")]
    assert "/dice-throne/pl-stun" in related and "/dice-throne/stun" not in related
    stun = page(client, "/dice-throne/pl-stun")
    assert "/dice-throne/pl-faq-barbarian-stun-immediate" in [str(a["href"]) for a in stun.select(".entry-faqs a")]
    english = page(client, "/dice-throne/stun")
    assert all("/pl-" not in str(a["href"]) for a in english.select(".entry-body a, .entry-faqs a, .entry-related a"))


def test_page_without_twin_has_no_alternates(client: FlaskClient) -> None:
    soup = page(client, "/dice-throne/pl-cel-gry")
    assert not alternates(soup) and not soup.html.has_attr("data-twin-href")  # type: ignore[union-attr]


def test_a_shared_polish_link_opens_polish(client: FlaskClient) -> None:
    resp = client.get("/dice-throne/pl-stun", headers={"Accept-Language": "en-GB,en"})
    assert resp.status_code == 200 and b'<html lang="pl"' in resp.data


def test_sitemap_lists_both_languages_with_alternates(build_dir: Path) -> None:
    site = "https://rules.example.org"  # a sitemap only with SITE_URL (its URLs are absolute)
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "SITE_URL": site})
    root = ET.fromstring(app.test_client().get("/sitemap.xml").data)
    rows = {url.findtext("s:loc", namespaces=NS): url for url in root.findall("s:url", NS)}
    assert {f"{site}/dice-throne/stun", f"{site}/dice-throne/pl-stun"} <= set(rows)
    for path in ("/dice-throne/stun", "/dice-throne/pl-stun"):
        links = {el.get("hreflang"): el.get("href") for el in rows[site + path].findall("x:link", NS)}
        assert links == {"en": f"{site}/dice-throne/stun", "pl": f"{site}/dice-throne/pl-stun"}


def test_stale_twin_says_so_in_polish(tmp_path: Path) -> None:
    content = tmp_path / "content"
    write_entry(content, "stun.md", entry_text("stun", "Stun", "Old text."))
    made_from = english_hash(load_corpus(content).entries["stun"])
    write_entry(content, "pl/twins/dice-throne/stun.md", entry_text(
        "pl-stun", "Ogłuszenie", "Stary tekst.", lang="pl", translation_of="stun", translated_from=f'"{made_from}"'))
    write_entry(content, "stun.md", entry_text("stun", "Stun", "New text."))
    report = build(content, tmp_path / "build")
    assert report.stale_twins == ["pl-stun"]
    client = create_app({"TESTING": True, "BUILD_DIR": str(tmp_path / "build")}).test_client()
    note = page(client, "/dice-throne/pl-stun").select_one(".twin-note.twin-stale")
    assert note is not None and note["role"] == "note"
    assert "Angielska strona zmieniła się" in note.get_text() and note.a["href"] == "/dice-throne/stun"  # type: ignore[index]


def test_search_finds_the_page_in_the_query_language(client: FlaskClient) -> None:
    # "stun timing" may open Stun or its English FAQ on when Stun takes effect (both English pages on its timing;
    # which comes first moves with the words of other pages): never the Polish twin.
    for query, first in (("ogłuszenie", {"pl-stun"}), ("jak działa stun", {"pl-stun"}), ("stun", {"stun"}),
                         ("stun timing", {"stun", "faq-barbarian-stun-immediate"})):
        found = client.get("/api/search", query_string={"q": query}).get_json()
        assert found["results"][0]["id"] in first, (query, [r["id"] for r in found["results"][:3]])


def test_results_mark_their_language(client: FlaskClient) -> None:
    soup = page(client, "/search?q=ogłuszenie")
    badges = {a["data-entry-id"]: a.find_parent("li").select_one(".lang-badge")  # type: ignore[union-attr]
              for a in soup.select("[data-search-results] a[data-entry-id]")}
    assert badges["pl-stun"]["data-lang-badge"] == "pl" and badges["stun"]["data-lang-badge"] == "en"
    assert badges["pl-stun"]["title"] == "Polish page"  # translated on the reader's device (data-t-title)


def test_each_reading_language_has_its_page_pack(client: FlaskClient) -> None:
    line = client.get("/sw.js").get_data(as_text=True).split("\n", 1)[0]
    worker = json.loads(line.removeprefix("self.THRONE_BUILD = ").removesuffix(";"))
    assert worker["packs"]["en"] == worker["pack"] and worker["packs"]["pl"].startswith("/precache-pack/pl/")
    langs = {item["url"]: item.get("lang") for item in worker["precache"] if item["kind"] == "page"}
    assert (langs["/dice-throne/stun"], langs["/dice-throne/pl-stun"], langs["/"]) == ("en", "pl", None)
    urls = {lang: {p["url"] for p in client.get(url).get_json()["pages"]} for lang, url in worker["packs"].items()}
    assert {"/", "/calc", "/dice-throne/stun"} <= urls["en"] and "/dice-throne/pl-stun" not in urls["en"]
    assert {"/", "/calc", "/dice-throne/pl-stun"} <= urls["pl"] and "/dice-throne/stun" not in urls["pl"]
    assert client.get(worker["packs"]["en"].replace("/precache-pack/", "/precache-pack/de/")).status_code == 404
    assert client.get(worker["packs"]["pl"].replace("/pl/", "/en/")).status_code == 404  # one URL per pack
