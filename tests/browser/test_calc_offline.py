"""The calculators offline for real: the worker is installed, the server stopped, the browser offline;
shared links still open and compute in the page's JavaScript, and "Roll for me" still rolls."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from ..conftest import CONTENT_DIR
from ..helpers import LiveServer
from .pwa_support import wait_for_controller

pytestmark = pytest.mark.browser

# A shared link per calculator, and what its result must show.
LINKS = [
    ("/calc/damage?damage=8&dhalf=1&add=4", "final", "6"),
    ("/calc/damage?damage=7&e-protect=2&e-retribution=1", "reflected", "4"),
    ("/calc/targeting?mode=3v3&roll=4", "target", "The opponent seated in the middle."),
    ("/calc/loot?table=kings-hand&roll=12", "roll", "12"),
    ("/calc/loot?table=dungeon-dice&reward=locked-chest&key=true", "bag", "yellow Artifact bag"),
    ("/calc/score?mode=boss-battle&result=win&remaining_salves=2&unclaimed_boss_loot=3&scenario_score=15",
     "score", "20"),
    ("/calc/fame?experience=6&gold=1", "fame", "4"),
    ("/calc/odds?straight=5", "chance", "26.11%"),
    ("/calc/odds?hero=gunslinger&goal=symbols&n-Bullet=2&n-Bullseye=2", "chance", "57.58%"),
    ("/calc/odds?mode=abilities&a1-goal=kind", "expected", "3.94"),  # 3 of a kind for 5 or a Large Straight for 8
]


def test_calculators_work_with_the_server_gone(browser: Browser, build_dir: Path) -> None:
    server = LiveServer(CONTENT_DIR, build_dir).wait_ready()
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.goto(server.url + "/calc")
        wait_for_controller(page)
    finally:
        server.stop()
    context.set_offline(True)
    try:
        for url, out, text in LINKS:
            page.goto(server.url + url)
            expect(page.locator(f"#calc-result [data-out={out}]").first).to_have_text(text)
        # interactive, still offline: a d20 for King's Hand
        page.goto(server.url + "/calc/loot")
        page.get_by_role("button", name="Roll for me").click()
        roll = int(page.locator("#calc-result [data-out=roll]").inner_text())
        assert 1 <= roll <= 20
        # and the damage page, typed in by thumb
        page.goto(server.url + "/calc/damage")
        page.get_by_label("Incoming damage", exact=True).fill("10")
        page.get_by_label("Ultimate damage").check()
        page.get_by_label("Protect tokens").fill("1")
        expect(page.locator("#calc-result [data-out=final]")).to_have_text("10")
        expect(page.locator(".calc-ignored li")).to_contain_text("Protect")
        # the dice odds by thumb, still offline: tap the faces showing, read the keep advice
        page.goto(server.url + "/calc/odds?dice=5&straight=5")
        for face in "12346":
            page.locator(f"[data-add-face='{face}']").click()
        expect(page.locator("#calc-result .odds-best")).to_have_attribute("data-keep", "1,2,3,4")
    finally:
        context.close()
