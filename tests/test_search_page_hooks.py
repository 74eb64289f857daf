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
    # words beyond the entry's names ("values") point into the chart; the entry's own name does not (issue 33)
    page = BeautifulSoup(client.get("/search?q=damage+chart+values").get_data(as_text=True), "html.parser")
    link = page.select_one('a[data-entry-id="damage-types"]')
    assert link["href"] == "/dice-throne/damage-types#damage-type-chart"
    assert link.find_parent("li").select_one(".result-section").get_text() == "Damage type chart"
    api = client.get("/api/search?q=damage+chart+values").get_json()
    row = next(r for r in api["results"] if r["id"] == "damage-types")
    assert row["url"] == "/dice-throne/damage-types#damage-type-chart" and row["section"] == "Damage type chart"
    plain = next(r for r in client.get("/api/search?q=stun").get_json()["results"] if r["id"] == "stun")
    assert plain["url"] == "/dice-throne/stun" and plain["section"] is None


def test_a_query_naming_the_entry_opens_it_at_its_top(client: FlaskClient) -> None:
    """Issue 33: a title or an alias ("damage type chart" is one) opens the entry, not one of its sections."""
    for q, entry in (("damage type chart", "damage-types"), ("poison", "poison"), ("poisoned", "poison"),
                     ("paladin", "paladin"), ("blind", "blind")):
        row = client.get(f"/api/search?q={q}").get_json()["results"][0]
        assert row["id"] == entry and row["section"] is None and "#" not in row["url"], q
