"""What the calculator pages say, without JavaScript: errors name the field by its label (the JSON APIs keep the
API name), the King of the Hill Health list takes spaces, odds never round to a false 100% or 0%, custom symbols
are one symbol whatever their case, and the hints describe the controls the page shows."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from throne_rules.ui_strings_calc2 import LABELS
from throne_rules.views.calc_common import page_message

from calculators import odds_form
from calculators.odds import percent
from calculators.targeting import health_parts


def _error(client: FlaskClient, url: str) -> tuple[str, str]:
    resp = client.get(url)
    assert resp.status_code == 400, url
    node = BeautifulSoup(resp.data, "html.parser").select_one(".calc-error")
    return node["data-field"], node.get_text()


@pytest.mark.parametrize(("url", "field", "starts"), [
    ("/calc/score?mode=portal-crawl&result=win&remaining_salves=-1", "remaining_salves",
     "Remaining Salves must be a whole number from 0 to 999; got -1."),
    ("/calc/fame?hero_total=-1", "hero_total", "Heroes' combat total must be a whole number"),
    ("/calc/loot?table=kings-hand&roll=0", "roll", "Roll must be a whole number from 1 to 20; got 0."),
    ("/calc/targeting?mode=koth&health=30,30,25&target=2", "attacker", "Your seat is required"),
    ("/calc/targeting?mode=koth&health=30,30,25&attacker=1&target=1", "target",
     "Seat you Attack must not be your own seat"),
    ("/calc/targeting?mode=koth&attacker=1", "health", "Your seat needs health"),
    ("/calc/targeting?mode=koth&health=30", "health", "Each player's Health must list"),
    ("/calc/targeting?mode=boss-vs-many&roll=2", "heroes", "Heroes facing the Boss: choose 2, 3 or 4 Heroes."),
    ("/calc/targeting?mode=foo", "mode", "Unknown Game mode 'foo'"),
])
def test_page_errors_name_the_fields_label(client: FlaskClient, url: str, field: str, starts: str) -> None:
    got_field, text = _error(client, url)
    assert got_field == field and text.startswith(starts), text
    assert not any(f"{name} " in text.split(":")[0] for name in LABELS if "_" in name), text


def test_the_api_keeps_its_message_code_and_field(client: FlaskClient) -> None:
    body = client.get("/api/calc/targeting?mode=koth&health=30,30,25&target=2").get_json()
    assert body == {"error": {"code": "missing_field", "field": "attacker",
                              "message": "attacker is required: a whole number from 1 to 3."}}
    body = client.post("/api/calc/score", json={"mode": "portal-crawl", "result": "win", "remaining_salves": -1,
                                                "unspent_gold": 0, "scenario_score": 0}).get_json()
    assert body["error"]["code"] == "negative_number" and body["error"]["message"].startswith("remaining_salves ")


def test_page_message_leaves_other_texts_alone() -> None:
    assert page_message("Incoming damage must be a whole number.") == "Incoming damage must be a whole number."
    assert page_message("damage is required") == "damage is required"  # not one of these pages' fields
    assert page_message("red must be a whole number from 0 to 999.") == "Red trophies must be a whole number from 0 " \
                                                                         "to 999."


@pytest.mark.parametrize("raw", ["30 30 25", "30,30,25", " 30; 30 ,25 ", "30,\t30,,25", "30, 30, 25"])
def test_the_health_list_takes_spaces_commas_and_semicolons(raw: str) -> None:
    assert health_parts(raw) == ["30", "30", "25"]


def test_the_health_field_opens_a_keyboard_with_separators(client: FlaskClient) -> None:
    page = BeautifulSoup(client.get("/calc/targeting").data, "html.parser")
    field = page.select_one("#f-health")
    assert field.get("inputmode") in (None, "text")  # iOS's numeric pad has no space or comma key
    assert "spaces or commas" in page.select_one("#health-hint").get_text()
    assert client.get("/calc/targeting?mode=koth&health=30+30+25&attacker=1&target=2").status_code == 200


@pytest.mark.parametrize(("value", "shown"), [
    (1.0, "100.00%"), (0.0, "0.00%"), (float(1 - Fraction(1, 8) ** 5), "> 99.99%"), (1 / 46656, "< 0.01%"),
    (0.99994, "99.99%"), (0.00005, "0.01%"), (0.5, "50.00%"), (1 - 1e-15, "100.00%"),
])
def test_a_chance_short_of_certain_is_not_shown_as_certain(value: float, shown: str) -> None:
    assert percent(value) == shown


@pytest.mark.parametrize(("query", "shown"), [
    ("hero=gunslinger&goal=symbols&n-Bullet=1", "> 99.99%"),
    ("dice=7&goal=kind&kind=7&rolls=1", "< 0.01%"),
])
def test_the_odds_page_says_so(client: FlaskClient, query: str, shown: str) -> None:
    page = BeautifulSoup(client.get("/calc/odds?" + query).data, "html.parser")
    assert page.select_one("#calc-result [data-out=chance]").get_text() == shown


def _custom(faces: list[str], **more: str) -> dict[str, Any]:
    args = {"hero": "custom", **{f"f{i + 1}": s for i, s in enumerate(faces)}, **more}
    return args


def test_custom_symbols_are_one_symbol_whatever_their_case() -> None:
    faces = ["Sword", "sword", " SWORD ", "Heart", "heart", "Star"]
    state = odds_form.page_state(_custom(faces), {"presets": []})
    assert state["symbols"] == ["Sword", "Heart", "Star"]
    assert list(state["faces"].values()) == ["Sword", "Sword", "Sword", "Heart", "Heart", "Star"]


def test_custom_symbols_in_any_case_give_the_chance_of_all_their_faces(client: FlaskClient) -> None:
    query = "hero=custom&f1=Sword&f2=sword&f3=sword&f4=a&f5=b&f6=c&goal=symbols&n-Sword=2"
    page = BeautifulSoup(client.get("/calc/odds?" + query).data, "html.parser")
    chance = page.select_one("#calc-result [data-out=chance]").get_text()
    assert float(chance.strip("%")) > 95, chance  # 3 faces of 6, not 1 (69.88%)


def test_the_hints_match_the_controls(client: FlaskClient) -> None:
    for url in ("/calc/targeting", "/calc/loot"):
        hint = BeautifulSoup(client.get(url).data, "html.parser").select_one("#roll-hint")
        no_js, js = hint.select_one("[data-no-script]"), hint.select_one("[data-script]")
        assert "server rolls for you" in no_js.get_text()
        assert js.has_attr("hidden") and "“Roll for me”" in js.get_text() and "server" not in js.get_text()
