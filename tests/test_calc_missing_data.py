"""A build without the calculators' data files: clear 503s naming the file, never a wrong answer or a 500."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient
from throne_rules import create_app

from indexer import build

from .helpers import entry_text, write_entry


@pytest.fixture()
def bare_client(tmp_path: Path) -> FlaskClient:
    content = tmp_path / "content"
    write_entry(content, "dice-throne/rules/damage-types.md", entry_text("damage-types", "Damage types"))
    build(content, tmp_path / "build")
    app = create_app({"TESTING": True, "BUILD_DIR": str(tmp_path / "build"), "CONTENT_DIR": str(content)})
    return app.test_client()


@pytest.mark.parametrize(("method", "url", "stem"), [
    ("post", "/api/calc/damage", "damage-types"),
    ("get", "/api/calc/targeting?mode=2v2&roll=1", "targeting"),
    ("get", "/api/calc/loot?table=kings-hand&roll=3", "adventures-kings-hand-loot"),
    ("post", "/api/calc/score", "adventures-scoring"),
    ("post", "/api/calc/fame", "dungeon-dice-fame"),
    ("post", "/api/calc/dd-combat", "dungeon-dice-fame"),
])
def test_api_says_which_data_file_is_missing(bare_client: FlaskClient, method: str, url: str, stem: str) -> None:
    resp = getattr(bare_client, method)(url, json={"damage": 1})
    assert resp.status_code == 503
    error = resp.get_json()["error"]
    assert error["code"] == "data_missing" and error["field"] == stem and stem in error["message"]


@pytest.mark.parametrize("page", ["damage", "targeting", "loot", "score", "fame"])
def test_pages_say_the_calculator_is_unavailable(bare_client: FlaskClient, page: str) -> None:
    resp = bare_client.get(f"/calc/{page}")
    assert resp.status_code == 503
    assert b"Calculator unavailable" in resp.data


def test_index_still_lists_the_calculators(bare_client: FlaskClient) -> None:
    assert bare_client.get("/calc").status_code == 200
