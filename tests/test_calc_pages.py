"""The calculator pages without JavaScript: the form's GET renders the server's result; every rule link resolves."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from calculators import dungeon_dice, loot, scoring, targeting
from calculators.damage import calculate, damage_tables
from calculators.damage_form import form_to_body
from calculators.dungeon_dice import dungeon_dice_tables
from calculators.loot import loot_tables
from calculators.scoring import score_tables
from calculators.targeting import targeting_tables
from indexer import Corpus

from .calc_golden import cases, entries_json, golden


def soup(html: bytes) -> BeautifulSoup:
    return BeautifulSoup(html, "html.parser")


def test_index_lists_the_calculators(client: FlaskClient) -> None:
    page = soup(client.get("/calc").data)
    hrefs = {a["href"] for a in page.select(".calc-list a")}
    assert {"/calc/damage", "/calc/targeting", "/calc/loot", "/calc/score", "/calc/fame"} <= hrefs


def test_damage_page_without_a_query_shows_the_form(client: FlaskClient) -> None:
    resp = client.get("/calc/damage")
    assert resp.status_code == 200
    page = soup(resp.data)
    form = page.select_one("form#calc-form")
    assert form["action"] == "/calc/damage" and form["method"] == "get"
    # a page load announces no live region: the result is a labelled region, and its script says each change
    # in a few words through a status region of its own (tests/browser/test_calc_live_status.py)
    result = page.select_one("#calc-result")
    assert result["aria-labelledby"] == "result-title" and not result.has_attr("aria-live")
    for field in page.select("form#calc-form input:not([type=hidden])"):
        has_label = field.get("id") and page.select_one(f"label[for='{field['id']}']")
        assert has_label or field.find_parent("label"), f"input {field.get('name')} has no label"
    assert not page.select("script:not([src]):not([type='application/json'])"), "no inline scripts"
    assert not page.find_all(attrs={"onclick": True})
    tables = page.select_one("script#calc-tables[type='application/json']")
    assert tables and '"types"' in tables.string


@pytest.mark.parametrize("case", [c for c in cases("damage") if "form" in c.values[0]])
def test_the_form_renders_the_result_without_javascript(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/calc/damage?" + case["form"])
    assert resp.status_code == 200
    page = soup(resp.data)
    assert page.select_one("[data-out=final]").get_text() == str(case["expected"]["final"])
    assert page.select_one("[data-out=reflected]").get_text() == str(case["expected"]["reflected"])
    codes = [li["data-code"] for li in page.select(".calc-ignored li")]
    assert set(codes) == {i["code"] for i in case["expected"]["ignored"]}
    # the form keeps the values it was sent
    damage = page.select_one("#f-damage")
    assert damage["value"] == parse_qs(case["form"])["damage"][0]


@pytest.mark.parametrize("case", cases("damage", "form_errors"))
def test_bad_form_input_is_shown_naming_the_field(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/calc/damage?" + case["form"])
    assert resp.status_code == 400
    error = soup(resp.data).select_one(".calc-error")
    assert error["data-field"] == case["field"] and error.get_text(strip=True)


def test_dials_render_without_javascript(client: FlaskClient) -> None:
    page = soup(client.get("/calc/damage?damage=12&hp-def=10&hp-att=3&dmg-att=5").data)
    assert page.select_one("[data-out=outcome]")["data-outcome"] == "draw"


def _urls(value: Any) -> set[str]:
    """Every rule URL inside a calculator's tables or result: "url" values, "rules" lists and "titles" keys."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "url" and isinstance(item, str):
                found.add(item)
            elif key == "rules" and isinstance(item, list):
                found |= {u for u in item if isinstance(u, str)}
            elif key in ("rules", "titles") and isinstance(item, dict):
                found |= {u for u in (item.values() if key == "rules" else item.keys()) if isinstance(u, str)}
            else:
                found |= _urls(item)
    elif isinstance(value, list):
        for item in value:
            found |= _urls(item)
    return found


def _emitted_links(corpus: Corpus) -> set[str]:
    """Every rule URL the calculators can emit: their tables and their results for all golden vectors."""
    entries = entries_json(corpus)
    dmg = damage_tables(corpus.data, entries)
    urls = _urls(dmg)
    for case in golden("damage")["cases"]:
        urls |= _urls(calculate(case["input"], dmg))
        if "form" in case:
            urls |= _urls(calculate(form_to_body(parse_qs(case["form"]), dmg), dmg))
    tgt = targeting_tables(corpus.data, entries)
    urls |= _urls(tgt)
    for case in golden("targeting")["cases"]:
        urls |= _urls(targeting.calculate(parse_qs(case["query"]), tgt))
    ddt = dungeon_dice_tables(corpus.data, entries)
    urls |= _urls(ddt)
    for case in golden("dungeon-dice")["fame"]:
        urls |= _urls(dungeon_dice.calculate_fame(case["input"], ddt))
    for case in golden("dungeon-dice")["combat"]:
        urls |= _urls(dungeon_dice.calculate_combat(case["input"], ddt))
    st = score_tables(corpus.data, entries)
    urls |= _urls(st)
    for case in golden("score")["cases"]:
        urls |= _urls(scoring.calculate(case["input"], st))
    lt = loot_tables(corpus.data, entries)
    urls |= _urls(lt)
    for case in golden("loot")["cases"]:
        urls |= _urls(loot.calculate(parse_qs(case["query"]), lt))
    return urls


def test_every_rule_link_resolves_to_an_entry(corpus: Corpus) -> None:
    by_url = {e.url: e for e in corpus.entries.values()}
    links = _emitted_links(corpus)
    assert len(links) > 10
    for url in sorted(links):
        path, _, anchor = url.partition("#")
        assert path in by_url, f"{url} is not an entry"
        if anchor:
            assert re.search(f'id="{re.escape(anchor)}"', by_url[path].html), f"{url}: no such section"


def test_every_rule_link_serves_a_page(client: FlaskClient, corpus: Corpus) -> None:
    for url in sorted({u.partition("#")[0] for u in _emitted_links(corpus)}):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("case", cases("targeting"))
def test_targeting_form_renders_the_result_without_javascript(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/calc/targeting?" + case["query"])
    assert resp.status_code == 200
    page = soup(resp.data)
    assert page.select_one("[data-out=target]")["data-target"] == case["expected"]["target"]
    if "bonus_card" in case["expected"]:
        assert page.select_one("[data-out=bonus]")["data-bonus"] == ("yes" if case["expected"]["bonus_card"] else "no")
    assert page.select(".calc-explain li a")


def test_targeting_page_rolls_for_you_without_javascript(client: FlaskClient) -> None:
    page = soup(client.get("/calc/targeting?mode=2v2v2&roll=").data)
    roll = int(page.select_one("[data-out=roll]").get_text())
    assert 1 <= roll <= 6
    # submitting again keeps the roll: its face is the die button checked
    assert page.select_one("input[name=roll][checked]")["value"] == str(roll)


@pytest.mark.parametrize("case", cases("targeting", "errors"))
def test_targeting_bad_input_is_shown_naming_the_field(client: FlaskClient, case: dict[str, Any]) -> None:
    resp = client.get("/calc/targeting?" + case["query"])
    assert resp.status_code == 400
    assert soup(resp.data).select_one(".calc-error")["data-field"] == case["field"]


def test_targeting_page_shows_the_modes_table_with_the_rolled_row(client: FlaskClient) -> None:
    html = client.get("/calc/targeting?mode=3v3&roll=4").get_data(as_text=True)
    assert html.count('class="calc-row-hit"') == 1
    row = html.split('class="calc-row-hit"', 1)[1].split("</tr>", 1)[0]
    assert "<td>3, 4</td>" in row and "middle" in row
    assert 'type="radio" name="roll" value="4" checked' in html


def test_damage_page_error_names_the_fields_label(client: FlaskClient) -> None:
    resp = client.get("/calc/damage?damage=5&add=1000")
    assert resp.status_code == 400
    assert "Damage added (+N) must be a whole number" in resp.get_data(as_text=True)
