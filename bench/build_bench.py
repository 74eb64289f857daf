"""Index build timing: `throne-rules build` on the content, then on it replicated 10x and 50x.

    python bench/build_bench.py --scales 1 10 50 --runs 5 3 1

Each run is the real command in a fresh process into an empty build folder; the
figures are the median wall time (and the process's CPU time, which shows how much
of the wall time was waiting for a busy machine) over the runs at each scale.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.replicate import replicate  # noqa: E402

REPORTED = re.compile(r"built (\d+) entries in ([\d.]+)s")


@dataclass
class BuildRun:
    wall_s: float  # the whole command, interpreter start to exit
    cpu_s: float  # user + system time of the process
    reported_s: float  # what the build itself reports (stages only)
    entries: int


@dataclass
class BuildScale:
    scale: int
    entries: int
    runs: list[BuildRun]

    @property
    def wall_s(self) -> float:
        return statistics.median(r.wall_s for r in self.runs)

    @property
    def cpu_s(self) -> float:
        return statistics.median(r.cpu_s for r in self.runs)

    @property
    def reported_s(self) -> float:
        return statistics.median(r.reported_s for r in self.runs)

    @property
    def ms_per_entry(self) -> float:
        return 1000 * self.wall_s / self.entries

    def to_json(self) -> dict:
        return {"scale": self.scale, "entries": self.entries, "wall_s": round(self.wall_s, 3),
                "cpu_s": round(self.cpu_s, 3), "reported_s": round(self.reported_s, 3),
                "ms_per_entry": round(self.ms_per_entry, 3), "runs": [asdict(r) for r in self.runs]}


def time_build(content: Path, build_dir: Path) -> BuildRun:
    """Run `throne-rules build` once in its own process."""
    cmd = [sys.executable, "-m", "throne_rules.cli", "--content", str(content), "--build-dir", str(build_dir), "build"]
    with tempfile.TemporaryFile("w+") as out_f, tempfile.TemporaryFile("w+") as err_f:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out_f, stderr=err_f, text=True)
        _, status, usage = os.wait4(proc.pid, 0)  # wait4: the child's own CPU time, not every child's
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out_f.seek(0)
        err_f.seek(0)
        out, err = out_f.read(), err_f.read()
    if proc.returncode != 0:
        raise RuntimeError(f"throne-rules build failed on {content} (exit {proc.returncode}):\n{err[-4000:]}")
    m = REPORTED.search(out)
    if not m:
        raise RuntimeError(f"unexpected build output: {out!r}")
    return BuildRun(round(wall, 3), round(usage.ru_utime + usage.ru_stime, 3), float(m.group(2)), int(m.group(1)))


def bench_scale(content: Path, scale: int, runs: int, workdir: Path) -> BuildScale:
    source = content
    if scale > 1:
        source = workdir / f"content-{scale}x"
        if not source.exists():
            replicate(content, source, scale)
    results = []
    for n in range(runs):
        results.append(time_build(source, workdir / f"build-{scale}x-{n}"))
    return BuildScale(scale, results[0].entries, results)


def growth(scales: list[BuildScale]) -> list[dict]:
    """Each scale against the 1x run: size ratio, time ratio, and time ratio per size ratio (<= 1: linear or better)."""
    base = next((s for s in scales if s.scale == 1), None)
    if base is None:
        return []
    out = []
    for s in scales:
        size = s.entries / base.entries
        t = s.wall_s / base.wall_s
        out.append({"scale": s.scale, "size_ratio": round(size, 2), "time_ratio": round(t, 2),
                    "per_entry_ratio": round(t / size, 3),
                    "cpu_per_entry_ratio": round((s.cpu_s / base.cpu_s) / size, 3)})
    return out


def exponent(points: list[tuple[float, float]]) -> float:
    """b in time = a * size^b, fitted by least squares on logarithms: 1 is linear, below 1 better than linear."""
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def run(content: Path, scales: list[int], runs: list[int]) -> dict:
    with tempfile.TemporaryDirectory(prefix="throne-bench-build-") as tmp:
        done = [bench_scale(content, scale, n, Path(tmp)) for scale, n in zip(scales, runs, strict=True)]
    out: dict = {"scales": [s.to_json() for s in done], "growth": growth(done)}
    if len({s.entries for s in done}) > 1:  # every run at every scale, so one slow run weighs as one point
        out["exponent_wall"] = round(exponent([(s.entries, r.wall_s) for s in done for r in s.runs]), 3)
        out["exponent_cpu"] = round(exponent([(s.entries, r.cpu_s) for s in done for r in s.runs]), 3)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--content", type=Path, default=ROOT / "content")
    p.add_argument("--scales", type=int, nargs="+", default=[1, 10, 50])
    p.add_argument("--runs", type=int, nargs="+", default=[5, 3, 1])
    args = p.parse_args()
    print(json.dumps(run(args.content, args.scales, args.runs), indent=2))


if __name__ == "__main__":
    main()
