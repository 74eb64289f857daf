"""Term previews (static/js/term-preview.js): the short definitions of the entries a page's answers link to, taken
from the build and written into the page itself, so a preview needs no request and works offline."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup

# A link from the build's rendered HTML to another entry: href="/<game>/<entry id>" (optionally #section).
ENTRY_LINK = re.compile(r'href="/([a-z0-9-]+)/([a-z0-9-]+)(?:#[^"]*)?"')
MAX_CHARS = 320  # a preview is a sentence or two; the full page has the rest


def _short(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= MAX_CHARS:
        return text
    cut = text[:MAX_CHARS].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def term_defs(entries: dict[str, dict[str, Any]], htmls: Iterable[str], skip: str = "") -> dict[str, dict[str, str]]:
    """{entry url: {title, text}} for every entry the HTML links to (but `skip`, the page's own entry, and its
    twin)."""
    out: dict[str, dict[str, str]] = {}
    for html in htmls:
        for game, entry_id in ENTRY_LINK.findall(html):
            item = entries.get(entry_id)
            # the page's own entry, and its twin in the other language (a twin may link to its English page)
            own = skip and (entry_id == skip or item is not None and item.get("twin") == skip)
            if item is None or item["game"] != game or own or item["url"] in out:
                continue
            text = item.get("summary") or ""
            if text:
                out[item["url"]] = {"title": item["title"], "text": _short(text), "lang": item["lang"]}
    return out


def term_defs_json(defs: dict[str, dict[str, str]]) -> Markup:
    """The definitions for <script type="application/json">: "<", ">" and "&" escaped so no text closes it. One
    definition a line: pages that define the same term share that line in the page pack (page_pack.py)."""
    items = (f"{json.dumps(url, ensure_ascii=False)}: {json.dumps(d, ensure_ascii=False, sort_keys=True)}"
             for url, d in sorted(defs.items()))
    text = "{\n" + ",\n".join(items) + "\n}"
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)  # noqa: S704 - JSON with every character that could end the script escaped
