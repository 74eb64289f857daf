"""Issue 34: a ruling's suggestion shows its answer's first words ("No: once an Ultimate is activated…"), made once by
the build (indexer/answers.py) and carried in the server's results (the JSON API) and in the offline search index,
the same text on both; "Did you mean" only for a plausible correction, on both engines and on the no-results page."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from throne_rules import PROJECT_ROOT
from throne_rules.nearest import nearest_terms

from indexer import Release
from indexer.answers import ANSWER_CHARS, answer_preview, entry_answer
from indexer.search_index import terms_file

# The offline typeahead's results (search-core.js over the prebuilt index, as search-ui.js calls it): id and answer.
NODE_TYPEAHEAD = """
const fs = require("fs");
const [root, indexPath, queriesPath, ...termsPaths] = process.argv.slice(1);
const MiniSearch = require(root + "/node_modules/minisearch/dist/cjs/index.cjs");
const Fold = require(root + "/static/js/fold.js");
const Core = require(root + "/static/js/search-core.js")(MiniSearch, Fold);
const engine = Core.fromIndex(JSON.parse(fs.readFileSync(indexPath, "utf8")),
  termsPaths.map((p) => JSON.parse(fs.readFileSync(p, "utf8"))));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
console.log(JSON.stringify(queries.map((q) => {
  const found = engine.search(q, { limit: 8, snippets: false, fold: true });
  return { rows: found.results.map((r) => [r.id, r.answer]), suggestion: found.suggestion };
})));
"""
QUERIES = ["can evasive stop an ultimate", "stun", "undefendable", "czy unik działa przeciw obrażeniom nieuchronnym",
           "ogłuszenie", "loot chest", "cp"]
NONSENSE = ["qqqzzz", "asdfghjkl", "xyzzy plugh", "lorem ipsum", "spam eggs", "foobar", "banana"]
TYPOS = {"evasiv": "evasive", "undefendible": "undefendable", "undefendible damadge": "undefendable damage",
         "retrubution": "retribution", "trucizan": "trucizna"}


def test_a_preview_is_the_first_words_cut_at_a_word() -> None:
    text = ("No: once an Ultimate is activated, Evasive cannot avoid its damage, and no card or status effect can "
            "reduce it (Ultimate Ability).")
    cut = answer_preview(text)
    assert cut == "No: once an Ultimate is activated, Evasive cannot avoid its…"
    assert len(cut) <= ANSWER_CHARS and text.startswith(cut[:-1])
    assert answer_preview("Yes.") == "Yes."  # short: whole, no "…"
    assert answer_preview("Tak, ale tylko (" + "x" * 80 + ")", 20) == "Tak, ale tylko…"  # no dangling bracket
    assert entry_answer("faq", text) == cut and entry_answer("rule", text) == "" and entry_answer("faq", "") == ""


def _node(index: Path, queries: list[str], tmp: Path) -> list[dict[str, Any]]:
    path = tmp / "queries.json"
    path.write_text(json.dumps(queries), encoding="utf-8")
    terms = [str(index.parent / terms_file(lang)) for lang in ("en", "pl")]
    out = subprocess.run(["node", "-e", NODE_TYPEAHEAD, str(PROJECT_ROOT), str(index), str(path), *terms],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return json.loads(out)


@pytest.fixture(scope="module")
def offline(build_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    queries = QUERIES + NONSENSE + list(TYPOS)
    got = _node(build_dir / "current" / "search-index.json", queries, tmp_path_factory.mktemp("answers"))
    return dict(zip(queries, got, strict=True))


def test_only_rulings_carry_an_answer_in_the_offline_index(build_dir: Path, release: Release) -> None:
    index = json.loads((build_dir / "current" / "search-index.json").read_text(encoding="utf-8"))
    docs = index["data"]["docs"]
    faqs = [d for d in docs if d["kind"] == "faq"]
    assert faqs and all(d.get("answer") for d in faqs)
    assert {d["lang"] for d in faqs} == {"en", "pl"}
    assert not [d["id"] for d in docs if d["kind"] != "faq" and "answer" in d]  # kept small: FAQ rows only
    for d in faqs:
        assert d["answer"] == release.entries[d["id"]]["answer"], d["id"]  # made once, by the build
        assert len(d["answer"]) <= ANSWER_CHARS


def test_the_api_and_the_offline_typeahead_show_the_same_answers(client: FlaskClient,
                                                                  offline: dict[str, dict[str, Any]]) -> None:
    for q in QUERIES:
        rows = client.get("/api/search", query_string={"q": q, "limit": 8}).get_json()["results"]
        server = {r["id"]: r["answer"] for r in rows}
        assert all((a is None) == (r["kind"] != "faq") for r, a in zip(rows, server.values(), strict=True)), q
        mine = dict(offline[q]["rows"])
        shared = set(server) & set(mine)
        assert len(shared) >= min(len(server), len(mine)) - 1, (q, server, mine)  # the engines agree (docs/search.md)
        assert {i: server[i] for i in shared} == {i: mine[i] for i in shared}, q
    first = client.get("/api/search", query_string={"q": "can evasive stop an ultimate"}).get_json()["results"][0]
    assert first["kind"] == "faq" and first["answer"].startswith("No: once an Ultimate is activated")
    polish = dict(offline["czy unik działa przeciw obrażeniom nieuchronnym"]["rows"])
    assert any(i.startswith("pl-faq-") and a.startswith("Tak") for i, a in polish.items())


def test_did_you_mean_only_for_a_plausible_correction(client: FlaskClient, release: Release,
                                                      offline: dict[str, dict[str, Any]]) -> None:
    for q in NONSENSE:
        assert release.search(q).suggestion is None, q
        assert offline[q]["suggestion"] is None, q
        page = BeautifulSoup(client.get("/search", query_string={"q": q}).get_data(as_text=True), "html.parser")
        assert page.select(".suggestion") == [], q
        assert nearest_terms(release, q) == [], q  # nor "nearest terms" that are no correction ('loot board')
    for q, fixed in TYPOS.items():
        assert release.search(q).suggestion == fixed == offline[q]["suggestion"], q
        page = BeautifulSoup(client.get("/search", query_string={"q": q}).get_data(as_text=True), "html.parser")
        assert page.select_one(".suggestion a").get_text() == fixed, q  # type: ignore[union-attr]
    # a first-letter typo finds nothing, yet its nearest term is a plausible one
    assert [n["title"] for n in nearest_terms(release, "wvasive")][:1] == ["Evasive"]
