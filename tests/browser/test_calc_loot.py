"""Real browser: the loot page's JavaScript agrees with the Python engine; the Loot die is a d20."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, expect

from calculators.loot import calculate, loot_tables
from indexer import Corpus

from ..calc_golden import entries_json, golden, subset
from ..helpers import LiveServer
from .calc_browser import open_calc

pytestmark = pytest.mark.browser


def test_every_golden_vector_in_the_page_javascript(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    with open_calc(page, live_server, "/calc/loot"):
        tables = loot_tables(corpus.data, entries_json(corpus))
        for case in golden("loot")["cases"]:
            got = page.evaluate("q => window.ThroneCalc.loot(q)", case["query"])
            assert subset(got, case["expected"]), (case["name"], got)
            assert got == calculate(parse_qs(case["query"]), tables), case["name"]
        for case in golden("loot")["errors"]:
            got = page.evaluate("q => window.ThroneCalc.loot(q)", case["query"])
            assert (got["error"]["code"], got["error"]["field"]) == (case["code"], case["field"]), case["name"]


def _out(page: Page, name: str) -> Any:
    return page.locator(f"#calc-result [data-out={name}]")


def test_kings_hand_roll_for_me_is_a_d20(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/loot", width=360) as requests:
        rolls = set()
        for _ in range(40):
            page.get_by_role("button", name="Roll for me").click()
            roll = int(_out(page, "roll").inner_text())
            want = "gain-cp" if roll <= 10 else "reroll-or-extra-attempt" if roll <= 15 else "change-die"
            expect(_out(page, "outcome")).to_have_attribute("data-outcome", want)
            rolls.add(roll)
        assert 1 <= min(rolls) and max(rolls) <= 20 and max(rolls) > 6 and len(rolls) >= 8
        page.get_by_label("Roll (1–20)").fill("7")
        expect(page.locator(".calc-explain")).to_contain_text("never guesses")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert requests == []


def test_dungeon_dice_locked_chest_by_thumb(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/loot") as requests:
        page.get_by_label("Dungeon Dice reward").check()
        expect(page.get_by_label("Roll (1–20)")).to_be_hidden()
        page.get_by_label("Locked Chest").check()
        expect(_out(page, "bag")).to_have_attribute("data-bag", "equipment")
        page.get_by_label("I have a key").check()
        expect(_out(page, "bag")).to_have_attribute("data-bag", "artifact")
        assert "key=true" in page.url and "reward=locked-chest" in page.url
        page.goto(page.url)
        expect(_out(page, "bag")).to_have_attribute("data-bag", "artifact")
        assert requests == []


def test_adventures_walkthrough_invents_no_rows(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/loot?table=adventures&side=boss-loot"):
        expect(_out(page, "outcome")).to_have_text("Read your row on the printed board")
        expect(page.locator(".calc-explain")).to_contain_text("Boss Loot side")
        expect(page.locator(".calc-rewards li")).to_have_count(6)
        page.get_by_label("Loot Chest", exact=True).check()
        expect(page.locator(".calc-explain")).to_contain_text("every player")
