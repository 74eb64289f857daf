"""Real browser: Dungeon Dice Fame and combat in the page's JavaScript, by thumb and offline."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, expect

from calculators.dungeon_dice import calculate_combat, calculate_fame, dungeon_dice_tables, page_results
from indexer import Corpus

from ..calc_golden import entries_json, golden, subset
from ..helpers import LiveServer
from .calc_browser import open_calc

pytestmark = pytest.mark.browser


def test_every_golden_vector_in_the_page_javascript(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    data = golden("dungeon-dice")
    tables = dungeon_dice_tables(corpus.data, entries_json(corpus))
    with open_calc(page, live_server, "/calc/fame"):
        for case in data["fame"]:
            got = page.evaluate("b => window.ThroneCalc.fame(b)", case["input"])
            assert subset(got, case["expected"]), (case["name"], got)
            assert got == calculate_fame(case["input"], tables), case["name"]
        for case in data["combat"]:
            got = page.evaluate("b => window.ThroneCalc.ddCombat(b)", case["input"])
            assert subset(got, case["expected"]), (case["name"], got)
            assert got == calculate_combat(case["input"], tables), case["name"]
        for case in data["fame"] + data["combat"]:
            if "form" in case:
                got = page.evaluate("q => window.ThroneCalc.famePage(q)", case["form"])
                assert got == page_results(parse_qs(case["form"]), tables), case["name"]
        for key, fn in (("fame_errors", "fame"), ("combat_errors", "ddCombat")):
            for case in data[key]:
                if "input" in case:
                    got = page.evaluate(f"b => window.ThroneCalc.{fn}(b)", case["input"])
                    assert (got["error"]["code"], got["error"]["field"]) == (case["code"], case["field"]), case["name"]


def _out(page: Page, name: str) -> Any:
    return page.locator(f"#calc-result [data-out={name}]")


def test_reaching_four_fame_by_thumb_offline(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/fame", width=360) as requests:
        page.context.set_offline(True)
        try:
            page.get_by_label("Experience").fill("6")
            expect(_out(page, "fame")).to_have_text("1")
            expect(_out(page, "level-dice")).to_have_text("3")
            page.get_by_label("Gold trophies").fill("1")
            expect(_out(page, "winner")).to_have_attribute("data-winner", "yes")
            page.get_by_label("Heroes' combat total").fill("4")
            page.get_by_label("Monster's combat total").fill("4")
            expect(_out(page, "combat")).to_have_attribute("data-result", "tie")
            assert "gold=1" in page.url and "hero_total=4" in page.url
        finally:
            page.context.set_offline(False)
        assert requests == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.goto(page.url)
        expect(_out(page, "fame")).to_have_text("4")
        page.get_by_label("Red trophies").fill("-1")
        expect(page.locator(".calc-error")).to_have_attribute("data-field", "red")
        expect(page.get_by_label("Red trophies")).to_have_attribute("aria-invalid", "true")
