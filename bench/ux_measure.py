"""The app at the table, measured as a player on a 360 x 740 phone (Playwright + Debian's Chromium).

    python bench/ux_measure.py --url http://127.0.0.1:8000     # or without --url: build and serve content/

Figures (issue 21), the same code before and after the change:
- answer_top: the y (CSS px, from the top of the page) of the first paragraph of the entry's body, on five
  entry types: a rule, a status effect, a FAQ, a hero and a Polish page. Under 740 it is on the first screen.
- index_height / faq_height: the height of the A-Z index and of the FAQ index, unfiltered.
- barbarian_taps: taps to read the Barbarian's FAQ answers, from the home page: the FAQ link (and the menu,
  when the link is folded into one), the
  Barbarian jump link, then each question (a link opens a page and Back returns, each a tap; an answer that
  opens in place is one tap).
- evasive_taps / evasive_seconds: from a cold start (a fresh browser, the home page), taps and seconds
  until the answer to "can Evasive stop an Ultimate" is on screen: the search box, the query typed
  (not counted as taps; `fill`), then a suggestion, or Enter and a result. Seconds are the median of runs.
- issue 34's figures (calculators' first fields at three text sizes, a shared calculation, the A-Z index's rows
  and small links, contents on a long entry, hero questions, the FAQ topics): bench/ux_measure_more.py.
  `--issue34` measures only those.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.server import served  # noqa: E402
from bench.ux_measure_more import calc_figures, reading_figures  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 360, "height": 740}
ENTRIES = {
    "rule": "/dice-throne/ultimate-ability",
    "status effect": "/dice-throne/evasive",
    "faq": "/dice-throne/faq-moon-elf-evasive-ultimate",
    "hero": "/dice-throne/barbarian",
    "polish": "/dice-throne/pl-cel-gry",
}
EVASIVE_QUERY = "can evasive stop an ultimate"
EVASIVE_ANSWERS = ("faq-moon-elf-evasive-ultimate", "faq-gunslinger-evasive-ultimate", "faq-monk-evasive-ultimate")
ANSWER_START = "No."  # each of the three answers begins so
RUNS = 3

FIRST_PARAGRAPH_TOP = """() => {
  const p = document.querySelector('.entry-body p');
  return p ? Math.round(p.getBoundingClientRect().top + window.scrollY) : null;
}"""
PAGE_HEIGHT = "() => document.documentElement.scrollHeight"


def answer_tops(browser: Any, base: str) -> dict[str, int | None]:
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    try:
        page = context.new_page()
        tops = {}
        for name, url in ENTRIES.items():
            page.goto(base + url, wait_until="load")
            tops[name] = page.evaluate(FIRST_PARAGRAPH_TOP)
        return tops
    finally:
        context.close()


def heights(browser: Any, base: str) -> dict[str, int]:
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    try:
        page = context.new_page()
        out = {}
        for name, url in (("index_height", "/index"), ("faq_height", "/faq")):
            page.goto(base + url, wait_until="load")
            out[name] = page.evaluate(PAGE_HEIGHT)
        return out
    finally:
        context.close()


def barbarian_taps(browser: Any, base: str) -> int:
    """Read every answer in the Barbarian's FAQ group, counting taps (and Back as a tap)."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block", has_touch=True)
    try:
        page = context.new_page()
        page.goto(base + "/", wait_until="load")
        taps = 0
        faq = page.locator("a[href='/faq']:visible").first
        if not faq.count():  # the site's links are folded into a menu: open it first
            page.locator(".menu-button").tap()
            taps += 1
            faq = page.locator("a[href='/faq']:visible").first
        faq.tap()
        taps += 1
        page.wait_for_url("**/faq")
        page.locator("a[href='#faq-barbarian']").first.tap()
        taps += 1
        group = page.locator("section.faq-group:has(#faq-barbarian)")
        n = group.locator("li").count()
        assert n >= 3, f"the Barbarian group has {n} questions"
        for i in range(n):
            item = group.locator("li").nth(i)
            summary = item.locator("summary")
            if summary.count():
                summary.tap()
                taps += 1
                body = item.locator(".faq-answer")
                body.wait_for(state="visible")
                assert body.inner_text().strip(), f"question {i + 1} has an empty answer"
            else:
                item.locator("a").first.tap()
                taps += 1
                page.locator(".entry-body p").first.wait_for(state="visible")
                page.go_back()
                taps += 1
                page.wait_for_url("**/faq*")
                group = page.locator("section.faq-group:has(#faq-barbarian)")
        return taps
    finally:
        context.close()


def evasive_run(browser: Any, base: str) -> tuple[int, float, str]:
    """Cold start (fresh context: no cache, no worker yet) -> the answer on screen. Taps, seconds, how."""
    context = browser.new_context(viewport=VIEWPORT, has_touch=True)
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(base + "/", wait_until="domcontentloaded")
        box = page.locator("input[type=search]:visible").first
        box.tap()
        taps = 1
        box.fill(EVASIVE_QUERY)
        option = page.locator("[role=option][data-url*='evasive-ultimate']").first
        try:
            option.wait_for(state="visible", timeout=5000)
            option.tap()
            how = "suggestion"
        except Exception:  # noqa: BLE001 - no suggestion: search and pick the result
            box.press("Enter")
            result = page.locator(", ".join(f"a[href$='/{a}']" for a in EVASIVE_ANSWERS)).first
            result.wait_for(state="visible", timeout=10000)
            result.tap()
            taps += 1
            how = "results page"
        taps += 1
        first = page.locator(".entry-body p").first
        first.wait_for(state="visible")
        seconds = time.perf_counter() - start
        assert page.url.rsplit("/", 1)[-1].split("#")[0] in EVASIVE_ANSWERS, page.url
        assert first.inner_text().startswith(ANSWER_START), first.inner_text()
        return taps, seconds, how
    finally:
        context.close()


def measure(base: str, only_issue34: bool = False) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            out: dict[str, Any] = {"answer_top": answer_tops(browser, base)}
            out.update(reading_figures(browser, base))
            out.update(calc_figures(browser, base))
            if only_issue34:
                return out
            out.update(heights(browser, base))
            out["barbarian_taps"] = barbarian_taps(browser, base)
            runs = [evasive_run(browser, base) for _ in range(RUNS)]
            out["evasive_taps"] = runs[0][0]
            out["evasive_how"] = runs[0][2]
            out["evasive_seconds"] = round(statistics.median(r[1] for r in runs), 2)
            return out
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: build content/ and serve it)")
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--issue34", action="store_true", help="only the answer tops and issue 34's figures")
    args = parser.parse_args(argv)
    with served(args.content, args.url) as base:
        figures = measure(base, args.issue34)
    report(figures, args.json)
    return 0


def report(figures: dict[str, Any], json_path: Path | None) -> None:
    """Print the figures as JSON, and write them to `json_path` when given."""
    text = json.dumps(figures, indent=1, ensure_ascii=False)
    print(text)
    if json_path:
        json_path.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
