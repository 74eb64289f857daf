"""Issue 34's suggestion figures, as a player with the phone keyboard open (Playwright + Debian's Chromium).

    python bench/ux_suggest.py --url http://127.0.0.1:8000     # or without --url: build and serve content/

- visible: per query, how many suggestions show whole below the header's search box on a 360 x 440 touch
  screen (a 360 x 740 phone less a ~300 px keyboard), of how many; with the smallest row's height (>= 24 px).
  English queries with an English interface, Polish ones with a Polish interface.
- offline_data: the bytes of the offline search index (the typeahead's) and the full search data (the offline
  results page's), raw and gzipped (level 9 and the default 6), as the app serves them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.server import served  # noqa: E402
from bench.ux_measure import CHROMIUM, LAUNCH_ARGS, report  # noqa: E402

KEYBOARD_OPEN = {"width": 360, "height": 440}
PAGE = "/dice-throne/evasive"
QUERIES = {"en": ["can evasive stop an ultimate", "can i", "stun", "undefendable", "evasive", "ultimate", "loot",
                  "cp", "defensive roll"],
           "pl": ["czy mogę", "ogłuszenie", "kość", "czy unik działa przeciw obrażeniom nieuchronnym"]}
ROWS = """() => [...document.querySelectorAll('#site-q-suggestions [role=option]')].map(o => {
  const r = o.getBoundingClientRect(); return [r.top, r.bottom]; })"""
CLEAR = "() => { document.getElementById('site-q-suggestions').textContent = ''; }"
READY = """q => { const l = document.getElementById('site-q-suggestions');
  return document.getElementById('site-q').value === q && l && !l.hidden && l.querySelector('[role=option]'); }"""


def visible(browser: Any, base: str, lang: str) -> dict[str, list[int]]:
    context = browser.new_context(viewport=KEYBOARD_OPEN, has_touch=True, is_mobile=True, service_workers="block",
                                  locale="pl-PL" if lang == "pl" else "en-GB")
    try:
        page = context.new_page()
        page.goto(base + PAGE)
        box = page.locator("#site-q")
        box.tap()
        out = {}
        box.fill("evasive")  # the search index loads once (a first list may be replaced as it comes)
        page.wait_for_function(READY, arg="evasive")
        for q in QUERIES[lang]:
            page.evaluate(CLEAR)  # the last query's list gone, so the one read is this query's
            box.fill(q)
            rows = []
            while not rows:  # a list re-rendered for the same text between the two calls: read it again
                page.wait_for_function(READY, arg=q)
                rows = page.evaluate(ROWS)
            whole = sum(1 for _, bottom in rows if bottom <= KEYBOARD_OPEN["height"])
            out[q] = [whole, len(rows), round(min(b - t for t, b in rows))]
        return out
    finally:
        context.close()


def offline_data(base: str) -> dict[str, dict[str, int]]:
    html = urllib.request.urlopen(base + "/").read().decode("utf-8")  # noqa: S310 - a loopback server
    start = html.index('id="pwa-config">') + len('id="pwa-config">')
    config = json.loads(html[start:html.index("</script>", start)])
    out = {}
    for key in ("searchIndex", "searchData"):
        body = urllib.request.urlopen(base + config[key]).read()  # noqa: S310
        out[key] = {"raw": len(body), "gzip9": len(gzip.compress(body, 9)), "gzip6": len(gzip.compress(body, 6))}
    return out


def measure(base: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            shown = {**visible(browser, base, "en"), **visible(browser, base, "pl")}
        finally:
            browser.close()
    return {"visible": shown, "fewest_visible": min(v[0] for v in shown.values()),
            "offline_data": offline_data(base)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: build content/ and serve it)")
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    with served(args.content, args.url) as base:
        figures = measure(base)
    report(figures, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
