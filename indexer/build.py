"""The build orchestrator: content/ -> a release (Whoosh index, pages, offline data).

get_files -> parse_entries -> load_data_files -> render_pages -> resolve_links
-> link_backlinks -> write_release. Each stage is small and typed; any problem
stops the build with every message naming its file and line.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import content_limits as limits
from . import render
from .changes import CHANGES_FILE, changes_since
from .data_checks import check_data
from .data_files import load_data_files
from .errors import BuildError, Problem
from .facts import status_effect_facts
from .frontmatter import FrontMatterError, split_front_matter
from .model import LANGS, Entry
from .offline_data import offline_search_data
from .release import FORMAT_VERSION, current_release, new_release_dir, publish, write_json
from .rulings import ruling_keys
from .search_backend import write_index
from .search_extras import search_extras
from .search_index import bodies_file, search_bodies, search_index, terms_file
from .search_index import encode as encode_index
from .synonyms import english_terms, polish_names, synonym_groups
from .twins import check_twins, stale_twins
from .validate import make_entry

CODE_DIR = Path(__file__).parent


@dataclass
class Corpus:
    entries: dict[str, Entry]
    data: dict[str, Any]
    content_hash: str


@dataclass
class BuildReport:
    release: Path
    content_hash: str
    entries: int
    seconds: float
    stale_twins: list[str]


def get_files(content_dir: Path) -> list[Path]:
    if not content_dir.is_dir():
        raise BuildError([Problem(str(content_dir), 0, "content directory not found")])
    return sorted(p for p in content_dir.rglob("*.md") if p.is_file())


def _display(path: Path, content_dir: Path) -> str:
    try:
        return str(path.relative_to(content_dir.parent))
    except ValueError:
        return str(path)


def parse_entries(files: list[Path], content_dir: Path) -> tuple[list[Entry], list[Problem]]:
    entries, problems = [], []
    for path in files:
        shown = _display(path, content_dir)
        if limits.display_name(path) is None:
            problems.append(Problem(limits.printable_name(Path(shown)), 0, "the file name is not UTF-8: rename it"))
            continue
        text, read_problems = limits.read_entry_text(shown, path.read_bytes())
        if text is None:
            problems += read_problems
            continue
        try:
            fm = split_front_matter(shown, text)
        except FrontMatterError as exc:
            problems.append(exc.problem)
            continue
        entry, entry_problems = make_entry(shown, fm)
        problems += entry_problems + limits.unsafe_link_problems(shown, fm.body, fm.body_line)
        if entry is not None:
            entries.append(entry)
    return entries, problems


def check_duplicates(entries: list[Entry]) -> list[Problem]:
    first: dict[str, Entry] = {}
    problems = []
    for e in entries:
        if e.id in first:
            msg = f"duplicate id '{e.id}' (first used in {first[e.id].path})"
            problems.append(Problem(e.path, e.id_line, msg))
        else:
            first[e.id] = e
    return problems


def render_pages(entries: dict[str, Entry]) -> tuple[dict[str, list[render.WikiLink]], list[Problem]]:
    titles = {e.id: e.title for e in entries.values()}
    # On a Polish page [[english-id]] shows (and links to) the Polish twin when there is one.
    titles_pl = {**titles, **{e.twin: e.title for e in entries.values() if e.translation_of and e.twin}}
    links, problems = {}, []
    for e in entries.values():
        try:
            links[e.id] = render.render_entry(e, titles_pl if e.lang == "pl" else titles)
        except RecursionError:
            problems.append(Problem(e.path, e.body_line, "the Markdown is nested too deeply to render"))
    return links, problems


def resolve_links(entries: dict[str, Entry], links: dict[str, list[render.WikiLink]]) -> list[Problem]:
    problems = []
    for e in entries.values():
        problems += render.resolve_links(e, links[e.id], entries)
        for rel in e.related:
            if rel not in entries:
                problems.append(Problem(e.path, e.related_line, f"related id '{rel}' has no entry"))
    return problems


def link_backlinks(entries: dict[str, Entry]) -> dict[str, list[str]]:
    """Entry id -> ids of the FAQ entries that clarify it (link to it or list it as related)."""
    faqs: dict[str, list[str]] = {}
    for e in entries.values():
        if e.kind != "faq" or e.translation_of:  # a twin's page lists the twins of its English entry's FAQs
            continue
        for target in dict.fromkeys([*e.links, *e.related]):
            if target != e.id:
                faqs.setdefault(target, []).append(e.id)
    return faqs


def hash_content(files: list[Path], content_dir: Path) -> str:
    digest = hashlib.sha256(f"format-{FORMAT_VERSION}".encode())
    data_files = sorted((content_dir / "data").glob("*.y*ml")) if (content_dir / "data").is_dir() else []
    code_files = sorted(CODE_DIR.glob("*.py"))
    for path in [*files, *data_files, *code_files]:
        digest.update(os.fsencode(path.name))
        digest.update(path.read_bytes())
    return digest.hexdigest()


def load_corpus(content_dir: Path) -> Corpus:
    """Every stage but writing: the checked, rendered content in memory."""
    files = get_files(content_dir)
    entry_list, problems = parse_entries(files, content_dir)
    problems += check_duplicates(entry_list)
    data, data_files, data_problems = load_data_files(content_dir)
    problems += data_problems
    if problems:
        raise BuildError(problems)
    entries = {e.id: e for e in entry_list}
    problems = check_data(data, data_files, entries) + check_twins(entries)
    if problems:
        raise BuildError(problems)
    links, problems = render_pages(entries)
    if problems:
        raise BuildError(problems)
    problems = resolve_links(entries, links)
    if problems:
        raise BuildError(problems)
    return Corpus(entries=entries, data=data, content_hash=hash_content(files, content_dir))


def write_release(corpus: Corpus, build_dir: Path) -> Path:
    entries = sorted(corpus.entries.values(), key=lambda e: (e.game, e.title.lower()))
    groups = synonym_groups(corpus.data)
    pl_names = polish_names(corpus.data)
    faqs = link_backlinks(corpus.entries)
    en_terms = english_terms(corpus.data)
    facts = status_effect_facts(corpus.data, corpus.entries)
    extras = search_extras(entries, corpus.data, set(facts))
    staging = new_release_dir(build_dir)
    write_index(staging / "index", entries, pl_names, extras)
    rulings = ruling_keys(entries)
    rows = [{**e.to_json(), "faqs": faqs.get(e.id, []), **({"ruling": rulings[e.id]} if e.id in rulings else {}),
             "polish_names": pl_names.get(e.id, []),
             "facts": facts.get(e.id, []),
             "english_terms": [{**t, "url": corpus.entries[t["id"]].url}
                               for t in en_terms.get(e.id, [])
                               if t["id"] in corpus.entries]} for e in entries]
    write_json(staging / "entries.json", rows)
    write_json(staging / CHANGES_FILE, changes_since(current_release(build_dir), corpus.content_hash, rows))
    write_json(staging / "data.json", corpus.data)
    offline = offline_search_data(entries, groups, pl_names, corpus.content_hash, extras)
    write_json(staging / "search-data.json", offline)
    too_big = limits.offline_data_problem(staging / "search-data.json")
    if too_big:
        shutil.rmtree(staging)
        raise BuildError([too_big])
    index, terms = search_index(offline)
    (staging / "search-index.json").write_bytes(encode_index(index))
    for lang, part in terms.items():
        (staging / terms_file(lang)).write_bytes(encode_index(part))
    for lang in LANGS:
        write_json(staging / bodies_file(lang), search_bodies(offline, lang))
    write_json(staging / "manifest.json", {
        "content_hash": corpus.content_hash,
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "entries": len(entries),
        "urls": [e.url for e in entries],
        "twins": sum(1 for e in entries if e.translation_of),
        "stale_twins": [e.id for e in stale_twins(corpus.entries)],
    })
    return publish(build_dir, staging, corpus.content_hash)


def build(content_dir: Path, build_dir: Path) -> BuildReport:
    started = time.perf_counter()
    corpus = load_corpus(content_dir)
    release = write_release(corpus, build_dir)
    stale = [e.id for e in stale_twins(corpus.entries)]
    return BuildReport(release, corpus.content_hash, len(corpus.entries), time.perf_counter() - started, stale)
