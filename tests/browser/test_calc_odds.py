"""Real browser: the odds page's JavaScript (floating point) agrees with the exact Python engine
on every golden vector and on random inputs; the page by thumb; its state in the address."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from calculators.odds import calculate, odds_tables
from calculators.validation import CalcError
from indexer import Corpus

from ..calc_golden import entries_json, golden
from ..helpers import LiveServer
from .calc_browser import open_calc

pytestmark = pytest.mark.browser
TOLERANCE = 1e-9


def _same(js: dict[str, Any], py: dict[str, Any], name: str) -> None:
    """The JavaScript answer equals Python's: numbers to 1e-9, everything else exactly (no "fraction")."""
    assert set(js) == {k for k in py if "fraction" not in k}, name
    for key, value in py.items():
        if "fraction" in key:
            continue
        if key == "advice":
            assert [a["keep"] for a in js[key]] == [a["keep"] for a in value], name
            for a, b in zip(js[key], value, strict=True):
                assert abs(a["probability"] - b["probability"]) <= TOLERANCE, name
                if "expected_damage" in b:
                    assert abs(a["expected_damage"] - b["expected_damage"]) <= TOLERANCE, name
                    assert all(abs(x - y) <= TOLERANCE for x, y in zip(a["chances"], b["chances"], strict=True))
        elif key == "abilities":
            for a, b in zip(js[key], value, strict=True):
                assert abs(a.pop("probability") - b["probability"]) <= TOLERANCE, name
                assert a == {k: v for k, v in b.items() if k not in ("probability", "fraction")}, name
        elif isinstance(value, float):
            assert abs(js[key] - value) <= TOLERANCE, (name, key)
        else:
            assert js[key] == value, (name, key)


def test_every_golden_vector_in_the_page_javascript(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    with open_calc(page, live_server, "/calc/odds"):
        tables = odds_tables(corpus.data, entries_json(corpus))
        for case in golden("odds")["cases"]:
            got = page.evaluate("b => window.ThroneCalc.odds(b)", case["input"])
            assert abs(got["probability"] - float(Fraction(case["expected"]["fraction"]))) <= TOLERANCE, case["name"]
            _same(got, calculate(case["input"], tables), case["name"])
        for case in golden("odds")["errors"]:
            got = page.evaluate("b => window.ThroneCalc.odds(b)", case["input"])
            assert (got["error"]["code"], got["error"]["field"]) == (case["code"], case["field"]), case["name"]


def _random_body(rng: random.Random) -> dict[str, Any]:
    dice = rng.randint(1, 7)
    body: dict[str, Any] = {"dice": dice, "rolls": rng.randint(1, 4)}
    if rng.random() < 0.6:
        body["faces"] = {str(f): rng.choice("ABCD") for f in range(1, 7)}
    symbols = sorted(set((body.get("faces") or {str(f): str(f) for f in range(1, 7)}).values()))

    def target() -> dict[str, Any]:
        kind = rng.choice(["symbols", "straight", "of_a_kind"])
        if kind == "symbols":
            chosen = rng.sample(symbols, rng.randint(1, min(3, len(symbols))))
            return {"symbols": {s: rng.randint(1, max(1, dice // len(chosen))) for s in chosen}}
        return {kind: rng.randint(2, 6 if kind == "straight" else 7)}

    if rng.random() < 0.3:
        body["abilities"] = [{"name": f"A{i}", "target": target(), "damage": rng.randint(0, 12)}
                             for i in range(rng.randint(1, 3))]
    else:
        body["target"] = target()
    if rng.random() < 0.5:
        body["roll"] = [rng.randint(1, 6) for _ in range(dice)]
        body["rolls_left"] = rng.randint(0, body["rolls"] - 1)
    return body


def test_python_and_javascript_agree_on_random_inputs(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    rng = random.Random(22)
    tables = odds_tables(corpus.data, entries_json(corpus))
    answered = 0
    with open_calc(page, live_server, "/calc/odds"):
        for i in range(120):
            body = _random_body(rng)
            got = page.evaluate("b => window.ThroneCalc.odds(b)", body)
            try:
                expected = calculate(body, tables)
            except CalcError as err:
                assert (got["error"]["code"], got["error"]["field"]) == (err.code, err.field), (i, body)
                continue
            _same(got, expected, f"random input {i}: {body}")
            answered += 1
    assert answered >= 40


def test_tapping_dice_gives_the_keep_advice_on_the_dice(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/odds", width=360) as requests:
        chance = page.locator("#calc-result [data-out=chance]")
        expect(chance).to_have_text("61.54%")  # default: 5 dice, 3 attempts, a Small Straight
        page.get_by_role("radio", name="Large Straight").check()  # the one target control (issue 34)
        expect(chance).to_have_text("26.11%")
        for face in "12346":
            page.locator(f"[data-add-face='{face}']").click()
        expect(page.locator("#calc-result .odds-best")).to_have_attribute("data-keep", "1,2,3,4")
        expect(page.locator("#calc-result .odds-best .odds-kept")).to_have_count(4)
        assert "roll=12346" in page.url and "straight=5" in page.url
        page.get_by_label("Take out die 5: 6").click()
        expect(page.locator("[data-add-face='6']")).to_be_enabled()
        assert "roll=1234&" in page.url + "&"
        page.locator("label.calc-chip", has_text="Gunslinger").click()
        page.locator(".odds-target label.calc-chip", has_text="Symbols").click()
        page.get_by_role("button", name="One Bullseye more").click()
        page.get_by_role("button", name="One Bullseye more").click()
        expect(page.locator("#calc-result .calc-error")).to_have_attribute("data-field", "roll")
        page.locator("[data-add-face='6']").click()
        expect(page.locator("#calc-result .odds-best")).to_have_attribute("data-keep", "6")
        shared = page.url
        page.goto(shared)
        expect(page.locator("#calc-result .odds-best")).to_have_attribute("data-keep", "6")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert requests == []


def test_a_saved_hero_survives_a_reload_and_exports(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/odds"):
        page.locator("label.calc-chip", has_text="My hero").click()
        for face, symbol in zip(range(1, 7), ["Sword", "Sword", "Sword", "Heart", "Heart", "Pow"], strict=True):
            page.get_by_label(f"Symbol on face {face}").fill(symbol)
        page.get_by_label("Save these faces as").fill("Test hero")
        page.get_by_role("button", name="Save hero").click()
        expect(page.locator("[data-hero-status]")).to_have_text("Saved on this device.")
        page.goto(live_server.url + "/calc/odds")
        page.get_by_role("button", name="Test hero").click()
        expect(page.get_by_label("Symbol on face 6")).to_have_value("Pow")
        page.locator(".odds-target label.calc-chip", has_text="Symbols").click()
        page.get_by_role("button", name="One Pow more").click()
        expect(page.locator("#calc-result [data-out=chance]")).to_have_text("93.51%")
        with page.expect_download() as download:
            page.get_by_role("button", name="Export heroes").click()
        exported = download.value.path().read_text(encoding="utf-8")
        assert '"Pow"' in exported and "Test hero" in exported
        page.locator("[data-import-heroes]").set_input_files(files=[{"name": "bad.json", "mimeType": "application/json",
                                                                    "buffer": b'[{"name": "X", "faces": {"1": "a"}}]'}])
        expect(page.locator("[data-hero-status]")).to_contain_text("face 2 needs a symbol")
