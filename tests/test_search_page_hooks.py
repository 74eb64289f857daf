"""Issue 18: the server-rendered /search page and the API carry the stable hooks and section-level hits."""

from __future__ import annotations

from bs4 import BeautifulSoup
from flask.testing import FlaskClient


def test_results_list_and_links_carry_stable_hooks(client: FlaskClient) -> None:
    page = BeautifulSoup(client.get("/search?q=barbarian&kind=faq").get_data(as_text=True), "html.parser")
    results = page.select_one("[data-search-results]")
    assert results is not None and results.name == "ol"
    links = results.select("a[data-entry-id]")
    ids = {a["data-entry-id"] for a in links}
    assert {"faq-barbarian-stun-chain", "faq-barbarian-stun-immediate", "faq-barbarian-stun-removed-second-roll"} <= ids
    assert all(a["href"].split("#")[0].endswith("/" + a["data-entry-id"]) for a in links)


def test_a_match_in_one_section_links_to_it_and_names_it(client: FlaskClient) -> None:
    page = BeautifulSoup(client.get("/search?q=damage+type+chart").get_data(as_text=True), "html.parser")
    link = page.select_one('a[data-entry-id="damage-types"]')
    assert link["href"] == "/dice-throne/damage-types#damage-type-chart"
    assert link.find_parent("li").select_one(".result-section").get_text() == "Damage type chart"
    api = client.get("/api/search?q=damage+type+chart").get_json()
    row = next(r for r in api["results"] if r["id"] == "damage-types")
    assert row["url"] == "/dice-throne/damage-types#damage-type-chart" and row["section"] == "Damage type chart"
    plain = next(r for r in client.get("/api/search?q=stun").get_json()["results"] if r["id"] == "stun")
    assert plain["url"] == "/dice-throne/stun" and plain["section"] is None
