"""Stages: render Markdown to HTML, extract text and anchors, resolve [[id]] links."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import markdown
from bs4 import BeautifulSoup

from .answers import entry_answer
from .content_limits import drop_unsafe_links
from .errors import Problem
from .folding import slugify
from .model import Entry

WIKILINK = re.compile(r"\[\[([^\]|#]+)(?:#([^\]|]+))?(?:\|([^\]]+))?\]\]")
SUMMARY_CHARS = 220
WIKI_HREF = re.compile(r'<a href="wiki:([^"#]*)(?:#([^"]*))?"')


@dataclass(frozen=True)
class WikiLink:
    target: str
    anchor: str | None
    line: int


SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?)\]])")


def plain_text(node: Any) -> str:
    text = " ".join(node.get_text(" ").split())
    return SPACE_BEFORE_PUNCT.sub(r"\1", text).replace("( ", "(")


@lru_cache(maxsize=1)
def _markdown() -> markdown.Markdown:
    md = markdown.Markdown(extensions=["tables", "sane_lists", "smarty"], output_format="html")
    # Raw HTML in content is never rendered: it comes out escaped.
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    return md


def markdown_to_html(source: str) -> str:
    md = _markdown()
    md.reset()
    return md.convert(source)


def convert_wikilinks(entry: Entry, titles: dict[str, str]) -> tuple[str, list[WikiLink]]:
    """Rewrite [[id#anchor|text]] as Markdown links to a 'wiki:' URL, keeping line numbers."""
    found: list[WikiLink] = []
    out_lines = []
    for offset, line in enumerate(entry.markdown.splitlines()):
        def repl(m: re.Match[str], lineno: int = entry.body_line + offset) -> str:
            target, anchor, text = m.group(1).strip(), m.group(2), m.group(3)
            found.append(WikiLink(target, anchor.strip() if anchor else None, lineno))
            label = (text or titles.get(target, target)).replace("[", "(").replace("]", ")")
            href = f"wiki:{target}" + (f"#{anchor.strip()}" if anchor else "")
            return f"[{label}]({href})"

        out_lines.append(WIKILINK.sub(repl, line))
    return "\n".join(out_lines), found


# The accessible name of a heading's "#" link, in the entry's language.
SECTION_LINK_LABEL = {"en": "Link to this section: {}", "pl": "Link do tej sekcji: {}"}


def render_entry(entry: Entry, titles: dict[str, str]) -> list[WikiLink]:
    """Render Markdown, give headings anchors, and extract text. Links stay unresolved."""
    source, links = convert_wikilinks(entry, titles)
    soup = BeautifulSoup(markdown_to_html(source), "html.parser")
    drop_unsafe_links(soup)
    seen: set[str] = set()
    for heading in soup.find_all(["h2", "h3", "h4"]):
        base = slugify(heading.get_text())
        anchor, n = base, 2
        while anchor in seen:
            anchor, n = f"{base}-{n}", n + 1
        seen.add(anchor)
        heading["id"] = anchor
        entry.headings.append(heading.get_text().strip())
        entry.anchors.append(anchor)
    for table in soup.find_all("table"):
        wrapper = soup.new_tag("div", attrs={"class": "table-scroll"})
        table.wrap(wrapper)
    entry.text = plain_text(soup)
    first_p = soup.find("p")
    summary = plain_text(first_p) if first_p else entry.text
    entry.summary = summary if len(summary) <= SUMMARY_CHARS else summary[: SUMMARY_CHARS - 1].rsplit(" ", 1)[0] + "…"
    entry.answer = entry_answer(entry.kind, entry.summary)
    # Section links go in after the text is taken, so the "#" is not part of the searchable text.
    for heading in soup.find_all(["h2", "h3", "h4"]):
        link = soup.new_tag("a", attrs={"class": "anchor", "href": f"#{heading['id']}"})
        label = SECTION_LINK_LABEL.get(entry.lang, SECTION_LINK_LABEL["en"])
        link["aria-label"] = label.format(heading.get_text().strip())
        link.string = "#"
        heading.append(link)
    entry.html = str(soup)
    return links


def link_target(entry: Entry, target: Entry, anchor: str | None,
                entries: dict[str, Entry]) -> tuple[Entry, str | None] | None:
    """Where [[target#anchor]] in `entry` points: on a Polish page an English id goes to its Polish twin when
    there is one (the English anchor mapped to the twin's heading at the same place, or a twin's own anchor).
    None: the anchor is on neither page."""
    twin = entries.get(target.twin) if entry.lang == "pl" and target.lang == "en" and target.twin else None
    if twin is not None and twin.id != entry.id:
        if anchor is None or anchor in twin.anchors:
            return twin, anchor
        if anchor in target.anchors:
            i = target.anchors.index(anchor)
            if len(twin.anchors) == len(target.anchors):
                return twin, twin.anchors[i]
            return target, anchor  # the twin's sections differ from the English: keep the English section
        return None
    return (target, anchor) if anchor is None or anchor in target.anchors else None


def resolve_links(entry: Entry, links: list[WikiLink], entries: dict[str, Entry]) -> list[Problem]:
    """Check every [[id]] / [[id#anchor]] and point it at the entry's URL (its twin's on a Polish page)."""
    problems = []
    for link in links:
        target = entries.get(link.target)
        if target is None:
            problems.append(Problem(entry.path, link.line, f"broken link [[{link.target}]]: no entry has that id"))
        elif link.anchor and link_target(entry, target, link.anchor, entries) is None:
            msg = f"broken link [[{link.target}#{link.anchor}]]: '{link.target}' has no section '{link.anchor}'"
            problems.append(Problem(entry.path, link.line, msg))
    if problems:
        return problems

    def point(m: re.Match[str]) -> str:
        target_id, anchor = html.unescape(m.group(1)), m.group(2)
        if target_id not in entry.links:
            entry.links.append(target_id)
        found = link_target(entry, entries[target_id], html.unescape(anchor) if anchor else None, entries)
        assert found is not None  # checked above
        page, anchor = found
        lang = f' hreflang="{page.lang}"' if page.lang != entry.lang else ""
        return f'<a href="{html.escape(page.url)}{"#" + html.escape(anchor) if anchor else ""}"{lang}'

    # Every wiki link is a Markdown link this module wrote, serialised by BeautifulSoup as <a href="wiki:...">:
    # a regex over that markup does what a second parse did, in a fraction of the time.
    entry.html = WIKI_HREF.sub(point, entry.html)
    return []
