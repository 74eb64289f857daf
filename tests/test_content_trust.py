"""Issue 31's content rules that a machine can check: answer first, no provenance talk, one title per page,
and the register of cross-cutting rulings (docs/audit/rulings.yaml) naming only entries that exist."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from indexer import Corpus

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "audit" / "rulings.yaml"

# How our copy of a document was made is provenance (the Sources box), never something a body tells a player.
COPY_TALK = re.compile(
    r"\bour copy\b|\bour cop(?:y|ies) of\b|\bthe sources used here\b|\bin the sources\b|\blost here\b"
    r"|\bthe sources do not\b|\bnames? (?:was |were )?not preserved\b|\bicons? (?:were |was )?lost\b"
    r"|\bscrap(?:ed|e)\b|\bw naszej kopii\b|\bkolory się nie zachowały\b|\bHow the name was established\b",
    re.IGNORECASE)
ANSWER_WORDS = 25


def first_sentence(text: str) -> str:
    text = " ".join(text.split())
    m = re.search(r"(?<=[.!?])\s+(?=[A-ZĄĆĘŁŃÓŚŹŻ\"“„(])", text)
    return text[: m.start()] if m else text


def test_no_body_tells_how_our_copy_was_made(corpus: Corpus) -> None:
    said = {e.id: sorted({m.group(0).lower() for m in COPY_TALK.finditer(e.markdown)})
            for e in corpus.entries.values() if COPY_TALK.search(e.markdown)}
    assert not said, f"{len(said)} bodies talk about our copy of a document (say what to do at the table): {said}"


def test_every_faq_answers_in_its_first_sentence(corpus: Corpus) -> None:
    long = {e.id: len(first_sentence(e.text).split()) for e in corpus.entries.values()
            if e.kind == "faq" and len(first_sentence(e.text).split()) > ANSWER_WORDS}
    assert not long, f"FAQ first sentences over {ANSWER_WORDS} words (lead with the ruling): {long}"


def test_first_sentence_helper() -> None:
    assert first_sentence("No. Nothing else.") == "No."
    assert first_sentence("Yes: the damage passes to Nyra (see below). The Huntress stays the target.") == (
        "Yes: the damage passes to Nyra (see below).")


def test_no_two_entries_share_a_title(corpus: Corpus) -> None:
    seen: dict[tuple[str, str], list[str]] = {}
    for e in corpus.entries.values():
        seen.setdefault((e.lang, e.title.casefold()), []).append(e.id)
    twins = {t: ids for (_, t), ids in seen.items() if len(ids) > 1}
    assert not twins, f"entries sharing a title: {twins}"


def test_rulings_register_names_real_entries(corpus: Corpus) -> None:
    rulings = yaml.safe_load(RULINGS.read_text(encoding="utf-8"))
    assert isinstance(rulings, list) and len(rulings) >= 20
    unknown = []
    for r in rulings:
        assert set(r) >= {"rule", "sources", "entries"}, r
        assert r["rule"].strip() and r["sources"] and r["entries"], r
        unknown += [(r["rule"][:40], i) for i in r["entries"] if i not in corpus.entries]
    assert not unknown, f"the register names entries that do not exist: {unknown}"


def test_the_register_holds_the_exceptions_players_drop() -> None:
    text = RULINGS.read_text(encoding="utf-8").lower()
    for subject in ("ultimate", "undefendable", "collateral", "priority", "boss"):
        assert subject in text, subject
