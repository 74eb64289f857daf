"""Every calculator page, with a result on screen: axe-core finds nothing, light and dark, and 360 px fits."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from ..helpers import LiveServer
from .pwa_support import axe_violations

pytestmark = pytest.mark.browser

PAGES = [
    "/calc",
    "/calc/damage?damage=10&type=ultimate&add=2&e-protect=1&e-retribution=1&hp-def=20&hp-att=3&dmg-att=3",
    "/calc/targeting?mode=koth&health=30,30,25&attacker=1&target=2",
    "/calc/targeting?mode=boss-vs-many&heroes=3&roll=4",
    "/calc/loot?table=kings-hand&roll=7",
    "/calc/loot?table=adventures&side=boss-loot",
    "/calc/loot?table=dungeon-dice&reward=locked-chest",
    "/calc/score?mode=portal-crawl&result=win&remaining_salves=3&unspent_gold=17&explored_all=true&scenario_score=20",
    "/calc/fame?experience=6&gold=1&hero_total=4&monster_total=4",
    "/calc/odds?hero=gunslinger&goal=symbols&n-Bullet=2&n-Dash=1&n-Bullseye=1&dice=6&roll=112466&left=1",
    "/calc/odds?dice=7&rolls=4&goal=kind&kind=4",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_calculator_pages_are_accessible_at_360(browser: Browser, live_server: LiveServer, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme, viewport={"width": 360, "height": 740},
                                  service_workers="block")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        found, wide = {}, {}
        for url in PAGES:
            page.goto(live_server.url + url)
            if url != "/calc":
                # the steps are no live region; the short summary is said through #calc-status
                expect(page.locator("#calc-status[role=status]")).to_have_count(1)
                assert page.locator(
                    "#calc-result[aria-live], #calc-result [aria-live]:not([aria-live=off]), #calc-status").count() == 1
                expect(page.locator("#calc-result .calc-big").first).to_be_visible()
            found[url] = axe_violations(page)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 360:
                wide[url] = width
        assert {url: v for url, v in found.items() if v} == {}
        assert wide == {}
        assert errors == []
    finally:
        context.close()
