"""The prebuilt offline search index (indexer/search_index.py): what MiniSearch itself would build, the same
results as the engine that builds its index in the browser, the same scores for a language's pages with that
language's postings only, served by its hash, precached, rebuilt with the content."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from throne_rules import PROJECT_ROOT, create_app

from bench.search_eval import DEPTH, load_eval
from indexer import build
from indexer.search_index import FORMAT, LAZY_FIELDS, content_key, search_index, terms_file

from .helpers import entry_text, write_entry
from .test_pwa_routes import fetch, soup, worker_build
from .test_search_unit import PARITY_QUERIES

# In Node: the index MiniSearch builds (search-rank.js, every document indexed), written out term by term, and
# the results of that engine and of the prebuilt one (search-core.js fromIndex) for the same queries.
NODE_COMPARE = """
const fs = require("fs");
const [root, dataPath, indexPath, queriesPath, ...termsPaths] = process.argv.slice(1);
const MiniSearch = require(root + "/node_modules/minisearch/dist/cjs/index.cjs");
const Fold = require(root + "/static/js/fold.js");
const Rank = require(root + "/static/js/search-rank.js");
const Core = require(root + "/static/js/search-core.js")(MiniSearch, Fold, Rank);
const data = JSON.parse(fs.readFileSync(dataPath, "utf8"));
const file = JSON.parse(fs.readFileSync(indexPath, "utf8"));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
const parts = termsPaths.map((p) => JSON.parse(fs.readFileSync(p, "utf8")));
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
const fast = Core.fromIndex(file, parts).withBodies(data);
const typeahead = Core.fromIndex(file, parts);
// a reader's engine before the other language's postings come: that language's only
const alone = Object.fromEntries(parts.map((t) => [t.lang, Core.fromIndex(file, [t])]));
const later = Core.fromIndex(file, [parts[1]]);
later.addTerms(parts[0]);
const scored = (engine, q) => engine.search(q, { limit: 1000, snippets: false }).results
  .map((r) => [r.id, r.lang, r.score]);
const results = queries.map((q) => ({
  q, slow: slow.search(q, { limit: 10 }), fast: fast.search(q, { limit: 10 }),
  typeahead: typeahead.search(q, { limit: 8, snippets: false }).results.map((r) => r.id),
  all: scored(typeahead, q),
  alone: Object.fromEntries(Object.entries(alone).map(([lang, e]) => [lang, scored(e, q)])),
  later: scored(later, q),
}));
console.log(JSON.stringify({ terms, lengths, vocabulary, fields: mini._options.fields, results }));
"""


def node_compare(release: Path, queries: list[str], tmp: Path) -> dict[str, Any]:
    """About 25 s of Node's CPU on a quiet machine (296 queries, seven searches each); the bound is for a hang, and
    at a load average of 10 it took more than 120 s."""
    qpath = tmp / "queries.json"
    qpath.write_text(json.dumps(queries), encoding="utf-8")
    out = subprocess.run(["node", "-e", NODE_COMPARE, str(PROJECT_ROOT), str(release / "search-data.json"),
                          str(release / "search-index.json"), str(qpath),
                          *(str(release / terms_file(lang)) for lang in ("en", "pl"))],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    return json.loads(out)


Postings = dict[str, dict[str, list[list[int]]]]  # term -> field -> [document, term frequency]


def decoded_terms(fields: list[str], parts: list[dict[str, str]], whole: bool = True) -> Postings:
    """These postings files' postings together, each field's in document order; when they are every language's
    (`whole`), each field's `+n` checked: the number of documents the other parts have there."""
    out: Postings = {}
    others: dict[tuple[str, str], list[int]] = {}
    for terms in parts:
        for term, packed in terms.items():
            for part in packed.split(";"):
                head, items = part.split(":")
                fid, _, other = head.partition("+")
                doc, postings = 0, []
                for item in items.split(","):
                    gap, _, tf = item.partition(".")
                    doc += int(gap, 36)
                    postings.append([doc, int(tf, 36) if tf else 1])
                field = fields[int(fid)]
                out.setdefault(term, {}).setdefault(field, []).extend(postings)
                others.setdefault((term, field), []).append(len(postings) + (int(other, 36) if other else 0))
    for term, by_field in out.items():
        for field, postings in by_field.items():
            postings.sort()
            assert not whole or set(others[(term, field)]) == {len(postings)}, (term, field)  # each: the whole count
    return out


@pytest.fixture(scope="module")
def compared(build_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    queries = [*PARITY_QUERIES, *(q.query for q in load_eval()), "ev", "evas", "kings h", "obr", "koth"]
    return node_compare(build_dir / "current", queries, tmp_path_factory.mktemp("cmp"))


@pytest.fixture(scope="module")
def index_file(build_dir: Path) -> dict[str, Any]:
    return json.loads((build_dir / "current" / "search-index.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def terms_files(build_dir: Path) -> dict[str, dict[str, Any]]:
    return {lang: json.loads((build_dir / "current" / terms_file(lang)).read_text(encoding="utf-8"))
            for lang in ("en", "pl")}


def test_the_index_is_what_minisearch_builds(compared: dict[str, Any], index_file: dict[str, Any],
                                             terms_files: dict[str, dict[str, Any]]) -> None:
    index = index_file["index"]
    assert index["fields"] == compared["fields"], "fields in search-rank.js order"
    docs = index_file["data"]["docs"]
    for lang, part in terms_files.items():  # each language's file: its documents' postings only
        assert part["format"] == FORMAT and part["version"] == index_file["version"] and part["lang"] == lang
        in_part = decoded_terms(index["fields"], [part["terms"]], whole=False)
        assert all(docs[doc]["lang"] == lang for fields in in_part.values() for p in fields.values() for doc, _ in p)
    mine = decoded_terms(index["fields"], [part["terms"] for part in terms_files.values()])
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
        assert r["later"] == r["all"], r["q"]  # the other language's postings added later: as if loaded at once
    assert sum(bool(r["slow"]["results"]) for r in compared["results"]) > 0.9 * len(compared["results"])


def test_one_languages_postings_score_its_pages_as_all_do(compared: dict[str, Any]) -> None:
    """A reader's engine before the other language's postings come (offline, never searched online), for a query
    whose top result is in the reader's language: the same top result as with every language's postings, and
    nearly always that language's first pages in the same order. (Not the same scores: a score is relative to
    the best match, which may be a page in the other language; measured session 11: the top result for every
    query, the order of the first pages for 280 of 294.)"""
    differ = []
    close = 0
    for r in compared["results"]:
        if not r["all"]:
            continue
        first, lang = r["all"][0][:2]  # the top result, and the language of the reader it is for
        alone = [x[0] for x in r["alone"][lang]]
        if alone[0] != first:
            differ.append((r["q"], lang, alone[:3], first))
        ids = [x[0] for x in r["all"][:DEPTH] if x[1] == lang]
        close += alone[:len(ids)] == ids
    assert not differ, (len(differ), len(compared["results"]), differ[:3])
    assert close >= 0.9 * sum(bool(r["all"]) for r in compared["results"])


def test_the_file_is_versioned_and_leaves_bodies_out(index_file: dict[str, Any], build_dir: Path) -> None:
    data = json.loads((build_dir / "current" / "search-data.json").read_text(encoding="utf-8"))
    assert index_file["format"] == FORMAT and index_file["version"] == data["version"]
    assert all(not set(LAZY_FIELDS) & set(d) for d in index_file["data"]["docs"])
    slim = search_index(data)[0]["data"]
    assert slim == index_file["data"]
    assert {k: v for k, v in data.items() if k != "docs"} == {k: v for k, v in slim.items() if k != "docs"}


def test_served_by_its_hash_and_precached(client: FlaskClient, build_dir: Path) -> None:
    config = json.loads(soup(fetch(client, "/")).find("script", id="pwa-config").string)
    body = (build_dir / "current" / "search-index.json").read_bytes()
    assert config["searchIndex"] == f"/search-index/{content_key(body)}.json"
    resp = fetch(client, config["searchIndex"])
    assert resp.status_code == 200 and resp.mimetype == "application/json" and resp.data == body
    assert "immutable" in resp.headers["Cache-Control"]
    precached = {i["url"]: i.get("lang") for i in worker_build(client)["precache"] if i["kind"] == "data"}
    assert precached[config["searchIndex"]] is None, "for every reader"
    for lang, url in config["searchTerms"].items():  # each language's postings, for its readers
        body = (build_dir / "current" / terms_file(lang)).read_bytes()
        assert url == f"/search-index/{lang}/{content_key(body)}.json" and precached[url] == lang
        assert fetch(client, url).data == body
    assert fetch(client, config["searchTerms"]["en"].replace("/en/", "/de/")).status_code == 404
    for bad in ("000000000000", "nothex", "../manifest"):
        assert fetch(client, f"/search-index/{bad}.json").status_code == 404


def test_a_content_change_rebuilds_it_under_a_new_url(tmp_path: Path) -> None:
    content, build_dir = tmp_path / "content", tmp_path / "build"
    write_entry(content, "a.md", entry_text("alpha-rule", "Alpha rule", "The first text about dodging."))
    write_entry(content, "b.md", entry_text("beta-rule", "Beta rule", "Another rule."))
    build(content, build_dir)
    client = create_app({"TESTING": True, "BUILD_DIR": str(build_dir)}).test_client()
    first = next(i["url"] for i in worker_build(client)["precache"] if i["url"].startswith("/search-index/"))
    old_en = next(i["url"] for i in worker_build(client)["precache"] if i["url"].startswith("/search-index/en/"))
    write_entry(content, "a.md", entry_text("alpha-rule", "Alpha rule", "The second text about rolling."))
    build(content, build_dir)
    time.sleep(1.1)  # the library looks for a new build once a second
    second = next(i["url"] for i in worker_build(client)["precache"] if i["url"].startswith("/search-index/"))
    new_en = next(i["url"] for i in worker_build(client)["precache"] if i["url"].startswith("/search-index/en/"))
    assert first != second
    old, new = json.loads(fetch(client, first).data), json.loads(fetch(client, second).data)
    assert old["version"] != new["version"]
    terms = {url: json.loads(fetch(client, url).data)["terms"] for url in (old_en, new_en)}
    plain = "\u0002"  # the plain field's terms carry search-rank.js's PLAIN mark
    assert "dodging" + plain in terms[old_en] and "dodging" + plain not in terms[new_en], "a kept build's postings"
    assert "rolling" + plain in terms[new_en]
