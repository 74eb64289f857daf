"""Real browser: the damage page's JavaScript passes the golden vectors, offline, by thumb and by keyboard."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from calculators.damage import calculate, damage_tables
from indexer import Corpus

from ..calc_golden import entries_json, golden, subset
from ..helpers import LiveServer

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-results"


@pytest.fixture()
def calc_page(page: Page, live_server: LiveServer) -> Iterator[Page]:
    """The damage page, failing the test on any script error or CSP violation."""
    problems: list[str] = []

    def console(msg: ConsoleMessage) -> None:
        # script errors and CSP refusals; a resource failing to load while offline is expected
        # (Chromium fetches the service worker's script a moment after registering: offline it fails)
        offline_ok = msg.text.startswith(("Failed to load resource", "An unknown error occurred when fetching"))
        if msg.type == "error" and not offline_ok:
            problems.append(msg.text)

    page.on("console", console)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(live_server.url + "/calc/damage")
    yield page
    assert not problems, problems


def test_every_golden_vector_in_the_page_javascript(calc_page: Page, corpus: Corpus) -> None:
    data = golden("damage")
    tables = damage_tables(corpus.data, entries_json(corpus))
    for case in data["cases"]:
        got = calc_page.evaluate("input => window.ThroneCalc.damage(input)", case["input"])
        assert subset(got, case["expected"]), (case["name"], got)
        assert got == calculate(case["input"], tables), case["name"]  # the twin says exactly the same
        assert len(got["ignored"]) == len(case["expected"]["ignored"]), case["name"]
        if "form" in case:
            via_form = calc_page.evaluate("q => window.ThroneCalc.damageForm({query: q})", case["form"])
            for key in ("subtotal", "final", "reflected"):
                assert via_form[key] == case["expected"][key], (case["name"], key)
    for case in data["errors"]:
        if "input" not in case:
            continue
        got = calc_page.evaluate("input => window.ThroneCalc.damage(input)", case["input"])
        assert "error" in got, case["name"]
        assert (got["error"]["code"], got["error"]["field"]) == (case["code"], case["field"]), case["name"]
    for case in data["form_errors"]:
        got = calc_page.evaluate("q => window.ThroneCalc.damageForm({query: q})", case["form"])
        assert got["error"]["field"] == case["field"], case["name"]


def _final(page: Page) -> Any:
    return page.locator("#calc-result [data-out=final]")


def test_thumb_entry_updates_live_and_the_link_shares_it(calc_page: Page, live_server: LiveServer) -> None:
    page = calc_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.get_by_label("Incoming damage", exact=True).fill("8")
    page.get_by_text("More modifiers and status effects").click()
    page.get_by_label("Defensive Ability prevents ½").fill("1")
    page.get_by_label("Damage added").fill("4")
    expect(_final(page)).to_have_text("6")
    expect(page.locator(".calc-step[data-op=prevent_fraction] .calc-step-math")).to_contain_text("−6")
    assert "damage=8" in page.url and "dhalf=1" in page.url and "add=4" in page.url
    # the + button adds one incoming damage: 9 + 4 = 13, half is 7, final 6
    page.get_by_role("button", name="One more incoming damage").click()
    expect(_final(page)).to_have_text("6")
    expect(page.locator("[data-out=subtotal]")).to_have_text("13")
    shared = page.url
    page.goto(shared)
    expect(_final(page)).to_have_text("6")
    expect(page.get_by_label("Incoming damage", exact=True)).to_have_value("9")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "calc-damage-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "the page scrolls sideways at 360 px"


def test_ultimate_ignores_protect_and_says_why(calc_page: Page) -> None:
    page = calc_page
    page.get_by_label("Incoming damage", exact=True).fill("10")
    page.get_by_label("Ultimate damage").check()  # the chip: a real radio laid over its label
    page.get_by_label("Protect tokens").fill("1")
    page.get_by_label("Damage added").fill("2")
    expect(_final(page)).to_have_text("12")
    ignored = page.locator(".calc-ignored li[data-code=not_avoidable]")
    expect(ignored).to_contain_text("Protect")
    link = ignored.get_by_role("link", name="Ultimate damage")
    expect(link).to_have_attribute("href", "/dice-throne/ultimate-damage")


def test_worked_example_with_presets_and_health_dials(calc_page: Page) -> None:
    page = calc_page
    page.get_by_label("Incoming damage", exact=True).fill("7")
    page.get_by_label("Protect tokens").fill("2")
    page.get_by_label("Retribution").check()
    expect(_final(page)).to_have_text("0")
    expect(page.locator("[data-out=reflected]")).to_have_text("4")
    page.get_by_text("Apply it to the Health dials").click()
    page.get_by_label("Defender's Health now").fill("10")
    page.get_by_label("Attacker's Health now").fill("4")
    expect(page.locator("[data-out=outcome]")).to_have_attribute("data-outcome", "attacker-defeated")


def test_keyboard_only(calc_page: Page) -> None:
    page = calc_page
    page.get_by_label("Incoming damage", exact=True).focus()  # the page's first field (issue 34)
    page.keyboard.type("6")
    for _ in range(4):  # past the "+" button to the damage types
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "type":
            break
    expect(page.get_by_label("Normal damage")).to_be_focused()
    page.keyboard.press("ArrowRight")  # radio group: next type
    expect(page.get_by_label("Undefendable damage")).to_be_checked()
    for _ in range(3):  # back past the "+" button to the field
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.id") == "f-damage":
            break
    expect(page.get_by_label("Incoming damage", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    expect(_final(page)).to_have_text("6")
    expect(page.locator("#calc-result")).to_be_focused()
    assert "type=undefendable" in page.url


def test_bad_input_is_named_in_the_fields_words_and_marked(calc_page: Page) -> None:
    page = calc_page
    page.get_by_label("Incoming damage", exact=True).fill("5")
    page.get_by_label("Damage added").fill("1000")
    error = page.locator("#calc-result .calc-error")
    expect(error).to_have_attribute("data-field", "add")
    expect(error).to_have_text("Damage added (+N) must be a whole number from 0 to 999; got 1000.")
    expect(page.locator("#calc-sticky")).to_contain_text("Damage added (+N) must be")
    expect(page.get_by_label("Damage added")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Damage added").fill("2")
    expect(_final(page)).to_have_text("7")


def test_the_worked_example_by_thumb_in_five_taps(calc_page: Page) -> None:
    """8 damage, a +2 card, 2 Protect, the defence prevents 3: quick values, no keyboard but for the 8."""
    page = calc_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.get_by_label("Incoming damage", exact=True).fill("8")
    page.get_by_role("button", name="Damage added (+N): 2").click()
    page.get_by_role("button", name="Protect tokens: 2").click()
    page.get_by_role("button", name="Prevented by the Defensive Ability: 3").click()
    expect(page.locator("[data-out=subtotal]")).to_have_text("7")  # 8 + 2 − 3
    expect(_final(page)).to_have_text("0")  # each Protect prevents 4 of the 7
    expect(page).to_have_url(re.compile(r"damage=8&add=2&dsub=3&e-protect=2$"))
    expect(page.get_by_role("button", name="Protect tokens: 2")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="One more: Protect tokens").click()
    expect(page.get_by_label("Protect tokens")).to_have_value("3")
    expect(page.get_by_role("button", name="Protect tokens: 2")).to_have_attribute("aria-pressed", "false")
    page.get_by_role("button", name="Double (×2): 1").click()
    expect(page).to_have_url(re.compile(r"double=1"))
    expect(page.locator(".calc-step[data-op=multiply]")).to_have_count(1)


def test_works_offline_without_asking_the_server(calc_page: Page) -> None:
    page = calc_page
    requests: list[str] = []
    page.on("request", lambda req: requests.append(req.url) if req.resource_type in ("fetch", "xhr") else None)
    page.context.set_offline(True)
    try:
        page.get_by_label("Incoming damage", exact=True).fill("8")
        page.get_by_label("Prevent ½").fill("1")
        page.get_by_label("Damage added").fill("4")
        expect(_final(page)).to_have_text("6")
    finally:
        page.context.set_offline(False)
    assert requests == []


def test_dark_mode_uses_the_dark_palette(calc_page: Page) -> None:
    page = calc_page
    page.emulate_media(color_scheme="dark")
    page.get_by_label("Incoming damage", exact=True).fill("3")
    bg = page.evaluate("getComputedStyle(document.querySelector('.calc-result')).backgroundColor")
    assert bg == "rgb(33, 30, 28)"  # --card in dark mode
