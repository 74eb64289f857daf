"""Enter lands at the top (issue 33): every status-effect and hero name, searched, opens its entry at its top.

    python bench/enter_top.py                  # build ./content; the server and the offline client
    python bench/enter_top.py --server-only

For each English status-effect and hero entry, each of its names (title, aliases, Polish names) is searched as a
player types it; the first hit is the link Enter follows. Counted: names whose first hit is another entry, and
names whose first hit is the entry but links to one of its sections (`url#anchor`) instead of its top.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.search_eval import CHROMIUM, LOAD_MINISEARCH_JS  # noqa: E402
from indexer import build  # noqa: E402
from indexer.library import Release  # noqa: E402
from indexer.release import current_release  # noqa: E402

KINDS = ("status-effect", "hero")

# Runs in the page: the offline engine's first result (id and url) for each name.
CLIENT_JS = """
async ([names]) => {""" + LOAD_MINISEARCH_JS + """  const data = await (await fetch(config.searchData)).json();
  const engine = window.ThroneSearch(window.MiniSearch, window.ThroneFold).create(data);
  return names.map((q) => { const r = engine.search(q, { limit: 1 }).results[0]; return r ? [r.id, r.url] : null; });
}
"""


def names_of(entries: dict[str, dict[str, Any]], data: dict[str, Any]) -> list[tuple[str, str]]:
    """(entry id, name) for every name of the English status-effect and hero entries: the title, every alias, the
    Polish names of the term map (content/data/polish-terms.yaml) and of content/data/hero-names-pl.yaml; each
    once, whatever its case (search folds case)."""
    heroes_pl = {str(h["id"]): [str(n) for n in h.get("pl") or []]
                 for h in (data.get("hero-names-pl") or {}).get("heroes") or []}
    out: list[tuple[str, str]] = []
    for e in sorted(entries.values(), key=lambda e: e["id"]):
        if e["kind"] in KINDS and e["lang"] == "en":
            names = [e["title"], *(e.get("aliases") or []), *(e.get("polish_names") or []), *heroes_pl.get(e["id"], [])]
            for name in {n.lower(): n for n in reversed(names)}.values():
                out.append((e["id"], name))
    return out


def tally(names: list[tuple[str, str]], firsts: list[tuple[str, str | None] | None]) -> dict[str, Any]:
    """firsts: each name's first hit as (id, section anchor or None)."""
    other = [(i, n, f[0] if f else None) for (i, n), f in zip(names, firsts, strict=True) if not f or f[0] != i]
    section = [(i, n, f[1]) for (i, n), f in zip(names, firsts, strict=True) if f and f[0] == i and f[1]]
    return {"names": len(names), "other_entry": other, "section": section}


def server_firsts(release: Release, names: list[tuple[str, str]]) -> list[tuple[str, str | None] | None]:
    out: list[tuple[str, str | None] | None] = []
    for _, name in names:
        hits = release.search(name, limit=1).hits
        out.append((hits[0].id, hits[0].section[0] if hits[0].section else None) if hits else None)
    return out


def client_firsts(base_url: str, names: list[tuple[str, str]]) -> list[tuple[str, str | None] | None]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.goto(base_url + "/", wait_until="load")
            page.wait_for_function("() => window.ThroneSearch && window.ThroneFold")
            got = page.evaluate(CLIENT_JS, [[n for _, n in names]])
        finally:
            browser.close()
    return [(g[0], g[1].split("#", 1)[1] if "#" in g[1] else None) if g else None for g in got]


def report(label: str, t: dict[str, Any]) -> str:
    lines = [f"{label}: {t['names']} names; first hit another entry: {len(t['other_entry'])}; "
             f"the entry at a section: {len(t['section'])}"]
    lines += [f"    section  {n!r} -> {i}#{a}" for i, n, a in t["section"]]
    lines += [f"    other    {n!r} ({i}) -> {got}" for i, n, got in t["other_entry"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--content", default=str(ROOT / "content"))
    ap.add_argument("--build-dir", help="use this existing build")
    ap.add_argument("--server-only", action="store_true")
    args = ap.parse_args(argv)
    content = Path(args.content)
    with tempfile.TemporaryDirectory() as tmp:
        build_dir = Path(args.build_dir) if args.build_dir else Path(tmp) / "build"
        if not args.build_dir:
            build(content, build_dir)
        path = current_release(build_dir)
        if path is None:
            raise SystemExit(f"no build in {build_dir}")
        release = Release.load(path)
        try:
            names = names_of(release.entries, release.data)
            print(report("server", tally(names, server_firsts(release, names))))
        finally:
            release.index.close()
        if not args.server_only:
            from tests.helpers import LiveServer

            srv = LiveServer(content, build_dir).wait_ready(timeout=120)
            try:
                print(report("offline", tally(names, client_firsts(srv.url, names))))
            finally:
                srv.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
