"""The content model: what an entry is, and the closed vocabularies it uses."""

from __future__ import annotations

from dataclasses import dataclass, field

from .provenance import source_view

GAMES: dict[str, str] = {
    "dice-throne": "Dice Throne",
    "adventures": "Dice Throne Adventures",
    "dungeon-dice": "Dungeon Dice",
}

KINDS: dict[str, str] = {
    "overview": "Overview",
    "rule": "Rule",
    "phase": "Turn phase",
    "glossary": "Glossary",
    "faq": "FAQ",
    "status-effect": "Status effect",
    "companion": "Companion",
    "token": "Token",
    "hero": "Hero",
    "mode": "Game mode",
    "component": "Component",
    "card": "Card",
    "symbol": "Symbol",
    "monster": "Monster",
    "summary": "Player's summary",
    "other": "Other",
}

LANGS: dict[str, str] = {"en": "English", "pl": "Polski"}

REQUIRED_FIELDS: tuple[str, ...] = ("id", "title", "game", "kind", "lang", "sources")


@dataclass(frozen=True)
class Source:
    file: str
    section: str


@dataclass
class Entry:
    """One rule entry, as parsed and then rendered by the build."""

    id: str
    title: str
    game: str
    kind: str
    lang: str
    sources: list[Source]
    path: str
    body_line: int
    markdown: str
    aliases: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    question: str | None = None  # "reconstructed": the writers worded the question (kind faq only)
    html: str = ""
    text: str = ""
    summary: str = ""
    answer: str = ""  # a ruling's (FAQ's) answer in a few words, for the search suggestions (indexer/answers.py)
    headings: list[str] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    id_line: int = 2
    related_line: int = 2
    field_lines: dict[str, int] = field(default_factory=dict)  # front-matter key -> line, for problems
    # Polish twins (indexer/twins.py): on a twin, the English id it translates and the hash it was made from;
    # `twin` is the other side on both (the English entry's twin id, the twin's English id).
    translation_of: str | None = None
    translated_from: str | None = None
    twin: str | None = None
    english_hash: str | None = None  # on a twin: the English entry's current hash
    stale: bool = False  # on a twin: the English changed since it was translated

    @property
    def url(self) -> str:
        return entry_url(self.game, self.id)

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "game": self.game,
            "kind": self.kind,
            "lang": self.lang,
            "url": self.url,
            "aliases": self.aliases,
            "tags": self.tags,
            "related": self.related,
            "question": self.question,
            "translation_of": self.translation_of,
            "translated_from": self.translated_from,
            "twin": self.twin,
            "stale": self.stale,
            # file and section as written; document and label as a page shows them
            "sources": [{"file": s.file, "section": s.section, **source_view(s.file, s.section, self.lang)}
                        for s in self.sources],
            "html": self.html,
            "text": self.text,
            "summary": self.summary,
            "answer": self.answer,
            "headings": self.headings,
            "anchors": self.anchors,
            "links": self.links,
            "path": self.path,
        }


def entry_url(game: str, entry_id: str) -> str:
    return f"/{game}/{entry_id}"

