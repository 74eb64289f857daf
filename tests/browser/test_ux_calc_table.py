"""Issue 34, calculators at the table (a 360 x 740 touch phone, light and dark): the first field in the first screen
at normal and Large text, a shared calculation opening on its result, the odds page's one target control and its
keep advice in the sticky bar, targeting's Leaders without an error mid-typing, the Adventures loot board typed once."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .table_support import phone, phone_context, top_of  # noqa: F401 - phone is a fixture

pytestmark = pytest.mark.browser
FIRST_FIELD_MAX = 420
LOOT_BOARD = "1-8: 2 Gold\n9-14: Gain CP\n15-19: Draw cards\n20: Unidentified Loot card"


@pytest.mark.parametrize("text", ["normal", "large"])
def test_first_field_in_the_first_screen(browser: Browser, live_server: LiveServer, text: str) -> None:
    context = phone_context(browser, live_server, "light")
    context.add_init_script(f"localStorage.setItem('throne-rules.settings', JSON.stringify({{text: '{text}'}}))")
    try:
        page = context.new_page()
        page.goto("/calc/damage")
        assert top_of(page, "#f-damage") <= FIRST_FIELD_MAX, "the incoming damage field"
        page.goto("/calc/odds")
        assert top_of(page, ".odds-target input[value='straight-5'] + span") <= FIRST_FIELD_MAX + 150
        assert top_of(page, "#calc-form .calc-chip") <= FIRST_FIELD_MAX
    finally:
        context.close()


def test_shared_calculation_opens_on_its_steps(phone: Page) -> None:  # noqa: F811
    phone.goto("/calc/damage?damage=8&add=2&dsub=1&double=1")
    steps = phone.locator("[data-calc-steps]")
    expect(steps).to_be_visible()
    expect(phone.locator("#calc-result h2")).to_be_in_viewport()
    assert steps.evaluate("n => n.getBoundingClientRect().top") < 740
    phone.goto("/calc/damage")  # a fresh calculation opens on its inputs
    expect(phone.locator("#f-damage")).to_be_in_viewport()


def test_odds_one_target_control_and_keep_advice(phone: Page) -> None:  # noqa: F811
    phone.goto("/calc/odds")
    target = phone.locator(".odds-target")
    names = target.locator("input[type=radio]").evaluate_all("xs => [...new Set(xs.map(x => x.name))]")
    assert names == ["target"], names
    large = target.locator("label", has_text="Large Straight")
    large.tap()
    expect(large.locator("input")).to_be_checked()
    expect(target.locator("input:checked")).to_have_count(1)
    expect(phone).to_have_url(re.compile(r"goal=straight&straight=5"))
    target.locator("label", has_text="4 of a kind").tap()
    expect(phone).to_have_url(re.compile(r"goal=kind&kind=4"))
    expect(large.locator("input")).not_to_be_checked()
    # an old link (goal, straight) selects the same one control; dice in hand: the bar says what to keep
    phone.goto("/calc/odds?goal=straight&straight=5&roll=12355")
    expect(phone.locator(".odds-target input[value='straight-5']")).to_be_checked()
    expect(phone.locator("#calc-sticky")).to_have_text("Keep 1 2 3 5, re-roll 5: 30.56%")


def test_odds_target_without_javascript(browser: Browser, live_server: LiveServer) -> None:
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    try:
        page = context.new_page()
        page.goto("/calc/odds?target=kind-3")
        expect(page.locator(".odds-target input[value='kind-3']")).to_be_checked()
        expect(page.locator("[data-out=chance]")).to_have_text(re.compile(r"%$"))
    finally:
        context.close()


def test_targeting_leaders_no_error_while_typing(phone: Page) -> None:  # noqa: F811
    phone.goto("/calc/targeting?mode=koth")
    phone.locator("#f-health").fill("30")
    phone.locator("#f-health").fill("30 30")
    expect(phone.locator("[data-leaders-waiting]")).to_be_visible()
    expect(phone.locator("#calc-result .calc-error")).to_have_count(0)
    expect(phone.locator("#f-health")).not_to_have_attribute("aria-invalid", "true")
    phone.locator("#f-health").fill("30 30 25")
    phone.locator("#f-attacker").fill("3")
    expect(phone.locator("#calc-result .calc-error")).to_have_count(0)  # the seat you Attack: still to come
    phone.locator("#f-target").fill("1")
    expect(phone.locator("[data-out=leaders]")).to_have_text("1, 2")
    phone.locator("#f-target").fill("3")  # a real mistake is still one
    expect(phone.locator("#calc-result .calc-error")).to_be_visible()
    phone.locator("#f-target").fill("")
    phone.locator("#f-health").fill("30 30")
    phone.locator("#f-health").blur()  # leaving the fields half filled: now it is one
    expect(phone.locator("#calc-result .calc-error")).to_be_visible()


def test_loot_board_typed_once_names_the_reward(phone: Page) -> None:  # noqa: F811
    phone.goto("/calc/loot")
    phone.locator("label", has_text="Adventures: Loot Chest or Boss Loot").tap()
    board = phone.locator("[data-loot-board]")
    expect(board).to_be_visible()
    phone.locator("#f-roll").fill("10")
    expect(phone.locator("[data-out=outcome]")).to_have_text("Read your row on the printed board")
    phone.locator("#f-board-chest").fill(LOOT_BOARD)
    expect(phone.locator("[data-board-status]")).to_have_text("Saved on this device.")
    expect(phone.locator("[data-out=outcome]")).to_have_text("Gain CP")
    phone.reload()  # kept on the device; the board folds away once it is typed
    expect(board).not_to_have_attribute("open", "")
    phone.locator("#f-roll").fill("20")
    expect(phone.locator("[data-out=outcome]")).to_have_text("Unidentified Loot card")
    board.locator("summary").tap()
    phone.locator("#f-board-chest").fill("1-8: 2 Gold\nnonsense")
    expect(phone.locator("[data-board-status]")).to_have_text("Not read: nonsense.")


def test_loot_board_travels_as_a_link(phone: Page) -> None:  # noqa: F811
    link = "/calc/loot?table=adventures#board=" + quote(json.dumps({"loot-chest": LOOT_BOARD, "boss-loot": ""}))
    phone.goto(link)
    keep = phone.get_by_role("button", name="Keep this board")
    expect(keep).to_be_visible()
    expect(phone.locator("#f-board-chest")).to_have_value(LOOT_BOARD)
    keep.tap()
    expect(keep).to_be_hidden()
    phone.locator("#f-roll").fill("3")
    expect(phone.locator("[data-out=outcome]")).to_have_text("2 Gold")
    stored = phone.evaluate("JSON.parse(localStorage.getItem('throne-rules.loot-board'))")
    assert stored["loot-chest"] == LOOT_BOARD


def test_calculators_in_polish(browser: Browser, live_server: LiveServer) -> None:
    context = phone_context(browser, live_server, "dark")
    context.add_init_script("localStorage.setItem('throne-rules.settings', JSON.stringify({lang: 'pl'}))")
    try:
        page = context.new_page()
        page.goto("/calc/odds?goal=straight&straight=5&roll=12355")
        expect(page.locator("#calc-sticky")).to_have_text("Zatrzymaj 1 2 3 5, przerzuć 5: 30,56%")  # decimal comma
        expect(page.locator(".odds-target")).to_contain_text("2 po kolei")
        page.goto("/calc/targeting?mode=koth")
        page.locator("#f-health").fill("30 30")
        expect(page.locator("[data-leaders-waiting]")).to_contain_text("Liderzy: wpisz")
        page.goto("/calc/loot?table=adventures")
        expect(page.locator("[data-loot-board] summary")).to_have_text("Wiersze twojej planszy")
    finally:
        context.close()
