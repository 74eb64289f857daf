"""A bounded load run in CI: the production server, 64 clients, a few seconds, 0 errors, steady memory.

The long run (60 s) is `python bench/load_run.py --seconds 60 --clients 64` (see docs/operations.md).
"""

from __future__ import annotations

from pathlib import Path

from bench.load_run import load_run

from .conftest import CONTENT_DIR

SECONDS = 8
MAX_RSS_DRIFT_KIB = 64 * 1024


def test_64_clients_no_errors_steady_memory(build_dir: Path) -> None:
    result = load_run(SECONDS, 64, CONTENT_DIR, build_dir=build_dir)  # the run's build: no second one here
    print(f"load: {result}")
    assert result["errors"] == 0, result
    assert result["requests"] > 200, result
    assert set(result["statuses"]) == {"200"} or set(result["statuses"]) == {200}, result
    assert result["rss_drift_kib"] < MAX_RSS_DRIFT_KIB, result
