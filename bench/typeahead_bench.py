"""The typeahead as a player meets it: a page just opened, one query typed, until its answer is offered.

    python bench/typeahead_bench.py                 # build ./content, start a server, measure
    python bench/typeahead_bench.py --url http://127.0.0.1:8000 --pages 6 --no-ways

In Chromium (Playwright + Debian's /usr/bin/chromium), for each CPU speed (Chrome DevTools' "mid-tier mobile"
4× slow-down through CDP `Emulation.setCPUThrottlingRate`, applied to the page and to every worker it runs,
and 1×) and each setting:

- *offline* / *online*: the app installed first (its service worker controls the page, its precache done),
  then the network cut (`context.set_offline`) or not;
- *online first visit*: the app not installed, a fresh browser context (empty HTTP cache) for every page: the
  page is controlled by no service worker, and the one it registers installs meanwhile (as on a real first
  visit);
- *online no worker*: the same with service workers blocked (a browser that runs none, or the worker's install
  not started): the page alone.

- cold: an entry page is opened (navigation until `load`), then at once a query is put in the search
  box (`input[type=search]`: focus, value, an `input` event, as Playwright's `fill` does) and the time
  until an option naming the query's expected entry (`[role=option][data-entry-id=…]`) is in its listbox is
  taken, in the page's own clock; a query whose options come without that entry is a miss, not timed;
- warm: on the same page, a second, different query, once the first one's list showed.

Medians over the pages (each page its own pair of queries), and the ratio cold ÷ warm. Also the longest
main-thread task from the keystroke to the options (Long Tasks API): what the typed text could lag by; and the
steps of getting the engine ready (performance marks "throne-search:…" of search-ui.js and search-preload.js,
and the resource timing of the index and the library) from the keystroke, medians over the pages (negative:
done before the keystroke). And what a first visit that types nothing downloads, its installing worker's
requests included, with the search index and library counted apart.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.browser_bench import LAUNCH_ARGS, NAV_TIMEOUT_MS, precache_items  # noqa: E402
from bench.search_eval import CHROMIUM  # noqa: E402
from bench.typeahead_page import CALIBRATE_JS, TYPE_JS, Throttle, install  # noqa: E402
from bench.typeahead_ways import alternatives, first_visit_bytes  # noqa: E402

RATES = (4, 1)
MODES = ("offline", "online", "online first visit", "online no worker")
OPTION_TIMEOUT_MS = 20_000
SETTLE_S = 0.3  # between the cold and the warm query: the reader looks at the list
# (cold query, its expected entry), (warm query, its expected entry): as players type them; terms, typos,
# abbreviations, Polish, questions. Each expected entry is the typeahead's first option for the query.
QUERIES = [(("evasive", "evasive"), ("poison", "poison")),
           (("undefendable", "undefendable-damage"), ("kings hand", "kings-hand")),
           (("koth", "king-of-the-hill"), ("ultimate", "ultimate-ability")),
           (("retrubution", "retribution"), ("defensive roll", "defensive-roll-phase")),
           (("obrazenia", "pl-damage-types"), ("stun", "stun")),
           (("cp", "combat-points"), ("boss loot", "boss-loot")),
           (("can i dodge", "evasive"), ("heal", "heal")),
           (("crit", "crit"), ("targeting roll", "targeting-roll-phase")),
           (("fame", "dd-fame"), ("knockdown", "knockdown")),
           (("minion", "minions"), ("chi", "chi"))]


def entry_pages(base: str, n: int) -> list[str]:
    """`n` entry pages spread over the precache list (deterministic), each its own rule."""
    items = precache_items(base) or []
    pages = [i["url"] for i in items if i.get("kind") == "page"]
    if not pages:
        sw = json.loads(_sw_build(base))
        pages = [i["url"] for i in sw["precache"] if i.get("kind") == "page"]
    entries = [u for u in pages if u.count("/") == 2 and "?" not in u and not u.startswith("/calc")]
    if len(entries) < n:
        raise RuntimeError(f"only {len(entries)} entry pages in the precache list, {n} wanted")
    step = len(entries) // n
    return [entries[i * step] for i in range(n)]


def _sw_build(base: str) -> str:
    import re
    import urllib.request

    with urllib.request.urlopen(base + "/sw.js", timeout=60) as resp:
        text = resp.read().decode("utf-8")
    m = re.search(r"^self\.THRONE_BUILD = (\{.*\});\s*$", text, re.M)
    if not m:
        raise RuntimeError("/sw.js has no build line")
    return m.group(1)


def _one_page(context: Any, page: Any, throttle: Throttle, base: str, url: str,
              pair: tuple[tuple[str, str], tuple[str, str]]) -> dict[str, Any]:
    (cold_q, cold_id), (warm_q, warm_id) = pair
    throttle.forget()
    page.goto(base + url, wait_until="load")
    throttle.workers()
    cold = page.evaluate(TYPE_JS, [cold_q, cold_id, OPTION_TIMEOUT_MS])
    time.sleep(SETTLE_S)
    warm = page.evaluate(TYPE_JS, [warm_q, warm_id, OPTION_TIMEOUT_MS])
    return {"url": url, "cold_query": cold_q, "warm_query": warm_q, "cold": cold, "warm": warm}


def measure(browser: Any, base: str, pages: list[str], rate: float, mode: str) -> dict[str, Any]:
    throttle = Throttle(browser, rate)
    runs: list[dict[str, Any]] = []
    calibration: dict[str, Any] = {}
    viewport = {"width": 360, "height": 740}
    try:
        if mode in ("online first visit", "online no worker"):  # nothing cached, no worker yet, for every page
            workers = "allow" if mode == "online first visit" else "block"
            for url, pair in zip(pages, QUERIES, strict=False):
                context = browser.new_context(service_workers=workers, viewport=viewport)
                try:
                    page = context.new_page()
                    page.set_default_timeout(NAV_TIMEOUT_MS)
                    throttle.page(context, page)
                    calibration = calibration or page.evaluate(CALIBRATE_JS)
                    runs.append(_one_page(context, page, throttle, base, url, pair))
                finally:
                    context.close()
        else:
            context = browser.new_context(service_workers="allow", viewport=viewport)
            try:
                install(context, base)
                context.set_offline(mode == "offline")
                page = context.new_page()
                page.set_default_timeout(NAV_TIMEOUT_MS)
                throttle.page(context, page)
                calibration = page.evaluate(CALIBRATE_JS)
                for url, pair in zip(pages, QUERIES, strict=False):
                    runs.append(_one_page(context, page, throttle, base, url, pair))
            finally:
                context.close()
    finally:
        throttle.close()
    return summarise(runs, calibration)


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 1) if values else None


def summarise(runs: list[dict[str, Any]], calibration: dict[str, Any]) -> dict[str, Any]:
    """Medians over the pages; a query whose expected entry never showed is a miss, left out of the median."""
    errors = [r for r in runs if r["cold"].get("error") or r["warm"].get("error")]
    if errors:
        raise RuntimeError(f"the page could not be typed into: {errors[:2]}")
    misses = [f"{r[f'{w}_query']!r} → {r[w]['shown']}" for r in runs for w in ("cold", "warm") if r[w]["ms"] is None]
    cold_ms = [r["cold"]["ms"] for r in runs if r["cold"]["ms"] is not None]
    warm_ms = [r["warm"]["ms"] for r in runs if r["warm"]["ms"] is not None]
    if not cold_ms or not warm_ms:
        raise RuntimeError(f"no expected entry was offered: {misses}")
    cold, warm = statistics.median(cold_ms), statistics.median(warm_ms)
    steps = sorted({k for r in runs for k in r["cold"]["marks"]}, key=lambda k: _median(
        [r["cold"]["marks"][k] for r in runs if k in r["cold"]["marks"]]) or 0.0)
    return {"pages": len(runs), "cold_ms": round(cold, 1), "warm_ms": round(warm, 1),
            "ratio": round(cold / warm, 2) if warm else None,
            "cold_max_ms": round(max(cold_ms), 1), "warm_max_ms": round(max(warm_ms), 1),
            "cold_first_option_ms": _median([r["cold"]["first_ms"] for r in runs if r["cold"]["first_ms"] is not None]),
            "longest_task_ms": round(max(max(r["cold"]["longest_task_ms"], r["warm"]["longest_task_ms"])
                                         for r in runs), 1),
            "misses": misses, "controlled_at_keystroke": sum(bool(r["cold"]["controlled"]) for r in runs),
            "calibration_ms": round(calibration["page_ms"], 1),
            "cold_steps_ms": {k: _median([r["cold"]["marks"][k] for r in runs if k in r["cold"]["marks"]])
                              for k in steps},
            "runs": [{"url": r["url"], "cold": f"{r['cold_query']} {_fmt(r['cold']['ms'])}",
                      "warm": f"{r['warm_query']} {_fmt(r['warm']['ms'])}",
                      "after_load": round(r["cold"]["after_load_ms"] or 0),
                      "longest_task": round(max(r["cold"]["longest_task_ms"], r["warm"]["longest_task_ms"]))}
                     for r in runs]}


def _fmt(ms: float | None) -> str:
    return "miss" if ms is None else f"{ms:.0f}"


def bench(base: str, n_pages: int = 8, rates: tuple[float, ...] = RATES, modes: tuple[str, ...] = MODES,
          with_alternatives: bool = True) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    if n_pages > len(QUERIES):
        raise ValueError(f"at most {len(QUERIES)} pages (one query pair each)")
    pages = entry_pages(base, n_pages)
    out: dict[str, Any] = {"pages": pages, "results": {}, "load_average": {"start": os.getloadavg()}}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            out["first_visit"] = first_visit_bytes(browser, base, pages[0])
            for rate in rates:
                for mode in modes:
                    print(f"typeahead: {mode} {rate:g}x …", file=sys.stderr, flush=True)
                    out["results"][f"{mode} {rate:g}x"] = measure(browser, base, pages, rate, mode)
            if with_alternatives:
                out["alternatives"] = {f"{rate:g}x": alternatives(browser, base, pages, rate) for rate in rates}
        finally:
            browser.close()
    out["load_average"]["end"] = os.getloadavg()
    return out


def run(content: Path, url: str | None = None, n_pages: int = 8, with_alternatives: bool = True) -> dict[str, Any]:
    from bench.server import served

    with served(content, url) as base:
        return bench(base, n_pages, with_alternatives=with_alternatives)


def table(res: dict[str, Any]) -> str:
    lines = [f"{'':<26} {'cold ms':>8} {'warm ms':>8} {'cold/warm':>9} {'cold max':>9} {'warm max':>9} "
             f"{'long task':>9} {'calib.':>7}  misses"]
    for name, r in res["results"].items():
        lines.append(f"{name:<26} {r['cold_ms']:>8.1f} {r['warm_ms']:>8.1f} {r['ratio']:>9.2f} "
                     f"{r['cold_max_ms']:>9.1f} {r['warm_max_ms']:>9.1f} {r['longest_task_ms']:>9.1f} "
                     f"{r['calibration_ms']:>7.1f}  {len(r['misses'])}"
                     f"  (controlled at the keystroke: {r['controlled_at_keystroke']} of {r['pages']})")
    for name, r in res["results"].items():
        lines.append(f"{name} cold, steps from the keystroke: "
                     + ", ".join(f"{k} {v}" for k, v in r["cold_steps_ms"].items()))
        for miss in r["misses"]:
            lines.append(f"{name} miss: {miss}")
    for rate, by_how in res.get("alternatives", {}).items():
        for how, a in by_how.items():
            lines.append(f"{rate} {how}: " + ", ".join(f"{k} {v}" for k, v in a.items()))
    visit = res.get("first_visit")
    if visit:
        lines.append(f"a first visit, nothing typed: {visit['requests']} responses, {visit['bytes'] / 1e3:.0f} kB over "
                     f"the wire (worker's included: {visit['pack_seen']}); index {visit['index']}, "
                     f"library {visit['library']}")
    load = res.get("load_average", {})
    lines.append("load average (1, 5, 15 min): start " + " ".join(f"{x:.1f}" for x in load.get("start", ()))
                 + ", end " + " ".join(f"{x:.1f}" for x in load.get("end", ())))
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--content", type=Path, default=ROOT / "content")
    p.add_argument("--url", help="an already running server (loopback) instead of starting one")
    p.add_argument("--pages", type=int, default=8, help="entry pages (and query pairs) per setting, 6 to 10")
    p.add_argument("--no-ways", action="store_true", help="skip timing the other ways of loading the engine")
    p.add_argument("--json", action="store_true", help="print every figure as JSON")
    args = p.parse_args()
    res = run(args.content, args.url, args.pages, with_alternatives=not args.no_ways)
    print(json.dumps(res, indent=2) if args.json else table(res))


if __name__ == "__main__":
    main()
