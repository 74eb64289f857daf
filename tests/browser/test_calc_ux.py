"""Real browser: the calculators' answers to what a player at the table actually does: text a number field
cannot read, a Health list typed with spaces, Boss vs Many before choosing the Heroes, errors in the fields'
words, odds that are nearly (not quite) certain, symbols typed in two cases, hints for the controls shown,
and a double tap on "Add this session to the log"."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .calc_browser import open_calc
from .table_support import phone_context

pytestmark = pytest.mark.browser


def _settle(page: Page) -> None:
    page.wait_for_function("document.documentElement.hasAttribute('data-calc-done')")
    page.wait_for_timeout(250)  # the calculators update 120 ms after their last input


@pytest.mark.parametrize(("path", "field_id", "typed", "message"), [
    ("/calc/damage?damage=7", "f-add", "2-", "Damage added (+N) must be a whole number from 0 to "),
    ("/calc/damage?damage=7", "f-damage", "7-", "Incoming damage must be a whole number from 0 to "),
    ("/calc/fame?experience=3", "f-artifacts", "1-", "Artifact dice held must be a whole number"),
    ("/calc/loot?table=kings-hand", "f-roll", "2e", "Roll (1–20) must be a whole number from 1 to 20."),
    ("/calc/score?mode=portal-crawl&result=win&remaining_salves=2&scenario_score=10", "f-gold", "-",
     "Unspent Gold must be a whole number"),
])
def test_text_a_number_field_cannot_read_is_flagged(page: Page, live_server: LiveServer, path: str, field_id: str,
                                                    typed: str, message: str) -> None:
    with open_calc(page, live_server, path, width=360):
        field = page.locator("#" + field_id)
        field.click()
        field.press_sequentially(typed)
        assert page.evaluate("el => el.validity.badInput", field.element_handle())
        error = page.locator("#calc-result .calc-error")
        expect(error).to_contain_text(message)
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#calc-result .calc-big-number")).to_have_count(0)  # no total as if it were empty
        sticky = page.locator("#calc-sticky")
        if sticky.count():
            assert "Final damage" not in sticky.inner_text() and "Session Score" not in sticky.inner_text()
        if "/calc/score" in path:
            expect(page.get_by_role("button", name="Add this session to the log")).to_be_disabled()
        field.fill("")  # readable again: the flag goes
        expect(error).to_have_count(0)
        expect(field).not_to_have_attribute("aria-invalid", "true")


def test_unreadable_number_in_polish(browser: Browser, live_server: LiveServer) -> None:
    context = phone_context(browser, live_server, "light", locale="pl-PL")
    try:
        page = context.new_page()
        page.goto("/calc/damage?damage=7")
        _settle(page)
        page.locator("#f-add").press_sequentially("2-")
        error = page.locator("#calc-result .calc-error")
        expect(error).to_contain_text("wpisz liczbę całkowitą od 0 do 999")
        assert "must be" not in error.inner_text()
    finally:
        context.close()


def test_king_of_the_hill_health_with_spaces(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/targeting", width=360):
        page.get_by_label("King of the Hill").check()
        health = page.get_by_label("Each player's Health, in seat order")
        assert health.get_attribute("inputmode") in (None, "text")  # a keyboard with a space and a comma
        expect(page.locator("#health-hint")).to_contain_text("spaces or commas")
        health.fill("30 30 25")
        page.get_by_label("Your seat").fill("1")
        page.get_by_label("Seat you Attack").fill("2")
        expect(page.locator("#calc-result [data-out=bonus]")).to_have_attribute("data-bonus", "yes")
        health.fill("30; 30, 25")
        expect(page.locator("#calc-result [data-out=leaders]")).to_have_text("1, 2")
        assert "health=30%3B+30%2C+25" in page.url or "health=30" in page.url


def test_boss_vs_many_asks_for_the_heroes_before_any_error(page: Page, live_server: LiveServer) -> None:
    with open_calc(page, live_server, "/calc/targeting", width=360):
        page.get_by_label("Boss vs Many").check()
        expect(page.locator("#calc-result .calc-empty")).to_have_text("Choose how many Heroes face the Boss.")
        expect(page.locator("#calc-result .calc-error")).to_have_count(0)
        expect(page.locator("#calc-sticky")).to_be_hidden()
        page.get_by_label("3 Heroes").check()
        expect(page.locator("#calc-result .calc-empty")).to_contain_text("Roll for me")


@pytest.mark.parametrize(("path", "field", "message"), [
    ("/calc/score?mode=portal-crawl&result=win&remaining_salves=-1", "remaining_salves",
     "Remaining Salves must be a whole number from 0 to 999; got -1."),
    ("/calc/fame?hero_total=-1", "hero_total", "Heroes' combat total must be a whole number"),
    ("/calc/loot?table=kings-hand&roll=0", "roll", "Roll must be a whole number from 1 to 20; got 0."),
    ("/calc/targeting?mode=koth&health=30,30,25&attacker=1&target=1", "target",
     "Seat you Attack must not be your own seat: you cannot Attack yourself."),
    ("/calc/targeting?mode=koth&health=30,30,25&target=2", "attacker", "Your seat is required"),
])
def test_errors_name_the_fields_label(page: Page, live_server: LiveServer, path: str, field: str,
                                      message: str) -> None:
    with open_calc(page, live_server, path, width=360):
        _settle(page)
        error = page.locator("#calc-result .calc-error")
        expect(error).to_have_attribute("data-field", field)
        expect(error).to_contain_text(message)
        expect(page.locator("#calc-sticky")).to_contain_text(message.split(" must")[0].split(" is required")[0])


@pytest.mark.parametrize(("path", "shown", "sticky"), [
    ("/calc/odds?hero=gunslinger&goal=symbols&n-Bullet=1", "> 99.99%", "Chance: > 99.99%"),
    ("/calc/odds?dice=7&goal=kind&kind=7&rolls=1", "< 0.01%", "Chance: < 0.01%"),
])
def test_odds_never_round_to_certain_or_impossible(browser: Browser, live_server: LiveServer, path: str, shown: str,
                                                   sticky: str) -> None:
    for locale in ("en-GB", "pl-PL"):
        context = phone_context(browser, live_server, "light", locale=locale)
        try:
            page = context.new_page()
            page.goto(path)
            _settle(page)
            decimals = shown if locale == "en-GB" else shown.replace(".", ",")  # a Polish decimal comma
            expect(page.locator("#calc-result [data-out=chance]")).to_have_text(decimals)
            assert page.evaluate("window.ThroneCalc.oddsEngine.percent(1)") == "100.00%"
            assert page.evaluate("window.ThroneCalc.oddsEngine.percent(0)") == "0.00%"
            if locale == "pl-PL":
                assert page.evaluate("window.ThroneCalcI18n.misses()") == []
        finally:
            context.close()


def test_custom_symbols_are_one_symbol_whatever_their_case(page: Page, live_server: LiveServer) -> None:
    faces = ["Sword", "sword", " SWORD ", "Heart", "heart", "Star"]
    query = "&".join(f"f{i + 1}={s.strip()}" for i, s in enumerate(faces))
    with open_calc(page, live_server, f"/calc/odds?hero=custom&{query}&goal=symbols&n-Sword=2"):
        _settle(page)
        chance = page.locator("#calc-result [data-out=chance]").inner_text()
        assert float(chance.strip("%")) > 95, chance  # three faces of six, not one (69.88%)
        page.locator("#f-f2").fill("sWoRd  ")  # typed again: still the one symbol, shown as first spelled
        page.wait_for_timeout(250)
        names = page.locator("[data-symbols] label").all_inner_texts()
        assert sum("sword" in n.lower() for n in names) == 1, names


@pytest.mark.parametrize(("locale", "js_hint", "no_js_hint"), [
    ("en-GB", "“Roll for me”", "server"),
    ("pl-PL", "„Rzuć za mnie”", "serwer"),
])
def test_hints_describe_the_roll_for_me_button(browser: Browser, live_server: LiveServer, locale: str, js_hint: str,
                                               no_js_hint: str) -> None:
    context = phone_context(browser, live_server, "light", locale=locale)
    try:
        page = context.new_page()
        for path in ("/calc/targeting?mode=2v2", "/calc/loot?table=kings-hand", "/calc/loot?table=adventures"):
            page.goto(path)
            _settle(page)
            hint = page.locator("#roll-hint")
            expect(hint).to_contain_text(js_hint)
            assert no_js_hint not in hint.inner_text(), (path, hint.inner_text())
            expect(page.get_by_role("button", name=js_hint.strip("“”„"))).to_be_visible()
    finally:
        context.close()


def test_a_double_tap_adds_the_session_once(page: Page, live_server: LiveServer) -> None:
    path = "/calc/score?mode=portal-crawl&result=win&scenario=3&remaining_salves=2&unspent_gold=12&scenario_score=10"
    with open_calc(page, live_server, path, width=360):
        page.evaluate("localStorage.clear()")
        page.reload()
        _settle(page)
        add = page.get_by_role("button", name="Add this session to the log")
        add.dblclick()
        rows = page.locator("[data-log-rows] tr")
        expect(rows).to_have_count(1)
        expect(page.locator("[data-log-status]")).to_contain_text("already in the log")
        total = page.locator("[data-log-total]").inner_text()
        page.wait_for_timeout(2100)  # a while later, the same session again is another session
        add.click()
        expect(rows).to_have_count(2)
        assert int(page.locator("[data-log-total]").inner_text()) == 2 * int(total)


def test_errors_in_the_fields_words_in_polish(browser: Browser, live_server: LiveServer) -> None:
    context = phone_context(browser, live_server, "light", locale="pl-PL")
    try:
        page = context.new_page()
        for path, message in [
            ("/calc/score?mode=portal-crawl&result=win&remaining_salves=-1",
             "Remaining Salves: wpisz liczbę całkowitą od 0 do 999 (wpisano: -1)."),
            ("/calc/fame?hero_total=-1", "Suma walki bohaterów: wpisz liczbę całkowitą"),
            ("/calc/targeting?mode=koth&health=30,30,25&attacker=1&target=1",
             "Miejsce, które atakujesz: musi być inne niż twoje"),
            ("/calc/targeting?mode=koth&health=30", "Zdrowie każdego gracza: podaj zdrowie każdego gracza"),
            ("/calc/loot?table=kings-hand&roll=0", "Rzut: wpisz liczbę całkowitą od 1 do 20 (wpisano: 0)."),
        ]:
            page.goto(path)
            _settle(page)
            expect(page.locator("#calc-result .calc-error")).to_contain_text(message)
            assert page.evaluate("window.ThroneCalcI18n.misses()") == [], path
        page.goto("/calc/targeting")
        _settle(page)
        page.locator("label.calc-chip", has_text="Boss vs Many").click()
        expect(page.locator("#calc-result .calc-empty")).to_have_text("Wybierz, ilu bohaterów walczy z Bossem.")
    finally:
        context.close()
