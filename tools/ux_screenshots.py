"""Screenshots (README, docs/features.md): home, entry, FAQ index, settings; light and dark, 360 x 740 phone.

    python tools/ux_screenshots.py [--url http://127.0.0.1:8000]    # without --url: build and serve content/

Writes docs/screenshots/<page>-<scheme>.png (the first screen of each page, as a player sees it).
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
OUT = ROOT / "docs" / "screenshots"


def shoot(base: str, out: Path) -> list[Path]:
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
                for name, url in PAGES.items():
                    page.goto(base + url, wait_until="load")
                    if name == "faq":  # one answer open, as a player reads it
                        page.locator(".faq-group summary").first.click()
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
    args = parser.parse_args(argv)
    with served(ROOT / "content", args.url) as base:
        for path in shoot(base, OUT):
            print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
