"""Updates: a new build on the same origin shows the prompt; Reload swaps to it whole; old caches go."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from indexer import build

from ..helpers import LiveServer, entry_text, write_entry
from .pwa_support import BUILD_CACHES, installed_entry, reload_into_new_build, wait_until

pytestmark = pytest.mark.browser


def small_corpus(content: Path, evasive_text: str) -> None:
    write_entry(content, "evasive.md", entry_text(
        "evasive", "Evasive", f"{evasive_text}\n\n## Spending it\n\nSpend before damage.", kind="status-effect"))
    write_entry(content, "cp.md", entry_text("combat-points", "Combat points", "You gain 1 CP in the Income Phase."))
    write_entry(content, "roll.md", entry_text("roll-phase", "Roll phase", "Roll up to three times."))


def test_new_build_prompts_then_reload_shows_it(browser: Browser, tmp_path: Path) -> None:
    content, build_dir = tmp_path / "content", tmp_path / "build"
    small_corpus(content, "Version one: roll a die; on 1-2 the damage is prevented.")
    build(content, build_dir)
    server = LiveServer(content, build_dir).wait_ready()
    context = browser.new_context()
    try:
        page, v1 = installed_entry(context, server.url, "Version one")
        assert page.evaluate(BUILD_CACHES) == [f"throne-rules-{v1}"]
        page.get_by_role("button", name="Pin this rule").click()  # the reader's pinned rules outlive updates

        health = "fetch('/healthz', {cache: 'no-store'}).then(r => r.json()).then(h => h.content_hash)"
        v1_hash = page.evaluate(health)
        small_corpus(content, "Version two: roll a die; on 1-3 the damage is prevented.")
        build(content, build_dir)  # the server follows build/current within a second
        wait_until(page, f"{health}.then(h => h !== '{v1_hash}')", timeout=10)

        page.locator(".breadcrumbs a").first.click()  # the reader moves on; the page checks for an update
        prompt = page.locator("#update-prompt")
        expect(prompt).to_be_visible(timeout=60_000)
        expect(prompt).to_contain_text("Updated rules available")
        expect(prompt).to_contain_text("1 rule changed")  # the new build compared itself with this one
        expect(prompt.get_by_role("link", name="See what changed")).to_have_attribute("href", "/changes")
        page.go_back()
        expect(page.locator(".entry-body")).to_contain_text("Version one")  # still the old build, whole
        expect(prompt).to_be_visible(timeout=60_000)

        v2 = reload_into_new_build(page, "Version two", v1)
        assert page.evaluate(BUILD_CACHES) == [f"throne-rules-{v2}"]
        expect(page.locator("#update-prompt")).to_be_hidden()
        expect(page.get_by_role("button", name="Pin this rule")).to_have_attribute("aria-pressed", "true")
        page.goto(server.url + "/")
        expect(page.get_by_role("region", name="Pinned").get_by_role("link")).to_have_text(["Evasive"])
        css = page.locator("link[rel=stylesheet]").first.get_attribute("href")
        assert page.evaluate("(u) => caches.match(u).then(r => Boolean(r))", css)
    finally:
        context.close()
        server.stop()
