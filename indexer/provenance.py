"""Where a page's facts come from, in words a player understands.

Entries cite their sources by file (`sources: [{file, section}]`): the file is metadata
for writers. Pages never show it. They show the document's title in the page's language
and the section, cleaned of notes meant for writers ("questions lost", "OCR").

A FAQ whose question the writers worded themselves (the online reference kept only its
FAQ answers) says so with `question: reconstructed`, and its page shows one short note.
"""

from __future__ import annotations

import re

# Source file -> the document's title, per page language. One mapping: the build checks every
# entry's `file` against it, so a page can always name its documents.
DOCUMENTS: dict[str, dict[str, str]] = {
    "000_78eb23cc18105d55.txt": {
        "en": "Official online rules reference",
        "pl": "Oficjalny internetowy przewodnik po zasadach",
    },
    "001_2b96ab6011805de8.txt": {
        "en": "Dice Throne Rules of Play v2.0",
        "pl": "Dice Throne, instrukcja (Rules of Play v2.0)",
    },
    "002_340c9673ab09312e.txt": {
        "en": "Dice Throne Adventures rulebook",
        "pl": "Instrukcja Dice Throne Adventures",
    },
    "003_644980f2f8182dca.txt": {
        "en": "Polish player's summary",
        "pl": "Polskie streszczenie zasad spisane przez gracza",
    },
    "004_5c514c2dadb64e64.txt": {
        "en": "Dungeon Dice manual",
        "pl": "Instrukcja Dungeon Dice",
    },
}

# The online rules reference: the document whose FAQ kept only its answers.
ONLINE_REFERENCE = "000_78eb23cc18105d55.txt"

# `question:` values an entry may carry (kind faq only).
QUESTION_VALUES: tuple[str, ...] = ("reconstructed",)

# Notes for writers, never for players: a section note holding one is not shown.
INSIDER = re.compile(
    r"scrap\w*|\bOCR\b|\bgarbled\b|\b(?:questions?|names?|numbers?|values?|tables?|headings?|icons?)"
    r"(?: \w+)? lost\b", re.IGNORECASE)


def document_title(file: str, lang: str) -> str:
    """The document's title in the page's language (English when that language has none)."""
    titles = DOCUMENTS.get(file)
    if titles is None:
        raise KeyError(f"unknown source document {file!r}")
    return titles.get(lang) or titles["en"]


def _clean_note(note: str) -> str:
    """A note without its writer-only parts: "list; names lost" -> "list"."""
    kept = []
    for part in (p.strip() for p in note.split(";")):
        if INSIDER.search(part):
            # "questions lost: Ultimate and the targeting roll" keeps what follows the colon
            head, sep, tail = part.partition(":")
            part = tail.strip() if sep and INSIDER.search(head) and not INSIDER.search(tail) else ""
        if part:
            kept.append(part)
    return "; ".join(kept)


def section_label(section: str) -> str:
    """A section name as a page shows it, its notes for writers ("(questions lost)", "(OCR)") taken out."""
    stack: list[list[str]] = [[]]
    for ch in section:
        if ch == "(":
            stack.append([])
        elif ch == ")" and len(stack) > 1:
            inner = "".join(stack.pop())
            note = _clean_note(inner) if INSIDER.search(inner) else inner
            if note:
                stack[-1].append(f"({note})")
            else:  # the note goes, and the space before it
                while stack[-1] and stack[-1][-1] == " ":
                    stack[-1].pop()
        else:
            stack[-1].append(ch)
    while len(stack) > 1:  # an unclosed bracket: keep its text as written
        inner = "".join(stack.pop())
        stack[-1].append("(" + inner)
    label = _clean_note("".join(stack[0]))
    return " ".join(label.split()).strip(" :")  # "" when the whole section was a note for writers


def source_view(file: str, section: str, lang: str) -> dict[str, str]:
    """What a page shows for one source: the document's title and the section."""
    return {"document": document_title(file, lang), "section_label": section_label(section)}
