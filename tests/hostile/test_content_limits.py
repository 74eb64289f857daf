"""Content a stranger could send in a pull request (issue 23, items 8 and 9): every bad file fails the build
with file:line, never a traceback, and nothing unsafe reaches a page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from indexer import BuildError, build, load_corpus
from indexer.content_limits import MAX_ENTRY_BYTES, MAX_OFFLINE_DATA_BYTES, link_scheme

from ..helpers import entry_text, write_entry


def _problems(content: Path, tmp_path: Path) -> list[str]:
    with pytest.raises(BuildError) as info:
        build(content, tmp_path / "build")
    return [str(p) for p in info.value.problems]


def test_an_entry_over_the_size_limit_fails_with_its_file(tmp_path: Path) -> None:
    content = tmp_path / "content"
    write_entry(content, "big.md", entry_text("big", "Big", "word " * (MAX_ENTRY_BYTES // 5 + 10)))
    write_entry(content, "ok.md", entry_text("ok", "Fine"))
    [problem] = _problems(content, tmp_path)
    assert problem.startswith("content/big.md:1: entry is ") and "limit" in problem


def test_offline_data_over_its_budget_fails_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget (MAX_OFFLINE_DATA_BYTES, 4 MB) is lowered here so the test need not build megabytes."""
    import indexer.content_limits

    monkeypatch.setattr(indexer.content_limits, "MAX_OFFLINE_DATA_BYTES", 20_000)
    content = tmp_path / "content"
    for i in range(6):
        write_entry(content, f"e{i}.md", entry_text(f"e{i}", f"Entry {i}", " ".join(f"w{j}" for j in range(1500))))
    [problem] = _problems(content, tmp_path)
    assert "offline search data" in problem and "budget of 20,000" in problem
    assert not (tmp_path / "build" / "current").exists()
    assert MAX_OFFLINE_DATA_BYTES >= 4_000_000


def test_a_byte_order_mark_is_not_missing_front_matter(tmp_path: Path) -> None:
    content = tmp_path / "content"
    path = write_entry(content, "bom.md", entry_text("bom", "With BOM"))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert "bom" in load_corpus(content).entries


def test_nul_bytes_fail_with_their_line(tmp_path: Path) -> None:
    content = tmp_path / "content"
    write_entry(content, "nul.md", entry_text("nul", "Nul", "line one\nline\x00two"))
    [problem] = _problems(content, tmp_path)
    assert problem.startswith("content/nul.md:") and "NUL" in problem
    assert int(problem.split(":")[1]) > 1


def test_a_file_name_that_is_not_utf8_is_named_not_a_traceback(tmp_path: Path) -> None:
    content = tmp_path / "content"
    write_entry(content, "ok.md", entry_text("ok", "Fine"))
    (content / os.fsdecode(b"bad\xff.md")).write_text(entry_text("bad", "Bad"), encoding="utf-8")
    [problem] = _problems(content, tmp_path)
    assert "bad\\xff.md" in problem and "not UTF-8" in problem


def test_deeply_nested_markdown_fails_with_its_file(tmp_path: Path) -> None:
    content = tmp_path / "content"
    write_entry(content, "deep.md", entry_text("deep", "Deep", "> " * 3000 + "deep"))
    [problem] = _problems(content, tmp_path)
    assert problem.startswith("content/deep.md:") and "nested too deeply" in problem


@pytest.mark.parametrize("target", ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)",
                                    "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)",
                                    " javascript:alert(1)"])
def test_links_to_unsafe_schemes_fail_the_build(tmp_path: Path, target: str) -> None:
    content = tmp_path / "content"
    write_entry(content, "x.md", entry_text("x", "X", f"Text.\n\nSee [this]({target}) now."))
    [problem] = _problems(content, tmp_path)
    assert problem.startswith("content/x.md:") and "only http(s), mailto and relative links" in problem


def test_reference_links_and_images_are_checked_too(tmp_path: Path) -> None:
    content = tmp_path / "content"
    body = "See [this][1] and ![img](javascript:x).\n\n[1]: javascript:alert(1)\n"
    write_entry(content, "x.md", entry_text("x", "X", body))
    assert len(_problems(content, tmp_path)) == 2


def test_safe_links_render(tmp_path: Path) -> None:
    content = tmp_path / "content"
    body = "[web](https://example.org) [mail](mailto:a@example.org) [here](#how) [[y]]"
    write_entry(content, "x.md", entry_text("x", "X", body))
    write_entry(content, "y.md", entry_text("y", "Y"))
    html = load_corpus(content).entries["x"].html
    assert 'href="https://example.org"' in html and 'href="mailto:a@example.org"' in html
    assert 'href="#how"' in html and 'href="/dice-throne/y"' in html


def test_the_scheme_reader_sees_through_disguises() -> None:
    assert link_scheme("java\u200bscript:x") == "javascript"
    assert link_scheme("<javascript:x>") == "javascript"
    assert link_scheme("/dice-throne/stun") is None and link_scheme("stun#a:b") is None
