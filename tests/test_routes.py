"""Every route, through Flask's test client, checked structurally with BeautifulSoup."""

from __future__ import annotations

from typing import Any

import pytest
from bs4 import BeautifulSoup, SoupStrainer
from flask.testing import FlaskClient

from indexer import Corpus


def soup(resp: Any) -> BeautifulSoup:
    return BeautifulSoup(resp.data, "html.parser")


def test_home_puts_search_first_then_games(client: FlaskClient) -> None:
    resp = client.get("/")
    assert resp.status_code == 200
    page = soup(resp)
    main = page.find("main")
    first_form = main.find("form")
    assert first_form["action"] == "/search" and first_form.find("input", {"name": "q"})
    games = [h.get_text() for h in main.select(".game-card h2 a")]
    assert games == ["Dice Throne", "Dice Throne Adventures", "Dungeon Dice"]
    assert page.find("meta", {"name": "viewport"})


def test_game_page_lists_entries(client: FlaskClient, corpus: Corpus) -> None:
    page = soup(client.get("/dice-throne"))
    links = {a["href"] for a in page.select(".entry-list a")}
    expected = {e.url for e in corpus.entries.values() if e.game == "dice-throne"}
    assert links == expected
    assert client.get("/chess").status_code == 404


# What test_every_entry_page_renders reads of each page: its heading, breadcrumbs and sources (tags outside these are
# read by the parser but not built into a tree: building and searching the whole of 1,085 pages was most of the
# test's CPU), and the <html> tag's language, read from the page's start before its <head>.
ENTRY_PARTS = SoupStrainer(["h1", "nav", "section"])


def test_every_entry_page_renders(client: FlaskClient, corpus: Corpus) -> None:
    for entry in corpus.entries.values():
        resp = client.get(entry.url)
        assert resp.status_code == 200, entry.url
        text = resp.get_data(as_text=True)
        top = BeautifulSoup(text[:text.index("<head")], "html.parser")
        assert top.find("html")["lang"] == entry.lang
        page = BeautifulSoup(text, "html.parser", parse_only=ENTRY_PARTS)
        assert page.find("h1").get_text(strip=True) == entry.title
        sources = page.select(".entry-sources li")
        assert len(sources) == len(entry.sources), entry.id
        crumbs = [a.get_text() for a in page.select(".breadcrumbs a")]
        assert len(crumbs) == 3 and crumbs[1] in ("Dice Throne", "Dice Throne Adventures", "Dungeon Dice")


def test_entry_headings_have_anchor_links(client: FlaskClient, corpus: Corpus) -> None:
    entry = next(e for e in corpus.entries.values() if e.anchors)
    page = soup(client.get(entry.url))
    for anchor in entry.anchors:
        heading = page.find(id=anchor)
        assert heading is not None and heading.find("a", class_="anchor")["href"] == f"#{anchor}"


def test_wrong_game_in_url_redirects(client: FlaskClient, corpus: Corpus) -> None:
    entry = next(e for e in corpus.entries.values() if e.game == "dice-throne")
    resp = client.get(f"/dungeon-dice/{entry.id}")
    assert resp.status_code == 301 and resp.headers["Location"].endswith(entry.url)


def test_unknown_entry_is_a_friendly_404(client: FlaskClient) -> None:
    resp = client.get("/dice-throne/no-such-rule")
    assert resp.status_code == 404
    assert soup(resp).find("form", {"action": "/search"})


def test_az_index_lists_terms_with_their_aliases(client: FlaskClient, corpus: Corpus) -> None:
    """Every term once, one link per row, its other names as text in the row; the questions are the FAQ's."""
    page = soup(client.get("/index"))
    rows = page.select(".az-list li")
    titles = {li.select_one(".az-title").get_text() for li in rows}
    names = {span.get_text() for span in page.select(".az-list [data-alias]")}
    assert all(len(li.select("a")) == 1 for li in rows)
    for entry in corpus.entries.values():
        if entry.kind == "faq":
            assert entry.title not in titles
            continue
        assert entry.title in titles
        assert set(entry.aliases) - {entry.title} <= names


def test_az_index_filters_by_game(client: FlaskClient, corpus: Corpus) -> None:
    page = soup(client.get("/index?game=dungeon-dice"))
    hrefs = {a["href"] for a in page.select(".az-list a")}
    assert hrefs and all(h.startswith("/dungeon-dice/") for h in hrefs)
    unknown = client.get("/index?game=chess")  # not a game: the A-Z of every game, at its own URL
    assert unknown.status_code == 301 and unknown.headers["Location"] == "/index"


def test_search_page_without_javascript(client: FlaskClient) -> None:
    page = soup(client.get("/search?q=undefendable"))
    first = page.select_one(".results .result a")
    assert first["href"] == "/dice-throne/undefendable-damage"
    assert page.select_one(".snippet mark")


def test_search_page_escapes_the_query(client: FlaskClient) -> None:
    resp = client.get("/search?q=%3Cscript%3Ealert(1)%3C/script%3E")
    assert b"<script>alert(1)" not in resp.data
    assert b"&lt;script&gt;alert(1)" in resp.data


def test_search_page_did_you_mean(client: FlaskClient) -> None:
    page = soup(client.get("/search?q=undefendabel"))
    assert page.select_one(".suggestion a").get_text() == "undefendable"


def test_search_page_bad_input(client: FlaskClient) -> None:
    assert client.get("/search").status_code == 200
    resp = client.get("/search?q=" + "x" * 201)
    assert resp.status_code == 400 and soup(resp).select_one("[role=alert]")


def test_healthz(client: FlaskClient, corpus: Corpus) -> None:
    body = client.get("/healthz").get_json()
    assert body["status"] == "ok" and body["content_hash"] == corpus.content_hash
    assert body["entries"] == len(corpus.entries)


@pytest.mark.parametrize("path", ["/", "/index", "/search?q=cp", "/dice-throne"])
def test_pages_have_one_h1_and_a_main(client: FlaskClient, path: str) -> None:
    page = soup(client.get(path))
    assert len(page.find_all("h1")) == 1 and page.find("main")


def test_status_effect_pages_show_their_data(client: FlaskClient, corpus: Corpus) -> None:
    effects = corpus.data["status-effects"]["effects"]
    assert effects
    for item in effects:
        page = soup(client.get(corpus.entries[item["id"]].url))
        facts = {dt.get_text(): dd.get_text() for dt, dd in zip(page.select(".facts dt"), page.select(".facts dd"),
                                                                  strict=True)}
        limit = item["stack_limit"]
        assert facts["Stack limit"].startswith(str(limit) if limit is not None else "Not given"), item["id"]
        assert facts["Type"].lower() == item["type"]


def test_faq_index_groups_every_question(client: FlaskClient, corpus: Corpus) -> None:
    page = soup(client.get("/faq"))
    listed = {a["href"] for a in page.select("#faq-groups li .faq-open a")}
    assert listed == {e.url for e in corpus.entries.values() if e.kind == "faq"}
    # each answer is in the page, in a <details> that opens in place (and the filter can find its words)
    answers = page.select("#faq-groups li details .faq-answer")
    assert len(answers) == len(listed) and all(a.get_text(strip=True) for a in answers)
    ids = [tag["id"] for tag in page.find_all(id=True)]
    assert len(ids) == len(set(ids)), "an embedded answer repeats an id"
    groups = [h.get_text() for h in page.select(".faq-group h2")]
    assert any(g.startswith("Barbarian") for g in groups)
    assert any(g.startswith("Dice Throne Adventures") for g in groups)
    assert page.find("input", id="faq-q") and page.find("label", attrs={"for": "faq-q"})


def test_search_page_filters_by_game_kind_and_language(client: FlaskClient) -> None:
    page = soup(client.get("/search?q=damage&game=dice-throne&kind=faq&lang=en"))
    for name, value in (("game", "dice-throne"), ("kind", "faq"), ("lang", "en")):
        chips = page.select(f".chips input[type=radio][name={name}]")  # each chip a radio inside its label
        assert [c["value"] for c in chips if c.has_attr("checked")] == [value]
        assert all(c.find_parent("label") and c.find_parent("fieldset").find("legend") for c in chips)
    badges = [b.get_text() for b in page.select(".result .badge:not(.lang-badge)")]
    assert badges and set(badges) <= {"Dice Throne", "FAQ"}
    # every result also carries its language's badge (since the Polish twins): English only, as filtered
    langs = [b["data-lang-badge"] for b in page.select(".result .lang-badge")]
    assert len(langs) == len(page.select(".result")) and set(langs) == {"en"}


def test_game_page_by_kind(client: FlaskClient) -> None:
    page = soup(client.get("/dice-throne?kind=faq"))
    assert page.find("h1").get_text() == "Dice Throne: FAQ"
    assert [h["id"] for h in page.select(".kind-section h2")] == ["k-faq"]
    assert page.select_one(".kind-sections")["data-kind"] == "faq"  # kind-filter.js leaves it alone
    assert not page.select_one(".show-all").has_attr("hidden")
    whole = soup(client.get("/dice-throne"))
    assert len(whole.select(".kind-section")) > 5 and whole.select_one(".show-all").has_attr("hidden")
