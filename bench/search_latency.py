"""Server search in process: latency percentiles over the evaluation queries, with a warm searcher.

    python bench/search_latency.py --build-dir build --passes 3

Each pass loads the release afresh and empties the stem cache the analysis keeps
across releases, so nothing a search remembers
carries over from an earlier pass; it warms the searcher with other queries, then
times every evaluation query once: each is timed as a query the server has not seen.
A query's figure is its median over the passes; p50/p95/p99
are taken over those per-query medians, which keeps one stall of a noisy machine
from standing in for a query's cost. The slowest queries are listed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.load_run import QUERIES as WARMUP  # noqa: E402
from bench.loadgen import percentile  # noqa: E402
from bench.search_eval import DEPTH, EVAL_FILE, load_eval  # noqa: E402
from indexer.analysis import stem  # noqa: E402
from indexer.library import Release  # noqa: E402
from indexer.release import current_release  # noqa: E402


def time_pass(release_path: Path, queries: list[str]) -> list[float]:
    stem.cache_clear()
    release = Release.load(release_path)
    try:
        for q in WARMUP:
            release.search(q, limit=DEPTH)
        out = []
        for q in queries:
            started = time.perf_counter()
            release.search(q, limit=DEPTH)
            out.append((time.perf_counter() - started) * 1000)
        return out
    finally:
        release.index.close()


def run(build_dir: Path, passes: int = 3, eval_file: Path = EVAL_FILE) -> dict:
    path = current_release(build_dir)
    if path is None:
        raise SystemExit(f"no build in {build_dir}")
    queries = [q.query for q in load_eval(eval_file)]
    per_pass = [time_pass(path, queries) for _ in range(passes)]
    per_query = [statistics.median(times) for times in zip(*per_pass, strict=True)]
    slowest = sorted(zip(per_query, queries, strict=True), reverse=True)[:10]
    every = [t for times in per_pass for t in times]
    return {"queries": len(queries), "passes": passes,
            "p50_ms": round(percentile(per_query, 50), 2), "p95_ms": round(percentile(per_query, 95), 2),
            "p99_ms": round(percentile(per_query, 99), 2), "max_ms": round(max(per_query), 2),
            "mean_ms": round(statistics.fmean(per_query), 2),
            "all_samples_p99_ms": round(percentile(every, 99), 2),
            "slowest": [{"query": q, "ms": round(t, 1)} for t, q in slowest]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build-dir", type=Path, default=ROOT / "build")
    p.add_argument("--passes", type=int, default=3)
    args = p.parse_args()
    print(json.dumps(run(args.build_dir, args.passes), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
