"""The prebuilt offline search index (indexer/search_index.py): what MiniSearch itself would build, the same
results as the engine that builds its index in the browser, served by its hash, precached, rebuilt with the
content."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from throne_rules import PROJECT_ROOT, create_app

from bench.search_eval import load_eval
from indexer import build
from indexer.search_index import FORMAT, LAZY_FIELDS, content_key, search_index

from .helpers import entry_text, write_entry
from .test_pwa_routes import fetch, soup, worker_build
from .test_search_unit import PARITY_QUERIES

# In Node: the index MiniSearch builds (search-rank.js, every document indexed), written out term by term, and
# the results of that engine and of the prebuilt one (search-core.js fromIndex) for the same queries.
NODE_COMPARE = """
const fs = require("fs");
const [root, dataPath, indexPath, queriesPath] = process.argv.slice(1);
const MiniSearch = require(root + "/node_modules/minisearch/dist/cjs/index.cjs");
const Fold = require(root + "/static/js/fold.js");
const Rank = require(root + "/static/js/search-rank.js");
const Core = require(root + "/static/js/search-core.js")(MiniSearch, Fold, Rank);
const data = JSON.parse(fs.readFileSync(dataPath, "utf8"));
const file = JSON.parse(fs.readFileSync(indexPath, "utf8"));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
const built = Rank.create(MiniSearch, Fold, data);
const mini = built.mini;
const terms = {};
for (const [term, byField] of mini._index) {
  const fields = {};
  for (const [fid, byDoc] of byField) fields[mini._options.fields[fid]] = Array.from(byDoc.entries());
  terms[term] = fields;
}
const lengths = {};
mini._options.fields.forEach((f, fid) => {
  lengths[f] = { avg: mini._avgFieldLength[fid], each: data.docs.map((d, i) => mini._fieldLength.get(i)[fid]) };
});
const v = built.vocabulary;
const vocabulary = { words: v.sorted, df: v.sorted.map((w) => v.df.get(w)),
                     langs: v.sorted.map((w) => Array.from(v.langs.get(w)).join(" ")) };
const slow = Core.create(data);
const fast = Core.fromIndex(file).withBodies(data);
const typeahead = Core.fromIndex(file);
const results = queries.map((q) => ({
  q, slow: slow.search(q, { limit: 10 }), fast: fast.search(q, { limit: 10 }),
  typeahead: typeahead.search(q, { limit: 8, snippets: false }).results.map((r) => r.id),
}));
console.log(JSON.stringify({ terms, lengths, vocabulary, fields: mini._options.fields, results }));
"""


def node_compare(release: Path, queries: list[str], tmp: Path) -> dict[str, Any]:
    qpath = tmp / "queries.json"
    qpath.write_text(json.dumps(queries), encoding="utf-8")
    out = subprocess.run(["node", "-e", NODE_COMPARE, str(PROJECT_ROOT), str(release / "search-data.json"),
                          str(release / "search-index.json"), str(qpath)],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return json.loads(out)


def decoded_terms(index: dict[str, Any]) -> dict[str, dict[str, list[list[int]]]]:
    out: dict[str, dict[str, list[list[int]]]] = {}
    for term, packed in index["terms"].items():
        fields = {}
        for part in packed.split(";"):
            fid, items = part.split(":")
            doc, postings = 0, []
            for item in items.split(","):
                gap, _, tf = item.partition(".")
                doc += int(gap, 36)
                postings.append([doc, int(tf, 36) if tf else 1])
            fields[index["fields"][int(fid)]] = postings
        out[term] = fields
    return out


@pytest.fixture(scope="module")
def compared(build_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    queries = [*PARITY_QUERIES, *(q.query for q in load_eval()), "ev", "evas", "kings h", "obr", "koth"]
    return node_compare(build_dir / "current", queries, tmp_path_factory.mktemp("cmp"))


@pytest.fixture(scope="module")
def index_file(build_dir: Path) -> dict[str, Any]:
    return json.loads((build_dir / "current" / "search-index.json").read_text(encoding="utf-8"))


def test_the_index_is_what_minisearch_builds(compared: dict[str, Any], index_file: dict[str, Any]) -> None:
    index = index_file["index"]
    assert index["fields"] == compared["fields"], "fields in search-rank.js order"
    mine = decoded_terms(index)
    assert set(mine) == set(compared["terms"])
    for term, fields in compared["terms"].items():
        assert mine[term] == fields, term  # postings and their order (MiniSearch's insertion order)
    for k, field in enumerate(index["fields"]):
        assert index["lengths"][k] == compared["lengths"][field]["each"], field
        assert index["averages"][k] == compared["lengths"][field]["avg"], field  # the same float, exactly
    assert index_file["vocabulary"] == compared["vocabulary"]


def test_prebuilt_engine_gives_the_same_results_as_building_it(compared: dict[str, Any]) -> None:
    for r in compared["results"]:
        assert r["fast"] == r["slow"], r["q"]  # ids, scores, snippets, suggestion: all of it
        assert r["typeahead"] == [x["id"] for x in r["slow"]["results"]][:8], r["q"]
    assert sum(bool(r["slow"]["results"]) for r in compared["results"]) > 0.9 * len(compared["results"])


def test_the_file_is_versioned_and_leaves_bodies_out(index_file: dict[str, Any], build_dir: Path) -> None:
    data = json.loads((build_dir / "current" / "search-data.json").read_text(encoding="utf-8"))
    assert index_file["format"] == FORMAT and index_file["version"] == data["version"]
    assert all(not set(LAZY_FIELDS) & set(d) for d in index_file["data"]["docs"])
    slim = search_index(data)["data"]
    assert slim == index_file["data"]
    assert {k: v for k, v in data.items() if k != "docs"} == {k: v for k, v in slim.items() if k != "docs"}


def test_served_by_its_hash_and_precached(client: FlaskClient, build_dir: Path) -> None:
    config = json.loads(soup(fetch(client, "/")).find("script", id="pwa-config").string)
    body = (build_dir / "current" / "search-index.json").read_bytes()
    assert config["searchIndex"] == f"/search-index/{content_key(body)}.json"
    resp = fetch(client, config["searchIndex"])
    assert resp.status_code == 200 and resp.mimetype == "application/json" and resp.data == body
    assert "immutable" in resp.headers["Cache-Control"]
    assert config["searchIndex"] in {i["url"] for i in worker_build(client)["precache"] if i["kind"] == "data"}
    for bad in ("000000000000", "nothex", "../manifest"):
        assert fetch(client, f"/search-index/{bad}.json").status_code == 404


def test_a_content_change_rebuilds_it_under_a_new_url(tmp_path: Path) -> None:
    content, build_dir = tmp_path / "content", tmp_path / "build"
    write_entry(content, "a.md", entry_text("alpha-rule", "Alpha rule", "The first text about dodging."))
    write_entry(content, "b.md", entry_text("beta-rule", "Beta rule", "Another rule."))
    build(content, build_dir)
    client = create_app({"TESTING": True, "BUILD_DIR": str(build_dir)}).test_client()
    first = next(i["url"] for i in worker_build(client)["precache"] if i["url"].startswith("/search-index/"))
    write_entry(content, "a.md", entry_text("alpha-rule", "Alpha rule", "The second text about rolling."))
    build(content, build_dir)
    time.sleep(1.1)  # the library looks for a new build once a second
    second = next(i["url"] for i in worker_build(client)["precache"] if i["url"].startswith("/search-index/"))
    assert first != second
    old, new = json.loads(fetch(client, first).data), json.loads(fetch(client, second).data)
    plain = "\u0002"  # the plain field's terms carry search-rank.js's PLAIN mark
    assert "dodging" + plain in old["index"]["terms"] and "dodging" + plain not in new["index"]["terms"], \
        "a kept build's index"
    assert "rolling" + plain in new["index"]["terms"]
