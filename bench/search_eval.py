"""Search quality on the evaluation sets: the server (Whoosh, in-process) and the offline client (Chromium).

    python bench/search_eval.py                  # build ./content, all sets, server and client
    python bench/search_eval.py --set heldout    # one set (see SETS below) or all
    python bench/search_eval.py --server-only    # no browser
    python bench/search_eval.py --json           # the figures as JSON
    python bench/search_eval.py --markdown       # the summary tables as Markdown (docs/search-eval-baseline.md)

Prints top-1 and top-3 accuracy and MRR@10, overall and by category, server/client agreement on the top
result, and the failing queries, for each set: `old` (tests/data/search_eval.yaml, by type) and the v2
halves `dev` and `heldout` (tests/data/search_eval_{dev,heldout}.yaml, by category; see bench/eval_sets.py),
and the v3 halves `dev3` and `heldout3` (tests/data/search_eval_v3_{dev,heldout}.yaml),
and the v4 and v5 halves `dev4`, `heldout4`, `dev5`, `heldout5` (session 7) and the v6 halves `dev6`, `heldout6`
(session 8), written the same way, and `pl7` and `pl8` (session 8), 64 and 78 Polish questions written the
same way, not split.
Queries marked `gap: true` (no entry answers them) are listed apart, not scored.
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

from bench.eval_sets import (  # noqa: E402
    SET_FILES,
    YAML_LOADER,
    SetQuery,
    gaps,
    load_set,
    scored,
)
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
# The sets: file and the field their "by category" breakdown uses (the old set has types, not categories).
SETS = {"old": (EVAL_FILE, "type"), **SET_FILES}
V2_TAGS = ("category", "game", "lang")


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
    groups: dict[str, Metrics] = field(default_factory=dict)  # category (or type) -> its own figures
    polish_first: float | None = None  # of the Polish queries, the share whose first result is a Polish page

    def figures(self) -> dict[str, Any]:
        out = {"n": self.n, "top1": round(self.top1, 4), "top3": round(self.top3, 4), "mrr10": round(self.mrr10, 4)}
        if self.polish_first is not None:
            out["polish_first"] = round(self.polish_first, 4)
        return out

    def to_json(self) -> dict[str, Any]:
        return {**self.figures(),
                "by_tag": {k: {"n": n, "top3": round(v, 4)} for k, (n, v) in self.by_tag.items()},
                "by_category": {k: g.figures() for k, g in self.groups.items()},
                "failures": [{"query": q.query, "expect": list(q.expect), "got": got[:3]} for q, got in self.failures]}


def load_eval(path: Path = EVAL_FILE, known_ids: Iterable[str] | None = None) -> list[EvalQuery]:
    """The evaluation set, checked: every field present, tags from the closed lists, ids that exist."""
    raw = yaml.load(path.read_text(encoding="utf-8"), Loader=YAML_LOADER)  # a safe loader (SafeLoader or its C twin)
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


TWIN_PREFIX = "pl-"  # every Polish page's id starts so; a twin's is pl-<english id> (indexer/twins.py)


def answers(q: Any) -> list[str]:
    """The ids that answer a query: its labels, and for a Polish query the Polish twin of each English label too
    (the same answer in the asker's language; labels written before the twins existed name the English page)."""
    expect = list(q.expect)
    if getattr(q, "lang", "en") == "pl":
        expect += [TWIN_PREFIX + e for e in q.expect if not e.startswith(TWIN_PREFIX)]
    return expect


def score(queries: list[Any], rankings: list[list[str]], tags: tuple[str, ...] = TAGS,
          group: str | None = "type") -> Metrics:
    """Top-1, top-3 and MRR@10 of `queries` (EvalQuery or SetQuery), with a breakdown by the `group` field."""
    top1 = top3 = 0
    rr = 0.0
    failures = []
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for q, got in zip(queries, rankings, strict=True):
        rank = rank_of(answers(q), got)
        hit3 = rank is not None and rank <= 3
        top1 += rank == 1
        top3 += hit3
        rr += 1.0 / rank if rank else 0.0
        if not hit3:
            failures.append((q, got))
        for tag in tags:
            key = f"{tag}={getattr(q, tag)}"
            counts[key][0] += 1
            counts[key][1] += hit3
    n = len(queries)
    if not n:
        return Metrics(0, 0.0, 0.0, 0.0)
    by_tag = {k: (v[0], v[1] / v[0]) for k, v in sorted(counts.items())}
    groups: dict[str, Metrics] = {}
    if group:
        keys = list(dict.fromkeys(getattr(q, group) for q in queries))
        for key in keys:
            pairs = [(q, got) for q, got in zip(queries, rankings, strict=True) if getattr(q, group) == key]
            groups[key] = score([q for q, _ in pairs], [got for _, got in pairs], tags=(), group=None)
    polish = [got for q, got in zip(queries, rankings, strict=True) if q.lang == "pl"]
    first_pl = sum(bool(got) and got[0].startswith(TWIN_PREFIX) for got in polish) / len(polish) if polish else None
    return Metrics(n, top1 / n, top3 / n, rr / n, failures, by_tag, groups, first_pl)


def agreement(a: list[list[str]], b: list[list[str]]) -> float:
    """Share of queries whose top result is the same on both sides (both empty counts as the same)."""
    same = sum((x[:1] == y[:1]) for x, y in zip(a, b, strict=True))
    return same / len(a) if a else 1.0


def server_rankings(release: Release, queries: list[Any]) -> list[list[str]]:
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


def client_rankings(base_url: str, queries: list[Any]) -> list[list[str]]:
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


@dataclass(frozen=True)
class _Text:
    """A bare query string where the client code wants an object with `.query`."""
    query: str


def load_named(name: str, known_ids: Iterable[str] | None = None) -> tuple[list[Any], list[SetQuery]]:
    """A set by name: the queries to score, and the content gaps (v2 queries no entry answers)."""
    path, _ = SETS[name]
    if name == "old":
        return load_eval(path, known_ids), []
    queries = load_set(path, known_ids)
    return scored(queries), gaps(queries)


def score_set(name: str, queries: list[Any], rankings: list[list[str]]) -> Metrics:
    return score(queries, rankings, TAGS if name == "old" else V2_TAGS, SETS[name][1])


def report(name: str, m: Metrics) -> str:
    polish = f"  Polish page first {m.polish_first:.1%}" if m.polish_first is not None else ""
    lines = [f"{name}: top-1 {m.top1:.1%}  top-3 {m.top3:.1%}  MRR@10 {m.mrr10:.3f}  ({m.n} queries){polish}"]
    for key, g in m.groups.items():
        lines.append(f"  {key:<13} top-1 {g.top1:6.1%}  top-3 {g.top3:6.1%}  MRR@10 {g.mrr10:.3f}  ({g.n})")
    lines.append("  top-3 by tag: " + "  ".join(f"{k} {v:.0%} ({n})" for k, (n, v) in m.by_tag.items()))
    if m.failures:
        lines.append(f"  failing (not in the top 3): {len(m.failures)}")
        for q, got in m.failures:
            got3 = ", ".join(got[:3]) or "-"
            kind = getattr(q, "type", None) or getattr(q, "category", "")
            lines.append(f"    {q.query!r} [{q.lang}/{kind}] want {'|'.join(q.expect)}; got {got3}")
    return "\n".join(lines)


def evaluate(build_dir: Path, content: Path, server_only: bool = False,
             live: Callable[[Path, Path], Any] | None = None,
             sets: Iterable[str] = tuple(SETS)) -> dict[str, Any]:
    """Each set's figures under out["sets"][name]; the old set's also at the top level, as before."""
    path = current_release(build_dir)
    if path is None:
        raise SystemExit(f"no build in {build_dir}")
    names = list(sets)
    release = Release.load(path)
    per: dict[str, dict[str, Any]] = {}
    try:
        for name in names:
            queries, missing = load_named(name, known_ids=release.entries)
            ranks = server_rankings(release, queries)
            per[name] = {"queries": queries, "gaps": missing, "server_rankings": ranks,
                         "server": score_set(name, queries, ranks)}
    finally:
        release.index.close()
    if not server_only:
        if live is None:
            from tests.helpers import LiveServer as live  # noqa: N813
        texts = list(dict.fromkeys(q.query for name in names for q in per[name]["queries"]))
        srv = live(content, build_dir).wait_ready(timeout=120)
        try:
            got = dict(zip(texts, client_rankings(srv.url, [_Text(t) for t in texts]), strict=True))
        finally:
            srv.stop()
        for name in names:
            queries, server = per[name]["queries"], per[name]["server_rankings"]
            client = [got[q.query] for q in queries]
            per[name].update(client=score_set(name, queries, client), client_rankings=client,
                             agreement=agreement(server, client),
                             disagreements=[(q, a[:1], b[:1]) for q, a, b in zip(queries, server, client, strict=True)
                                            if a[:1] != b[:1]])
    out: dict[str, Any] = {"sets": per}
    if "old" in per:
        out.update({k: v for k, v in per["old"].items() if k != "gaps"})
    return out


def set_json(res: dict[str, Any]) -> dict[str, Any]:
    doc: dict[str, Any] = {"n": len(res["queries"]), "server": res["server"].to_json(),
                           "gaps": [{"query": q.query, "category": q.category, "note": q.note} for q in res["gaps"]]}
    if "client" in res:
        doc.update(client=res["client"].to_json(), agreement=round(res["agreement"], 4),
                   disagreements=[{"query": q.query, "server": a, "client": b} for q, a, b in res["disagreements"]])
    return doc


def main(argv: list[str] | None = None) -> int:
    from bench.eval_format import markdown

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--content", default=str(ROOT / "content"), help="content folder to build (default ./content)")
    ap.add_argument("--build-dir", help="use this existing build instead of building into a temporary folder")
    ap.add_argument("--set", choices=(*SETS, "all"), default="all", help="which evaluation set (default all)")
    ap.add_argument("--server-only", action="store_true", help="measure the server only (no browser)")
    out_fmt = ap.add_mutually_exclusive_group()
    out_fmt.add_argument("--json", action="store_true", help="print the figures as JSON")
    out_fmt.add_argument("--markdown", action="store_true", help="print the summary tables as Markdown")
    args = ap.parse_args(argv)
    content = Path(args.content)
    names = tuple(SETS) if args.set == "all" else (args.set,)
    with tempfile.TemporaryDirectory() as tmp:
        build_dir = Path(args.build_dir) if args.build_dir else Path(tmp) / "build"
        if not args.build_dir:
            build(content, build_dir)
        res = evaluate(build_dir, content, server_only=args.server_only, sets=names)
    if args.json:
        doc: dict[str, Any] = {"sets": {name: set_json(r) for name, r in res["sets"].items()}}
        if "old" in res["sets"]:  # the old set's keys at the top level, as before
            old = doc["sets"]["old"]
            doc.update({k: old[k] for k in ("server", "client", "agreement", "disagreements") if k in old})
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    if args.markdown:
        print(markdown(res["sets"]))
        return 0
    for name, r in res["sets"].items():
        file = SETS[name][0].relative_to(ROOT)
        print(f"==== set {name} ({file}): {len(r['queries'])} scored queries, {len(r['gaps'])} content gaps")
        print(report("server", r["server"]))
        if "client" in r:
            print(report("client", r["client"]))
            print(f"agreement on the top result: {r['agreement']:.1%}")
            for q, a, b in r["disagreements"]:
                print(f"    {q.query!r}: server {a[0] if a else '-'}, client {b[0] if b else '-'}")
        for q in r["gaps"]:
            print(f"  content gap [{q.category}] {q.query!r}: {q.note}")
    print(markdown(res["sets"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
