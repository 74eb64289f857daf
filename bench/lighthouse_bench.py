"""Lighthouse (from npm, bench/package.json) with Debian's Chromium, in mobile emulation.

    (cd bench && npm ci) && python bench/lighthouse_bench.py --url http://127.0.0.1:8000 --runs 3

Scores performance, accessibility, best practices and SEO for home, an entry and the
damage calculator; each figure is the median over the runs. Every audit that cost
points in any run is listed with its title, so a regression names its cause.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
BENCH = Path(__file__).resolve().parent
LIGHTHOUSE = BENCH / "node_modules" / ".bin" / "lighthouse"
CHROME_PATH = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PAGES = {"home": "/", "entry": "/dice-throne/undefendable-damage", "calc damage": "/calc/damage"}
RUN_TIMEOUT = 300  # seconds for one Lighthouse run
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking"


def lighthouse_version() -> str:
    try:
        return subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True, timeout=60,
                              check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "not installed"


def run_once(url: str) -> dict[str, Any]:
    if not LIGHTHOUSE.exists():
        raise RuntimeError(f"{LIGHTHOUSE} is missing: run 'npm ci' in bench/")
    with tempfile.TemporaryDirectory(prefix="throne-bench-lh-") as tmp:
        out = Path(tmp) / "report.json"
        cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(CATEGORIES)}", "--form-factor=mobile", "--screenEmulation.mobile",
               f"--chrome-flags={CHROME_FLAGS}"]
        # its own process group, so a run that hangs is stopped with the Chromium it started
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "CHROME_PATH": CHROME_PATH, "TMPDIR": tmp}, start_new_session=True)
        try:
            _, stderr = proc.communicate(timeout=RUN_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise RuntimeError(f"lighthouse took over {RUN_TIMEOUT} s on {url}") from None
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"lighthouse failed on {url} (exit {proc.returncode}):\n{stderr[-3000:]}")
        report = json.loads(out.read_text(encoding="utf-8"))
    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    lost = []
    for c in CATEGORIES:
        for ref in report["categories"][c]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref.get("weight", 0) > 0 and audit.get("score") is not None and audit["score"] < 1:
                lost.append({"category": c, "id": ref["id"], "title": audit.get("title", ""),
                             "score": audit["score"], "value": audit.get("displayValue", "")})
    metrics = {k: report["audits"][k].get("numericValue") for k in
               ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
                "cumulative-layout-shift", "speed-index") if k in report["audits"]}
    return {"scores": scores, "lost": lost, "metrics": metrics,
            "warnings": report.get("runWarnings", []), "version": report.get("lighthouseVersion")}


def run_retrying(url: str, attempts: int = 3) -> dict[str, Any]:
    """Lighthouse now and then fails to record a trace (NO_NAVSTART and the like): try again, then give up."""
    for attempt in range(1, attempts + 1):
        try:
            return run_once(url)
        except RuntimeError:
            if attempt == attempts:
                raise
    raise AssertionError("unreachable")


def bench(base: str, runs: int = 3, pages: dict[str, str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, path in (pages or PAGES).items():
        results = [run_retrying(base + path) for _ in range(runs)]
        medians = {c: statistics.median(r["scores"][c] for r in results) for c in CATEGORIES}
        lost: dict[str, dict[str, Any]] = {}
        for r in results:
            for item in r["lost"]:
                lost.setdefault(f'{item["category"]}/{item["id"]}', item)
        out[name] = {"path": path, "scores": medians, "runs": [r["scores"] for r in results],
                     "metrics": {k: round(statistics.median(r["metrics"][k] for r in results), 3)
                                 for k in results[0]["metrics"]},
                     "lost": list(lost.values()), "warnings": sorted({w for r in results for w in r["warnings"]}),
                     "version": results[0]["version"]}
    return out


def run(content: Path, runs: int, url: str | None = None) -> dict[str, Any]:
    from bench.server import served

    with served(content, url) as base:
        return bench(base, runs)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--content", type=Path, default=ROOT / "content")
    p.add_argument("--url", help="an already running server (loopback) instead of starting one")
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    print(json.dumps(run(args.content, args.runs, args.url), indent=2))


if __name__ == "__main__":
    main()
