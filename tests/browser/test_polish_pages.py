"""Every string on a Polish page is Polish (issue 35): in Chromium, with the interface language Polski, every page
kind a Polish reader opens (a Polish entry of each game and kind, a status effect's facts box, a hero's questions,
a long entry's contents, term previews, home, the A–Z and FAQ indexes with their topics, a game's contents,
search with results and with none, every calculator with an answer and an error, settings, changes, the offline
page and the error pages) shows no English interface text (tests/polish_walk.py says what that is)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from ..conftest import CONTENT_DIR
from ..helpers import LiveServer
from ..polish_walk import english_in, polish_pages, walk_all

pytestmark = pytest.mark.browser


def test_the_detector_knows_english_from_polish() -> None:
    assert english_in("Stack limit") and english_in("Used by") and english_in("What changed")
    assert english_in("Can I keep Stunning my opponent?")
    assert not english_in("Limit stosu") and not english_in("Rzuty (Roll Attempts)")
    assert not english_in("Dice Throne Adventures") and not english_in("Boss vs Many")


def test_no_english_interface_text_on_polish_pages(browser: Browser, build_dir: Path) -> None:
    pages = polish_pages(build_dir)
    assert len(pages) > 60 and "/calc/odds" in pages and "POST /faq" in pages
    server = LiveServer(CONTENT_DIR, build_dir).wait_ready()
    try:
        found = walk_all(browser, server.url, pages, build_dir)
    finally:
        server.stop()
    assert not found, "\n".join(f"{f.url} {f.where}: {f.text[:100]!r} ({f.why})" for f in found[:40])
