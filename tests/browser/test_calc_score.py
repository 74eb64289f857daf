"""Real browser: Adventures scoring in JavaScript, and the campaign log (localStorage, export, import)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from calculators.scoring import calculate, score_tables
from indexer import Corpus

from ..calc_golden import entries_json, golden, subset
from ..helpers import LiveServer
from .calc_browser import open_calc

pytestmark = pytest.mark.browser


def test_every_golden_vector_in_the_page_javascript(page: Page, live_server: LiveServer, corpus: Corpus) -> None:
    with open_calc(page, live_server, "/calc/score"):
        tables = score_tables(corpus.data, entries_json(corpus))
        for case in golden("score")["cases"]:
            got = page.evaluate("body => window.ThroneCalc.score(body)", case["input"])
            assert subset(got, case["expected"]), (case["name"], got)
            assert got == calculate(case["input"], tables), case["name"]
        for case in golden("score")["errors"]:
            if "input" not in case:
                continue
            got = page.evaluate("body => window.ThroneCalc.score(body)", case["input"])
            assert (got["error"]["code"], got["error"]["field"]) == (case["code"], case["field"]), case["name"]


def _out(page: Page, name: str) -> Any:
    return page.locator(f"#calc-result [data-out={name}]")


def _log_rows(page: Page) -> Any:
    return page.locator("[data-log-rows] tr")


def test_campaign_log_export_and_import(page: Page, live_server: LiveServer, tmp_path: Path) -> None:
    with open_calc(page, live_server, "/calc/score", width=360) as requests:
        page.evaluate("localStorage.clear()")
        page.reload()
        # a Portal Crawl win, by thumb
        page.get_by_label("Scenario #").fill("1")
        page.get_by_label("Remaining Salves").fill("3")
        page.get_by_label("Unspent Gold").fill("17")
        page.get_by_label("Explored every tile").check()
        page.get_by_label("Scenario Score (Difficulty card)").fill("20")
        expect(_out(page, "score")).to_have_text("31")
        expect(page.get_by_label("Unclaimed Boss Loot cards")).to_be_hidden()
        page.get_by_role("button", name="Add this session to the log").click()
        # then a Boss Battle loss
        page.get_by_label("Boss Battle").check()
        page.get_by_label("Lost").check()
        page.get_by_label("Scenario #").fill("2")
        page.get_by_label("Starting Salves this session").fill("3")
        expect(_out(page, "score")).to_have_text("-10")
        expect(_out(page, "next-salves")).to_have_text("6")
        page.get_by_role("button", name="Add this session to the log").click()
        expect(_log_rows(page)).to_have_count(2)
        expect(page.locator("[data-log-total]")).to_have_text("21")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # the log survives a reload
        page.reload()
        expect(page.locator("[data-log-total]")).to_have_text("21")
        # export
        with page.expect_download() as info:
            page.get_by_role("button", name="Export the log (JSON)").click()
        exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
        assert exported["format"] == "throne-rules-campaign-log" and len(exported["sessions"]) == 2
        assert [s["session_score"] for s in exported["sessions"]] == [31, -10]
        assert [s["scenario"] for s in exported["sessions"]] == [1, 2]
        # a broken import is refused and reported; nothing is lost
        files = page.locator("[data-log-import]")
        files.set_input_files(files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"{not json"}])
        expect(page.locator("[data-log-status]")).to_contain_text("not valid JSON")
        bad = {**exported, "sessions": [{**exported["sessions"][0], "id": "other", "mode": "dungeon"},
                                        {**exported["sessions"][1], "id": "x2", "session_score": 5}]}
        files.set_input_files(files=[{"name": "bad.json", "mimeType": "application/json",
                                      "buffer": json.dumps(bad).encode()}])
        status = page.locator("[data-log-status]")
        expect(status).to_contain_text("Your log is unchanged")
        expect(status).to_contain_text("sessions[0].mode")
        expect(status).to_contain_text("sessions[1].session_score")
        expect(_log_rows(page)).to_have_count(2)
        # clear, then import the export back
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Clear the log").click()
        expect(_log_rows(page)).to_have_count(0)
        files.set_input_files(files=[{"name": "campaign-log.json", "mimeType": "application/json",
                                      "buffer": json.dumps(exported).encode()}])
        expect(status).to_contain_text("Imported 2 session(s)")
        expect(page.locator("[data-log-total]")).to_have_text("21")
        files.set_input_files(files=[{"name": "campaign-log.json", "mimeType": "application/json",
                                      "buffer": json.dumps(exported).encode()}])
        expect(status).to_contain_text("2 already in the log")
        expect(_log_rows(page)).to_have_count(2)
        # remove one
        page.get_by_role("button", name="Remove session 2").click()
        expect(page.locator("[data-log-total]")).to_have_text("31")
        assert requests == []


def test_shared_link_reproduces_the_score(page: Page, live_server: LiveServer) -> None:
    query = "mode=boss-battle&result=win&remaining_salves=2&unclaimed_boss_loot=3&scenario_score=15"
    with open_calc(page, live_server, "/calc/score?" + query):
        expect(_out(page, "score")).to_have_text("20")
        expect(page.get_by_label("Unclaimed Boss Loot cards")).to_have_value("3")
        page.get_by_label("Remaining Salves").fill("4")
        expect(_out(page, "score")).to_have_text("22")
        assert "remaining_salves=4" in page.url and "unspent_gold" not in page.url
