"""Dump the server search's results for every query of every evaluation set, to compare two versions of the code.

    .venv/bin/python tools/search_dump.py > before.json   # on one commit
    .venv/bin/python tools/search_dump.py > after.json    # on another, over the same build
    cmp before.json after.json

The queries are read as text only (never their labels), with the load bench's warm-up queries and a few edge
cases; each is searched with limit 10 with no filter, a game filter and a language filter. Ids, scores (to 9
places), snippets, sections, totals and suggestions are written, so a change that is meant to keep every result
(a speed-up: docs/performance.md, session 14) can be shown to keep them byte for byte.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.eval_sets import SET_FILES  # noqa: E402
from bench.load_run import QUERIES as WARMUP  # noqa: E402
from bench.search_eval import DEPTH, EVAL_FILE  # noqa: E402
from indexer.library import Release  # noqa: E402
from indexer.release import current_release  # noqa: E402

EDGE_CASES = ["", "   ", "the", "a an the", '"roll phase"', "zzzzqx", "what is", "ile"]
FILTERS: list[dict[str, str] | None] = [None, {"game": "dice-throne"}, {"lang": "pl"}]


def queries() -> list[str]:
    out: list[str] = []
    for path in [EVAL_FILE, *(p for p, _ in SET_FILES.values())]:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        out += [str(item["query"]) for item in raw["queries"]]
    return out + list(WARMUP) + EDGE_CASES


def dump(build_dir: Path) -> list[dict[str, Any]]:
    path = current_release(build_dir)
    if path is None:
        raise SystemExit(f"no build in {build_dir}")
    release = Release.load(path)
    out = []
    for q in queries():
        for filters in FILTERS:
            r = release.search(q, limit=DEPTH, filters=filters)
            out.append({"q": q, "f": filters, "total": r.total, "sugg": r.suggestion,
                        "hits": [[h.id, round(h.score, 9), h.snippet, h.section] for h in r.hits]})
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build-dir", type=Path, default=ROOT / "build")
    args = p.parse_args()
    json.dump(dump(args.build_dir), sys.stdout, ensure_ascii=False, indent=0)


if __name__ == "__main__":
    main()
