"""Count the taps for the damage calculator's worked example on a 360 px phone, in Chromium.

    python tools/taps_damage.py --url http://127.0.0.1:8000

The example: 8 damage, a +2 card, 2 Protect, the Defensive Ability prevents 3 (final 0).
It enters it the shortest way the page offers: where a field has quick values
(buttons with data-set, this branch's page) it taps the value; otherwise it taps the field and
types the digits on the on-screen keyboard. It counts taps (on controls and on keyboard keys),
how often a keyboard opens, and how far the page must scroll to reach each control; it also
reports the form's height. Each count is what a thumb does, measured on the real page.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from playwright.sync_api import Page, sync_playwright

STEPS = [("damage", "8"), ("add", "2"), ("e-protect", "2"), ("dsub", "3")]
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]


def _reach(page: Page, selector: str, tally: dict[str, int]) -> None:
    before = page.evaluate("window.scrollY")
    page.locator(selector).scroll_into_view_if_needed()
    tally["scroll_px"] += abs(page.evaluate("window.scrollY") - before)


def enter(page: Page) -> dict[str, Any]:
    tally = {"taps": 0, "keys": 0, "keyboards": 0, "scroll_px": 0}
    for field, value in STEPS:
        quick = f"[data-set='{value}'][data-target='f-{field}']"
        if page.locator(quick).count() and page.locator(quick).is_visible():
            _reach(page, quick, tally)
            page.locator(quick).click()
            tally["taps"] += 1
        else:
            _reach(page, f"#f-{field}", tally)
            page.locator(f"#f-{field}").click()
            tally["taps"] += 1
            tally["keyboards"] += 1
            page.keyboard.type(value)
            tally["taps"] += len(value)
            tally["keys"] += len(value)
    page.wait_for_timeout(400)
    final = page.locator("#calc-result [data-out=final]").inner_text()
    height = page.evaluate("document.getElementById('calc-form').getBoundingClientRect().height")
    return {**tally, "final": final, "form_height_px": round(height)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", required=True, help="the server (loopback)")
    p.add_argument("--chromium", default="/usr/bin/chromium")
    args = p.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=LAUNCH_ARGS)
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
            page.goto(args.url.rstrip("/") + "/calc/damage")
            result = enter(page)
        finally:
            browser.close()
    print(json.dumps(result))
    return 0 if result["final"] == "0" else 1


if __name__ == "__main__":
    sys.exit(main())
