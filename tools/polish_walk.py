"""Count the English interface text a Polish reader meets: every page kind, in Chromium with the interface
language Polski, against a running server (tests/polish_walk.py finds it; tests/browser/test_polish_pages.py is
the test).

    python tools/polish_walk.py http://127.0.0.1:8000 [--build-dir build] [-v]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.polish_walk import polish_pages, walk_all  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("base")
    p.add_argument("--build-dir", default="build")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    from playwright.sync_api import sync_playwright

    pages = polish_pages(Path(args.build_dir))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        try:
            found = walk_all(browser, args.base.rstrip("/"), pages, Path(args.build_dir))
        finally:
            browser.close()
    distinct = {(f.where.split(" > ")[-1], f.text) for f in found}
    for f in found if args.verbose else []:
        print(f"{f.url}\t{f.where}\t{f.text[:120]!r}\t{f.why}")
    by_page = Counter(f.url for f in found)
    for url, n in by_page.most_common():
        print(f"{n:5d}  {url}")
    print(f"{len(pages)} pages walked; {len(found)} English interface texts on {len(by_page)} pages "
          f"({len({f.text for f in found})} distinct texts, {len(distinct)} distinct places)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
