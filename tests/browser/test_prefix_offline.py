"""The static export made for `/rules/` (`freeze --base-path /rules/`), served under /rules/ by a plain static
host (python -m http.server over a folder holding it in `rules/`): the worker installs with the scope /rules/,
then offline an entry, a search with suggestions and an uncached page's fallback work, and no request the page
or its worker makes leaves /rules/ (issue 23, item 7).

(Chromium's offline emulation does not cover a service worker's own fetches, so the server is stopped too.)
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Playwright, Request, expect

from ..conftest import EXPORT_PREFIX
from ..helpers import StaticServer
from .pwa_support import BUILD_CACHES, persistent_context, wait_for_controller, wait_until

pytestmark = pytest.mark.browser

PREFIX = EXPORT_PREFIX


@pytest.fixture(scope="module")
def site(prefix_site: Path) -> Path:
    """A folder a static host serves at its root, with the export in `rules/` (conftest's, frozen once per run)."""
    return prefix_site


# Links in the page as it stands (the server's and the ones scripts made) that leave the prefix.
OUTSIDE = """prefix => Array.from(document.querySelectorAll("[href], [src], [action], [data-url]"))
  .flatMap(el => ["href", "src", "action", "data-url"].map(a => el.getAttribute(a)))
  .filter(v => v && v.startsWith("/") && !v.startsWith(prefix + "/"))"""


def test_installs_under_the_prefix_and_works_offline(playwright: Playwright, browser_type_launch_args: dict,
                                                     site: Path, tmp_path: Path) -> None:
    server = StaticServer(site).wait_ready()
    base = server.url + PREFIX
    requested: list[str] = []
    context = persistent_context(playwright, browser_type_launch_args, tmp_path / "profile")

    def note(request: Request) -> None:
        requested.append(request.url)

    context.on("request", note)
    try:
        page = context.new_page()
        page.goto(base + "/")
        wait_for_controller(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == base + "/"
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}  # manifest scope, icons
        wait_until(page, f"{BUILD_CACHES}.then(k => k.length === 1)")
        cached = page.evaluate(f"{BUILD_CACHES}.then(k => caches.open(k[0])).then(c => c.keys())"
                               ".then(r => r.map(x => x.url))")
        assert len(cached) > 550 and all(url.startswith(base + "/") for url in cached)  # the English reader's pack

        server.stop()
        context.set_offline(True)

        page.goto(base + "/dice-throne/evasive")  # an entry
        expect(page.locator("h1")).to_have_text("Evasive")
        page.locator(".breadcrumbs a").nth(1).click()  # a link from it, offline
        expect(page.locator("h1")).to_have_text("Dice Throne")
        expect(page).to_have_url(base + "/dice-throne")

        box = page.locator("#site-q")  # search with suggestions
        box.fill("evasve")
        option = page.locator("#site-q-suggestions [role=option]").first
        expect(option).to_contain_text("Evasive")
        assert (option.get_attribute("data-url") or "").startswith(PREFIX + "/")
        box.press("ArrowDown")
        box.press("Enter")
        expect(page).to_have_url(base + "/dice-throne/evasive")
        assert page.evaluate(OUTSIDE, PREFIX) == []

        box = page.locator("#site-q")  # an empty box offers the rules opened before: under the prefix too
        box.click()
        recent = page.locator("#site-q-suggestions [role=option][data-url]")
        expect(recent.first).to_be_visible()
        offered = recent.evaluate_all("options => options.map(o => o.getAttribute('data-url'))")
        assert PREFIX + "/dice-throne/evasive" in offered and all(u.startswith(PREFIX + "/") for u in offered)

        page.goto(base + "/calc/damage")  # a calculator's rule links, drawn by its script
        assert page.evaluate("ThroneCalc.ruleLinks(['/dice-throne/stun'], {}).firstChild.getAttribute('href')") \
            == PREFIX + "/dice-throne/stun"
        assert page.evaluate(OUTSIDE, PREFIX) == []

        page.goto(base + "/search?q=undefendible")  # the search page, searched in the browser
        results = page.locator("#search-results .results .result-title")
        expect(results.first).to_be_visible(timeout=20_000)
        assert "Undefendable damage" in results.all_text_contents()[:5]
        hrefs = results.evaluate_all("links => links.map(a => a.getAttribute('href'))")
        assert hrefs and all(h.startswith(PREFIX + "/") for h in hrefs)
        assert page.evaluate(OUTSIDE, PREFIX) == []

        page.goto(base + "/no-such-page/never-built")  # never cached: the offline page
        expect(page.locator("h1")).to_have_text("You are offline")
        expect(page.get_by_role("combobox")).to_be_visible()
    finally:
        context.close()
        server.stop()
    outside = sorted({url for url in requested
                      if url.startswith(server.url) and not urlsplit(url).path.startswith(PREFIX + "/")})
    assert any("/precache-pack/" in url for url in requested), "the worker's own requests are seen too"
    assert outside == []
