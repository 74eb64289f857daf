"""The benchmark suite's own tools: synthetic content replication and the budget report (no timings here)."""

from __future__ import annotations

from pathlib import Path

from bench.build_bench import exponent
from bench.replicate import replicate, rewrite_links
from bench.report import ENTRY_BYTES, PRECACHE_BYTES, checks, markdown, text_table
from bench.run_all import BEGIN, END, write_doc
from indexer import Corpus, load_corpus

from .conftest import CONTENT_DIR
from .helpers import entry_text, write_entry


def tiny(content: Path) -> None:
    write_entry(content, "a.md", entry_text("alpha", "Alpha", "See [[beta]] and [[beta#the-part|that part]].",
                                            related="[beta]"))
    write_entry(content, "sub/b.md", entry_text("beta", "Beta", "## The part\nText, back to [[ alpha ]]."))
    write_entry(content, "data/extra.yaml", "sources:\n  - file: x.txt\n    section: s\nthings: [1, 2]\n")


def test_rewrite_links_keeps_anchor_and_text() -> None:
    body = "[[a]] [[b#sec]] [[c|words]] [[d#sec|words]] [[ e ]]"
    assert rewrite_links(body, 0) == body
    assert rewrite_links(body, 3) == "[[a-r3]] [[b-r3#sec]] [[c-r3|words]] [[d-r3#sec|words]] [[e-r3]]"


def test_replicated_copies_build_with_unique_ids(tmp_path: Path) -> None:
    src, dest = tmp_path / "content", tmp_path / "x3"
    tiny(src)
    assert replicate(src, dest, 3) == 6
    corpus = load_corpus(dest)
    assert sorted(corpus.entries) == ["alpha", "alpha-r1", "alpha-r2", "beta", "beta-r1", "beta-r2"]
    copy = corpus.entries["alpha-r2"]
    assert copy.related == ["beta-r2"] and copy.links == ["beta-r2"]
    assert 'href="/dice-throne/beta-r2#the-part"' in copy.html
    assert corpus.entries["beta-r1"].links == ["alpha-r1"]
    assert corpus.entries["alpha-r1"].title == "Alpha"  # only ids change
    assert set(corpus.data) == {"extra"}  # the data files once


def test_real_content_replicates(tmp_path: Path, corpus: Corpus) -> None:
    n = replicate(CONTENT_DIR, tmp_path / "x2", 2)
    doubled = load_corpus(tmp_path / "x2")
    assert n == len(doubled.entries) == 2 * len(corpus.entries)
    for entry_id, entry in corpus.entries.items():
        copy = doubled.entries[f"{entry_id}-r1"]
        assert copy.links == [f"{link}-r1" for link in entry.links]
        assert copy.text == entry.text


def test_growth_exponent() -> None:
    assert round(exponent([(n, 3 * n**0.9) for n in (500, 5000, 25000)]), 6) == 0.9
    assert round(exponent([(500, 2.0), (500, 2.2), (5000, 21.0), (25000, 105.0)]), 2) == 1.0
    assert exponent([(500, 1.0 + 0.002 * 500), (50000, 1.0 + 0.002 * 50000)]) < 1.0  # fixed start-up cost


def results() -> dict:
    scale = {"entries": 500, "wall_s": 3.0, "cpu_s": 2.5, "reported_s": 2.4, "ms_per_entry": 6.0, "runs": [{}]}
    return {
        "machine": {"date": "2026-01-01 00:00 UTC", "commit": "abc1234", "cpus": 2, "load_start": 1.0, "load_end": 2.0},
        "suite_seconds": 600,
        "build": {"scales": [{**scale, "scale": 1}, {**scale, "scale": 10, "entries": 5000, "wall_s": 33.0}],
                  "growth": [{"scale": 1, "size_ratio": 1, "time_ratio": 1, "per_entry_ratio": 1.0,
                              "cpu_per_entry_ratio": 1.0},
                             {"scale": 10, "size_ratio": 10, "time_ratio": 9.5, "per_entry_ratio": 0.95,
                              "cpu_per_entry_ratio": 1.1}],
                  "exponent_cpu": 1.04, "exponent_wall": 0.98},
        "search": {"queries": 276, "passes": 3, "p50_ms": 2.0, "p95_ms": 6.0, "p99_ms": 9.5, "max_ms": 12.0,
                   "mean_ms": 3.0, "all_samples_p99_ms": 11.0, "slowest": [{"query": "evasive", "ms": 12.0}]},
        "http": {"static_path": "/static/css/app.css?v=1", "search_paths": 276, "seconds": 5, "repeats": 3,
                 "levels": [{"clients": 16, "ratio": 0.4, "ratios": [0.4],
                             "search": {"rps": 400, "p50_ms": 30, "p99_ms": 90, "errors": 0, "requests": 6000,
                                        "tool": "wrk"},
                             "static": {"rps": 1000, "p50_ms": 10, "p99_ms": 40, "errors": 2, "requests": 15000,
                                        "tool": "wrk"}}]},
        "browser": {"pages": {"entry": {"path": "/e", "cold": {"requests": 10, "bytes": ENTRY_BYTES + 1,
                                                                "body_bytes": 20_000},
                                        "warm": {"requests": 1, "bytes": 4000, "body_bytes": 3000}}},
                    "precache": {"items": 600, "wire_bytes": PRECACHE_BYTES, "stored_bytes": 6_000_000,
                                 "wire_by_kind": {"page": 1}, "stored_by_kind": {"page": 1}},
                    "precache_pl": {"items": 600, "wire_bytes": PRECACHE_BYTES + 1, "stored_bytes": 6_000_000,
                                    "wire_by_kind": {"page": 1}, "stored_by_kind": {"page": 1}},
                    "first_visit": None, "client_search": None},
        "lighthouse": None,
    }


def test_budget_verdicts() -> None:
    rows = {(c.area, c.measure.split(" (")[0].split(",")[0]): c for c in checks(results())}
    verdicts = [(key, c.ok) for key, c in rows.items()]
    assert dict(verdicts) == {
        ("Index build", "full `throne-rules build`"): True,
        ("Index build", "growth with size: exponent b of time ∝ size^b over 1×"): False,  # CPU 1.04 > 1
        ("Server search, in process", "p99 over 276 evaluation queries"): True,
        ("Server search, HTTP", "16 clients: search ÷ static-file throughput"): False,
        ("Server search, HTTP", "16 clients: errors"): False,
        ("Hostile load", "a reader's search under 16 worst-case clients ÷ quiet"): None,  # not measured
        ("Hostile load", "a normal page under each High attack of issue 32 ÷ quiet"): None,  # not measured
        ("Page weight", "an entry"): False,  # the cold row: one byte over
        ("Page weight", "whole precache"): True,  # exactly on the budget
        ("Page weight", "whole precache of a Polish reader"): False,  # one byte over
        ("Client search", "per query"): None,
        ("Dice odds", "7 dice"): None,  # not measured
        ("Typeahead", "first suggestion after a page load"): None,
        ("Lighthouse (mobile)", "home"): None,
    }
    warm = next(c for c in checks(results()) if "warm cache" in c.measure)
    assert warm.ok is True and warm.figure == "4.0 KB" and warm.verdict == "met"
    cold = next(c for c in checks(results()) if "cold cache" in c.measure)
    assert cold.reference and cold.verdict == "over (ref.)"


def test_typeahead_verdicts() -> None:
    def setting(cold: float, warm: float) -> dict:
        return {"pages": 8, "cold_ms": cold, "warm_ms": warm, "ratio": round(cold / warm, 2), "cold_max_ms": cold,
                "warm_max_ms": warm, "longest_task_ms": 20.0, "calibration_ms": 80.0}

    res = {"typeahead": {"pages": ["/a"] * 8, "results": {
        "offline 4x": setting(90.0, 70.0), "online 4x": setting(120.0, 60.0),
        "offline 1x": setting(25.0, 10.0), "online 1x": setting(31.0, 10.0)}}}
    rows = {c.measure.split(" (")[0]: c.ok for c in checks(res) if c.area == "Typeahead"}
    assert rows == {
        "offline 4x CPU: first suggestion after a page load": True,  # 90 ≤ 100
        "offline 4x CPU: a later query on the same page": True,
        "offline 4x CPU: first ÷ later": True,  # 1.29 ≤ 1.5
        "online 4x CPU: first suggestion after a page load": False,  # 120 > 100
        "online 4x CPU: a later query on the same page": True,
        "online 4x CPU: first ÷ later": False,  # 2.0 > 1.5
        "offline 1x CPU: first suggestion after a page load": True,  # 25 ≤ 30
        "offline 1x CPU: a later query on the same page": True,
        "online 1x CPU: first suggestion after a page load": False,  # 31 > 30
        "online 1x CPU: a later query on the same page": True,
    }
    text = markdown(res, checks(res))
    assert "### Typeahead" in text and "| offline 4x | 90.0 ms | 70.0 ms | 1.29 |" in text


def test_hostile_load_verdict() -> None:
    res = {"hostile": {"quiet": {"n": 9, "p50_ms": 2.0, "p95_ms": 4.0}, "under_attack": {"n": 9, "p50_ms": 5.0,
                       "p95_ms": 9.0}, "ratio_p50": 2.5, "budget": 3.0, "met": True,
                       "hostile": {"requests": 100, "errors": 0, "statuses": {"200": 99, "500": 1}}}}
    row = next(c for c in checks(res) if c.area == "Hostile load")
    assert row.figure == "2.50×" and row.ok is False and "1 5xx" in row.note  # one 5xx fails it
    res["hostile"]["hostile"]["statuses"] = {"200": 100}
    assert next(c for c in checks(res) if c.area == "Hostile load").ok is True


def test_tables_and_document(tmp_path: Path) -> None:
    res = results()
    rows = checks(res)
    table = text_table(rows)
    assert "NOT MET" in table and "not measured" in table
    generated = markdown(res, rows)
    assert "| Index build |" in generated and "1.10" in generated and "0.95" in generated
    doc = tmp_path / "performance.md"
    doc.write_text(f"# Performance\n\nIntro.\n\n{BEGIN}\nold figures\n{END}\n\n## Notes\n\nKept.\n", encoding="utf-8")
    write_doc(generated, doc)
    text = doc.read_text(encoding="utf-8")
    assert "old figures" not in text and "Intro." in text and "## Notes\n\nKept." in text
    assert text.count(BEGIN) == 1 and generated in text
    fresh = tmp_path / "new.md"
    write_doc(generated, fresh)
    assert fresh.read_text(encoding="utf-8").startswith("# Performance")
