"""Provenance players understand: documents by title, reconstructed FAQ questions flagged, no insider words.

The rule for `question: reconstructed`, from the data: every FAQ answer of the online rules
reference lost its question, so a FAQ entry that cites one (a source in that document whose
section names a FAQ, "Gunslinger FAQ, answer 3 of 11") worded its own question, unless it also
cites a document that prints the question (a FAQ section of another document: the Adventures
rulebook's "FAQ", the Cursed Pirate leaflet's "Frequently Asked Questions" in the rulebook).
Such an entry must carry the flag; the flag is allowed only on an entry citing such an answer.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from throne_rules import create_app

from indexer import BuildError, Corpus, build, load_corpus
from indexer.model import Entry
from indexer.provenance import DOCUMENTS, ONLINE_REFERENCE, document_title, section_label

from .helpers import entry_text, write_entry

NOTE_EN = "We worded this question; the answer is the official FAQ's."
NOTE_PL = "Pytanie sformułowaliśmy sami; odpowiedź pochodzi z oficjalnego FAQ."

# Content folders whose rendered pages must be free of insider wording. The integrator widens this to
# all of content/ once every audit branch (which cleans its own folders) has merged.
CLEAN_FOLDERS = ["content/"]  # every page: the three audits cleaned their folders

FAQ_SECTION = re.compile(r"\bFAQ\b")
PRINTED_QUESTIONS = re.compile(r"\bFAQ\b|Frequently Asked Questions", re.IGNORECASE)
# "scraped", a source file name, or a source file's bare number used as a name ("rulebook `001`", "(000)").
INSIDER = [
    re.compile(r"scrap", re.IGNORECASE),
    re.compile(r"\b00[0-4]_[0-9a-f]*"),
    re.compile(r"[0-9a-f]{16}\.txt"),
    re.compile(r"(?<![\w,.\-/#=?&])00[0-4](?![\w])"),
]


def cites_online_faq_answer(e: Entry) -> bool:
    return any(s.file == ONLINE_REFERENCE and FAQ_SECTION.search(s.section) for s in e.sources)


def cites_printed_question(e: Entry) -> bool:
    return any(s.file != ONLINE_REFERENCE and PRINTED_QUESTIONS.search(s.section) for s in e.sources)


def insider_words(text: str) -> list[str]:
    return [m.group(0) for rx in INSIDER for m in rx.finditer(text)]


def test_reconstructed_questions_carry_the_flag(corpus: Corpus) -> None:
    faqs = [e for e in corpus.entries.values() if e.kind == "faq"]
    missing = [e.id for e in faqs if cites_online_faq_answer(e) and not cites_printed_question(e)
               and e.question != "reconstructed"]
    assert not missing, f"FAQs citing only online-reference answers without 'question: reconstructed': {missing}"
    wrong = [e.id for e in corpus.entries.values() if e.question and not cites_online_faq_answer(e)]
    assert not wrong, f"'question: reconstructed' on entries citing no online-reference FAQ answer: {wrong}"
    assert sum(e.question == "reconstructed" for e in faqs) >= 100  # the Dice Throne FAQ rests on those answers


def test_the_note_renders_on_flagged_faqs_only(client: FlaskClient, corpus: Corpus) -> None:
    faqs = sorted((e for e in corpus.entries.values() if e.kind == "faq"), key=lambda e: e.id)
    flagged = [e for e in faqs if e.question == "reconstructed"]
    plain = [e for e in faqs if e.question is None]
    assert flagged and plain
    # a Polish twin carries its English FAQ's flag, and its page shows the note in Polish (the English page in English)
    twins = [e for e in faqs if e.translation_of]
    assert twins and all(e.lang == "pl" for e in twins)
    for e in twins:
        assert e.question == corpus.entries[e.translation_of].question, e.id
    notes = {"en": NOTE_EN.replace("'", "&#39;"), "pl": NOTE_PL}
    for e in flagged:
        html = client.get(e.url).get_data(as_text=True)
        own, other = notes[e.lang], notes["pl" if e.lang == "en" else "en"]
        assert html.count(own) == 1 and other not in html, e.id
    for e in plain:
        html = client.get(e.url).get_data(as_text=True)
        assert not any(note in html for note in notes.values()), e.id


def test_no_body_explains_the_lost_question_itself(corpus: Corpus) -> None:
    said = [e.id for e in corpus.entries.values() if e.question and re.search(r"kept only the answer|"
                                                                               r"question (?:above )?was", e.text)]
    assert not said, f"the note says it once; bodies must not: {said}"


def test_sources_show_document_titles_and_clean_sections(client: FlaskClient, corpus: Corpus) -> None:
    e = corpus.entries["faq-gunslinger-evasive-undefendable"]
    html = client.get(e.url).get_data(as_text=True)
    sources = html[html.index('class="entry-sources"'):]
    sources = sources[: sources.index("</section>")]
    assert "<cite>Official online rules reference</cite>" in sources
    assert ".txt" not in sources and "<code>" not in sources
    for s in e.sources:
        assert section_label(s.section) in sources


@pytest.mark.parametrize(("section", "shown"), [
    ("Status effects (alphabetical list near the end; names lost in the scrape)",
     "Status effects (alphabetical list near the end)"),
    ("General FAQ answers (questions lost: jumping to level 3)", "General FAQ answers (jumping to level 3)"),
    ("General FAQ answers (question lost): it means you pick the person",
     "General FAQ answers: it means you pick the person"),
    ("Cursed Pirate leaflet: Frequently Asked Questions (OCR)", "Cursed Pirate leaflet: Frequently Asked Questions"),
    ("Game setup (numbers lost in the scrape)", "Game setup"),
    ("Turn Phases (7 Main Phase (2), 8 Discard Phase)", "Turn Phases (7 Main Phase (2), 8 Discard Phase)"),
    ("Vampire Lord FAQ answers (excess lost)", "Vampire Lord FAQ answers (excess lost)"),  # a rule, not a note
    ("Gunslinger FAQ, answer 3 of 11", "Gunslinger FAQ, answer 3 of 11"),
    ("names lost in the scrape", ""),  # all of it a note for writers: the page shows the document alone
])
def test_section_label(section: str, shown: str) -> None:
    assert section_label(section) == shown


def test_every_section_in_the_content_shows_in_player_words(corpus: Corpus) -> None:
    bad = sorted({(e.id, section_label(s.section)) for e in corpus.entries.values() for s in e.sources
                  if insider_words(section_label(s.section)) or re.search(r"\b(?:questions?|names?) lost\b|\bOCR\b",
                                                                          section_label(s.section))})
    assert not bad, bad


def test_every_document_has_an_english_and_a_polish_title() -> None:
    for file, titles in DOCUMENTS.items():
        assert titles["en"] and titles["pl"] and titles["en"] != titles["pl"], file
        assert not insider_words(titles["en"] + titles["pl"]), file


def test_unknown_source_file_fails_the_build(tmp_path: Path) -> None:
    root = tmp_path / "content"
    write_entry(root, "x.md", entry_text("x", "X", sources="\n  - {file: notes.txt, section: s}"))
    with pytest.raises(BuildError) as info:
        load_corpus(root)
    [problem] = [str(p) for p in info.value.problems]
    assert problem.startswith("content/x.md:") and "unknown source file 'notes.txt'" in problem


@pytest.mark.parametrize(("fields", "message"), [
    ({"kind": "faq", "question": "guessed"}, "unknown question 'guessed' (one of: reconstructed)"),
    ({"kind": "rule", "question": "reconstructed"}, "'question' is only for FAQ entries (kind: faq)"),
])
def test_question_field_is_checked(tmp_path: Path, fields: dict[str, str], message: str) -> None:
    root = tmp_path / "content"
    write_entry(root, "faq-x.md", entry_text("faq-x", "X?", **fields))
    with pytest.raises(BuildError) as info:
        load_corpus(root)
    [problem] = [str(p) for p in info.value.problems]
    assert problem == f"content/faq-x.md:7: {message}"


@pytest.fixture(scope="module")
def polish_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """A tiny corpus with a flagged Polish FAQ, built and served: the note and sources in Polish."""
    root = tmp_path_factory.mktemp("pl") / "content"
    write_entry(root, "pl-faq.md", entry_text(
        "pl-faq", "Czy unik działa na ultimate?", kind="faq", lang="pl", question="reconstructed",
        sources=f"\n  - {{file: {ONLINE_REFERENCE}, section: 'Monk FAQ, answer 1 of 12'}}"))
    out = root.parent / "build"
    build(root, out)
    return create_app({"TESTING": True, "BUILD_DIR": str(out), "CONTENT_DIR": str(root)})


def test_polish_pages_name_sources_and_the_note_in_polish(polish_app: Flask) -> None:
    html = polish_app.test_client().get("/dice-throne/pl-faq").get_data(as_text=True)
    assert ">Źródła</h2>" in html and ">Sources</h2>" not in html
    assert f"<cite>{document_title(ONLINE_REFERENCE, 'pl')}</cite>" in html
    assert NOTE_PL in html and NOTE_EN.replace("'", "&#39;") not in html


TEMPLATES = Path(__file__).resolve().parent.parent / "site" / "templates"


def test_templates_have_no_insider_words() -> None:
    templates = sorted(TEMPLATES.glob("*.html"))
    assert templates
    found = {t.name: insider_words(t.read_text(encoding="utf-8")) for t in templates}
    assert not {k: v for k, v in found.items() if v}


def _owned(e: Entry) -> bool:
    return any(e.path.startswith(folder) for folder in CLEAN_FOLDERS)


def test_pages_in_the_clean_folders_have_no_insider_words(client: FlaskClient, corpus: Corpus) -> None:
    owned = [e for e in corpus.entries.values() if _owned(e)]
    assert len(owned) == len(corpus.entries), "every entry is checked"
    found = {}
    for e in owned:
        resp = client.get(e.url)
        assert resp.status_code == 200, e.url
        words = insider_words(resp.get_data(as_text=True))
        if words:
            found[e.id] = words
    assert not found, f"insider wording on pages: {found}"
