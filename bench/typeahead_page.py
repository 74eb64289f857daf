"""In-page parts of the typeahead benchmark (bench/typeahead_bench.py): typing a query and timing it, the CPU
slow-down for the page and its workers, and installing the app."""

from __future__ import annotations

import json
import time
from typing import Any

from bench.browser_bench import NAV_TIMEOUT_MS

INSTALL_TIMEOUT_S = 180.0

# Runs in the page: type `q` into the first search box and resolve with the ms until an option naming the entry
# `want` (`[role=option][data-entry-id=want]`) is in its listbox. Only options put there after the keystroke
# count (the previous query's list is still showing when the next is typed). When the typeahead's own options
# (they carry data-entry-id; recent searches and rules do not) come without `want`, it is a miss: `ms` null and
# `shown` the ids it gave. `controlled`: a service worker controlled the page at the keystroke. `first_ms`: the
# first of its options, whichever entry. `marks`: the steps search-ui.js and search-preload.js mark
# (performance.mark "throne-search:…"), in ms from the keystroke (negative: before).
TYPE_JS = """
async ([q, want, timeout]) => {
  const input = document.querySelector("input[type=search]");
  if (!input) return { error: "no input[type=search]" };
  const listOf = () => document.getElementById(input.getAttribute("aria-controls") || "") || document;
  const stale = new Set(listOf().querySelectorAll("[role=option]"));
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
    let first = null;
    const t0 = performance.now();
    const controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    const finish = (ms, shown) => {
      if (done) return;
      done = true;
      obs.disconnect();
      const marks = {};
      performance.getEntriesByType("mark").forEach((m) => {
        const step = m.name.slice("throne-search:".length);
        if (m.name.startsWith("throne-search:") && !(step in marks)) marks[step] = m.startTime - t0;
      });
      // the index's and the library's requests: when asked, first byte, last byte
      performance.getEntriesByType("resource").forEach((e) => {
        const what = e.name.includes("/search-index/") ? "index" : e.name.includes("minisearch") ? "library" : null;
        if (!what || (what + "-requested") in marks) return;
        marks[what + "-requested"] = e.startTime - t0;
        marks[what + "-first-byte"] = e.responseStart - t0;
        marks[what + "-last-byte"] = e.responseEnd - t0;
      });
      const nav = performance.getEntriesByType("navigation")[0];
      // the long tasks up to now are delivered after the current task: read them a moment later
      setTimeout(() => { if (po) po.disconnect(); resolve({ ms: ms, first_ms: first, shown: shown,
        controlled: controlled, longest_task_ms: longest.ms, marks: marks,
        after_load_ms: nav ? t0 - nav.loadEventEnd : null }); }, 50);
    };
    const check = () => {
      const fresh = Array.from(listOf().querySelectorAll("[role=option][data-entry-id]")).filter((o) => !stale.has(o));
      if (!fresh.length) return;
      const now = performance.now() - t0;
      if (first === null) first = now;
      if (fresh.some((o) => o.getAttribute("data-entry-id") === want)) finish(now, null);
      else finish(null, fresh.map((o) => o.getAttribute("data-entry-id")));
    };
    const obs = new MutationObserver(check);
    obs.observe(document.documentElement, { childList: true, subtree: true });
    input.focus();
    input.value = q;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    setTimeout(() => finish(null, "timeout"), timeout);
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
