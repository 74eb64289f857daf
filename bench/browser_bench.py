"""In Chromium (Playwright + Debian's /usr/bin/chromium) against a live server: page weight,
the first visit with its service-worker precache, and the offline client search.

    python bench/browser_bench.py --url http://127.0.0.1:8000     # or without --url: start a server

- Page weight: home, an entry, search results and each calculator page, each in a fresh
  browser context (empty cache, service workers blocked so only the page's own requests
  count): every request, bytes on the wire (headers + gzipped bodies), then the same page
  again on the warm cache.
- First visit: a fresh context with the service worker allowed; every request the page and
  its worker make until the worker has installed (its precache list fetched).
- Precache: every URL the worker fetches to precache (its page pack, assets and data), fetched
  with gzip: bytes on the wire and bytes stored.
- Client search: the page's own offline search (static/js/search-core.js over the build's
  prebuilt search index, MiniSearch from npm): the time to load the index (fetch, parse, read),
  and the time per evaluation query with snippets (median).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.loadgen import percentile  # noqa: E402
from bench.search_eval import CHROMIUM, DEPTH, LOAD_MINISEARCH_JS, load_eval  # noqa: E402

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ENTRY = "/dice-throne/undefendable-damage"  # a typical rule: links, FAQs, related, sources
SEARCH = "/search?q=evasive"
INSTALL_TIMEOUT = 300.0
NAV_TIMEOUT_MS = 120_000  # a busy shared machine can be slow; a timeout here is a failure, not a figure
QUERY_REPEATS = 5
LOAD_REPEATS = 3
BUILD_LINE = re.compile(r"^self\.THRONE_BUILD = (\{.*\});\s*$", re.M)


def fetch(url: str, gzip_ok: bool = True) -> tuple[bytes, dict[str, str]]:
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return resp.read(), {k.lower(): v for k, v in resp.headers.items()}


def calculator_pages(base: str) -> list[str]:
    """The calculator pages the app links from /calc (none when there is no /calc yet)."""
    try:
        body, _ = fetch(base + "/calc", gzip_ok=False)
    except OSError:
        return []
    found = re.findall(r'href="(/calc/[a-z0-9-]+)"', body.decode("utf-8"))
    return list(dict.fromkeys(found))


def precache_items(base: str, lang: str = "en") -> list[dict[str, str]] | None:
    """What the worker of a reader of `lang` downloads to precache, from the build line the server puts in front
    of /sw.js: that language's page pack (the pages every reader needs and the entries in `lang`; the other
    language's come on demand) and each item of the list that is not a page, but another language's data."""
    try:
        body, _ = fetch(base + "/sw.js", gzip_ok=False)
    except OSError:
        return None
    m = BUILD_LINE.search(body.decode("utf-8"))
    if not m:
        return None
    build = json.loads(m.group(1))
    items = list(build.get("precache", []))
    if not build.get("pack"):
        return items
    pack = (build.get("packs") or {}).get(lang, build["pack"])
    pages = sum(1 for i in items if i.get("kind") == "page" and i.get("lang") in (None, lang))
    return [{"url": pack, "kind": f"pack of {pages} pages"},
            *(i for i in items if i.get("kind") != "page" and i.get("lang") in (None, lang))]


def precache_size(base: str, items: list[dict[str, str]]) -> dict[str, Any]:
    """Bytes on the wire (gzip where the server gives it) and bytes stored, by kind."""
    wire: dict[str, int] = {}
    stored: dict[str, int] = {}
    for item in items:
        body, headers = fetch(base + item["url"])
        kind = item.get("kind", "other")
        wire[kind] = wire.get(kind, 0) + len(body)
        decoded = gzip.decompress(body) if headers.get("content-encoding") == "gzip" else body
        stored[kind] = stored.get(kind, 0) + len(decoded)
    return {"items": len(items), "wire_bytes": sum(wire.values()), "stored_bytes": sum(stored.values()),
            "wire_by_kind": wire, "stored_by_kind": stored}


def _summarise(requests: list[Any]) -> dict[str, Any]:
    """Requests that went over the wire (a response from the browser's cache reports no bytes), and their bytes."""
    rows = []
    cached = 0
    for r in requests:
        try:
            sizes = r.sizes()
        except Exception:  # a request that failed has no sizes  # noqa: BLE001
            continue
        wire = max(0, sizes["responseBodySize"] + sizes["responseHeadersSize"])
        if wire == 0:
            cached += 1
            continue
        resp = r.response()
        rows.append({"url": r.url, "type": r.resource_type, "bytes": wire, "body": max(0, sizes["responseBodySize"]),
                     "from_sw": bool(resp and resp.from_service_worker)})
    return {"requests": len(rows), "from_cache": cached, "bytes": sum(x["bytes"] for x in rows),
            "body_bytes": sum(x["body"] for x in rows), "detail": rows}


def page_weight(browser: Any, url: str) -> dict[str, Any]:
    ctx = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740})
    try:
        seen: list[Any] = []
        ctx.on("requestfinished", lambda r: seen.append(r))
        page = ctx.new_page()
        page.set_default_timeout(NAV_TIMEOUT_MS)
        page.goto(url, wait_until="load")
        page.wait_for_load_state("networkidle")
        cold = _summarise(seen)
        seen.clear()
        page.goto("about:blank")  # leave, then come back: a navigation on a warm cache, not a reload
        page.goto(url, wait_until="load")
        page.wait_for_load_state("networkidle")
        warm = _summarise(seen)
        return {"cold": cold, "warm": warm}
    finally:
        ctx.close()


def first_visit(browser: Any, base: str) -> dict[str, Any]:
    """Home on an empty profile, the service worker allowed: everything fetched until it has installed."""
    ctx = browser.new_context(service_workers="allow")
    try:
        seen: list[Any] = []
        failed: list[Any] = []
        ctx.on("requestfinished", lambda r: seen.append(r))
        ctx.on("requestfailed", lambda r: failed.append(r))
        page = ctx.new_page()
        page.set_default_timeout(NAV_TIMEOUT_MS)
        started = time.monotonic()
        page.goto(base + "/", wait_until="load")
        state = "none"
        while time.monotonic() - started < INSTALL_TIMEOUT:
            state = page.evaluate("""() => navigator.serviceWorker ? navigator.serviceWorker.getRegistration()
                .then(r => !r ? "none" : r.installing ? "installing" : r.waiting ? "waiting"
                           : r.active ? r.active.state : "none") : "unsupported" """)
            if state in ("activated", "unsupported") or (state == "none" and time.monotonic() - started > 30):
                break
            time.sleep(0.25)
        installed_s = time.monotonic() - started
        page.wait_for_load_state("networkidle")
        time.sleep(1.0)
        out = _summarise(seen)
        out.update(worker_state=state, install_seconds=round(installed_s, 1), failed=len(failed))
        out.pop("detail")
        return out
    finally:
        ctx.close()


# Runs in the page: load the offline index the way the page does, then time every query.
CLIENT_JS = """
async ([queries, depth, repeats, loads]) => {""" + LOAD_MINISEARCH_JS + """  const loadTimes = [];
  let engine = null;
  for (let i = 0; i < loads; i++) {
    const t0 = performance.now();
    const file = await (await fetch(config.searchIndex)).json();
    const terms = await (await fetch(config.searchTerms.en)).json();  // an English reader's: what is precached
    const t1 = performance.now();
    engine = window.ThroneSearch(window.MiniSearch, window.ThroneFold).fromIndex(file, [terms]);
    const t2 = performance.now();
    loadTimes.push({fetch_ms: t1 - t0, index_ms: t2 - t1, total_ms: t2 - t0});
  }
  engine.addTerms(await (await fetch(config.searchTerms.pl)).json());  // the other language, as a first search adds
  engine = engine.withBodies(await (await fetch(config.searchData)).json());  // snippets, as the results page
  for (const q of queries.slice(0, 20)) engine.search(q, { limit: depth });  // warm the JIT
  const perQuery = queries.map((q) => {
    const t0 = performance.now();
    for (let r = 0; r < repeats; r++) engine.search(q, { limit: depth });
    return (performance.now() - t0) / repeats;
  });
  return { loads: loadTimes, perQuery: perQuery };
}
"""


def client_search(browser: Any, base: str, queries: list[str]) -> dict[str, Any]:
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        page.set_default_timeout(NAV_TIMEOUT_MS)
        page.goto(base + "/", wait_until="load")
        page.wait_for_function("() => window.ThroneSearch && window.ThroneFold")
        res = page.evaluate(CLIENT_JS, [queries, DEPTH, QUERY_REPEATS, LOAD_REPEATS])
    finally:
        ctx.close()
    per_query = sorted(res["perQuery"])
    loads = res["loads"]

    slowest = sorted(zip(res["perQuery"], queries, strict=True), reverse=True)[:5]
    return {"queries": len(queries), "median_ms": round(statistics.median(per_query), 3),
            "p95_ms": round(percentile(per_query, 95), 3), "max_ms": round(per_query[-1], 3),
            "load_first_ms": round(loads[0]["total_ms"], 1),
            "load_median_ms": round(statistics.median(x["total_ms"] for x in loads), 1),
            "index_median_ms": round(statistics.median(x["index_ms"] for x in loads), 1),
            "loads": [{k: round(v, 1) for k, v in x.items()} for x in loads],
            "slowest": [{"query": q, "ms": round(t, 2)} for t, q in slowest]}


def has_client_search(base: str) -> bool:
    body, _ = fetch(base + "/", gzip_ok=False)
    text = body.decode("utf-8")
    return 'id="pwa-config"' in text and "search-core" in text


def bench(base: str) -> dict[str, Any]:
    os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")  # count the worker's fetches
    from playwright.sync_api import sync_playwright

    pages = {"home": "/", "entry": ENTRY, "search": SEARCH}
    pages.update({f"calc {u.removeprefix('/calc/')}": u for u in calculator_pages(base)})
    items = precache_items(base)
    items_pl = precache_items(base, "pl")
    out: dict[str, Any] = {"pages": {}, "precache": precache_size(base, items) if items else None,
                           "precache_pl": precache_size(base, items_pl) if items_pl else None}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            for name, path in pages.items():
                weight = page_weight(browser, base + path)
                weight["path"] = path
                out["pages"][name] = weight
            out["first_visit"] = first_visit(browser, base) if items else None
            if has_client_search(base):
                out["client_search"] = client_search(browser, base, [q.query for q in load_eval()])
            else:
                out["client_search"] = None
        finally:
            browser.close()
    return out


def run(content: Path, url: str | None = None) -> dict[str, Any]:
    from bench.server import served

    with served(content, url) as base:
        return bench(base)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--content", type=Path, default=ROOT / "content")
    p.add_argument("--url", help="an already running server (loopback) instead of starting one")
    p.add_argument("--detail", action="store_true", help="list every request")
    args = p.parse_args()
    res = run(args.content, args.url)
    if not args.detail:
        for w in res["pages"].values():
            for k in ("cold", "warm"):
                w[k]["detail"] = [f'{d["bytes"]:>7} {d["url"]}' for d in w[k]["detail"]]
    print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
