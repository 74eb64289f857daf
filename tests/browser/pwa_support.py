"""Helpers for the installable-app browser tests: waiting on the service worker, reading caches, axe-core."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, expect
from throne_rules import PROJECT_ROOT

RESULTS = PROJECT_ROOT / "test-results"
AXE = PROJECT_ROOT / "node_modules" / "axe-core" / "axe.min.js"


# The caches besides the one that keeps the reader's language for the worker (static/js/pwa.js "throne-reader",
# which outlives builds): after an install, exactly one, the build's "throne-rules-<version>".
BUILD_CACHES = "caches.keys().then(k => k.filter(name => name !== 'throne-reader'))"


def wait_until(page: Page, expression: str, timeout: float = 60.0, interval: float = 0.05) -> Any:
    """Poll a JS expression until it is truthy. (wait_for_function evaluates strings, which the CSP forbids.)"""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for: {expression}")
        time.sleep(interval)


def search_once_online(page: Page) -> None:
    """Type a query in the page's search box and wait until the worker has kept the other language's search
    postings the search fetched (the reader's are precached; issue 35, static/js/search-ui.js otherTerms)."""
    config = json.loads(page.locator("#pwa-config").text_content() or "{}")
    box = page.locator("input[type=search]").first
    box.fill("stun")
    expect(page.locator(f"#{box.get_attribute('aria-controls')} [role=option]").first).to_be_visible()
    wait_until(page, f"caches.match({json.dumps(config['searchTerms']['pl'])}).then(Boolean)")


def wait_for_controller(page: Page, timeout: float = 90.0) -> float:
    """Wait until the service worker controls the page; return ms from navigation start to an active worker."""
    ready_ms = page.evaluate("navigator.serviceWorker.ready.then(() => performance.now())")
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout)
    return float(ready_ms)


CACHE_STATS = """async () => {
  const keys = await caches.keys();
  let urls = 0, bytes = 0;
  for (const key of keys) {
    const cache = await caches.open(key);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      bytes += (await response.blob()).size;
      urls += 1;
    }
  }
  return {keys, urls, bytes};
}"""


def cache_stats(page: Page) -> dict[str, Any]:
    return page.evaluate(CACHE_STATS)


def build_version(page: Page) -> str:
    return str(json.loads(page.locator("#pwa-config").text_content() or "{}")["version"])


def installed_entry(context: BrowserContext, base: str, text: str) -> tuple[Page, str]:
    """Home on a fresh context until the worker controls it, then the Evasive entry showing `text`:
    the page, and the build it runs."""
    page = context.new_page()
    page.goto(base + "/")
    wait_for_controller(page)
    version = build_version(page)
    page.goto(base + "/dice-throne/evasive")
    expect(page.locator(".entry-body")).to_contain_text(text)
    return page, version


def reload_into_new_build(page: Page, text: str, old: str) -> str:
    """Press Reload on the update prompt: the page shows `text` from a new build, whose cache is the only
    one left. Returns the new build."""
    page.locator("#update-prompt").get_by_role("button", name="Reload").click()
    expect(page.locator(".entry-body")).to_contain_text(text, timeout=30_000)
    version = build_version(page)
    assert version != old
    wait_until(page, f"{BUILD_CACHES}.then(k => k.length === 1 && k[0] === 'throne-rules-{version}')", timeout=10)
    return version


def record(name: str, values: dict[str, Any]) -> Path:
    """Keep measured figures in test-results/pwa-metrics.json (and print them)."""
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / "pwa-metrics.json"
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[name] = values
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    print(f"pwa metrics {name}: {values}")
    return path


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Run axe-core (npm, from node_modules) in the page; CDP evaluation is not subject to the page's CSP."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]} for v in result["violations"]]


def persistent_context(playwright: Playwright, launch_args: dict[str, Any], profile: Path) -> BrowserContext:
    """A persistent profile: an incognito context always reports 'in-incognito' as an installability error."""
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=launch_args["executable_path"], args=launch_args["args"], headless=True)
