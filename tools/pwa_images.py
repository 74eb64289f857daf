"""Draw the app icons from static/icons/icon.svg and take the manifest's screenshots, with Chromium.

Run after changing the icon or the look of the pages (needs a build and Debian's Chromium):

    python tools/pwa_images.py icons
    python tools/pwa_images.py screenshots --content content --build-dir build

The PNGs are committed under static/icons/ and static/screenshots/.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers import LiveServer  # noqa: E402

ICONS = ROOT / "static" / "icons"
SHOTS = ROOT / "static" / "screenshots"
CHROMIUM = {"executable_path": "/usr/bin/chromium", "args": ["--no-sandbox", "--disable-gpu"]}
# name -> (size, scale of the artwork, background): maskable icons keep the art in the central safe zone.
ICON_SIZES = {
    "icon-192.png": (192, 1.0, "transparent"),
    "icon-512.png": (512, 1.0, "transparent"),
    "apple-touch-icon.png": (180, 1.0, "#8a2a12"),
    "icon-maskable-512.png": (512, 0.78, "#8a2a12"),
}


def draw_icons() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8").replace("<svg ", '<svg style="width:100%;height:100%" ', 1)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**CHROMIUM)
        for name, (size, scale, background) in ICON_SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            art = size * scale
            page.set_content(
                f"<html><body style='margin:0;background:{background}'>"
                f"<div style='width:{size}px;height:{size}px;display:grid;place-items:center'>"
                f"<div style='width:{art}px;height:{art}px'>{svg}</div>"
                "</div></body></html>")
            page.screenshot(path=str(ICONS / name), omit_background=background == "transparent")
            page.close()
        browser.close()


def take_screenshots(content: Path, build_dir: Path) -> None:
    server = LiveServer(content, build_dir).wait_ready()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**CHROMIUM)
            phone = browser.new_page(viewport={"width": 540, "height": 1080})
            phone.goto(server.url + "/dice-throne/undefendable-damage")
            phone.screenshot(path=str(SHOTS / "phone-entry.png"))
            phone.goto(server.url + "/")
            phone.locator("#q").press_sequentially("evasive", delay=30)
            phone.locator(".typeahead [role=option]").first.wait_for()
            phone.screenshot(path=str(SHOTS / "phone-search.png"))
            wide = browser.new_page(viewport={"width": 1280, "height": 800})
            wide.goto(server.url + "/")
            wide.locator("#q").blur()
            wide.screenshot(path=str(SHOTS / "desktop-home.png"))
            browser.close()
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["icons", "screenshots"])
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--build-dir", type=Path, default=ROOT / "build")
    args = parser.parse_args()
    if args.what == "icons":
        draw_icons()
    else:
        SHOTS.mkdir(exist_ok=True)
        take_screenshots(args.content, args.build_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
