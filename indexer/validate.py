"""Stage: turn parsed front matter into a checked Entry, or problems."""

from __future__ import annotations

import re
from typing import Any

from .errors import Problem
from .frontmatter import FrontMatter
from .model import GAMES, KINDS, LANGS, REQUIRED_FIELDS, Entry, Source
from .provenance import DOCUMENTS, QUESTION_VALUES

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TWIN_FIELDS = ("translation_of", "translated_from")
HASH_RE = re.compile(r"^[0-9a-f]{12}$")


def _str_list(value: Any) -> list[str] | None:
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return [str(v) for v in value]
    return None


def _sources(value: Any) -> list[Source] | None:
    if not isinstance(value, list) or not value:
        return None
    out = []
    for item in value:
        if not isinstance(item, dict):
            return None
        file, section = item.get("file"), item.get("section")
        if not isinstance(file, str) or not file.strip() or not isinstance(section, (str, int)):
            return None
        out.append(Source(file=file.strip(), section=str(section).strip()))
    return out


def check_sources(path: str, line: int, value: Any) -> tuple[list[Source], list[Problem]]:
    sources = _sources(value)
    if sources is None:
        msg = "'sources' must be a non-empty list of {file, section}"
        return [], [Problem(path, line, msg)]
    return sources, []


def make_entry(path: str, fm: FrontMatter) -> tuple[Entry | None, list[Problem]]:
    meta, lines = fm.meta, fm.key_lines
    problems: list[Problem] = []

    def line_of(key: str) -> int:
        return lines.get(key, 2)

    for key in REQUIRED_FIELDS:
        if meta.get(key) in (None, "", []):
            problems.append(Problem(path, line_of(key), f"missing required field '{key}'"))
    if problems:
        return None, problems

    entry_id = str(meta["id"])
    if not ID_RE.match(entry_id):
        problems.append(Problem(path, line_of("id"), f"id '{entry_id}' must be a lower-case slug [a-z0-9-]"))
    for key, allowed in (("game", GAMES), ("kind", KINDS), ("lang", LANGS)):
        if meta[key] not in allowed:
            choices = ", ".join(allowed)
            problems.append(Problem(path, line_of(key), f"unknown {key} '{meta[key]}' (one of: {choices})"))
    lists: dict[str, list[str]] = {}
    for key in ("aliases", "tags", "related"):
        value = _str_list(meta.get(key))
        if value is None:
            problems.append(Problem(path, line_of(key), f"'{key}' must be a list of strings"))
        lists[key] = value or []
    sources, source_problems = check_sources(path, line_of("sources"), meta["sources"])
    problems += source_problems
    for source in sources:
        if source.file not in DOCUMENTS:
            known = ", ".join(DOCUMENTS)
            problems.append(Problem(path, line_of("sources"), f"unknown source file '{source.file}' (one of: {known})"))
    question = meta.get("question")
    if question is not None:
        if question not in QUESTION_VALUES:
            choices = ", ".join(QUESTION_VALUES)
            problems.append(Problem(path, line_of("question"), f"unknown question '{question}' (one of: {choices})"))
        elif meta["kind"] != "faq":
            problems.append(Problem(path, line_of("question"), "'question' is only for FAQ entries (kind: faq)"))
    twin_fields = {key: meta.get(key) for key in TWIN_FIELDS}
    of, made_from = twin_fields["translation_of"], twin_fields["translated_from"]
    if of is not None and not (isinstance(of, str) and ID_RE.match(of)):
        problems.append(Problem(path, line_of("translation_of"), "'translation_of' must be an English entry's id"))
    if made_from is not None and not (isinstance(made_from, str) and HASH_RE.match(made_from)):
        problems.append(Problem(path, line_of("translated_from"), "'translated_from' must be the English text's "
                                "hash in quotes, 12 hex digits (`throne-rules twin-hash ID` prints it)"))
    if (twin_fields["translation_of"] is None) != (twin_fields["translated_from"] is None):
        missing = "translated_from" if twin_fields["translated_from"] is None else "translation_of"
        present = "translation_of" if missing == "translated_from" else "translated_from"
        problems.append(Problem(path, line_of(present), f"'{present}' needs '{missing}' too (a Polish twin "
                                "names the English id and the hash of the text it was made from)"))
    unknown = sorted(set(meta) - set(REQUIRED_FIELDS) - {"aliases", "tags", "related", "question", *TWIN_FIELDS})
    for key in unknown:
        problems.append(Problem(path, line_of(key), f"unknown field '{key}'"))
    if problems:
        return None, problems
    entry = Entry(
        id=entry_id,
        title=str(meta["title"]).strip(),
        game=meta["game"],
        kind=meta["kind"],
        lang=meta["lang"],
        sources=sources,
        path=path,
        body_line=fm.body_line,
        markdown=fm.body,
        aliases=lists["aliases"],
        tags=lists["tags"],
        related=lists["related"],
        question=question,
        id_line=line_of("id"),
        related_line=line_of("related"),
        field_lines=dict(lines),
        translation_of=twin_fields["translation_of"],
        translated_from=twin_fields["translated_from"],
    )
    return entry, []
