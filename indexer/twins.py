"""Polish twins of English entries (issue 35): check them, hash the English they were made from, flag stale ones.

A twin is an entry with `translation_of: <english-id>` and `translated_from: <hash>` (docs/content-format.md,
"Polish twins"). The hash is `english_hash()` of the English entry: its title and Markdown body, with line ends
and trailing spaces normalised, so only a change a translator must follow changes it. A twin whose recorded
hash differs from the English entry's current one is stale: the build still succeeds, the Polish page says the
English changed since, and `tests/test_twins.py` fails the release.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from .errors import Problem
from .model import Entry

TWIN_PREFIX = "pl-"
HASH_CHARS = 12


def twin_id(english_id: str) -> str:
    return TWIN_PREFIX + english_id


def english_text(entry: Entry) -> str:
    """What a twin is translated from: the title, the question note, and the body, normalised."""
    body = "\n".join(line.rstrip() for line in entry.markdown.replace("\r\n", "\n").split("\n")).strip("\n")
    question = f"question: {entry.question}\n" if entry.question else ""
    return f"{entry.title.strip()}\n{question}\n{body}\n"


def english_hash(entry: Entry) -> str:
    return hashlib.sha256(english_text(entry).encode("utf-8")).hexdigest()[:HASH_CHARS]


def check_twins(entries: dict[str, Entry]) -> list[Problem]:
    """Check every twin against its English entry; link the two (`twin` on both); mark stale twins."""
    problems: list[Problem] = []
    for e in entries.values():
        if e.translation_of is None:
            continue
        line = e.field_lines.get("translation_of", 2)
        source = entries.get(e.translation_of)
        if source is None:
            problems.append(Problem(e.path, line, f"translation_of '{e.translation_of}': no entry has that id"))
            continue
        if source.lang != "en":
            problems.append(Problem(e.path, line, f"translation_of '{source.id}' is a '{source.lang}' entry; "
                                    "a twin translates an English entry"))
            continue
        expected = twin_id(source.id)
        if e.id != expected:
            problems.append(Problem(e.path, e.id_line, f"a twin of '{source.id}' must have id '{expected}'"))
        if e.lang != "pl":
            problems.append(Problem(e.path, e.field_lines.get("lang", 2),
                                    f"lang '{e.lang}' on a twin: a twin is Polish (lang: pl)"))
        for key in ("game", "kind", "question"):
            mine, theirs = getattr(e, key), getattr(source, key)
            if mine != theirs:
                problems.append(Problem(e.path, e.field_lines.get(key, 2),
                                        f"{key} '{mine}' differs from the English entry's '{theirs}' "
                                        f"({source.path})"))
        if source.twin is not None and source.twin != e.id:
            problems.append(Problem(e.path, line, f"'{source.id}' already has a twin: {source.twin}"))
            continue
        source.twin = e.id
        e.twin = source.id
        e.english_hash = english_hash(source)
        e.stale = e.translated_from != e.english_hash
    return problems


def twin_of(entries: dict[str, Entry], english_id: str) -> Entry | None:
    """The Polish twin of an English entry, if there is one."""
    source = entries.get(english_id)
    if source is None or source.twin is None:
        return None
    return entries.get(source.twin)


def stale_twins(entries: dict[str, Entry]) -> list[Entry]:
    return sorted((e for e in entries.values() if e.stale), key=lambda e: e.id)


def _parsed(content_dir: Path) -> dict[str, Entry]:
    from .build import get_files, parse_entries

    parsed, _problems = parse_entries(get_files(content_dir), content_dir)
    return {e.id: e for e in parsed}


def hash_lines(content_dir: Path, ids: list[str]) -> tuple[list[str], list[str]]:
    """`throne-rules twin-hash [ID...]`: "<id> <hash>" for each English id (every English entry when `ids` is
    empty), and the errors (an unknown or non-English id)."""
    by_id = _parsed(content_dir)
    out, errors = [], []
    for entry_id in ids or sorted(i for i, e in by_id.items() if e.lang == "en"):
        entry = by_id.get(entry_id)
        if entry is None:
            errors.append(f"no entry has id '{entry_id}'")
        elif entry.lang != "en":
            errors.append(f"'{entry_id}' is not an English entry")
        else:
            out.append(f"{entry_id} {english_hash(entry)}")
    return out, errors


def stale_lines(content_dir: Path) -> tuple[list[str], list[str]]:
    """`throne-rules twin-hash --stale`: "<twin> <english-id> <recorded hash> <current hash>" per stale twin."""
    by_id = _parsed(content_dir)
    out = []
    for e in sorted(by_id.values(), key=lambda e: e.id):
        source = by_id.get(e.translation_of or "")
        if source is not None and e.translated_from != english_hash(source):
            out.append(f"{e.id} {source.id} {e.translated_from} {english_hash(source)}")
    return out, []
