"""Issue 33: per-hero copies of one ruling fold into one suggestion under the general answer ("also: 3 heroes"), on
the server (site/search_results.py, the API and the page) and offline (static/js/search-core.js, `fold: true`)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from throne_rules import PROJECT_ROOT

from indexer import load_corpus
from indexer.build import write_release
from indexer.library import Release
from indexer.model import Entry
from indexer.rulings import fold_rulings, ruling_keys

from .helpers import entry_text, write_entry

# The offline client's folded results, through search-core.js as the typeahead calls it.
NODE_FOLD = """
const fs = require("fs");
const [root, dataPath, queriesPath] = process.argv.slice(1);
const MiniSearch = require(root + "/node_modules/minisearch/dist/cjs/index.cjs");
const Fold = require(root + "/static/js/fold.js");
const Search = require(root + "/static/js/search-core.js")(MiniSearch, Fold);
const engine = Search.create(JSON.parse(fs.readFileSync(dataPath, "utf8")));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
console.log(JSON.stringify(queries.map((q) => engine.search(q, { limit: 10, fold: true }).results.map(
  (r) => [r.id, r.also.map((a) => a.id)]))));
"""


def _entry(entry_id: str, kind: str = "faq") -> Entry:
    return Entry(id=entry_id, title=entry_id, game="dice-throne", kind=kind, lang="en", sources=[], path="",
                 body_line=1, markdown="")


def test_ruling_keys_pair_the_copies() -> None:
    keys = ruling_keys([_entry("moon-elf", "hero"), _entry("faq-general-evasive-x"), _entry("faq-moon-elf-evasive-x"),
                        _entry("faq-moon-elf-alone")])
    assert keys == {"faq-general-evasive-x": "evasive-x", "faq-moon-elf-evasive-x": "evasive-x"}
    # Polish twins fold among themselves, never with the English copies
    polish = [_entry("moon-elf", "hero"), _entry("faq-general-x"), _entry("faq-moon-elf-x")]
    for e in [_entry("pl-faq-general-x"), _entry("pl-faq-moon-elf-x")]:
        e.lang = "pl"
        polish.append(e)
    assert ruling_keys(polish) == {"faq-general-x": "x", "faq-moon-elf-x": "x", "pl-faq-general-x": "pl:x",
                                   "pl-faq-moon-elf-x": "pl:x"}
    rows = [{"id": i, "title": i, "url": "/" + i} for i in ("pl-faq-moon-elf-x", "pl-faq-general-x")]
    assert [r["id"] for r in fold_rulings(rows, ruling_keys(polish))] == ["pl-faq-general-x"]


def test_fold_puts_the_general_answer_first_at_the_best_copy() -> None:
    rows = [{"id": i, "title": i, "url": "/" + i} for i in ("faq-monk-x", "stun", "faq-general-x", "faq-paladin-x")]
    ruling = {"faq-monk-x": "x", "faq-general-x": "x", "faq-paladin-x": "x"}
    folded = fold_rulings(rows, ruling)
    assert [r["id"] for r in folded] == ["faq-general-x", "stun"]
    assert [a["id"] for a in folded[0]["also"]] == ["faq-monk-x", "faq-paladin-x"] and folded[1]["also"] == []


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> Release:
    root = tmp_path_factory.mktemp("fold") / "content"
    write_entry(root, "monk.md", entry_text("monk", "Monk", kind="hero", body="A hero."))
    write_entry(root, "paladin.md", entry_text("paladin", "Paladin", kind="hero", body="A hero."))
    for who in ("general", "monk", "paladin"):
        write_entry(root, f"faq-{who}.md", entry_text(f"faq-{who}-evasive-ultimate", "Can Evasive stop an Ultimate?",
                                                      kind="faq", body="No: an Ultimate cannot be avoided."))
    write_entry(root, "evasive.md", entry_text("evasive", "Evasive", kind="status-effect", body="Roll to dodge."))
    rel = Release.load(write_release(load_corpus(root), root.parent / "build"))
    yield rel
    rel.index.close()


def test_offline_folds_as_the_server_does(copies: Release, tmp_path: Path) -> None:
    queries = ["evasive ultimate", "can evasive stop an ultimate", "monk evasive ultimate"]
    path = tmp_path / "queries.json"
    path.write_text(json.dumps(queries), encoding="utf-8")
    out = subprocess.run(["node", "-e", NODE_FOLD, str(PROJECT_ROOT), str(copies.path / "search-data.json"),
                          str(path)], capture_output=True, text=True, timeout=120, check=True).stdout
    for q, got in zip(queries, json.loads(out), strict=True):
        rows = [{"id": h.id, "title": h.id, "url": "/" + h.id} for h in copies.search(q).hits]
        ruling = {i: e["ruling"] for i, e in copies.entries.items() if e.get("ruling")}
        server = [[r["id"], [a["id"] for a in r["also"]]] for r in fold_rulings(rows, ruling)]
        assert got == server, q
        general = next(r for r in got if r[0].startswith("faq-"))
        assert general == ["faq-general-evasive-ultimate", ["faq-monk-evasive-ultimate",
                                                             "faq-paladin-evasive-ultimate"]] or q.startswith("monk"), q


@pytest.mark.parametrize(("query", "prefix"), [("can evasive be used against undefendable damage", ""),
                                               ("czy unik działa przeciw obrażeniom nieuchronnym", "pl-")],
                         ids=["en", "pl"])
def test_the_api_folds_the_copies_of_a_ruling(client: FlaskClient, query: str, prefix: str) -> None:
    """The general answer comes with the Gunslinger's copy under it, in Polish too (never with the English)."""
    rows = client.get("/api/search", query_string={"q": query}).get_json()["results"]
    ids = [r["id"] for r in rows]
    general, copy = f"{prefix}faq-general-evasive-undefendable", f"{prefix}faq-gunslinger-evasive-undefendable"
    assert general in ids and copy not in ids
    row = next(r for r in rows if r["id"] == general)
    assert copy in [a["id"] for a in row["also"]]
