"""Issue 34: the update prompt's "See what changed" opens the new build's list (not the old build's cached page,
which has nothing to compare with), and "Later" puts the prompt away."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from indexer import build

from ..helpers import LiveServer
from .pwa_support import build_version, installed_entry, wait_until
from .test_pwa_update import small_corpus

pytestmark = pytest.mark.browser


def test_see_what_changed_opens_the_new_builds_list(browser: Browser, tmp_path: Path) -> None:
    content, build_dir = tmp_path / "content", tmp_path / "build"
    small_corpus(content, "Version one: roll a die; on 1-2 the damage is prevented.")
    build(content, build_dir)
    server = LiveServer(content, build_dir).wait_ready()
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page, v1 = installed_entry(context, server.url, "Version one")
        health = "fetch('/healthz', {cache: 'no-store'}).then(r => r.json()).then(h => h.content_hash)"
        v1_hash = page.evaluate(health)
        small_corpus(content, "Version two: roll a die; on 1-3 the damage is prevented.")
        build(content, build_dir)
        wait_until(page, f"{health}.then(h => h !== '{v1_hash}')", timeout=10)

        page.locator(".breadcrumbs a").first.click()
        prompt = page.locator("#update-prompt")
        expect(prompt).to_be_visible(timeout=60_000)
        expect(prompt).to_contain_text("1 rule changed")
        box = prompt.bounding_box()
        assert box and box["height"] < 122, box
        prompt.get_by_role("button", name="Later").click()
        expect(prompt).to_be_hidden()

        page.go_back()  # the next page offers it again
        expect(prompt).to_be_visible(timeout=60_000)
        prompt.get_by_role("link", name="See what changed").click()
        expect(page).to_have_url(server.url + "/changes", timeout=30_000)
        expect(page.locator("main")).to_contain_text("Evasive")  # the new build's list, not "nothing to compare"
        expect(page.locator("main")).not_to_contain_text("nothing to compare with")
        assert build_version(page) != v1
    finally:
        context.close()
        server.stop()
