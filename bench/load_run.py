"""The reliability load run: the production server under N clients for T seconds, with RSS drift.

    python bench/load_run.py --seconds 60 --clients 64      # the documented long run
Starts `throne-rules serve` on a free loopback port (built from ./content), samples the
server's resident memory before and after, runs bench/loadgen.py in a second process,
stops the server it started (by pid), and prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import loadgen  # noqa: E402
from bench.server import BenchServer  # noqa: E402

QUERIES = ["cp", "evasive", "max cp", "undefendable", "what if both die", "koth", "kings hand", "evasve",
           "obrazenia nieuchronne", "ultimate", "stun", "dd slime", "loot chest", "protect", "2v2 targeting"]


def rss_kib(pid: int) -> int:
    """Resident memory of the server: `pid` (granian's main process) and every process under it (its worker, the
    search workers), in KiB."""
    from bench.hostile_attacks import tree_rss_mb

    return int((tree_rss_mb(pid) or 0) * 1024)


def load_run(seconds: float, clients: int, content: Path, paths: list[str] | None = None,
             build_dir: Path | None = None) -> dict:
    """`build_dir`: an existing build of `content` to serve (read only); by default the server builds it first."""
    paths = paths or [f"/api/search?q={q.replace(' ', '+')}" for q in QUERIES] + ["/", "/healthz"]
    with tempfile.TemporaryDirectory() as tmp:
        server = BenchServer(content, build_dir or Path(tmp) / "build").wait_ready(timeout=120)
        try:
            for _ in range(3):  # warm up every thread's searcher
                subprocess.run(loadgen.command(server.url, paths, 8, 0.5), check=True, capture_output=True)
            rss_start = rss_kib(server.proc.pid)
            started = time.monotonic()
            done = subprocess.run(loadgen.command(server.url, paths, clients, seconds),
                                  check=True, capture_output=True, text=True, timeout=seconds + 60)
            rss_end = rss_kib(server.proc.pid)
            result = json.loads(done.stdout)
            result.update(rss_start_kib=rss_start, rss_end_kib=rss_end, rss_drift_kib=rss_end - rss_start,
                          wall_seconds=round(time.monotonic() - started, 1))
            return result
        finally:
            server.stop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--clients", type=int, default=64)
    p.add_argument("--content", type=Path, default=ROOT / "content")
    args = p.parse_args()
    print(json.dumps(load_run(args.seconds, args.clients, args.content), indent=2))


if __name__ == "__main__":
    main()
