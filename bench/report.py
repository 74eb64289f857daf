"""The budgets, checked against one run's figures, and the run printed as tables (text and Markdown).

Units are decimal and strict: 1 KB = 1000 bytes, 1 MB = 1,000,000 bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KB = 1000
MB = 1000 * 1000

BUILD_SECONDS = 5.0
SEARCH_P99_MS = 10.0
HTTP_RATIO = 0.5
HTTP_CLIENTS = 16
ENTRY_BYTES = 30 * KB
PRECACHE_BYTES = 1.5 * MB
CLIENT_QUERY_MS = 5.0
ODDS_PYTHON_MS = 50.0
ODDS_BROWSER_MS = 100.0
TYPEAHEAD_MS = {4: 100.0, 1: 30.0}  # first and every later suggestion, CPU slowed 4x / not slowed
TYPEAHEAD_RATIO = 1.5  # first suggestion after a page load ÷ a later one
LIGHTHOUSE_MIN = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}


@dataclass
class Check:
    area: str
    measure: str
    figure: str
    budget: str
    ok: bool | None  # None: not measured in this run
    note: str = ""
    reference: bool = False  # a figure shown against a budget's limit that the budget does not apply to

    @property
    def verdict(self) -> str:
        if self.reference:
            return {True: "within (ref.)", False: "over (ref.)", None: "not measured"}[self.ok]
        return {True: "met", False: "NOT MET", None: "not measured"}[self.ok]


def kb(n: float) -> str:
    return f"{n / KB:.1f} KB"


def mb(n: float) -> str:
    return f"{n / MB:.2f} MB"


def ms(n: float) -> str:
    return f"{n:.1f} ms" if n >= 10 else f"{n:.2f} ms"


def _missing(area: str, measure: str, budget: str, why: str = "skipped") -> Check:
    return Check(area, measure, "—", budget, None, why)


def checks(res: dict[str, Any]) -> list[Check]:
    out: list[Check] = []
    build = res.get("build")
    if build and build.get("scales"):
        one = next((s for s in build["scales"] if s["scale"] == 1), None)
        if one:
            out.append(Check("Index build", f"full `throne-rules build`, {one['entries']} entries (median wall)",
                             f"{one['wall_s']:.2f} s", f"≤ {BUILD_SECONDS:.0f} s", one["wall_s"] <= BUILD_SECONDS,
                             f"CPU {one['cpu_s']:.2f} s"))
        if "exponent_cpu" in build:
            # CPU time: how the build's own work grows; wall time on a shared machine adds the neighbours' load
            scales = ", ".join(f"{s['scale']}×" for s in build["scales"])
            per = "; ".join(f"{g['scale']}×: {g['cpu_per_entry_ratio']:.2f}" for g in build.get("growth", [])
                            if g["scale"] != 1)
            out.append(Check("Index build", f"growth with size: exponent b of time ∝ size^b over {scales} "
                             "(CPU time, every run)", f"{build['exponent_cpu']:.2f}", "≤ 1.00 (linear)",
                             build["exponent_cpu"] <= 1.0,
                             f"wall {build['exponent_wall']:.2f}; CPU per entry against 1×: {per}"))
    else:
        out.append(_missing("Index build", "full `throne-rules build`", f"≤ {BUILD_SECONDS:.0f} s"))
    search = res.get("search")
    if search:
        out.append(Check("Server search, in process", f"p99 over {search['queries']} evaluation queries",
                         ms(search["p99_ms"]), f"≤ {SEARCH_P99_MS:.0f} ms", search["p99_ms"] <= SEARCH_P99_MS,
                         f"p50 {ms(search['p50_ms'])}, p95 {ms(search['p95_ms'])}"))
    else:
        out.append(_missing("Server search, in process", "p99", f"≤ {SEARCH_P99_MS:.0f} ms"))
    http = res.get("http")
    level = next((lv for lv in (http or {}).get("levels", []) if lv["clients"] == HTTP_CLIENTS), None)
    if level:
        errors = level["search"]["errors"] + level["static"]["errors"]
        out.append(Check("Server search, HTTP", f"{HTTP_CLIENTS} clients: search ÷ static-file throughput",
                         f"{level['ratio']:.1%}", f"≥ {HTTP_RATIO:.0%}", level["ratio"] >= HTTP_RATIO,
                         f"{level['search']['rps']:.0f} vs {level['static']['rps']:.0f} req/s"))
        out.append(Check("Server search, HTTP", f"{HTTP_CLIENTS} clients: errors", str(errors), "0", errors == 0,
                         f"{level['search']['requests'] + level['static']['requests']} requests"))
        fs = http.get("first_sight") if http else None
        if fs:
            out.append(Check("Server search, HTTP", f"{fs['clients']} clients, every request new to the server: "
                             "search ÷ static: reference", f"{fs['ratio']:.1%}", f"≥ {HTTP_RATIO:.0%}",
                             fs["ratio"] >= HTTP_RATIO,
                             f"{fs['search']['rps']:.0f} vs {fs['static']['rps']:.0f} req/s, "
                             f"{fs['search']['errors'] + fs['static']['errors']} errors", reference=True))
    else:
        out.append(_missing("Server search, HTTP", f"{HTTP_CLIENTS} clients: search ÷ static", f"≥ {HTTP_RATIO:.0%}"))
    hostile = res.get("hostile")
    if hostile:
        q, u, h = hostile["quiet"], hostile["under_attack"], hostile["hostile"]
        fives = sum(n for code, n in h["statuses"].items() if str(code).startswith("5"))
        out.append(Check("Hostile load", "a reader's search, median, while 16 clients send worst-case searches "
                         "÷ the same with nobody else", f"{hostile['ratio_p50']:.2f}×", f"≤ {hostile['budget']:.0f}×",
                         hostile["met"] and fives == 0,
                         f"quiet p50 {ms(q['p50_ms'])} (p95 {ms(q['p95_ms'])}); under attack p50 {ms(u['p50_ms'])} "
                         f"(p95 {ms(u['p95_ms'])}); {h['requests']} hostile requests, {fives} 5xx"))
        cost = hostile.get("query_cost")
        if cost:
            out.append(Check("Hostile load", "the costliest worst-case query ÷ the median evaluation query, in "
                             "process", f"{cost['ratio']:.2f}×", f"≤ {cost['budget']:.0f}×",
                             cost["ratio"] <= cost["budget"],
                             f"worst {ms(cost['worst_ms'])}, median {ms(cost['median_ms'])}"))
    else:
        out.append(_missing("Hostile load", "a reader's search under 16 worst-case clients ÷ quiet", "≤ 3×"))
    attacks = res.get("attacks")
    for r in (attacks or {}).get("results", []):
        mem = r["rss_mb"]
        out.append(Check("Hostile load", f"a normal page, median, under the {r['attack']} attack from "
                         f"{r['addresses']} address(es) ÷ quiet", f"{r['ratio']:.2f}×", f"≤ {attacks['budget']:.0f}×",
                         r["met"], f"quiet {ms(r['quiet_p50_ms'])}, attacked {ms(r['attacked_p50_ms'])}; "
                         f"{r['answers']['attacked']} answers; memory {mem['before']} → {mem['after']} MB"))
    if attacks is None:
        out.append(_missing("Hostile load", "a normal page under each High attack of issue 32 ÷ quiet", "≤ 3×"))
    browser = res.get("browser")
    entry = (browser or {}).get("pages", {}).get("entry")
    if entry:
        warm, cold = entry["warm"], entry["cold"]
        out.append(Check("Page weight", f"an entry, warm cache, all requests ({warm['requests']})",
                         kb(warm["bytes"]), f"≤ {kb(ENTRY_BYTES)}", warm["bytes"] <= ENTRY_BYTES,
                         "headers + gzipped bodies on the wire"))
        out.append(Check("Page weight", f"an entry, cold cache, all requests ({cold['requests']}): reference",
                         kb(cold["bytes"]), f"≤ {kb(ENTRY_BYTES)}", cold["bytes"] <= ENTRY_BYTES,
                         f"gzipped bodies alone {kb(cold['body_bytes'])}", reference=True))
    else:
        out.append(_missing("Page weight", "an entry", f"≤ {kb(ENTRY_BYTES)}"))
    pre = (browser or {}).get("precache")
    if pre:
        out.append(Check("Page weight", f"whole precache ({pre['items']} URLs), gzipped on the wire",
                         mb(pre["wire_bytes"]), f"≤ {mb(PRECACHE_BYTES)}", pre["wire_bytes"] <= PRECACHE_BYTES,
                         f"{mb(pre['stored_bytes'])} once decoded; an English reader's"))
    else:
        why = "skipped" if not browser else "no service-worker precache list found"
        out.append(_missing("Page weight", "whole precache", f"≤ {mb(PRECACHE_BYTES)}", why))
    pre_pl = (browser or {}).get("precache_pl")
    if pre and pre_pl:
        out.append(Check("Page weight", f"whole precache of a Polish reader ({pre_pl['items']} URLs), gzipped",
                         mb(pre_pl["wire_bytes"]), f"≤ {mb(PRECACHE_BYTES)}",
                         pre_pl["wire_bytes"] <= PRECACHE_BYTES, f"{mb(pre_pl['stored_bytes'])} once decoded"))
    client = (browser or {}).get("client_search")
    if client:
        out.append(Check("Client search", f"per query in Chromium, median over {client['queries']} queries",
                         ms(client["median_ms"]), f"≤ {CLIENT_QUERY_MS:.0f} ms",
                         client["median_ms"] <= CLIENT_QUERY_MS,
                         f"p95 {ms(client['p95_ms'])}; loading the index {client['load_median_ms']:.0f} ms"))
    else:
        why = "skipped" if not browser else "no offline client search found"
        out.append(_missing("Client search", "per query", f"≤ {CLIENT_QUERY_MS:.0f} ms", why))
    out += _odds_checks(res.get("odds"))
    out += typeahead_checks(res.get("typeahead"))
    lighthouse = res.get("lighthouse")
    budget = " / ".join(f"≥ {v}" if v < 100 else "100" for v in LIGHTHOUSE_MIN.values())
    if lighthouse:
        for name, page in lighthouse.items():
            scores = page["scores"]
            ok = all(scores[c] >= LIGHTHOUSE_MIN[c] for c in LIGHTHOUSE_MIN)
            figure = " / ".join(f"{scores[c]:.0f}" for c in LIGHTHOUSE_MIN)
            out.append(Check("Lighthouse (mobile)", f"{name} `{page['path']}`: perf / a11y / best pr. / SEO",
                             figure, budget, ok, f"median of {len(page['runs'])} runs"))
    else:
        out.append(_missing("Lighthouse (mobile)", "home, entry, damage calculator", budget))
    return out


def _odds_checks(odds: dict[str, Any] | None) -> list[Check]:
    if not odds:
        return [_missing("Dice odds", "7 dice, 3 attempts, 3 symbols, advice", f"≤ {ODDS_PYTHON_MS:.0f} ms")]
    py, js = odds["python"], odds["browser"]
    ref_py, ref_js = odds["python_reference"], odds["browser_reference"]
    return [
        Check("Dice odds", f"{odds['case']}: Python, median of {py['runs']}", ms(py["median_ms"]),
              f"≤ {ODDS_PYTHON_MS:.0f} ms", py["median_ms"] <= ODDS_PYTHON_MS,
              f"max {ms(py['max_ms'])}; reference 7 dice, 5 attempts, straight of 5: {ms(ref_py['median_ms'])}"),
        Check("Dice odds", f"the same in Chromium, CPU {js['cpu_slowdown']}× slower: first call (lays out the "
              "states)", ms(js["first_ms"]), f"≤ {ODDS_BROWSER_MS:.0f} ms", js["first_ms"] <= ODDS_BROWSER_MS,
              f"median of {js['runs']} more {ms(js['median_ms'])}, max {ms(js['max_ms'])}; reference first "
              f"{ms(ref_js['first_ms'])}, median {ms(ref_js['median_ms'])}"),
    ] + [
        Check("Dice odds", f"page, {page['case']}, {name} targets: a stepper tap's whole update, CPU "
              f"{page[name]['cpu_slowdown']}× slower (median of {page[name]['tap']['runs']})",
              ms(page[name]["tap"]["median_ms"]), f"≤ {ODDS_BROWSER_MS:.0f} ms",
              page[name]["tap"]["median_ms"] <= ODDS_BROWSER_MS,
              f"max {ms(page[name]['tap']['max_ms'])}; form and compute alone {ms(page[name]['compute']['median_ms'])}")
        for page in [odds.get("page_abilities")] if page for name in ("symbols", "numbers")
    ]
def typeahead_checks(typeahead: dict[str, Any] | None) -> list[Check]:
    if not typeahead:
        return [_missing("Typeahead", "first suggestion after a page load, installed app, 4× CPU",
                         f"≤ {TYPEAHEAD_MS[4]:.0f} ms")]
    out = []
    for name, r in typeahead["results"].items():
        rate = int(name.split()[-1].rstrip("x"))
        limit = TYPEAHEAD_MS.get(rate, TYPEAHEAD_MS[1])
        note = f"max {ms(r['cold_max_ms'])}; longest main-thread task {ms(r['longest_task_ms'])}"
        out.append(Check("Typeahead", f"{name} CPU: first suggestion after a page load (median of {r['pages']})",
                         ms(r["cold_ms"]), f"≤ {limit:.0f} ms", r["cold_ms"] <= limit, note))
        out.append(Check("Typeahead", f"{name} CPU: a later query on the same page", ms(r["warm_ms"]),
                         f"≤ {limit:.0f} ms", r["warm_ms"] <= limit, f"max {ms(r['warm_max_ms'])}"))
        if rate == 4:
            out.append(Check("Typeahead", f"{name} CPU: first ÷ later", f"{r['ratio']:.2f}",
                             f"≤ {TYPEAHEAD_RATIO}", r["ratio"] <= TYPEAHEAD_RATIO))
    return out


def _md_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def text_table(rows: list[Check]) -> str:
    cols = [[c.area for c in rows], [c.measure.replace("`", "") for c in rows], [c.figure for c in rows],
            [c.budget for c in rows], [c.verdict for c in rows]]
    heads = ["Area", "Measure", "Figure", "Budget", "Verdict"]
    widths = [max(len(h), *(len(v) for v in col)) for h, col in zip(heads, cols, strict=True)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    for i in range(len(rows)):
        lines.append("  ".join(col[i].ljust(w) for col, w in zip(cols, widths, strict=True)).rstrip())
    return "\n".join(lines)


def markdown(res: dict[str, Any], rows: list[Check]) -> str:
    """The generated part of docs/performance.md: budgets, then every figure of the run."""
    m = res.get("machine", {})
    parts = [f"Run of {m.get('date', '?')} on commit `{m.get('commit', '?')}`; `make bench` took "
             f"{res.get('suite_seconds', 0) / 60:.1f} min.",
             "",
             f"Machine: {m.get('cpus', '?')} cores ({m.get('cpu_model', '?')}), {m.get('memory_gb', '?')} GB RAM, "
             f"shared and noisy: load average {m.get('load_start', '?')} at the start, {m.get('load_end', '?')} at "
             f"the end. Python {m.get('python', '?')}, {m.get('chromium', '?')}, {m.get('wrk', '?')}, "
             f"Lighthouse {m.get('lighthouse', '?')}.",
             "",
             "### Budgets",
             "",
             _md_table(["Area", "Measure", "Figure", "Budget", "Verdict", "Also"],
                       [[c.area, c.measure, c.figure, c.budget,
                         f"**{c.verdict}**" if c.ok is False and not c.reference else c.verdict,
                         c.note] for c in rows])]
    build = res.get("build")
    if build:
        growth = {g["scale"]: g for g in build.get("growth", [])}
        parts += ["", "### Index build", "",
                  "Each run is `throne-rules build` in a new process into an empty folder; the content replicated "
                  "with unique ids (bench/replicate.py). Wall time is the median over the runs; CPU time is the "
                  "process's user + system time, which the machine's load does not inflate.", "",
                  _md_table(["Content", "Entries", "Runs", "Wall (median)", "CPU", "Build's own figure",
                             "Wall ms per entry", "Growth, wall", "Growth, CPU"],
                            [[f"{s['scale']}×", str(s["entries"]), str(len(s["runs"])), f"{s['wall_s']:.2f} s",
                              f"{s['cpu_s']:.2f} s", f"{s['reported_s']:.2f} s", f"{s['ms_per_entry']:.2f}",
                              f"{growth[s['scale']]['per_entry_ratio']:.2f}" if s["scale"] in growth else "—",
                              f"{growth[s['scale']]['cpu_per_entry_ratio']:.2f}" if s["scale"] in growth else "—"]
                             for s in build["scales"]]),
                  "", "Growth is the time ratio divided by the size ratio against the 1× build (≤ 1.00: linear or "
                  "better). The budget is judged on the exponent b of time ∝ size^b fitted (least squares on "
                  "logarithms) to every run at every scale, in CPU time, which the neighbours' load inflates "
                  f"least: b = {build.get('exponent_cpu', float('nan')):.2f} (wall time: "
                  f"{build.get('exponent_wall', float('nan')):.2f})."]
    search = res.get("search")
    if search:
        parts += ["", "### Server search, in process", "",
                  f"{search['queries']} queries from tests/data/search_eval.yaml, {search['passes']} passes, each on a "
                  "freshly loaded release warmed with other queries; a query's figure is its median over the passes.",
                  "", _md_table(["p50", "p95", "p99", "max", "mean", "p99 over every sample"],
                                [[ms(search["p50_ms"]), ms(search["p95_ms"]), ms(search["p99_ms"]),
                                  ms(search["max_ms"]), ms(search["mean_ms"]), ms(search["all_samples_p99_ms"])]]),
                  "", "Slowest: " + "; ".join(f"“{s['query']}” {s['ms']:.0f} ms" for s in search["slowest"][:6]) + "."]
    http = res.get("http")
    if http:
        def http_row(label: str, lv: dict[str, Any]) -> list[str]:
            return [label, *(x for side in (lv["search"], lv["static"]) for x in
                             (f"{side['rps']:.0f}", ms(side["p50_ms"]), ms(side["p99_ms"]), str(side["errors"]))),
                    f"{lv['ratio']:.1%}"]

        rows_http = [http_row(str(lv["clients"]), lv) for lv in http["levels"]]
        fs = http.get("first_sight")
        if fs:
            rows_http.append(http_row(f"{fs['clients']}, every request new", fs))
        parts += ["", "### Server search over HTTP", "",
                  f"`throne-rules serve` (granian, 32 threads), loaded from a second process on loopback with "
                  f"{http['levels'][0]['search']['tool']}: `/api/search` rotating over {http['search_paths']} "
                  f"evaluation queries, and the static file `{http['static_path']}`, interleaved, "
                  f"{http['repeats']} × {http['seconds']:.0f} s each; medians over the repeats. The last row asks "
                  "each query at each result limit (1–50) so that no request repeats: what search costs when no "
                  "result cache can answer.", "",
                  _md_table(["Clients", "Search req/s", "p50", "p99", "errors", "Static req/s", "p50", "p99", "errors",
                             "Search ÷ static"], rows_http)]
    browser = res.get("browser")
    if browser:
        rows_w = []
        for name, w in browser["pages"].items():
            rows_w.append([f"{name} `{w['path']}`", str(w["cold"]["requests"]), kb(w["cold"]["body_bytes"]),
                           kb(w["cold"]["bytes"]),
                           f"{w['warm']['requests']} (+{w['warm'].get('from_cache', 0)} from cache)",
                           kb(w["warm"]["bytes"])])
        parts += ["", "### Page weight", "",
                  "Chromium, a fresh context per page (empty cache, service workers blocked), 360 px wide. "
                  "Bytes are on the wire: gzipped bodies, and bodies plus headers. Warm: leaving and coming back "
                  "to the page on the same cache (a response from the browser's cache is not a request on the "
                  "wire).", "",
                  _md_table(["Page", "Requests (cold)", "Gzipped bodies", "On the wire (cold)", "Requests (warm)",
                             "On the wire (warm)"], rows_w)]
        for reader, pre in (("an English reader", browser.get("precache")),
                            ("a Polish reader", browser.get("precache_pl"))):
            if not pre:
                continue
            kinds = sorted(pre["wire_by_kind"])
            parts += ["", f"Precache of {reader}: {pre['items']} URLs the service worker fetches, "
                      f"{mb(pre['wire_bytes'])} gzipped on the wire, {mb(pre['stored_bytes'])} stored. By kind: "
                      + "; ".join(f"{k} {mb(pre['wire_by_kind'][k])} ({mb(pre['stored_by_kind'][k])} stored)"
                                  for k in kinds) + "."]
        fv = browser.get("first_visit")
        if fv:
            parts += ["", f"First visit (home on an empty profile, until the service worker is "
                      f"{fv['worker_state']}, {fv['install_seconds']:.0f} s): {fv['requests']} requests, "
                      f"{mb(fv['bytes'])} on the wire, {fv['failed']} failed."]
        cs = browser.get("client_search")
        if cs:
            parts += ["", "### Client search", "",
                      f"The page's own offline search in Chromium over the whole corpus, {cs['queries']} evaluation "
                      f"queries, each run {5} times: median {ms(cs['median_ms'])}, p95 {ms(cs['p95_ms'])}, max "
                      f"{ms(cs['max_ms'])} per query. Loading the prebuilt index (fetch, parse, read): first "
                      f"{cs['load_first_ms']:.0f} ms, median {cs['load_median_ms']:.0f} ms "
                      f"(reading it {cs['index_median_ms']:.0f} ms)."]
    typeahead = res.get("typeahead")
    if typeahead:
        parts += ["", "### Typeahead", "",
                  "`bench/typeahead_bench.py`: Chromium, the CPU slowed through CDP "
                  "`Emulation.setCPUThrottlingRate` (page and workers) or not; the app installed (its service worker "
                  "active, the precache done) offline and online, and a first visit online (no worker controls the "
                  "page; its own installing, or none). "
                  f"For each of {len(typeahead['pages'])} entry pages: open it, at once type a query into "
                  "`input[type=search]` and time until the option naming its expected entry (cold), then another "
                  "query on the same page (warm). Medians; the calibration column is a fixed loop timed in the page "
                  "(it shows the slow-down applied).", "",
                  _md_table(["Setting", "First suggestion (cold)", "Later query (warm)", "Cold ÷ warm", "Cold max",
                             "Warm max", "Longest main-thread task", "Calibration loop"],
                            [[name, ms(r["cold_ms"]), ms(r["warm_ms"]), f"{r['ratio']:.2f}", ms(r["cold_max_ms"]),
                              ms(r["warm_max_ms"]), ms(r["longest_task_ms"]), ms(r["calibration_ms"])]
                             for name, r in typeahead["results"].items()])]
        alts = typeahead.get("alternatives")
        if alts:
            rows_a = [[f"{how} ({rate})", *(ms(a[k]) if k in a else "—" for k in
                                           ("fetch_ms", "parse_ms", "ready_ms", "vocabulary_ms", "first_query_ms",
                                            "total_ms"))]
                      for rate, by_how in alts.items() for how, a in by_how.items() if how != "worker_cold_start"]
            parts += ["", "Ways to get the engine ready on a page just opened (installed app, online; medians of 3 "
                      "pages): *build* indexes every document of the search data in the page (the design before "
                      "the prebuilt index); *loadjson* reads MiniSearch's own serialized index back (`loadJS`) and "
                      "still builds the vocabulary; *prebuilt* is the build's search index read by "
                      "`search-core.js` `fromIndex` (the design now).", "",
                      _md_table(["Way (CPU)", "Fetch", "Parse", "Index ready", "Vocabulary", "First query",
                                 "Total"], rows_a)]
            cold = [f"{rate}: {a['worker_cold_start']['running_ms']:.0f} ms with the worker running, "
                    f"{a['worker_cold_start']['stopped_ms']:.0f} ms once stopped" for rate, a in alts.items()
                    if "worker_cold_start" in a]
            if cold:
                parts += ["", "A page load's time to first byte through the service worker: " + "; ".join(cold) + "."]
    lighthouse = res.get("lighthouse")
    if lighthouse:
        rows_l = []
        for name, p in lighthouse.items():
            sc = p["scores"]
            lost = ", ".join(f"{x['id']} ({x['value'] or x['score']})" for x in p["lost"]) or "—"
            met = p["metrics"]
            paints = " / ".join(f"{met.get(k, 0):.0f}" for k in
                                ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time"))
            rows_l.append([f"{name} `{p['path']}`", *(f"{sc[c]:.0f}" for c in LIGHTHOUSE_MIN), f"{paints} ms",
                           f"{met.get('cumulative-layout-shift', 0):.3f}", lost])
        parts += ["", "### Lighthouse", "",
                  f"Lighthouse {next(iter(lighthouse.values()))['version']} from npm (bench/package.json), Debian's "
                  "Chromium headless, mobile emulation with its default simulated throttling; medians over the runs.",
                  "", _md_table(["Page", "Performance", "Accessibility", "Best practices", "SEO", "FCP / LCP / TBT",
                                 "CLS", "Audits below full marks"], rows_l)]
    return "\n".join(parts) + "\n"
