"""The Python lock files (`make lock`, pip-tools) pin, with hashes, every dependency pyproject.toml declares."""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from throne_rules import PROJECT_ROOT

PIN = re.compile(r"^([A-Za-z0-9._-]+)==(\S+) \\$")


def pins(name: str) -> dict[str, str]:
    """package -> version, checking that each pin carries at least one sha256 hash."""
    text = (PROJECT_ROOT / name).read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for block in re.split(r"\n(?=\S)", text):
        line = block.splitlines()[0]
        if not line or line.startswith("#"):
            continue
        match = PIN.match(line)
        assert match, f"{name}: not an exact pin: {line!r}"
        assert "--hash=sha256:" in block, f"{name}: {line} has no hash"
        found[canonicalize_name(match.group(1))] = match.group(2)
    return found


def declared(extra: str | None) -> list[Requirement]:
    meta = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    reqs = [*meta["project"]["dependencies"], *meta["build-system"]["requires"]]
    if extra:
        reqs += meta["project"]["optional-dependencies"][extra]
    return [Requirement(r) for r in reqs]


def test_every_declared_dependency_is_pinned_within_its_range() -> None:
    for lock, extra in (("requirements.txt", None), ("requirements-test.txt", "test")):
        locked = pins(lock)
        for req in declared(extra):
            version = locked.get(canonicalize_name(req.name))
            assert version, f"{lock} lacks {req.name}: run 'make lock'"
            assert req.specifier.contains(version), f"{lock}: {req.name}=={version} is outside {req.specifier}"


def test_runtime_lock_is_the_test_lock_s_runtime_part() -> None:
    runtime, test = pins("requirements.txt"), pins("requirements-test.txt")
    assert runtime.items() <= test.items(), "the app runs in CI on exactly the versions it is served with"


def test_make_installs_from_the_locks() -> None:
    makefile = (PROJECT_ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install -q --require-hashes" in makefile
    assert "-r requirements.txt" in makefile and "-r requirements-test.txt" in makefile
    assert "pip install -q -e" not in makefile, "the app itself goes in with --no-deps"
