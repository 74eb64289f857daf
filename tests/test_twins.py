"""Polish twins of English entries (issue 35): the format, its checks, stale twins, links, the hash command."""

from __future__ import annotations

from pathlib import Path

import pytest
from throne_rules.cli import main

from indexer import Corpus, load_corpus
from indexer.twins import english_hash, stale_twins

from .helpers import entry_text, write_entry
from .test_build_errors import problems_of

SECTIONS = "Intro.\n\n## How it works\nText.\n\n## More\nText [[other]].\n"


def twin_text(english_id: str, made_from: str, body: str = "Tekst.", **fields: str) -> str:
    meta = {"lang": "pl", "translation_of": english_id, "translated_from": f'"{made_from}"', **fields}
    return entry_text(f"pl-{english_id}", "Po polsku", body, **meta)


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    write_entry(root, "stun.md", entry_text("stun", "Stun", SECTIONS))
    write_entry(root, "other.md", entry_text("other", "Other", "See [[stun#how-it-works]] and [[stun]]."))
    return root


def current_hash(content: Path, entry_id: str) -> str:
    return english_hash(load_corpus(content).entries[entry_id])


def test_twin_links_both_ways_and_is_fresh(content: Path) -> None:
    made_from = current_hash(content, "stun")
    write_entry(content, "pl/twins/dice-throne/stun.md",
                twin_text("stun", made_from, "Wstęp.\n\n## Jak działa\nTekst.\n\n## Więcej\nZob. [[other]].\n"))
    corpus = load_corpus(content)
    twin, english = corpus.entries["pl-stun"], corpus.entries["stun"]
    assert (twin.twin, english.twin, twin.stale, twin.english_hash) == ("stun", "pl-stun", False, made_from)
    assert not stale_twins(corpus.entries)
    assert twin.to_json()["translation_of"] == "stun"


def test_stale_twin_is_flagged_not_refused(content: Path) -> None:
    write_entry(content, "pl/twins/dice-throne/stun.md", twin_text("stun", "0123456789ab"))
    corpus = load_corpus(content)
    assert [e.id for e in stale_twins(corpus.entries)] == ["pl-stun"]


def test_changing_the_english_makes_the_twin_stale(content: Path) -> None:
    write_entry(content, "pl/twins/dice-throne/stun.md", twin_text("stun", current_hash(content, "stun")))
    write_entry(content, "stun.md", entry_text("stun", "Stun", SECTIONS.replace("Intro.", "Intro, changed.")))
    assert [e.id for e in stale_twins(load_corpus(content).entries)] == ["pl-stun"]


def test_trailing_spaces_and_line_ends_do_not_make_a_twin_stale(content: Path) -> None:
    before = current_hash(content, "stun")
    write_entry(content, "stun.md", entry_text("stun", "Stun", SECTIONS.replace("\n", "  \r\n") + "\n\n"))
    assert current_hash(content, "stun") == before


@pytest.mark.parametrize(("fields", "line", "words"), [
    ({"translation_of": "nope"}, 7, "translation_of 'nope': no entry has that id"),
    ({"lang": "en"}, 6, "lang 'en' on a twin"),
    ({"kind": "faq"}, 5, "kind 'faq' differs from the English entry's 'rule'"),
    ({"game": "adventures"}, 4, "game 'adventures' differs"),
    ({"question": "reconstructed", "kind": "faq"}, 5, "kind 'faq' differs"),
])
def test_twin_mismatch_names_file_and_line(content: Path, fields: dict[str, str], line: int, words: str) -> None:
    text = twin_text("stun", "0123456789ab", **fields)
    if fields.get("translation_of") == "nope":
        text = text.replace("id: pl-stun", "id: pl-nope")
    write_entry(content, "pl/twins/dice-throne/stun.md", text)
    found = [p for p in problems_of(content) if words in p]
    assert found and found[0].startswith(f"content/pl/twins/dice-throne/stun.md:{line}:"), problems_of(content)


def test_twin_id_must_be_pl_and_the_english_id(content: Path) -> None:
    write_entry(content, "pl/x.md", twin_text("stun", "0123456789ab").replace("id: pl-stun", "id: ogluszenie"))
    assert any("must have id 'pl-stun'" in p for p in problems_of(content))


@pytest.mark.parametrize(("made_from", "words"), [
    ("123456789012", "in quotes"),  # unquoted digits: YAML makes a number of it
    ("XYZ", "12 hex digits"),
])
def test_bad_hash_is_refused(content: Path, made_from: str, words: str) -> None:
    text = twin_text("stun", made_from)
    if made_from.isdigit():
        text = text.replace(f'"{made_from}"', made_from)
    write_entry(content, "pl/twins/dice-throne/stun.md", text)
    [msg] = problems_of(content)
    assert msg.startswith("content/pl/twins/dice-throne/stun.md:8:") and words in msg


def test_translation_of_needs_translated_from(content: Path) -> None:
    text = twin_text("stun", "0123456789ab").replace('translated_from: "0123456789ab"\n', "")
    write_entry(content, "pl/twins/dice-throne/stun.md", text)
    [msg] = problems_of(content)
    assert ":7:" in msg and "needs 'translated_from'" in msg


def test_polish_pages_link_to_twins_english_pages_to_english(content: Path) -> None:
    made_from = current_hash(content, "stun")
    write_entry(content, "pl/twins/dice-throne/stun.md",
                twin_text("stun", made_from, "Wstęp.\n\n## Jak działa\nTekst.\n\n## Więcej\nTekst.\n"))
    write_entry(content, "pl/summary.md", entry_text(
        "pl-summary", "Streszczenie", "Zob. [[stun]], [[stun#how-it-works]] i [[stun#wiecej|więcej]].", lang="pl"))
    corpus = load_corpus(content)
    summary, other = corpus.entries["pl-summary"].html, corpus.entries["other"].html
    assert 'href="/dice-throne/pl-stun">Po polsku</a>' in summary  # the twin's title, its URL
    assert 'href="/dice-throne/pl-stun#jak-dziala"' in summary  # the English anchor, mapped by place
    assert 'href="/dice-throne/pl-stun#wiecej"' in summary  # the twin's own anchor
    assert 'href="/dice-throne/stun#how-it-works"' in other and 'href="/dice-throne/stun">Stun</a>' in other


def test_an_anchor_on_neither_page_is_a_broken_link(content: Path) -> None:
    write_entry(content, "pl/twins/dice-throne/stun.md", twin_text("stun", "0123456789ab"))
    write_entry(content, "pl/summary.md", entry_text("pl-summary", "S", "[[stun#nowhere]]", lang="pl"))
    assert any("broken link [[stun#nowhere]]" in p for p in problems_of(content))


def test_twin_hash_command(content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--content", str(content), "twin-hash", "stun"]) == 0
    assert capsys.readouterr().out == f"stun {current_hash(content, 'stun')}\n"
    write_entry(content, "pl/twins/dice-throne/stun.md", twin_text("stun", "0123456789ab"))
    assert main(["--content", str(content), "twin-hash", "--stale"]) == 0
    assert capsys.readouterr().out == f"pl-stun stun 0123456789ab {current_hash(content, 'stun')}\n"
    assert main(["--content", str(content), "twin-hash", "pl-stun", "nope"]) == 1
    err = capsys.readouterr().err
    assert "'pl-stun' is not an English entry" in err and "no entry has id 'nope'" in err


def test_release_has_no_stale_twins(corpus: Corpus) -> None:
    """A release ships no stale twin: update the translation, then its translated_from (twin-hash)."""
    stale = [f"{e.path} (translation_of {e.translation_of})" for e in stale_twins(corpus.entries)]
    assert not stale, "stale Polish twins: " + ", ".join(stale)


def test_every_twin_keeps_its_english_entrys_tags_and_source_files(corpus: Corpus) -> None:
    for e in corpus.entries.values():
        if e.translation_of:
            english = corpus.entries[e.translation_of]
            assert e.tags == english.tags, e.path
            assert [s.file for s in e.sources] == [s.file for s in english.sources], e.path
