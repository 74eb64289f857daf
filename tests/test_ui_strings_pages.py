"""Interface strings in the page's language (English and Polish): the search page's count, the 404 page, the
offline page's wording, the strings the scripts show; and the Polish damage-types page names each English
term once."""

from __future__ import annotations

import json
import re

from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from throne_rules.ui_strings import JS_STRING_KEYS, UI_STRINGS, js_strings

NEW_KEYS = ["search_loading", "search_failed", "clear_pinned_confirm", "not_found_title", "not_found_text",
            "n_results", "one_result", "did_you_mean", "offline_results", "suggestions", "no_matches", "n_matches",
            "link_to_section"]


def page(client: FlaskClient, url: str) -> tuple[int, BeautifulSoup]:
    with client.get(url) as resp:
        body = resp.get_data()
    return resp.status_code, BeautifulSoup(body, "html.parser")


def config(soup: BeautifulSoup) -> dict:
    return json.loads(soup.find("script", id="pwa-config").string)


def test_the_scripts_strings_exist_in_both_languages() -> None:
    for key in NEW_KEYS:
        assert key in JS_STRING_KEYS or key.startswith("not_found"), key
        assert UI_STRINGS["en"][key] and UI_STRINGS["pl"][key], key
        assert UI_STRINGS["en"][key] != UI_STRINGS["pl"][key], key
    for key in ("n_results", "clear_pinned_confirm", "n_matches"):
        assert "{n}" in UI_STRINGS["en"][key] and "{n}" in UI_STRINGS["pl"][key], key
    assert js_strings("pl")["search_loading"] == "Wczytywanie wyszukiwarki…"


def test_search_count_is_a_translatable_string(client: FlaskClient) -> None:
    status, soup = page(client, "/search?q=evasive")
    assert status == 200
    count = soup.select_one(".result-count [data-t]")
    assert count["data-t"] == "n_results" and count.get_text() == f"{count['data-t-n']} results for"
    assert int(count["data-t-n"]) > 1
    # the Polish, for a reader who chose Polski, is in the page's config with its {n}
    assert config(soup)["uiPl"]["n_results"] == "Wyniki ({n}) dla"
    _, soup = page(client, "/search?q=evasive&game=dice-throne&kind=status-effect&lang=en")
    count = soup.select_one(".result-count [data-t]")
    if count["data-t-n"] == "1":
        assert count["data-t"] == "one_result" and count.get_text() == "1 result for"


def test_not_found_page_speaks_the_interface_language(client: FlaskClient) -> None:
    status, soup = page(client, "/dice-throne/evasiv")
    assert status == 404
    h1 = soup.find("h1")
    assert h1.get_text() == "Page not found" and h1.find("span")["data-t"] == "not_found_title"
    text = soup.select_one("main p [data-t=not_found_text]")
    assert text and "no page at this address" in text.get_text()
    assert "requested URL" not in soup.get_text()  # Werkzeug's English sentence is gone
    pl = config(soup)["uiPl"]
    assert pl["not_found_title"] == "Nie znaleziono strony" and pl["not_found_text"].startswith("Pod tym adresem")
    assert soup.title.get_text().startswith("Page not found")
    # one search landmark (axe landmark-unique): the page's own search box, the header keeps its jump to it
    assert len(soup.select("[role=search]")) == 1 and soup.select_one("a.search-jump[href='#q']")
    assert soup.select_one("[role=search] input#q[type=search]")
    # the JSON APIs keep their error shape
    with client.get("/api/nothing-here") as resp:
        assert resp.status_code == 404
        assert set(resp.get_json()["error"]) == {"code", "message", "field"}


def test_offline_page_does_not_promise_the_page_exists(client: FlaskClient) -> None:
    for url, lang in (("/offline", "en"), ("/offline?lang=pl", "pl")):
        _, soup = page(client, url)
        text = soup.select_one(".offline-page p").get_text()
        assert text == UI_STRINGS[lang]["offline_text"]
        assert "not saved on this device yet" not in text and "nie jest jeszcze zapisana" not in text
        assert re.search(r"not found|Nie znaleziono", text)
        assert soup.select_one(".offline-page form[role=search] input[type=search]")


def test_polish_damage_types_name_each_english_term_once(client: FlaskClient) -> None:
    _, soup = page(client, "/dice-throne/pl-rodzaje-obrazen")
    body = soup.select_one(".entry-body")
    text = body.get_text(" ")
    assert not re.search(r"\(ang\. ([^,()]+), \1\)", re.sub(r"\s+", " ", text))  # no term named twice
    for term in ("Avoidable", "Defendable", "Enhanceable"):
        assert f"(ang. {term})" in re.sub(r"\s+", " ", text).replace("( ", "(").replace(" )", ")"), term
        assert f"{term}, {term}" not in text, term
        link = next((a for a in body.find_all("a") if a.get_text() == term), None)
        # the English term's entry, or on this Polish page its Polish twin (links on Polish pages go to twins)
        assert link is not None and link["href"].endswith(("/" + term.lower(), "/pl-" + term.lower())), term
    for row in body.select("table tr")[1:]:
        english = row.find_all("td")[1]
        assert english.find("a") and "," not in english.get_text(), english
