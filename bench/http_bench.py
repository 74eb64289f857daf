"""Server search over HTTP against the production server, with a static file as the floor.

    python bench/http_bench.py --clients 1 16 64 --seconds 5 --repeats 3

Starts `throne-rules serve` (granian, its production settings) on a free loopback
port unless --url is given, and loads it from a second process with wrk (Debian's
`wrk`; bench/loadgen.py when wrk is missing): /api/search rotating over the
evaluation queries, and a static file (the hashed stylesheet, as pages link it), at
each concurrency; then, at 16 clients, search with every request new to the server
(each query at each result limit), which no result cache can answer. Search and static
are interleaved, repeat by repeat, so a busy neighbour slows both alike; figures are
medians over the repeats, and the ratio search/static is taken within each repeat,
then its median.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote_plus

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import loadgen  # noqa: E402
from bench.search_eval import load_eval  # noqa: E402

LUA = Path(__file__).resolve().parent / "rotate.lua"
WRK_TIMEOUT = "10s"  # a slow answer is a slow answer, not an error


def search_paths() -> list[str]:
    return [f"/api/search?q={quote_plus(q.query)}" for q in load_eval()]


def first_sight_paths(start: int) -> list[str]:
    """Every evaluation query at every result limit (1..50): 13,800 distinct requests, from `start` on, so a
    run never repeats one and no result cache can answer for the search."""
    queries = [quote_plus(q.query) for q in load_eval()]
    paths = [f"/api/search?q={q}&limit={limit}" for limit in range(1, 51) for q in queries]
    return paths[start:] + paths[:start]


def static_path(base_url: str) -> str:
    """The stylesheet's hashed URL, exactly as the home page links it."""
    import urllib.request

    with urllib.request.urlopen(base_url + "/", timeout=30) as resp:
        page = resp.read().decode("utf-8")
    m = re.search(r'<link rel="stylesheet" href="([^"]+)"', page)
    return m.group(1) if m else "/static/css/app.css"


def run_wrk(url: str, paths: list[str], clients: int, seconds: float) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(paths) + "\n")
        paths_file = f.name
    try:
        cmd = ["wrk", f"-t{min(clients, 2)}", f"-c{clients}", f"-d{max(1, round(seconds))}s", "--timeout", WRK_TIMEOUT,
               "-s", str(LUA), url]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60, check=True,
                              env={**os.environ, "WRK_PATHS": paths_file})
    finally:
        os.unlink(paths_file)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    # a connection that got no answer at all in the whole run is an error too (wrk counts only what ends)
    result["error_total"] = sum(result["errors"].values()) + (clients if result["requests"] == 0 else 0)
    result["tool"] = "wrk"
    return result


def run_loadgen(url: str, paths: list[str], clients: int, seconds: float) -> dict:
    done = subprocess.run(loadgen.command(url, paths, clients, seconds), capture_output=True, text=True,
                          timeout=seconds + 120, check=True)
    result = json.loads(done.stdout)
    result["error_total"] = result["errors"]
    result["tool"] = "loadgen"
    return result


def load(url: str, paths: list[str], clients: int, seconds: float) -> dict:
    if shutil.which("wrk"):
        return run_wrk(url, paths, clients, seconds)
    return run_loadgen(url, paths, clients, seconds)


def summarise(runs: list[dict]) -> dict:
    return {"rps": round(statistics.median(r["rps"] for r in runs), 1),
            "p50_ms": round(statistics.median(r["p50_ms"] for r in runs), 2),
            "p99_ms": round(statistics.median(r["p99_ms"] for r in runs), 2),
            "errors": sum(r["error_total"] for r in runs), "requests": sum(r["requests"] for r in runs),
            "tool": runs[0]["tool"]}


def compare(url: str, static: list[str], search: Callable[[int], list[str]], clients: int, seconds: float,
            repeats: int) -> dict:
    """Static, then search (`search(n)`: the paths of repeat n), repeat by repeat, at one concurrency."""
    s_runs, f_runs, ratios = [], [], []
    for n in range(repeats):
        f = load(url, static, clients, seconds)
        s = load(url, search(n), clients, seconds)
        f_runs.append(f)
        s_runs.append(s)
        ratios.append(s["rps"] / f["rps"] if f["rps"] else 0.0)
    return {"clients": clients, "search": summarise(s_runs), "static": summarise(f_runs),
            "ratio": round(statistics.median(ratios), 4), "ratios": [round(r, 4) for r in ratios]}


def bench(url: str, clients: list[int], seconds: float, repeats: int, first_sight_clients: int = 16) -> dict:
    search = search_paths()
    static = [static_path(url)]
    load(url, search, 4, 2)  # warm every server thread's searcher
    load(url, static, 4, 1)
    levels = [compare(url, static, lambda _: search, c, seconds, repeats) for c in clients]
    # the same at one level with requests the server has never answered before (a result cache cannot help)
    first_sight = compare(url, static, lambda n: first_sight_paths(4000 * (n + 1)), first_sight_clients, seconds,
                          repeats)
    return {"static_path": static[0], "search_paths": len(search), "seconds": seconds, "repeats": repeats,
            "levels": levels, "first_sight": first_sight}


def run(content: Path, clients: list[int], seconds: float, repeats: int, url: str | None = None) -> dict:
    from bench.server import served

    with served(content, url) as base:
        return bench(base, clients, seconds, repeats)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--content", type=Path, default=ROOT / "content")
    p.add_argument("--url", help="an already running server (loopback) instead of starting one")
    p.add_argument("--clients", type=int, nargs="+", default=[1, 16, 64])
    p.add_argument("--seconds", type=float, default=5)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    print(json.dumps(run(args.content, args.clients, args.seconds, args.repeats, args.url), indent=2))


if __name__ == "__main__":
    main()
