"""Numeric settings with values the app cannot use are refused by name at start-up, not with a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from throne_rules import DEFAULTS, create_app, serving
from throne_rules.cli import main
from throne_rules.setting_checks import NUMERIC_SETTINGS, SettingError, setting_problems

from indexer import build

from .helpers import entry_text, write_entry


def test_every_numeric_default_passes() -> None:
    assert set(NUMERIC_SETTINGS) <= set(DEFAULTS)
    assert setting_problems(DEFAULTS) == []


@pytest.mark.parametrize("value", ["two", -1, 1.5, True, None])
def test_a_bad_value_is_named(value: object) -> None:
    with pytest.raises(SettingError) as info:
        create_app({"SEARCH_PROCESSES": value})
    assert info.value.problems == [f"setting SEARCH_PROCESSES must be a whole number of at least 0, not {value!r}"]


def test_a_timeout_may_be_a_fraction() -> None:
    assert setting_problems({**DEFAULTS, "REQUEST_TIMEOUT": 2.5}) == []
    assert setting_problems({**DEFAULTS, "REQUEST_TIMEOUT": 0.5}) == [
        "setting REQUEST_TIMEOUT must be a number of at least 1 and at most 60, not 0.5"]
    assert setting_problems({**DEFAULTS, "REQUEST_TIMEOUT": 61}) == [
        "setting REQUEST_TIMEOUT must be a number of at least 1 and at most 60, not 61"]


def test_serve_refuses_a_setting_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    write_entry(tmp_path / "content", "a.md", entry_text("alpha", "Alpha"))
    build(tmp_path / "content", tmp_path / "build")
    monkeypatch.setenv("THRONE_RULES_SEARCH_PROCESSES", "two")  # not JSON: stays the string "two"
    monkeypatch.setenv("THRONE_RULES_CONNECTION_LIMIT", "0")

    def no_server(*args: object, **kwargs: object) -> None:
        raise AssertionError("serve went on to start a server")

    monkeypatch.setattr(serving, "make_server", no_server)
    code = main(["--content", str(tmp_path / "content"), "--build-dir", str(tmp_path / "build"), "serve"])
    err = capsys.readouterr().err
    assert code == 1
    assert "setting CONNECTION_LIMIT must be a whole number of at least 1, not 0" in err
    assert "setting SEARCH_PROCESSES must be a whole number of at least 0, not 'two'" in err
    assert "not starting: 2 problem(s)" in err and "Traceback" not in err
