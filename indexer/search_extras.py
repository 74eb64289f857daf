"""What search knows of an entry beyond its page: FAQ tags as words, effect descriptions, fact boxes, sections.

Both engines index and rank with these (indexer/search_backend.py and, through the offline data,
static/js/search-rank.js), so they are computed once here, at build time:

- tags: an entry's tags as words ("moon-elf" -> "moon elf"; a tag that is an entry id also gives
  that entry's title), so "barbarian stun" or q=barbarian&kind=faq finds the Barbarian's FAQs;
- describes / describes_pl: the plain words players use for what an entry does ("dodge", "reflect
  damage back"), from content/data/describes.yaml, in English and Polish;
- described: each of those descriptions as folded content words, matched against a query as names are
  (ranking.DESC_RATIO): "prevent damage or add damage" puts Chi first for "spend to prevent dmg or add dmg";
  a Polish twin (translation_of) is described by its English entry's Polish descriptions too;
- heroes: a FAQ's hero tags as titles; its names are also searched with the hero's name in front
  ("barbarian" + "stun loop"), so "barbarian stun" puts a Barbarian Stun FAQ first;
- facts: the entry has a fact box (numbers: stack limit, activations), which a "how many" query prefers;
- sections: (anchor, heading, index of the heading's first word among the entry's words), so a hit
  whose match sits in one section links to url#anchor and shows that heading.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .analysis import TOKEN_RE, words
from .data_checks import DESCRIBES, data_stems
from .model import Entry
from .ranking import WEAK_WORDS, content_words, entry_names, phrase_words

_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?)\]])")


@dataclass
class SearchExtras:
    tags: str = ""
    describes: str = ""
    describes_pl: str = ""
    facts: bool = False
    sections: list[tuple[str, str, int]] = field(default_factory=list)
    heroes: list[str] = field(default_factory=list)  # titles of the hero entries a FAQ is tagged with
    heroes_pl: list[str] = field(default_factory=list)  # their Polish names (content/data/hero-names-pl.yaml)
    described: list[list[str]] = field(default_factory=list)  # each description as content words
    polarity: str = ""  # a status effect's type when positive or negative (ranking.POLARITY_HINTS)


def tag_words(tags: list[str], titles: dict[str, str]) -> str:
    """Tags as searchable words: the tag with hyphens as spaces, and the title of the entry it names."""
    out: list[str] = []
    for tag in tags:
        for text in (tag.replace("-", " "), titles.get(tag, "")):
            if text and text not in out:
                out.append(text)
    return " ; ".join(out)


def hero_words(extras: SearchExtras) -> list[list[str]]:
    """A FAQ's heroes as folded name words, English titles then Polish names (ranking.QueryInfo.names_hero)."""
    return [content_words(words(h)) for h in [*extras.heroes, *extras.heroes_pl]]


def search_names(entry: Entry, polish: list[str], extras: SearchExtras) -> list[list[str]]:
    """An entry's names for name_match (ranking.entry_names), and for a hero's FAQ each name again with the
    hero's name in front."""
    names = entry_names(entry.title, [*entry.aliases, *polish])
    for hero in extras.heroes:
        prefix = content_words(words(hero))
        names += [prefix + n for n in names[:] if n[:len(prefix)] != prefix and prefix + n not in names]
    return names


def described_words(phrases: list[str]) -> list[list[str]]:
    """Descriptions as folded content words (as ranking.entry_names makes names), without repeats."""
    return phrase_words(phrases)


def describes_by_id(data: dict[str, Any]) -> dict[str, tuple[list[str], list[str]]]:
    """Entry id -> (English descriptions, Polish descriptions) from content/data/describes*.yaml (describes.yaml,
    describes-faq.yaml, ...: one file per part of the content, merged in file-name order)."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    items = [item for stem in data_stems(data, DESCRIBES) for item in (data[stem] or {}).get("entries") or []]
    for item in items:
        if isinstance(item, dict) and item.get("id"):
            en, pl = out.setdefault(str(item["id"]), ([], []))
            en += [str(x) for x in item.get("en") or []]
            pl += [str(x) for x in item.get("pl") or []]
    return out


def _norm(text: str) -> str:
    """A heading as render.plain_text writes it into the entry's text."""
    return _SPACE_BEFORE_PUNCT.sub(r"\1", " ".join(text.split())).replace("( ", "(")


def section_starts(entry: Entry) -> list[tuple[str, str, int]]:
    """(anchor, heading, index of the heading's first word among the words of entry.text), in page order;
    a heading not found in the text is left out. Word indices, not character offsets: the offline
    client counts the same words (Python and JavaScript count characters differently)."""
    out: list[tuple[str, str, int]] = []
    pos = 0
    for anchor, heading in zip(entry.anchors, entry.headings, strict=False):
        at = entry.text.find(_norm(heading), pos)
        if at < 0:
            continue
        out.append((anchor, heading, len(TOKEN_RE.findall(entry.text, 0, at))))
        pos = at + 1
    return out


def search_extras(entries: list[Entry], data: dict[str, Any], with_facts: set[str]) -> dict[str, SearchExtras]:
    titles = {e.id: e.title for e in entries}
    heroes = {e.id for e in entries if e.kind == "hero"}
    heroes_pl = {str(item["id"]): [str(n) for n in item.get("pl") or []]
                 for item in (data.get("hero-names-pl") or {}).get("heroes") or []}
    described = describes_by_id(data)
    polarity = {item["id"]: item["type"] for item in data.get("status-effects", {}).get("effects", []) or []
                if isinstance(item, dict) and item.get("type") in ("positive", "negative")}
    out: dict[str, SearchExtras] = {}
    for e in entries:
        en, pl = described.get(e.id, ([], []))
        pl_desc = pl
        if e.translation_of and e.lang == "pl":
            # a Polish twin: its English entry's Polish descriptions describe it too, matched as names are (not
            # searched as its text: BM25 on them put twins above the summary pages older labels name, on dev sets)
            pl_desc = list(dict.fromkeys([*pl, *described.get(e.translation_of, ([], []))[1]]))
        out[e.id] = SearchExtras(tags=tag_words(e.tags, titles), describes=" ; ".join(en),
                                 describes_pl=" ; ".join(pl), facts=e.id in with_facts,
                                 sections=section_starts(e), described=described_words(en + pl_desc),
                                 heroes=[titles[t] for t in e.tags if t in heroes] if e.kind == "faq" else [],
                                 heroes_pl=[n for t in e.tags if t in heroes for n in heroes_pl.get(t, [])]
                                 if e.kind == "faq" else [],
                                 polarity=polarity.get(e.id, ""))
    return out


def name_segments(segments: list[list[tuple[str, ...]]], names: list[list[str]],
                  matches: Callable[[str, bool], Iterable[str]]) -> set[int]:
    """The query segments that name the entry: a phrase of the segment has every word matched (matches: the name
    words a query word matches, as name_match matches them, the last segment's one word by prefix too) by a word of
    one of the entry's names (title, aliases, Polish names)."""
    own = {w for name in names for w in name}
    out: set[int] = set()
    for i, alternatives in enumerate(segments):
        last = i == len(segments) - 1
        if any(all(own.intersection(matches(w, last and len(phrase) == 1)) for w in phrase) for phrase in alternatives):
            out.add(i)
    return out


def section_words(plain: set[str], owners: dict[str, set[int]], segments: list[list[tuple[str, ...]]],
                  flags: list[float], named: set[int]) -> set[str]:
    """The matched plain words a section link may rest on: those of a strong segment beyond the entry's names
    (named: name_segments). A query that only names the entry (its title or an alias, however typed) opens the
    entry at its top; a section only when the query's other words point there. Keep in step with sectionWords in
    static/js/search-rank.js."""
    beyond = {i for i in range(len(segments)) if i not in named and flags[i] >= 1.0}
    return {w for w in plain if owners.get(w, set()) & beyond}


def best_section(tokens: list[str], wanted: set[str], sections: list[tuple[str, str, int]] | list[list[Any]],
                 title: list[str]) -> tuple[str, str] | None:
    """The section a hit's match sits in: (anchor, heading), or None when the match is not in one section.

    tokens are the folded words of the entry's text; wanted the folded words the query matched, less
    the words of the entry's title (they name the entry, not a part of it) and the weak words.
    Each part of the text (the intro before the first heading, then each section with its heading)
    counts the distinct wanted words it holds; the section with the most wins if it holds strictly
    more than every other part, and two or more of them (or the only one the entry has).
    Keep in step with bestSection in static/js/search-rank.js.
    """
    wanted = wanted - set(title) - WEAK_WORDS
    if not sections or not wanted:
        return None
    if len(wanted) == 1:  # one word: in one section only if it is in no other part (rarely); count quickly
        word = next(iter(wanted))
        starts = [s[2] for s in sections]
        where = {bisect.bisect_right(starts, at) for at, w in enumerate(tokens) if w == word}
        if len(where) != 1 or 0 in where:
            return None
        anchor, heading, _ = sections[where.pop() - 1]
        return anchor, heading
    counts: list[set[str]] = [set() for _ in range(len(sections) + 1)]
    part = 0
    for at, word in enumerate(tokens):
        while part < len(sections) and at >= sections[part][2]:
            part += 1
        if word in wanted:
            counts[part].add(word)
    sizes = [len(c) for c in counts]
    top = max(sizes)
    if top < min(2, len(set().union(*counts))) or top == 0 or sizes.count(top) > 1 or sizes[0] == top:
        return None
    anchor, heading, _ = sections[sizes.index(top) - 1]
    return anchor, heading
