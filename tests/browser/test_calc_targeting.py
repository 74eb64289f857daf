"""Real browser: the targeting page's JavaScript agrees with the Python engine on every golden vector."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, expect

from calculators.targeting import calculate, targeting_tables
from indexer import Corpus

from ..calc_golden import entries_json, golden, subset
from ..helpers import LiveServer
from .calc_browser import open_calc

pytestmark = pytest.mark.browser


def test_every_golden_vector_in_the_page_javascript(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    with open_calc(page, live_server, "/calc/targeting"):
        tables = targeting_tables(corpus.data, entries_json(corpus))
        for case in golden("targeting")["cases"]:
            got = page.evaluate("q => window.ThroneCalc.targeting(q)", case["query"])
            assert subset(got, case["expected"]), (case["name"], got)
            assert got == calculate(parse_qs(case["query"]), tables), case["name"]  # the twin says the same
        for case in golden("targeting")["errors"]:
            got = page.evaluate("q => window.ThroneCalc.targeting(q)", case["query"])
            assert (got["error"]["code"], got["error"]["field"]) == (case["code"], case["field"]), case["name"]


def _out(page: Page, name: str) -> Any:
    return page.locator(f"#calc-result [data-out={name}]")


def test_roll_for_me_rolls_a_d6_and_the_link_keeps_it(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/targeting", width=360):
        page.get_by_label("3v3").check()
        expect(page.get_by_label("Your seat")).to_be_hidden()  # King of the Hill only
        expect(page.locator(".calc-empty")).to_contain_text("Roll for me")
        seen = set()
        for _ in range(12):
            page.get_by_role("button", name="Roll for me").click()
            roll = int(_out(page, "roll").inner_text())
            assert 1 <= roll <= 6 and f"roll={roll}" in page.url
            expected = {1: "left", 2: "left", 3: "middle", 4: "middle", 5: "right", 6: "right"}[roll]
            expect(_out(page, "target")).to_have_attribute("data-target", expected)
            seen.add(roll)
        assert len(seen) >= 2
        shared = page.url
        page.goto(shared)
        expect(_out(page, "roll")).to_have_text(str(roll))
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_boss_vs_many_by_keyboard(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/targeting"):
        page.get_by_label("Boss vs Many").check()
        page.get_by_label("4 Heroes").check()
        page.get_by_label("1", exact=True).focus()
        for _ in range(4):
            page.keyboard.press("ArrowRight")  # the die's radio buttons: 1 -> 5
        expect(page.get_by_label("5", exact=True)).to_be_checked()
        page.keyboard.press("Enter")
        expect(_out(page, "target")).to_have_attribute("data-target", "roll-again")
        expect(_out(page, "provenance")).to_have_count(0)
        expect(page.locator("#calc-result")).to_be_focused()


def test_king_of_the_hill_leaders(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/targeting"):
        page.get_by_label("King of the Hill").check()
        expect(page.get_by_role("button", name="Roll for me")).to_be_hidden()
        page.get_by_label("Each player's Health, in seat order").fill("30, 30, 25")
        page.get_by_label("Your seat").fill("1")
        page.get_by_label("Seat you Attack").fill("2")
        expect(_out(page, "bonus")).to_have_attribute("data-bonus", "yes")
        page.get_by_label("Seat you Attack").fill("4")
        expect(page.locator(".calc-error")).to_have_attribute("data-field", "target")


def test_offline_and_no_requests(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/targeting?mode=2v2v2") as requests:
        page.context.set_offline(True)
        try:
            page.get_by_label("5", exact=True).check()
            expect(_out(page, "target")).to_have_attribute("data-target", "choose")
            # The 2v2v2 table rests on the Polish player's summary alone: the JS twin says so, as the server does.
            expect(_out(page, "provenance")).to_contain_text("marks its house rules by colour")
            hit = page.locator("#calc-result .calc-target-table tr.calc-row-hit")
            expect(hit).to_have_count(1)
            expect(hit.locator("td").first).to_have_text("5, 6")
        finally:
            page.context.set_offline(False)
        assert requests == []
