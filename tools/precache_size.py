"""How big the service worker's precache is, gzipped on the wire, by kind (docs/performance.md budget: 1.5 MB).

    python tools/precache_size.py [--content content] [--simulate-twins]

--simulate-twins adds a stand-in Polish twin for every English entry that has none (its English text with the
front matter of a twin), so the size with a full Polish translation can be measured before it is written.
Polish text is about as long as the English, so the stand-ins are a fair estimate.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from indexer import build, load_corpus  # noqa: E402
from indexer.twins import english_hash, twin_id  # noqa: E402


def simulate_twins(content: Path, out: Path) -> int:
    """Copy `content` to `out` with a stand-in twin for every English entry without one; returns how many."""
    shutil.copytree(content, out)
    corpus = load_corpus(out)
    made = 0
    for e in corpus.entries.values():
        if e.lang != "en" or e.twin:
            continue
        question = f"question: {e.question}\n" if e.question else ""
        sources = "".join(f"  - file: {s.file}\n    section: {json.dumps(s.section)}\n" for s in e.sources)
        title = json.dumps(e.title + " (PL)")
        front = (f"---\nid: {twin_id(e.id)}\ntitle: {title}\ngame: {e.game}\nkind: {e.kind}\nlang: pl\n"
                 f"tags: [{', '.join(e.tags)}]\nsources:\n{sources}related: [{', '.join(e.related)}]\n{question}"
                 f'translation_of: {e.id}\ntranslated_from: "{english_hash(e)}"\n---\n')
        path = out / "pl" / "twins" / e.game / f"{e.id}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(front + e.markdown, encoding="utf-8")
        made += 1
    return made


def measure(content: Path, build_dir: Path) -> dict[str, int]:
    from throne_rules import create_app

    build(content, build_dir)
    app = create_app({"TESTING": True, "BUILD_DIR": str(build_dir), "CONTENT_DIR": str(content)})
    client = app.test_client()
    sw = client.get("/sw.js").get_data(as_text=True)
    found = re.match(r"self\.THRONE_BUILD = (.*?);\n", sw)
    assert found is not None, "no build line in /sw.js"
    worker = json.loads(found.group(1))
    # a reader's: the pack and the data of their language (key "... en" / "... pl") and what every reader gets
    items = [(url, f"page pack {lang}") for lang, url in worker["packs"].items()]
    items += [(i["url"], f"{i['kind']} {i['lang']}" if i.get("lang") else i["kind"])
              for i in worker["precache"] if i["kind"] != "page"]
    sizes: dict[str, int] = {}
    for url, kind in items:
        resp = client.get(url)
        assert resp.status_code == 200, url
        sizes[kind] = sizes.get(kind, 0) + len(gzip.compress(resp.get_data(), 6))
        resp.close()
    return sizes


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--content", default="content")
    p.add_argument("--simulate-twins", action="store_true")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(args.content)
        if args.simulate_twins:
            made = simulate_twins(content, Path(tmp) / "content")
            content = Path(tmp) / "content"
            print(f"simulated {made} twins")
        sizes = measure(content, Path(tmp) / "build")
    for kind, size in sorted(sizes.items()):
        print(f"{kind:>32}: {size / 1e6:.3f} MB gzipped")
    langs = {k.rsplit(" ", 1)[1] for k in sizes if k.startswith("page pack")}
    shared = sum(v for k, v in sizes.items() if k.rsplit(" ", 1)[-1] not in langs)
    for lang in sorted(langs):
        own = sum(v for k, v in sizes.items() if k.endswith(" " + lang))
        print(f"precache of a reader in {lang}: {(shared + own) / 1e6:.3f} MB gzipped (budget 1.5 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
