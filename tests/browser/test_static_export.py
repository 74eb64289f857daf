"""The static export, served by a plain static file server (python -m http.server), in a real browser."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect
from throne_rules import create_app
from throne_rules.freeze import freeze

from indexer import build

from ..calc_golden import golden, subset
from ..conftest import CONTENT_DIR
from ..helpers import StaticServer, entry_text, write_entry
from .pwa_support import (
    BUILD_CACHES,
    installed_entry,
    persistent_context,
    reload_into_new_build,
    wait_for_controller,
    wait_until,
)

pytestmark = pytest.mark.browser


def export(content: Path, build_dir: Path, out: Path) -> None:
    build(content, build_dir)
    freeze(create_app({"BUILD_DIR": str(build_dir), "CONTENT_DIR": str(content), "STATIC_EXPORT": True}), out)


@pytest.fixture(scope="module")
def static_out(tmp_path_factory: pytest.TempPathFactory, build_dir: Path) -> Path:
    out = tmp_path_factory.mktemp("static") / "out"
    app = create_app({"BUILD_DIR": str(build_dir), "CONTENT_DIR": str(CONTENT_DIR), "STATIC_EXPORT": True})
    report = freeze(app, out)
    assert report.skipped == []
    print(f"static export: {report.files} files, {report.bytes} bytes, {report.seconds:.2f}s")
    return out


@pytest.fixture(scope="module")
def static_site(static_out: Path) -> Iterator[StaticServer]:
    server = StaticServer(static_out).wait_ready()
    yield server
    server.stop()


def test_export_holds_every_page_and_hashed_assets(static_out: Path) -> None:
    sw = (static_out / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(sw.split("self.THRONE_BUILD = ", 1)[1].split(";\n", 1)[0])["precache"]
    for item in precache:
        path = static_out / (item.get("fetch") or item["url"]).lstrip("/")
        assert (path / "index.html" if item["kind"] == "page" else path).is_file(), item
    assert all("?" not in item["url"] for item in precache)
    assets = [i["url"] for i in precache if i["kind"] == "asset"]
    assert assets and all("?v=" not in u for u in assets)
    assert (static_out / "404.html").is_file() and "immutable" in (static_out / "_headers").read_text()


def test_entries_open(page: Page, static_site: StaticServer) -> None:
    page.goto(static_site.url + "/dice-throne/evasive")
    expect(page.locator("h1")).to_have_text("Evasive")
    page.locator(".breadcrumbs a").nth(1).click()
    expect(page.locator("h1")).to_have_text("Dice Throne")
    page.goto(static_site.url + "/index?game=dungeon-dice")
    hrefs = page.locator(".az-list li:visible a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs and all(h.startswith("/dungeon-dice/") for h in hrefs)


def test_a_game_page_filters_itself_by_kind(page: Page, static_site: StaticServer) -> None:
    """The static host serves the whole game page for /dice-throne?kind=faq; the page shows only the FAQs."""
    page.goto(static_site.url + "/dice-throne?kind=faq")
    expect(page.locator("h1")).to_have_text("Dice Throne: FAQ")
    visible = page.locator(".kind-section:visible h2")
    expect(visible).to_have_count(1)
    expect(visible.first).to_contain_text("FAQ")
    expect(page.get_by_role("link", name="Show every section")).to_be_visible()
    page.goto(static_site.url + "/dice-throne?kind=no-such-kind")  # nothing to filter by: everything shows
    expect(page.locator("h1")).to_have_text("Dice Throne")
    assert page.locator(".kind-section:visible").count() > 5
    expect(page.get_by_role("link", name="Show every section")).to_be_hidden()


def test_search_works_with_typos(page: Page, static_site: StaticServer) -> None:
    page.goto(static_site.url + "/search?q=evasve")
    first = page.locator("#search-results a.result-title").first
    expect(first).to_have_text("Evasive", timeout=20_000)
    # Polish without its accents: the Polish page of that name first (the English entry's twin, as the server
    # answers), the Polish summary of damage types right after it
    page.goto(static_site.url + "/search?q=obrazenia+nieuchronne")
    titles = page.locator("#search-results a.result-title")
    expect(titles.first).to_have_text("Obrażenia nieuchronne (Undefendable damage)", timeout=20_000)
    expect(titles.nth(1)).to_contain_text("Rodzaje obrażeń")


CALCULATORS = [("/calc/damage", "damage", "cases", "input", "damage"),
               ("/calc/targeting", "targeting", "cases", "query", "targeting"),
               ("/calc/loot", "loot", "cases", "query", "loot"),
               ("/calc/score", "score", "cases", "input", "score"),
               ("/calc/fame", "dungeon-dice", "fame", "input", "fame"),
               ("/calc/fame", "dungeon-dice", "combat", "input", "ddCombat")]


@pytest.mark.parametrize(("path", "file", "key", "field", "function"), CALCULATORS)
def test_calculators_pass_their_golden_vectors(page: Page, static_site: StaticServer, path: str, file: str,
                                               key: str, field: str, function: str) -> None:
    page.goto(static_site.url + path)
    cases = golden(file)[key]
    assert cases
    for case in cases:
        got = page.evaluate(f"x => window.ThroneCalc.{function}(x)", case[field])
        assert subset(got, case["expected"]), (case["name"], got)


def test_calculator_state_from_a_shared_link(page: Page, static_site: StaticServer) -> None:
    case = next(c for c in golden("damage")["cases"] if "form" in c)
    page.goto(static_site.url + "/calc/damage?" + case["form"])
    total = str(case["expected"]["final"])
    expect(page.locator("main")).to_contain_text(total)
    assert parse_qs(page.url.split("?", 1)[1])  # the state stays in the URL


def test_installable_and_offline(playwright: Playwright, browser_type_launch_args: dict, static_out: Path,
                                 tmp_path: Path) -> None:
    server = StaticServer(static_out).wait_ready()
    context = persistent_context(playwright, browser_type_launch_args, tmp_path / "profile")
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        wait_for_controller(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        wait_until(page, f"{BUILD_CACHES}.then(k => k.length === 1)")
        sw = (static_out / "sw.js").read_text(encoding="utf-8")
        precache = json.loads(sw.split("self.THRONE_BUILD = ", 1)[1].split(";\n", 1)[0])["precache"]
        # the reader's language's pages are precached (an English browser here); a page in the other language
        # is kept once opened online (static/sw.js)
        pages = [i for i in precache if i["kind"] == "page" and i["url"].count("/") == 2
                 and not i["url"].startswith("/calc")]
        entries = [i["url"] for i in pages if i.get("lang", "en") == "en"]
        polish = random.Random(7).choice([i["url"] for i in pages if i.get("lang") == "pl"])
        page.goto(server.url + polish)
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        wait_until(page, f"caches.match('{polish}').then(Boolean)")
        server.stop()
        context.set_offline(True)
        for url in [*random.Random(7).sample(entries, 10), polish]:
            page.goto(server.url + url)
            expect(page.locator("h1")).not_to_be_empty()
            assert "offline" not in (page.locator("h1").text_content() or "").lower(), url
        page.goto(server.url + "/search?q=evasve")
        expect(page.locator("#search-results a.result-title").first).to_have_text("Evasive", timeout=20_000)
        page.goto(server.url + "/calc/damage")
        assert page.evaluate("window.ThroneCalc.damage({damage: 8})")["final"] == 8
        page.goto(server.url + "/no/such/page")
        expect(page.locator("main form[role=search]")).to_be_visible()
    finally:
        context.close()
        server.stop()


def small_corpus(content: Path, text: str) -> None:
    write_entry(content, "evasive.md", entry_text("evasive", "Evasive", text, kind="status-effect"))
    write_entry(content, "cp.md", entry_text("combat-points", "Combat points", "You gain 1 CP in the Income Phase."))


def after_last_modified_second(path: Path) -> None:
    """Wait until the clock has left the second `path` was written in. A static host's Last-Modified counts
    whole seconds: a worker script rewritten within the same second answers the browser's revalidation with
    304, and the browser keeps the old build (seen here once installs got fast)."""
    while time.time() < int(path.stat().st_mtime) + 1:
        time.sleep(0.05)


def test_a_new_export_prompts_an_update(browser: Browser, tmp_path: Path) -> None:
    content, build_dir, out = tmp_path / "content", tmp_path / "build", tmp_path / "out"
    small_corpus(content, "Version one of the text.")
    export(content, build_dir, out)
    server = StaticServer(out).wait_ready()
    context = browser.new_context()
    try:
        page, v1 = installed_entry(context, server.url, "Version one")
        after_last_modified_second(out / "sw.js")
        small_corpus(content, "Version two of the text.")
        export(content, build_dir, out)
        page.locator(".breadcrumbs a").first.click()
        prompt = page.locator("#update-prompt")
        expect(prompt).to_be_visible(timeout=60_000)
        page.goto(server.url + "/dice-throne/evasive")
        expect(prompt).to_be_visible(timeout=60_000)
        reload_into_new_build(page, "Version two", v1)
    finally:
        context.close()
        server.stop()
