"""The numeric settings, checked when the app is made: a bad value is refused by name, not with a traceback.

A setting from the environment arrives as JSON (Flask's `from_prefixed_env`), so
THRONE_RULES_SEARCH_PROCESSES=two stays the string "two"; without this check `int()` would fail deep inside
`create_app` or `serve`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Each numeric setting (site/__init__.py DEFAULTS, the settings table in docs/cli.md) with the least it may be.
NUMERIC_SETTINGS: dict[str, int] = {"MAX_BODY_BYTES": 1, "CONNECTION_LIMIT": 1, "REQUEST_TIMEOUT": 1,
                                    "SEARCH_PROCESSES": 0, "TRUSTED_PROXIES": 0}
# The most some may be: granian's header timeout is at most a minute (site/serving.py).
MOST: dict[str, int] = {"REQUEST_TIMEOUT": 60}
FRACTIONAL = {"REQUEST_TIMEOUT"}  # may be a fraction (seconds: 2.5)


class SettingError(ValueError):
    """One or more settings have values the app cannot use; `problems` names each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def setting_problems(config: Mapping[str, Any]) -> list[str]:
    """Each numeric setting that is not a number (a whole number, unless FRACTIONAL) at least its least, named."""
    problems = []
    for name, least in NUMERIC_SETTINGS.items():
        value = config.get(name)
        kinds = (int, float) if name in FRACTIONAL else (int,)
        most = MOST.get(name)
        if isinstance(value, bool) or not isinstance(value, kinds) or value < least or (most and value > most):
            what = "a number" if name in FRACTIONAL else "a whole number"
            upto = f" and at most {most}" if most else ""
            problems.append(f"setting {name} must be {what} of at least {least}{upto}, not {value!r}")
    return problems


def check_settings(config: Mapping[str, Any]) -> None:
    problems = setting_problems(config)
    if problems:
        raise SettingError(problems)
