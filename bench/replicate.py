"""Synthetic content for build-scaling runs: the real content copied N times with unique ids.

    python bench/replicate.py content /tmp/content-10x --copies 10

Copy 0 is the content as it is; copy k (k >= 1) gets every id suffixed `-r<k>`, and
every reference to an id inside that copy (`related:`, a Polish twin's `translation_of:`, and
[[id]], [[id#anchor]], [[id|text]] links) is rewritten the same way, so each copy links only within itself and
the build checks every link as usual. Titles and bodies are unchanged. The data files
(content/data/) are copied once: they name the original ids, which copy 0 keeps.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from indexer.frontmatter import split_front_matter  # noqa: E402
from indexer.render import WIKILINK  # noqa: E402


def suffixed(entry_id: str, copy: int) -> str:
    return entry_id if copy == 0 else f"{entry_id}-r{copy}"


def rewrite_links(body: str, copy: int) -> str:
    """[[id...]] -> [[id-r<copy>...]], keeping the anchor and the text."""
    if copy == 0:
        return body

    def repl(m: re.Match[str]) -> str:
        target, anchor, text = m.group(1).strip(), m.group(2), m.group(3)
        return ("[[" + suffixed(target, copy) + (f"#{anchor}" if anchor is not None else "")
                + (f"|{text}" if text is not None else "") + "]]")

    return WIKILINK.sub(repl, body)


def rewrite_entry(text: str, copy: int, shown: str) -> str:
    """One Markdown entry as copy `copy`: new id, related ids and links; everything else as it was."""
    if copy == 0:
        return text
    fm = split_front_matter(shown, text)
    meta = dict(fm.meta)
    meta["id"] = suffixed(str(meta["id"]), copy)
    if isinstance(meta.get("related"), list):
        meta["related"] = [suffixed(str(r), copy) for r in meta["related"]]
    if meta.get("translation_of") is not None:  # a Polish twin translates the English entry of its own copy
        meta["translation_of"] = suffixed(str(meta["translation_of"]), copy)
    head = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=1000)
    return f"---\n{head}---\n{rewrite_links(fm.body, copy)}"


def replicate(content: Path, dest: Path, copies: int) -> int:
    """Write `copies` copies of `content` into `dest` (which must not exist); return the number of entries."""
    if copies < 1:
        raise ValueError("copies must be at least 1")
    if dest.exists():
        raise FileExistsError(f"{dest} already exists")
    files = sorted(p for p in content.rglob("*.md") if p.is_file())
    data_dir = content / "data"
    dest.mkdir(parents=True)
    if data_dir.is_dir():
        shutil.copytree(data_dir, dest / "data")
    for copy in range(copies):
        base = dest if copy == 0 else dest / f"copy-{copy:03d}"
        for path in files:
            rel = path.relative_to(content)
            if rel.parts[0] == "data":
                continue
            out = base / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(rewrite_entry(path.read_text(encoding="utf-8"), copy, str(rel)), encoding="utf-8")
    return len([f for f in files if f.relative_to(content).parts[0] != "data"]) * copies


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("content", type=Path)
    p.add_argument("dest", type=Path)
    p.add_argument("--copies", type=int, default=10)
    args = p.parse_args()
    n = replicate(args.content, args.dest, args.copies)
    print(f"{n} entries in {args.dest}")


if __name__ == "__main__":
    main()
