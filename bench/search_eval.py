"""Search quality on the evaluation set: the server (Whoosh, in-process) and the offline client (Chromium).

    python bench/search_eval.py                  # build ./content, measure the server and the client
    python bench/search_eval.py --server-only    # no browser
    python bench/search_eval.py --json           # the figures as JSON

Prints top-1 and top-3 accuracy, MRR@10, server/client agreement on the top result,
and the failing queries. The evaluation set is tests/data/search_eval.yaml.
The client runs the browser's own search code (static/js/search-core.js over the build's
search data) in Debian's Chromium, against a live `throne-rules serve` on loopback.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from indexer import build  # noqa: E402
from indexer.library import Release  # noqa: E402
from indexer.release import current_release  # noqa: E402

EVAL_FILE = ROOT / "tests" / "data" / "search_eval.yaml"
CHROMIUM = "/usr/bin/chromium"
DEPTH = 10
TAGS = ("game", "lang", "type")
GAMES = ("dice-throne", "adventures", "dungeon-dice")
LANGS = ("en", "pl")
TYPES = ("term", "question", "typo", "abbreviation", "number")


@dataclass(frozen=True)
class EvalQuery:
    query: str
    expect: tuple[str, ...]
    game: str
    lang: str
    type: str


@dataclass
class Metrics:
    n: int
    top1: float
    top3: float
    mrr10: float
    failures: list[tuple[EvalQuery, list[str]]] = field(default_factory=list)  # not in the top 3
    by_tag: dict[str, tuple[int, float]] = field(default_factory=dict)  # "type=typo" -> (n, top-3)

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "top1": round(self.top1, 4), "top3": round(self.top3, 4), "mrr10": round(self.mrr10, 4),
                "by_tag": {k: {"n": n, "top3": round(v, 4)} for k, (n, v) in self.by_tag.items()},
                "failures": [{"query": q.query, "expect": list(q.expect), "got": got[:3]} for q, got in self.failures]}


def load_eval(path: Path = EVAL_FILE, known_ids: Iterable[str] | None = None) -> list[EvalQuery]:
    """The evaluation set, checked: every field present, tags from the closed lists, ids that exist."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    known = set(known_ids) if known_ids is not None else None
    out, problems = [], []
    for n, item in enumerate(raw.get("queries") or [], start=1):
        try:
            q = EvalQuery(str(item["query"]), tuple(item["expect"]), item["game"], item["lang"], item["type"])
        except (KeyError, TypeError) as exc:
            problems.append(f"query #{n}: missing field {exc}")
            continue
        for name, allowed in (("game", GAMES), ("lang", LANGS), ("type", TYPES)):
            if getattr(q, name) not in allowed:
                problems.append(f"query #{n} '{q.query}': {name} '{getattr(q, name)}' is not one of {allowed}")
        if not q.expect:
            problems.append(f"query #{n} '{q.query}': no expected ids")
        if known is not None:
            problems += [f"query #{n} '{q.query}': no entry '{i}'" for i in q.expect if i not in known]
        out.append(q)
    if problems:
        raise ValueError("bad evaluation set:\n" + "\n".join(problems))
    return out


def rank_of(expect: Iterable[str], got: list[str]) -> int | None:
    """1-based rank of the first expected id in the results, or None."""
    wanted = set(expect)
    return next((i for i, hit in enumerate(got[:DEPTH], start=1) if hit in wanted), None)


def score(queries: list[EvalQuery], rankings: list[list[str]]) -> Metrics:
    top1 = top3 = 0
    rr = 0.0
    failures = []
    tags: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for q, got in zip(queries, rankings, strict=True):
        rank = rank_of(q.expect, got)
        hit3 = rank is not None and rank <= 3
        top1 += rank == 1
        top3 += hit3
        rr += 1.0 / rank if rank else 0.0
        if not hit3:
            failures.append((q, got))
        for tag in TAGS:
            key = f"{tag}={getattr(q, tag)}"
            tags[key][0] += 1
            tags[key][1] += hit3
    n = len(queries)
    by_tag = {k: (v[0], v[1] / v[0]) for k, v in sorted(tags.items())}
    return Metrics(n, top1 / n, top3 / n, rr / n, failures, by_tag)


def agreement(a: list[list[str]], b: list[list[str]]) -> float:
    """Share of queries whose top result is the same on both sides (both empty counts as the same)."""
    same = sum((x[:1] == y[:1]) for x, y in zip(a, b, strict=True))
    return same / len(a) if a else 1.0


def server_rankings(release: Release, queries: list[EvalQuery]) -> list[list[str]]:
    return [[hit.id for hit in release.search(q.query, limit=DEPTH).hits] for q in queries]


# The start of an async page function: the page's offline-search config, and MiniSearch loaded as the page loads it.
LOAD_MINISEARCH_JS = """
  const config = JSON.parse(document.getElementById("pwa-config").textContent);
  if (!window.MiniSearch) {
    await new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = config.miniSearch; s.onload = resolve; s.onerror = reject;
      document.head.appendChild(s);
    });
  }
"""

# Runs in the page: the same engine the offline search uses, over the same search data.
CLIENT_JS = """
async ([queries, depth]) => {""" + LOAD_MINISEARCH_JS + """  const data = await (await fetch(config.searchData)).json();
  const engine = window.ThroneSearch(window.MiniSearch, window.ThroneFold).create(data);
  return queries.map((q) => engine.search(q, { limit: depth }).results.map((r) => r.id));
}
"""


def client_rankings(base_url: str, queries: list[EvalQuery]) -> list[list[str]]:
    """The offline client's results, computed by the page's own JS in Chromium."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.goto(base_url + "/", wait_until="load")
            page.wait_for_function("() => window.ThroneSearch && window.ThroneFold")
            return page.evaluate(CLIENT_JS, [[q.query for q in queries], DEPTH])
        finally:
            browser.close()


def report(name: str, m: Metrics) -> str:
    lines = [f"{name}: top-1 {m.top1:.1%}  top-3 {m.top3:.1%}  MRR@10 {m.mrr10:.3f}  ({m.n} queries)"]
    lines.append("  top-3 by tag: " + "  ".join(f"{k} {v:.0%} ({n})" for k, (n, v) in m.by_tag.items()))
    if m.failures:
        lines.append(f"  failing (not in the top 3): {len(m.failures)}")
        for q, got in m.failures:
            got3 = ", ".join(got[:3]) or "-"
            lines.append(f"    {q.query!r} [{q.lang}/{q.type}] want {'|'.join(q.expect)}; got {got3}")
    return "\n".join(lines)


def evaluate(build_dir: Path, content: Path, server_only: bool = False,
             live: Callable[[Path, Path], Any] | None = None) -> dict[str, Any]:
    path = current_release(build_dir)
    if path is None:
        raise SystemExit(f"no build in {build_dir}")
    release = Release.load(path)
    try:
        queries = load_eval(known_ids=release.entries)
        server = server_rankings(release, queries)
    finally:
        release.index.close()
    out: dict[str, Any] = {"queries": queries, "server": score(queries, server), "server_rankings": server}
    if not server_only:
        if live is None:
            from tests.helpers import LiveServer as live  # noqa: N813
        srv = live(content, build_dir).wait_ready(timeout=120)
        try:
            client = client_rankings(srv.url, queries)
        finally:
            srv.stop()
        out.update(client=score(queries, client), client_rankings=client, agreement=agreement(server, client),
                   disagreements=[(q, s[:1], c[:1]) for q, s, c in zip(queries, server, client, strict=True)
                                  if s[:1] != c[:1]])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--content", default=str(ROOT / "content"), help="content folder to build (default ./content)")
    ap.add_argument("--build-dir", help="use this existing build instead of building into a temporary folder")
    ap.add_argument("--server-only", action="store_true", help="measure the server only (no browser)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    content = Path(args.content)
    with tempfile.TemporaryDirectory() as tmp:
        build_dir = Path(args.build_dir) if args.build_dir else Path(tmp) / "build"
        if not args.build_dir:
            build(content, build_dir)
        res = evaluate(build_dir, content, server_only=args.server_only)
    if args.json:
        doc = {"server": res["server"].to_json()}
        if "client" in res:
            doc.update(client=res["client"].to_json(), agreement=round(res["agreement"], 4),
                       disagreements=[{"query": q.query, "server": s, "client": c}
                                      for q, s, c in res["disagreements"]])
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    print(report("server", res["server"]))
    if "client" in res:
        print(report("client", res["client"]))
        print(f"agreement on the top result: {res['agreement']:.1%}")
        for q, s, c in res["disagreements"]:
            print(f"    {q.query!r}: server {s[0] if s else '-'}, client {c[0] if c else '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
