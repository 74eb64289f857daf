"""The typeahead as a player meets it: the installed app, a page just opened, one query typed.

    python bench/typeahead_bench.py                 # build ./content, start a server, measure
    python bench/typeahead_bench.py --url http://127.0.0.1:8000 --pages 8

In Chromium (Playwright + Debian's /usr/bin/chromium): the app is installed first (its service
worker active, its precache done); then, for each CPU speed (Chrome DevTools' "mid-tier mobile"
4× slow-down through CDP `Emulation.setCPUThrottlingRate`, applied to the page and to every worker
it runs, and 1×) and each network state (offline through `context.set_offline`, and online):

- cold: an entry page is opened (navigation until `load`), then at once a query is put in the search
  box (`input[type=search]`: focus, value, an `input` event, as Playwright's `fill` does) and the time
  until the first `[role=option]` of its listbox is in the document is taken, in the page's own clock;
- warm: on the same page, a second, different query, once the first one's list showed.

Medians over the pages (each page its own pair of queries), and the ratio cold ÷ warm. Also the longest
main-thread task from the keystroke to the options (Long Tasks API): what the typed text could lag by.
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

from bench.browser_bench import LAUNCH_ARGS, NAV_TIMEOUT_MS, precache_items  # noqa: E402
from bench.search_eval import CHROMIUM  # noqa: E402

RATES = (4, 1)
MODES = ("offline", "online")
INSTALL_TIMEOUT_S = 180.0
OPTION_TIMEOUT_MS = 20_000
SETTLE_S = 0.3  # between the cold and the warm query: the reader looks at the list
# (cold query, warm query): as players type them; terms, typos, abbreviations, Polish, questions.
QUERIES = [("evasive", "poison"), ("undefendable", "kings hand"), ("koth", "ultimate"),
           ("retrubution", "defensive roll"), ("obrazenia", "stun"), ("cp", "boss loot"),
           ("can i dodge", "heal"), ("crit", "targeting roll"), ("fame", "knockdown"), ("minion", "chi")]

# Runs in the page: type `q` into the first search box and resolve with the ms until its first option.
TYPE_JS = """
async ([q, timeout]) => {
  const input = document.querySelector("input[type=search]");
  if (!input) return { error: "no input[type=search]" };
  const listOf = () => document.getElementById(input.getAttribute("aria-controls") || "") || document;
  const longest = { ms: 0 };
  let po = null;
  try {
    po = new PerformanceObserver((list) => list.getEntries().forEach((e) => {
      longest.ms = Math.max(longest.ms, e.duration);
    }));
    po.observe({ type: "longtask" });
  } catch (e) { po = null; }
  return await new Promise((resolve) => {
    let done = false;
    const t0 = performance.now();
    const finish = (ms) => {
      if (done) return;
      done = true;
      obs.disconnect();
      // the long tasks up to now are delivered after the current task: read them a moment later
      setTimeout(() => { if (po) po.disconnect(); resolve({ ms: ms, longest_task_ms: longest.ms,
        options: listOf().querySelectorAll("[role=option]").length }); }, 50);
    };
    const obs = new MutationObserver(() => {
      if (listOf().querySelector("[role=option]")) finish(performance.now() - t0);
    });
    obs.observe(document.documentElement, { childList: true, subtree: true });
    input.focus();
    input.value = q;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    setTimeout(() => finish(null), timeout);
  });
}
"""

# A fixed piece of work timed in the page and in a worker: shows the slow-down really applies.
CALIBRATE_JS = """
async () => {
  const work = "let x = 0; for (let i = 0; i < 3e6; i++) x = (x + i * 7) % 1000003;";
  const t0 = performance.now(); new Function(work)(); const page = performance.now() - t0;
  return { page_ms: page };
}
"""


# Runs in a page just opened (the app installed): one way of getting a search engine ready, timed step by step,
# then its first query. "build": the search data, every document indexed in the page (the design before the
# prebuilt index); "loadjson": MiniSearch's own serialized index (toJSON, made here beforehand, untimed) read
# back with MiniSearch.loadJS, the vocabulary still built from the documents; "prebuilt": the build's search
# index (indexer/search_index.py) read by search-core.js fromIndex.
ALTERNATIVE_JS = """
async ([how, query]) => {
  const config = JSON.parse(document.getElementById("pwa-config").textContent);
  if (!window.MiniSearch) await new Promise((ok, no) => {
    const s = document.createElement("script"); s.src = config.miniSearch; s.onload = ok; s.onerror = no;
    document.head.appendChild(s);
  });
  const Core = window.ThroneSearch(window.MiniSearch, window.ThroneFold);
  const steps = {};
  let t = performance.now();
  const lap = (name) => { const now = performance.now(); steps[name] = now - t; t = now; };
  let search;
  if (how === "prebuilt") {
    const text = await (await fetch(config.searchIndex)).text(); lap("fetch_ms");
    const file = JSON.parse(text); lap("parse_ms");
    const engine = Core.fromIndex(file); lap("ready_ms");
    search = () => engine.search(query, { limit: 8, snippets: false });
  } else {
    const text = await (await fetch(config.searchData)).text(); lap("fetch_ms");
    const data = JSON.parse(text); lap("parse_ms");
    if (how === "build") {
      const engine = Core.create(data); lap("ready_ms");
      search = () => engine.search(query, { limit: 8, snippets: false });
    } else {
      const built = window.ThroneRank.create(window.MiniSearch, window.ThroneFold, data);
      const json = JSON.stringify(built.mini);
      const options = built.mini._options;
      t = performance.now();
      const mini = window.MiniSearch.loadJS(JSON.parse(json), options); lap("ready_ms");
      const vocab = new window.ThroneRank.Vocabulary(built.rules, data.docs); lap("vocabulary_ms");
      steps.bytes = json.length;
      search = () => mini.search(query);
    }
  }
  search(); lap("first_query_ms");
  steps.total_ms = Object.keys(steps).filter((k) => k.endsWith("_ms")).reduce((a, k) => a + steps[k], 0);
  return steps;
}
"""
ALTERNATIVES = ("build", "loadjson", "prebuilt")


def alternatives(browser: Any, base: str, pages: list[str], rate: float) -> dict[str, Any]:
    """Each way of loading the engine, on fresh pages of the installed app (online), median per step."""
    context = browser.new_context(service_workers="allow")
    throttle = Throttle(browser, rate)
    out: dict[str, Any] = {}
    try:
        install(context, base)
        page = context.new_page()
        page.set_default_timeout(NAV_TIMEOUT_MS)
        throttle.page(context, page)
        for how in ALTERNATIVES:
            runs = []
            for url in pages[:3]:
                page.goto(base + url, wait_until="load")
                page.wait_for_timeout(500)  # the page's own loading done: time this way alone
                runs.append(page.evaluate(ALTERNATIVE_JS, [how, "evasive"]))
            out[how] = {k: round(statistics.median(r[k] for r in runs), 1) for k in runs[0]}
        out["worker_cold_start"] = worker_cold_start(context, page, base, pages[0])
    finally:
        throttle.close()
        context.close()
    return out


def worker_cold_start(context: Any, page: Any, base: str, url: str) -> dict[str, float]:
    """What a stopped service worker (stopped when idle) adds to a page load: navigation to first byte with
    the worker running, and just after CDP ServiceWorker.stopAllWorkers (median of 3 each)."""
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    nav = "(() => { const n = performance.getEntriesByType('navigation')[0]; return n.responseStart - n.startTime; })()"
    running, stopped = [], []
    for _ in range(3):
        page.goto(base + url, wait_until="load")
        running.append(page.evaluate(nav))
        cdp.send("ServiceWorker.stopAllWorkers")
        page.wait_for_timeout(300)
        page.goto(base + url, wait_until="load")
        stopped.append(page.evaluate(nav))
    return {"running_ms": round(statistics.median(running), 1), "stopped_ms": round(statistics.median(stopped), 1)}


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


class Throttle:
    """CPU slow-down for a page and every worker target of the browser (dedicated and service workers).

    Emulation.setCPUThrottlingRate slows the thread of the target it is sent to; DevTools sends it to the
    page and to each worker. Workers are reached from a browser-level session (Target.attachToTarget,
    messages wrapped in Target.sendMessageToTarget)."""

    def __init__(self, browser: Any, rate: float):
        self.rate = rate
        self.root = browser.new_browser_cdp_session()
        self.done: set[str] = set()
        self.msg_id = 0

    def page(self, context: Any, page: Any) -> None:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.rate})
        self.workers()

    def workers(self) -> int:
        """Throttle every worker target not yet throttled (a new one appears with each page's worker)."""
        n = 0
        for t in self.root.send("Target.getTargets")["targetInfos"]:
            if t["type"] not in ("worker", "service_worker", "shared_worker") or t["targetId"] in self.done:
                continue
            sid = self.root.send("Target.attachToTarget", {"targetId": t["targetId"], "flatten": False})["sessionId"]
            self.msg_id += 1
            msg = {"id": self.msg_id, "method": "Emulation.setCPUThrottlingRate", "params": {"rate": self.rate}}
            self.root.send("Target.sendMessageToTarget", {"sessionId": sid, "message": json.dumps(msg)})
            self.done.add(t["targetId"])
            n += 1
        return n

    def forget(self) -> None:
        """Targets that ended (a page's dedicated worker ends with the page): let a new one be throttled."""
        alive = {t["targetId"] for t in self.root.send("Target.getTargets")["targetInfos"]}
        self.done &= alive

    def close(self) -> None:
        self.root.detach()


def install(context: Any, base: str) -> None:
    """Home until the service worker controls the page and its cache holds the build."""
    page = context.new_page()
    page.set_default_timeout(NAV_TIMEOUT_MS)
    page.goto(base + "/", wait_until="load")
    deadline = time.monotonic() + INSTALL_TIMEOUT_S
    while not page.evaluate("navigator.serviceWorker.controller !== null"):
        if time.monotonic() > deadline:
            raise RuntimeError("the service worker did not take control")
        time.sleep(0.2)
    page.close()


def measure(browser: Any, base: str, pages: list[str], rate: float, offline: bool) -> dict[str, Any]:
    context = browser.new_context(service_workers="allow", viewport={"width": 360, "height": 740})
    throttle = Throttle(browser, rate)
    runs: list[dict[str, Any]] = []
    try:
        install(context, base)
        context.set_offline(offline)
        page = context.new_page()
        page.set_default_timeout(NAV_TIMEOUT_MS)
        throttle.page(context, page)
        calibration = page.evaluate(CALIBRATE_JS)
        for url, (cold_q, warm_q) in zip(pages, QUERIES, strict=False):
            throttle.forget()
            page.goto(base + url, wait_until="load")
            throttle.workers()
            cold = page.evaluate(TYPE_JS, [cold_q, OPTION_TIMEOUT_MS])
            time.sleep(SETTLE_S)
            warm = page.evaluate(TYPE_JS, [warm_q, OPTION_TIMEOUT_MS])
            runs.append({"url": url, "cold_query": cold_q, "warm_query": warm_q, "cold": cold, "warm": warm,
                         "from_sw": page.evaluate("navigator.serviceWorker.controller !== null")})
    finally:
        throttle.close()
        context.close()
    return summarise(runs, calibration)


def summarise(runs: list[dict[str, Any]], calibration: dict[str, Any]) -> dict[str, Any]:
    failed = [r for r in runs if r["cold"].get("ms") is None or r["warm"].get("ms") is None]
    if failed:
        raise RuntimeError(f"no option appeared for {len(failed)} of {len(runs)} pages: {failed[:2]}")
    cold = statistics.median(r["cold"]["ms"] for r in runs)
    warm = statistics.median(r["warm"]["ms"] for r in runs)
    return {"pages": len(runs), "cold_ms": round(cold, 1), "warm_ms": round(warm, 1),
            "ratio": round(cold / warm, 2) if warm else None,
            "cold_max_ms": round(max(r["cold"]["ms"] for r in runs), 1),
            "warm_max_ms": round(max(r["warm"]["ms"] for r in runs), 1),
            "longest_task_ms": round(max(max(r["cold"]["longest_task_ms"], r["warm"]["longest_task_ms"])
                                         for r in runs), 1),
            "controlled": all(r["from_sw"] for r in runs), "calibration_ms": round(calibration["page_ms"], 1),
            "runs": [{"url": r["url"], "cold": f"{r['cold_query']} {r['cold']['ms']:.0f}",
                      "warm": f"{r['warm_query']} {r['warm']['ms']:.0f}",
                      "longest_task": round(max(r["cold"]["longest_task_ms"], r["warm"]["longest_task_ms"]))}
                     for r in runs]}


def bench(base: str, n_pages: int = 8, rates: tuple[float, ...] = RATES, modes: tuple[str, ...] = MODES,
          with_alternatives: bool = True) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    if n_pages > len(QUERIES):
        raise ValueError(f"at most {len(QUERIES)} pages (one query pair each)")
    pages = entry_pages(base, n_pages)
    out: dict[str, Any] = {"pages": pages, "results": {}}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            for rate in rates:
                for mode in modes:
                    out["results"][f"{mode} {rate:g}x"] = measure(browser, base, pages, rate, mode == "offline")
            if with_alternatives:
                out["alternatives"] = {f"{rate:g}x": alternatives(browser, base, pages, rate) for rate in rates}
        finally:
            browser.close()
    return out


def run(content: Path, url: str | None = None, n_pages: int = 8) -> dict[str, Any]:
    from bench.server import served

    with served(content, url) as base:
        return bench(base, n_pages)


def table(res: dict[str, Any]) -> str:
    lines = [f"{'':<14} {'cold ms':>8} {'warm ms':>8} {'cold/warm':>9} {'cold max':>9} {'warm max':>9} "
             f"{'long task':>9} {'calib.':>7}"]
    for name, r in res["results"].items():
        lines.append(f"{name:<14} {r['cold_ms']:>8.1f} {r['warm_ms']:>8.1f} {r['ratio']:>9.2f} "
                     f"{r['cold_max_ms']:>9.1f} {r['warm_max_ms']:>9.1f} {r['longest_task_ms']:>9.1f} "
                     f"{r['calibration_ms']:>7.1f}")
    for rate, by_how in res.get("alternatives", {}).items():
        for how, a in by_how.items():
            lines.append(f"{rate} {how}: " + ", ".join(f"{k} {v}" for k, v in a.items()))
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--content", type=Path, default=ROOT / "content")
    p.add_argument("--url", help="an already running server (loopback) instead of starting one")
    p.add_argument("--pages", type=int, default=8, help="entry pages (and query pairs) per setting, 6 to 10")
    p.add_argument("--json", action="store_true", help="print every figure as JSON")
    args = p.parse_args()
    res = run(args.content, args.url, args.pages)
    print(json.dumps(res, indent=2) if args.json else table(res))


if __name__ == "__main__":
    main()
