"""Ways of getting the offline search engine ready on a page just opened, timed step by step (a part of
bench/typeahead_bench.py): building the index in the page, MiniSearch's own serialized index, and the build's
prebuilt index; and what a stopped service worker adds to a page load."""

from __future__ import annotations

import statistics
import time
from typing import Any

from bench.browser_bench import NAV_TIMEOUT_MS
from bench.typeahead_page import Throttle, install

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
    const text = await (await fetch(config.searchIndex)).text();
    const termsText = await (await fetch(config.searchTerms.en)).text(); lap("fetch_ms");
    const file = JSON.parse(text);
    const terms = JSON.parse(termsText); lap("parse_ms");
    const engine = Core.fromIndex(file, [terms]); lap("ready_ms");
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


def first_visit_bytes(browser: Any, base: str, url: str) -> dict[str, Any]:
    """What a first visit to an entry page downloads (nothing typed): every response over the wire, the page's
    and its installing service worker's, until the worker is active and the network idle. The search index and
    library are counted apart: how often each came in full, and their bytes."""
    from bench.browser_bench import INSTALL_TIMEOUT, _summarise

    ctx = browser.new_context(service_workers="allow")
    try:
        seen: list[Any] = []
        ctx.on("requestfinished", lambda r: seen.append(r))
        page = ctx.new_page()
        page.set_default_timeout(NAV_TIMEOUT_MS)
        page.goto(base + url, wait_until="load")
        deadline = time.monotonic() + INSTALL_TIMEOUT  # (the page's CSP allows no wait_for_function)
        while not page.evaluate("navigator.serviceWorker.controller !== null"):
            if time.monotonic() > deadline:
                raise RuntimeError("the service worker did not take control")
            time.sleep(0.2)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(1000)
        out = _summarise(seen)
        detail = out.pop("detail")
        for name, part in (("index", "/search-index/"), ("library", "/vendor/minisearch")):
            rows = [r for r in detail if part in r["url"]]
            out[name] = {"responses": len(rows), "full": sum(r["body"] > 10_000 for r in rows),
                         "bytes": sum(r["bytes"] for r in rows)}
        out["pack_seen"] = any("/precache-pack/" in r["url"] for r in detail)  # the worker's requests are counted
        return out
    finally:
        ctx.close()
