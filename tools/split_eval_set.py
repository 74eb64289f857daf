"""Split a new search evaluation set once, at random, into a dev half and a held-out half (issue 18).

    python tools/split_eval_set.py --seed 20261126 --out tests/data/search_eval_v4 part-a.yaml part-b.yaml ...

The parts are the writers' files (each a mapping with a `queries` list, as tests/data/search_eval_dev.yaml).
For each category in the order of bench.eval_sets.CATEGORIES, the category's queries (the parts in the order
given, each in file order) are index-shuffled with one random.Random(seed) instance; the first ceil(n/2) go to
dev, the rest to held-out. Writes <out>_dev.yaml and <out>_heldout.yaml, one flow mapping per query, under a
header that says how the halves were made. Run it once per set: never re-split, never move queries.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.eval_sets import CATEGORIES, FIELDS, OPTIONAL  # noqa: E402


def read_part(path: Path) -> list[dict[str, Any]]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or not isinstance(raw.get("queries"), list):
        raise SystemExit(f"{path}: expected a mapping with a 'queries' list")
    return raw["queries"]


def split(queries: list[dict[str, Any]], seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rnd = random.Random(seed)
    dev: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    for category in CATEGORIES:
        mine = [q for q in queries if q.get("category") == category]
        order = list(range(len(mine)))
        rnd.shuffle(order)
        cut = math.ceil(len(mine) / 2)
        dev += [mine[i] for i in order[:cut]]
        held += [mine[i] for i in order[cut:]]
    unknown = [q.get("query") for q in queries if q.get("category") not in CATEGORIES]
    if unknown:
        raise SystemExit(f"queries with no known category: {unknown}")
    return dev, held


def flow(q: dict[str, Any]) -> str:
    """One query as a YAML flow mapping (JSON strings are valid YAML)."""
    parts = []
    for key in (*FIELDS, *OPTIONAL):
        if key in q:
            parts.append(f"{key}: {json.dumps(q[key], ensure_ascii=False)}")
    return "  - {" + ", ".join(parts) + "}"


def write_half(path: Path, header: str, queries: list[dict[str, Any]]) -> None:
    lines = [header.rstrip("\n"), "queries:"]
    for category in CATEGORIES:
        lines.append(f"  # {'-' * 64} {category}")
        lines += [flow(q) for q in queries if q["category"] == category]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


HEADER = """# Search evaluation set {name}, {half} half (issue 18).
# Written from the rule documents only (/work/shared/sources) by helper sessions that had seen neither the
# app's content nor the earlier sets, committed before labelling ("phase 1"), then labelled with entry ids by
# reading content/ ("phase 2"), never with the app's search. Parts: {parts}.
# Split once at random by tools/split_eval_set.py, stratified by category, with seed {seed}: for each category
# in the order {order}, the category's queries (the parts in order, each in file order) are index-shuffled
# with one random.Random({seed}) instance; the first ceil(n/2) go to dev, the rest to held-out.
# Never re-split, never move queries between the halves.
# TUNING USES DEV ONLY. Held-out is for measuring: do not read its failures to add aliases,
# synonyms or weights, and never add an alias or synonym that copies a held-out query.
# The other half is {other}. Fields as in tests/data/search_eval_dev.yaml (v2).
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("parts", nargs="+", type=Path)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True, help="prefix: writes <out>_dev.yaml and <out>_heldout.yaml")
    ap.add_argument("--name", default="v4")
    ap.add_argument("--describe", default="", help="what the parts are, for the header")
    args = ap.parse_args(argv)
    queries = [q for part in args.parts for q in read_part(part)]
    texts = [q["query"] for q in queries]
    if len(set(texts)) != len(texts):
        raise SystemExit(f"repeated queries: {sorted({t for t in texts if texts.count(t) > 1})}")
    dev, held = split(queries, args.seed)
    dev_path, held_path = Path(f"{args.out}_dev.yaml"), Path(f"{args.out}_heldout.yaml")
    common = {"name": args.name, "parts": args.describe or ", ".join(p.name for p in args.parts),
              "seed": args.seed, "order": ", ".join(CATEGORIES)}
    write_half(dev_path, HEADER.format(half="DEV", other=f"tests/data/{held_path.name}", **common), dev)
    write_half(held_path, HEADER.format(half="HELD-OUT", other=f"tests/data/{dev_path.name}", **common), held)
    print(f"{len(dev)} dev -> {dev_path}, {len(held)} held-out -> {held_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
