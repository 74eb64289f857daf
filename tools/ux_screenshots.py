"""Screenshots (README, docs/features.md): home, entry, FAQ index, settings; light and dark, 360 x 740 phone.

    python tools/ux_screenshots.py [--url http://127.0.0.1:8000]    # without --url: build and serve content/

Writes docs/screenshots/<page>-<scheme>.png (the first screen of each page, as a player sees it). With
`--issue34 DIR`, also the pages issue 34 changed (a long entry's contents, a hero's questions, a term preview, the
A–Z filter, the calculators) into DIR, to look at rather than to commit.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.server import served  # noqa: E402
from bench.ux_measure import CHROMIUM, LAUNCH_ARGS, VIEWPORT  # noqa: E402

PAGES = {"home": "/", "entry": "/dice-throne/evasive", "faq": "/faq", "settings": "/settings"}
# issue 34: page, and a selector to tap first (or "")
ISSUE34 = {"contents": ("/adventures/adventures-status-effects", ".toc > summary"),
           "hero": ("/dice-throne/barbarian", ""), "term": ("/dice-throne/barbarian", ".entry-body a[data-term]"),
           "az": ("/index", ""), "damage": ("/calc/damage", ""), "damage-shared": ("/calc/damage?damage=8&add=2", ""),
           "odds": ("/calc/odds?goal=straight&straight=5&roll=12355", ""), "loot": ("/calc/loot?table=adventures", "")}
OUT = ROOT / "docs" / "screenshots"


def shoot(base: str, out: Path, pages: dict[str, tuple[str, str]] | None = None) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            for scheme in ("light", "dark"):
                context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme, device_scale_factor=1,
                                              service_workers="block", has_touch=True, is_mobile=True)
                page = context.new_page()
                for name, (url, tap) in (pages or {k: (v, "") for k, v in PAGES.items()}).items():
                    page.goto(base + url, wait_until="load")
                    if name == "faq":  # one answer open, as a player reads it
                        page.locator(".faq-group summary").first.click()
                    if tap:
                        page.locator(tap).first.click()
                    else:
                        page.evaluate("document.activeElement && document.activeElement.blur()")
                    path = out / f"{name}-{scheme}.png"
                    page.screenshot(path=str(path))
                    written.append(path)
                context.close()
        finally:
            browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: build content/ and serve it)")
    parser.add_argument("--issue34", type=Path, metavar="DIR", help="shoot issue 34's pages into DIR instead")
    args = parser.parse_args(argv)
    with served(ROOT / "content", args.url) as base:
        for path in shoot(base, args.issue34, ISSUE34) if args.issue34 else shoot(base, OUT):
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
