"""Real browser: the odds page's several-abilities section. Its figures are the API's for the same state
(and the golden vectors' where they cover abilities), it works by thumb (taps counted) and by keyboard,
its state travels in the address, hostile links get a message in words, and axe finds nothing at 360 px."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from werkzeug.datastructures import MultiDict

from calculators.odds import calculate, odds_tables
from calculators.odds_form import calculate_form, form_to_body
from calculators.validation import CalcError
from indexer import Corpus

from ..calc_golden import entries_json, golden
from ..helpers import LiveServer
from .calc_browser import open_calc
from .pwa_support import axe_violations

pytestmark = pytest.mark.browser
TOLERANCE = 1e-9
GUNSLINGER = {"1": "Bullet", "2": "Bullet", "3": "Bullet", "4": "Dash", "5": "Dash", "6": "Bullseye"}


def as_query(body: dict[str, Any]) -> str:
    """A golden vector's request as the page's own query string (the inverse of odds_form.form_to_body)."""
    pairs: list[tuple[str, str]] = [("dice", str(body.get("dice", 5))), ("rolls", str(body.get("rolls", 3))),
                                    ("mode", "abilities"), ("ab", str(len(body["abilities"])))]
    if body.get("faces"):
        assert body["faces"] == GUNSLINGER
        pairs.append(("hero", "gunslinger"))
    for i, a in enumerate(body["abilities"], 1):
        p, t = f"a{i}-", a["target"]
        pairs += [(p + "name", a["name"]), (p + "dmg", str(a["damage"]))]
        if "straight" in t:
            pairs += [(p + "goal", "straight"), (p + "straight", str(t["straight"]))]
        elif "of_a_kind" in t:
            pairs += [(p + "goal", "kind"), (p + "kind", str(t["of_a_kind"]))]
        else:
            pairs += [(p + "goal", "symbols")] + [(f"{p}n-{s}", str(n)) for s, n in t["symbols"].items()]
    if body.get("roll"):
        pairs += [("roll", "".join(map(str, body["roll"]))), ("left", str(body["rolls_left"]))]
    return urlencode(pairs)


def shown(page: Page) -> dict[str, Any]:
    """The figures the page shows (each output's full value, from its data-value), and the kept dice."""
    box = page.locator("#calc-result")
    expect(box.locator("[data-out=expected]")).to_have_count(1)
    out = {"expected_damage": float(box.locator("[data-out=expected]").get_attribute("data-value") or "nan"),
           "probability": float(box.locator("[data-out=chance]").get_attribute("data-value") or "nan"),
           "abilities": [float(o.get_attribute("data-value") or "nan")
                         for o in box.locator("output[data-out^=ability-]").all()]}
    best = box.locator(".odds-best")
    out["keep"] = best.get_attribute("data-keep") if best.count() else None
    return out


def assert_same(got: dict[str, Any], api: dict[str, Any], name: str) -> None:
    assert abs(got["expected_damage"] - api["expected_damage"]) <= TOLERANCE, name
    assert abs(got["probability"] - api["probability"]) <= TOLERANCE, name
    assert len(got["abilities"]) == len(api["abilities"]), name
    for mine, theirs in zip(got["abilities"], api["abilities"], strict=True):
        assert abs(mine - theirs["probability"]) <= TOLERANCE, name
    if "advice" in api:
        assert got["keep"] == ",".join(map(str, api["advice"][0]["keep"])), name


STATES = [
    "mode=abilities",
    "mode=abilities&ab=3&a1-goal=kind&a1-kind=3&a1-dmg=4&a2-dmg=7&a3-goal=symbols&a3-n-6=2&a3-n-5=1&a3-dmg=6",
    "mode=abilities&dice=6&rolls=4&hero=gunslinger&ab=2&a1-goal=symbols&a1-n-Bullseye=3&a1-dmg=9"
    "&a2-goal=symbols&a2-n-Bullet=2&a2-n-Dash=2&a2-dmg=5&roll=114566&left=2",
    "mode=abilities&dice=7&rolls=3&ab=3&a1-straight=5&a1-dmg=10&a2-goal=kind&a2-kind=4&a2-dmg=6&a3-straight=4"
    "&a3-dmg=3&roll=1234466&left=1",
]


def test_the_pages_figures_are_the_apis(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    """Each state's figures on the page (computed by the page's JavaScript) equal POST /api/calc/odds's for the
    request the page's form makes; golden vectors with abilities, opened as page links, show their values."""
    tables = odds_tables(corpus.data, entries_json(corpus))
    with open_calc(page, live_server, "/calc/odds", width=360) as requests:
        for query in STATES:
            page.goto(f"{live_server.url}/calc/odds?{query}")
            body = form_to_body(MultiDict(parse_qsl(query, keep_blank_values=True)), tables)
            api = page.request.post(f"{live_server.url}/api/calc/odds", data=body).json()
            assert_same(shown(page), api, query)
        covered = 0
        for case in golden("odds")["cases"]:
            if "abilities" not in case["input"]:
                continue
            page.goto(f"{live_server.url}/calc/odds?{as_query(case['input'])}")
            assert_same(shown(page), case["expected"], case["name"])
            assert_same(shown(page), calculate(case["input"], tables), case["name"])
            covered += 1
        assert covered == 3
        assert [r for r in requests if "/api/" in r and "calc/odds" not in r] == []


def test_expected_damage_for_two_abilities_by_thumb(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    """The worked example, taps counted: 5 dice, 3 attempts, 3 of a kind for 4 damage or a Large Straight for 7."""
    taps = 0

    def tap(target: Locator) -> None:
        nonlocal taps
        target.click()
        taps += 1

    with open_calc(page, live_server, "/calc/odds", width=360) as requests:
        tap(page.locator("label.calc-chip", has_text="Several abilities"))
        expect(page.locator("#calc-result [data-out=expected]")).to_be_visible()
        tap(page.locator("[data-ab='1'] label.calc-chip", has_text="X of a kind"))
        tap(page.get_by_role("button", name="Ability 1: one damage less"))
        tap(page.get_by_role("button", name="Ability 2: one damage less"))
        expected = page.locator("#calc-result [data-out=expected]")
        tables = odds_tables(corpus.data, entries_json(corpus))
        api = calculate({"dice": 5, "rolls": 3, "abilities": [{"target": {"of_a_kind": 3}, "damage": 4},
                                                              {"target": {"straight": 5}, "damage": 7}]}, tables)
        expect(expected).to_have_text(f"{api['expected_damage']:.2f}")
        assert taps == 4
        assert "mode=abilities" in page.url and "a1-goal=kind" in page.url and "a2-dmg=7" in page.url
        # the roll in hand: the keep for the most damage, highlighted on the dice
        for face in "12356":
            page.locator(f"[data-add-face='{face}']").click()
        api = calculate({"dice": 5, "rolls": 3, "roll": [1, 2, 3, 5, 6], "rolls_left": 2,
                         "abilities": [{"target": {"of_a_kind": 3}, "damage": 4},
                                       {"target": {"straight": 5}, "damage": 7}]}, tables)
        best = ",".join(map(str, api["advice"][0]["keep"]))
        expect(page.locator("#calc-result .odds-best")).to_have_attribute("data-keep", best)
        expect(page.locator("#calc-result .odds-best .odds-kept")).to_have_count(len(api["advice"][0]["keep"]))
        shared = page.url
        page.goto(shared)
        expect(page.locator("#calc-result [data-out=expected]")).to_have_text(f"{api['expected_damage']:.2f}")
        expect(page.get_by_label("Ability 2 damage")).to_have_value("7")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert requests == []


def test_abilities_by_keyboard_add_remove_and_a_live_result(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/odds?mode=abilities"):
        status = page.locator("#calc-status[role=status]")
        expect(status).to_have_text("")
        # one announcement per change, the status line's: the result and its outputs are not live regions
        live = "#calc-result[aria-live]:not([aria-live=off]), #calc-result [aria-live]:not([aria-live=off])"
        assert page.locator(live).count() == 0
        add = page.get_by_role("button", name="Add an ability")
        add.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_label("Ability 3 name")).to_be_focused()
        page.keyboard.type("Big hit")
        page.keyboard.press("Tab")  # to the target chips: arrows pick one
        page.keyboard.press("ArrowRight")
        expect(page.locator("input[name='a3-goal'][value='kind']")).to_be_checked()
        expect(page.locator("#calc-result li[data-ability='3'] .odds-ab-name")).to_have_text("Big hit")
        assert "ab=3" in page.url and "a3-name=Big+hit" in page.url
        for _ in range(3):
            add.click()
        expect(add).to_be_disabled()
        expect(page.locator("[data-ab]")).to_have_count(6)
        page.get_by_role("button", name="Remove ability 1").click()
        expect(page.locator("[data-ab]")).to_have_count(5)
        expect(page.get_by_role("button", name="Remove ability 1")).to_be_focused()
        expect(page.get_by_label("Ability 2 name")).to_have_value("Big hit")  # renumbered, values kept
        expect(page.locator("#calc-result output[data-out^=ability-]")).to_have_count(5)
        # each change is said in a few words, the sticky bar's (the result with its steps is no live region)
        expect(status).to_have_text(page.locator("#calc-sticky").text_content() or "-")
        expect(status).to_contain_text("Expected damage: ")
        page.reload()
        expect(page.get_by_label("Ability 2 name")).to_have_value("Big hit")
        expect(page.locator("#calc-result output[data-out^=ability-]")).to_have_count(5)
        # back to one target: the single target's controls are the only ones on the page; back again, the
        # abilities are as they were
        page.locator("label.calc-chip", has_text="Chance of one target").click()
        expect(page.locator("[data-ab]")).to_have_count(0)
        page.locator("label.calc-chip", has_text="Symbols").click()
        expect(page.locator("#calc-result .calc-empty")).to_have_text("Add a symbol with + to see the chance.")
        assert "mode=" not in page.url and "a2-" not in page.url
        page.locator("label.calc-chip", has_text="Several abilities").click()
        expect(page.get_by_label("Ability 2 name")).to_have_value("Big hit")
        expect(page.locator("[data-ab]")).to_have_count(5)


HOSTILE = [
    ("mode=%22%3E%3Cb%3E", "mode", "Work out: unknown choice"),
    ("mode=abilities&ab=999", "ab", "Abilities must be a whole number from 1 to 6"),
    ("mode=abilities&ab=%3Cscript%3Ealert(1)%3C/script%3E", "ab", "Abilities must be a whole number"),
    ("mode=abilities&a2-dmg=-5", "a2-dmg", "Ability 2 damage must be a whole number from 0 to 99"),
    ("mode=abilities&a1-dmg=150", "a1-dmg", "Ability 1 damage must be a whole number from 0 to 99."),
    ("mode=abilities&a1-goal=%3Cimg%20src=x%20onerror=alert(1)%3E", "a1-goal", "Ability 1 target: unknown choice"),
    ("mode=abilities&dice=3&a1-straight=6", "a1-straight", "Ability 1 straight length must be"),
    ("mode=abilities&hero=gunslinger&a1-goal=symbols&a1-n-Bullet=6", "a1-n-Bullet", "Ability 1 number of Bullet"),
    ("mode=abilities&a1-name=" + "x" * 60, "a1-name", "Ability 1 name must be at most 40 characters"),
]


def test_a_hostile_link_gets_a_message_not_a_broken_page(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/odds", width=360):
        for query, field, words in HOSTILE:
            page.goto(f"{live_server.url}/calc/odds?{query}")
            error = page.locator("#calc-result .calc-error")
            expect(error).to_have_attribute("data-field", field)
            expect(error).to_contain_text(words)
            expect(error).to_have_attribute("role", "alert")
            assert page.locator("#calc-result b, #calc-result img, #calc-result script").count() == 0
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # the page still works: fixing the field named computes a result
        page.goto(f"{live_server.url}/calc/odds?mode=abilities&a1-dmg=150")
        expect(page.locator("#calc-result .calc-error")).to_have_attribute("data-field", "a1-dmg")
        page.get_by_role("button", name="Ability 1: one damage less").click()
        expect(page.get_by_label("Ability 1 damage")).to_have_value("99")
        expect(page.locator("#calc-result [data-out=expected]")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_abilities_section_is_accessible_at_360(browser: Browser, live_server: LiveServer, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme, viewport={"width": 360, "height": 740},
                                  service_workers="block")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        for query in [STATES[2], "mode=abilities&ab=3&a2-goal=symbols&a2-n-6=2", "mode=abilities&a1-dmg=150"]:
            page.goto(f"{live_server.url}/calc/odds?{query}")
            expect(page.locator("[data-ab]").first).to_be_visible()
            assert axe_violations(page) == [], query
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, query
            for button in page.locator("[data-ab] button:visible, [data-ab-add]").all():
                box = button.bounding_box()
                assert box and box["height"] >= 44 and box["width"] >= 44, (query, button.text_content())
        assert errors == []
    finally:
        context.close()


def test_the_form_twins_agree_on_every_state_and_hostile_link(page: Page, live_server: LiveServer,
                                                              corpus: Corpus) -> None:
    """ThroneCalc.oddsForm (the page's form -> result) and odds_form.calculate_form (the no-JavaScript page) give
    the same figures, or the same error: code, field and message, word for word."""
    tables = odds_tables(corpus.data, entries_json(corpus))
    with open_calc(page, live_server, "/calc/odds"):
        odd = ["mode=abilities&ab=6&a6-goal=symbols&a6-n-1=7",
               "hero=custom&f1=__proto__&f2=__proto__&f3=B&f4=B&f5=C&f6=C&mode=abilities&a1-goal=symbols"
               "&a1-n-__proto__=2&a1-n-C=1&a1-dmg=6&a2-goal=symbols&a2-n-constructor=1"]
        for query in STATES + [q for q, _, _ in HOSTILE] + odd:
            got = page.evaluate("q => window.ThroneCalc.oddsForm(q)", query)
            args = MultiDict(parse_qsl(query, keep_blank_values=True))
            try:
                expected = calculate_form(args, tables)
            except CalcError as err:
                assert got.get("error") == {"code": err.code, "message": err.message, "field": err.field}, query
                continue
            assert "error" not in got, (query, got)
            assert_same({"expected_damage": got["expected_damage"], "probability": got["probability"],
                         "abilities": [a["probability"] for a in got["abilities"]],
                         "keep": ",".join(map(str, got["advice"][0]["keep"])) if "advice" in got else None},
                        expected, query)
