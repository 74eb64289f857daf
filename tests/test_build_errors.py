"""Every build error names the file and the line, on a tiny corpus in tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer import BuildError, build, load_corpus

from .helpers import entry_text, write_entry


def problems_of(content: Path) -> list[str]:
    with pytest.raises(BuildError) as info:
        load_corpus(content)
    return [str(p) for p in info.value.problems]


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    write_entry(root, "good.md", entry_text("good", "Good entry"))
    return root


def test_valid_corpus_builds(content: Path, tmp_path: Path) -> None:
    report = build(content, tmp_path / "build")
    assert report.entries == 1
    assert (report.release / "index").is_dir()
    assert (report.release / "search-data.json").is_file()
    assert (tmp_path / "build" / "current").is_symlink()


def test_bad_yaml(content: Path) -> None:
    write_entry(content, "bad.md", "---\nid: bad\ntitle: [unclosed\ngame: dice-throne\n---\nbody\n")
    [msg] = problems_of(content)
    assert msg.startswith("content/bad.md:") and "bad YAML" in msg
    assert int(msg.split(":")[1]) in (3, 4)


def test_missing_front_matter(content: Path) -> None:
    write_entry(content, "plain.md", "just text\n")
    assert problems_of(content) == ["content/plain.md:1: missing front matter: the file must start with '---'"]


@pytest.mark.parametrize("field", ["id", "title", "game", "kind", "lang"])
def test_missing_required_field(content: Path, field: str) -> None:
    text = entry_text("x", "X")
    text = "\n".join(line for line in text.splitlines() if not line.startswith(f"{field}:")) + "\n"
    write_entry(content, "x.md", text)
    [msg] = problems_of(content)
    assert msg.startswith("content/x.md:") and f"missing required field '{field}'" in msg


def test_entry_without_sources(content: Path) -> None:
    write_entry(content, "nosrc.md", "---\nid: nosrc\ntitle: T\ngame: dice-throne\nkind: rule\nlang: en\n---\nbody\n")
    [msg] = problems_of(content)
    assert msg == "content/nosrc.md:2: missing required field 'sources'"


def test_empty_sources_list(content: Path) -> None:
    write_entry(content, "s.md", entry_text("s", "S", sources="[]"))
    [msg] = problems_of(content)
    assert msg.startswith("content/s.md:7:") and "missing required field 'sources'" in msg


@pytest.mark.parametrize(("field", "value", "line"), [("game", "chess", 4), ("kind", "recipe", 5), ("lang", "de", 6)])
def test_unknown_vocabulary(content: Path, field: str, value: str, line: int) -> None:
    write_entry(content, "v.md", entry_text("v", "V", **{field: value}))
    [msg] = problems_of(content)
    assert msg.startswith(f"content/v.md:{line}: unknown {field} '{value}'")


def test_duplicate_id(content: Path) -> None:
    write_entry(content, "sub/again.md", entry_text("good", "Again"))
    [msg] = problems_of(content)
    assert msg == "content/sub/again.md:2: duplicate id 'good' (first used in content/good.md)"


def test_broken_link_names_line(content: Path) -> None:
    write_entry(content, "l.md", entry_text("l", "L", body="First line.\n\nSee [[nowhere]] here.\n"))
    [msg] = problems_of(content)
    assert msg == "content/l.md:13: broken link [[nowhere]]: no entry has that id"


def test_broken_anchor(content: Path) -> None:
    write_entry(content, "a.md", entry_text("a", "A", body="See [[good#no-such-section|this]].\n"))
    [msg] = problems_of(content)
    assert "content/a.md:11: broken link [[good#no-such-section]]" in msg


def test_broken_related(content: Path) -> None:
    write_entry(content, "r.md", entry_text("r", "R", related="[good, ghost]"))
    [msg] = problems_of(content)
    assert msg == "content/r.md:7: related id 'ghost' has no entry"


def test_bad_data_file(content: Path) -> None:
    write_entry(content, "data/table.yaml", "sources:\n  - file: x.txt\n    section: s\nrows: [1, 2\n")
    [msg] = problems_of(content)
    assert msg.startswith("content/data/table.yaml:") and "bad YAML" in msg


def test_data_file_without_sources(content: Path) -> None:
    write_entry(content, "data/table.yaml", "rows: [1, 2]\n")
    assert problems_of(content) == ["content/data/table.yaml:1: data file without 'sources'"]


def test_all_problems_reported_at_once(content: Path) -> None:
    write_entry(content, "v1.md", entry_text("v1", "V1", game="chess"))
    write_entry(content, "v2.md", entry_text("v2", "V2", kind="recipe"))
    assert len(problems_of(content)) == 2


def test_cli_build_exits_nonzero_with_file_and_line(
    content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from throne_rules.cli import main

    write_entry(content, "l.md", entry_text("l", "L", body="[[nowhere]]\n"))
    code = main(["--content", str(content), "--build-dir", str(tmp_path / "b"), "build"])
    err = capsys.readouterr().err
    assert code == 1
    assert "content/l.md:11: broken link [[nowhere]]" in err


def test_raw_html_is_escaped(content: Path) -> None:
    write_entry(content, "x.md", entry_text("x", "X", body="Hi <script>alert(1)</script>\n"))
    html = load_corpus(content).entries["x"].html
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_links_and_anchors_resolve(content: Path) -> None:
    write_entry(content, "good.md", entry_text("good", "Good entry", body="## Damage type chart\n\ntext\n"))
    write_entry(content, "l.md", entry_text("l", "L", body="See [[good]] and [[good#damage-type-chart|the chart]].\n"))
    corpus = load_corpus(content)
    html = corpus.entries["l"].html
    assert 'href="/dice-throne/good"' in html and ">Good entry<" in html
    assert 'href="/dice-throne/good#damage-type-chart"' in html
    assert corpus.entries["good"].anchors == ["damage-type-chart"]


def test_data_reference_to_a_missing_entry(content: Path) -> None:
    write_entry(content, "data/polish-terms.yaml", "sources:\n  - {file: x.txt, section: s}\nterms:\n"
                "  - {pl: zdrowie, en: Health, id: good, pl_id: null}\n"
                "  - {pl: kości, en: Dice, id: ghost, pl_id: null}\n")
    assert problems_of(content) == ["content/data/polish-terms.yaml:5: terms.1.id: no entry has the id 'ghost'"]


def test_data_die_face_out_of_range(content: Path) -> None:
    write_entry(content, "data/targeting.yaml", "sources:\n  - {file: x.txt, section: s}\nmodes:\n  2v2:\n"
                "    - rolls: [1, 2]\n      target: left\n    - rolls: [3, 7]\n      target: right\n")
    [msg] = problems_of(content)
    assert msg == "content/data/targeting.yaml:7: modes.2v2.1.rolls.1: 7 is not a face of a six-sided die (1-6)"
