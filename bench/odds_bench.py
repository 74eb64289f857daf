"""The dice-odds calculator's speed: the issue's hard case in Python and in Chromium with a 4×-slowed CPU.

    python bench/odds_bench.py                 # starts a server for the browser part
    python bench/odds_bench.py --url http://127.0.0.1:8000

The case: 7 dice, 3 roll attempts, a three-symbol target (the Gunslinger's 2 Bullet, 2 Dash,
2 Bullseye) with keep advice from a roll in hand (2 attempts left). Python: the whole
POST /api/calc/odds computation in process (parse, exact DP, advice, wording), a fresh request
each time (nothing is cached between requests but the state-space layout). Browser: the page's
ThroneCalc.odds() (static/js/calc/odds-engine.js) with Chrome DevTools' CPU throttling at 4×;
the first call after loading (it also lays out the state space) and the median of the next ones.
A reference case: 7 dice, 5 attempts, a straight of 5 (every face its own class: 1,716 states).

The page's several-abilities section (/calc/odds?mode=abilities...): 7 dice, 3 attempts, 3 abilities,
advice from a roll in hand (2 attempts left), CPU 4× slower. Timed: one tap on a damage stepper, which
reads the form, computes and draws the result synchronously (the whole update the player waits for), and
the page's own form -> result path alone (ThroneCalc.oddsForm). Two sets of abilities: the Gunslinger's
symbols (3 face classes) and numbers (Large Straight, 4 of a kind, Small Straight: 6 classes, 1,716 states).
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

from bench.browser_bench import LAUNCH_ARGS  # noqa: E402
from bench.search_eval import CHROMIUM  # noqa: E402
from bench.server import served  # noqa: E402
from calculators import odds  # noqa: E402

GUNSLINGER = {"1": "Bullet", "2": "Bullet", "3": "Bullet", "4": "Dash", "5": "Dash", "6": "Bullseye"}
CASE = {"dice": 7, "rolls": 3, "faces": GUNSLINGER, "target": {"symbols": {"Bullet": 2, "Dash": 2, "Bullseye": 2}},
        "roll": [1, 1, 4, 6, 2, 3, 3], "rolls_left": 2}
REFERENCE = {"dice": 7, "rolls": 5, "target": {"straight": 5}, "roll": [1, 2, 2, 4, 6, 6, 3], "rolls_left": 4}
PAGE_CASES = {
    "symbols": "dice=7&rolls=3&hero=gunslinger&mode=abilities&ab=3&a1-goal=symbols&a1-n-Bullseye=3&a1-dmg=9"
               "&a2-goal=symbols&a2-n-Bullet=2&a2-n-Dash=2&a2-dmg=6&a3-goal=symbols&a3-n-Bullet=4&a3-dmg=4"
               "&roll=1146623&left=2",
    "numbers": "dice=7&rolls=3&mode=abilities&ab=3&a1-straight=5&a1-dmg=10&a2-goal=kind&a2-kind=4&a2-dmg=7"
               "&a3-straight=4&a3-dmg=5&roll=1234466&left=2",
}
SLOWDOWN = 4
RUNS = 15


def _summary(times_ms: list[float]) -> dict[str, float]:
    ordered = sorted(times_ms)
    return {"median_ms": round(statistics.median(ordered), 2), "max_ms": round(ordered[-1], 2), "runs": len(ordered)}


def python_times(body: dict[str, Any], runs: int = RUNS) -> dict[str, float]:
    tables = {"rules": dict(odds.RULES)}
    odds.calculate(body, tables)  # the state-space layout, built once per process
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        odds.calculate(body, tables)
        times.append((time.perf_counter() - started) * 1000)
    return _summary(times)


def browser_times(base: str, body: dict[str, Any], runs: int = RUNS) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740})
            page.goto(base + "/calc/odds", wait_until="load")
            page.wait_for_function("window.ThroneCalc && window.ThroneCalc.odds")
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
            timed = """b => { const t = performance.now(); const r = window.ThroneCalc.odds(b);
                             if (r.error) throw new Error(r.error.message); return performance.now() - t; }"""
            first = page.evaluate(timed, body)
            times = [page.evaluate(timed, body) for _ in range(runs)]
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        finally:
            browser.close()
    return {**_summary(times), "first_ms": round(first, 2), "cpu_slowdown": SLOWDOWN}


def page_times(base: str, query: str, runs: int = RUNS) -> dict[str, Any]:
    """The abilities section at 4× CPU: a stepper tap's whole update (form, compute, draw), and oddsForm alone."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740})
            page.goto(f"{base}/calc/odds?{query}", wait_until="load")
            page.wait_for_selector("#calc-result [data-out=expected]")
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
            tap = """step => { const b = document.querySelector(`[data-step='${step}'][data-target='f-a1-dmg']`);
                               const t = performance.now(); b.click(); const ms = performance.now() - t;
                               if (!document.querySelector('#calc-result [data-out=expected]')) throw 'no result';
                               return ms; }"""
            taps = [page.evaluate(tap, 1 if i % 2 else -1) for i in range(runs)]
            form = """q => { const t = performance.now(); const r = window.ThroneCalc.oddsForm(q);
                             if (r.error) throw new Error(r.error.message); return performance.now() - t; }"""
            computes = [page.evaluate(form, query) for _ in range(runs)]
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        finally:
            browser.close()
    return {"tap": _summary(taps), "compute": _summary(computes), "cpu_slowdown": SLOWDOWN}


def run(content: Path = ROOT / "content", url: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"case": "7 dice, 3 attempts, 3 symbols, advice from a roll (2 attempts left)",
                           "python": python_times(CASE), "python_reference": python_times(REFERENCE, 5)}
    with served(content, url) as base:
        out["browser"] = browser_times(base, CASE)
        out["browser_reference"] = browser_times(base, REFERENCE, 5)
        out["page_abilities"] = {"case": "7 dice, 3 attempts, 3 abilities, advice (2 attempts left)",
                                 **{name: page_times(base, query) for name, query in PAGE_CASES.items()}}
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--content", type=Path, default=ROOT / "content")
    p.add_argument("--url", help="an already running server (loopback) instead of starting one")
    p.add_argument("--page-only", action="store_true", help="only the page's several-abilities section")
    args = p.parse_args()
    if args.page_only:
        with served(args.content, args.url) as base:
            print(json.dumps({name: page_times(base, query) for name, query in PAGE_CASES.items()}, indent=2))
        return
    print(json.dumps(run(args.content, args.url), indent=2))


if __name__ == "__main__":
    main()
