"""Stage: what a content file may be before it is parsed, and what its links may point at.

Every failure names the file and the line: an entry too large, a file name or text that is not UTF-8, a NUL
byte, a link whose scheme could run code (``javascript:``, ``data:``, ``vbscript:``...), and the whole offline
search data over its budget.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from .errors import Problem

# One entry's file; the largest real entry is about 12 KB.
MAX_ENTRY_BYTES = 200_000
# The offline search data every installed app downloads and keeps (about 0.8 MB today).
MAX_OFFLINE_DATA_BYTES = 4_000_000
# Links may go to the web, to e-mail, or stay in the site (relative, #anchor, the build's own wiki: links).
SAFE_SCHEMES = frozenset({"http", "https", "mailto", "wiki"})

_SCHEME = re.compile(r"^\s*<?\s*([A-Za-z][A-Za-z0-9+.\-]*)\s*:")
# Inline links and images: ](target ...) ; reference definitions: [label]: target
_INLINE_TARGET = re.compile(r"\]\(([^)]*)")
_REFERENCE_TARGET = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(\S+)")
# Invisible characters that would change a scheme's name without changing how it looks.
_INVISIBLE = re.compile(r"[\x00-\x20\u00ad\u200b-\u200f\u2060\ufeff]")


def display_name(path: Path) -> str | None:
    """The file's name as text, or None when the name is not valid UTF-8."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        return None
    return str(path)


def printable_name(path: Path) -> str:
    """A name that is not UTF-8, printable: its bad bytes as \\xNN."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def read_entry_text(shown: str, raw: bytes) -> tuple[str | None, list[Problem]]:
    """The text of one entry file (a UTF-8 byte-order mark dropped), or the problems that stop it."""
    if len(raw) > MAX_ENTRY_BYTES:
        return None, [Problem(shown, 1, f"entry is {len(raw):,} bytes; the limit is {MAX_ENTRY_BYTES:,}: "
                                        "split it into several entries")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [Problem(shown, line, f"not UTF-8 text: {exc.reason}")]
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        return None, [Problem(shown, line, "a NUL byte in the text")]
    return text, []


def link_scheme(target: str) -> str | None:
    """The scheme of a link target ("javascript" for "java\\tscript:..."), or None for a relative one."""
    m = _SCHEME.match(_INVISIBLE.sub("", target))
    return m.group(1).lower() if m else None


def unsafe_link_problems(shown: str, body: str, first_line: int) -> list[Problem]:
    problems = []
    for offset, line in enumerate(body.splitlines()):
        targets = [m.group(1) for m in _INLINE_TARGET.finditer(line)]
        targets += [m.group(1) for m in _REFERENCE_TARGET.finditer(line)]
        for target in targets:
            scheme = link_scheme(target)
            if scheme is not None and scheme not in SAFE_SCHEMES:
                problems.append(Problem(shown, first_line + offset,
                                        f"link to a '{scheme}:' address: only http(s), mailto and relative links"))
    return problems


def offline_data_problem(path: Path) -> Problem | None:
    size = path.stat().st_size
    if size > MAX_OFFLINE_DATA_BYTES:
        return Problem("content", 0, f"the offline search data is {size:,} bytes, over its budget of "
                                     f"{MAX_OFFLINE_DATA_BYTES:,}: every installed app downloads it")
    return None


def drop_unsafe_links(soup: Any) -> None:
    """Defence in depth behind `unsafe_link_problems`: a rendered link or image to an unsafe scheme loses it."""
    for tag, attr in (("a", "href"), ("img", "src")):
        for node in soup.find_all(tag, attrs={attr: True}):
            scheme = link_scheme(str(node[attr]))
            if scheme is not None and scheme not in SAFE_SCHEMES:
                del node[attr]
