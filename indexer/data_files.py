"""Stage: load the structured tables under content/data/ (one source of truth)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import Problem
from .frontmatter import FrontMatterError, line_of, load_yaml_with_lines
from .validate import check_sources


@dataclass
class DataFile:
    path: str  # as shown in messages
    node: Any  # the YAML node tree, for line numbers

    def line(self, *steps: str | int) -> int:
        return line_of(self.node, *steps)


def load_data_files(content_dir: Path) -> tuple[dict[str, Any], dict[str, DataFile], list[Problem]]:
    data: dict[str, Any] = {}
    files: dict[str, DataFile] = {}
    problems: list[Problem] = []
    data_dir = content_dir / "data"
    if not data_dir.is_dir():
        return data, files, problems
    for path in sorted(data_dir.glob("*.y*ml")):
        rel = str(path.relative_to(content_dir.parent)) if content_dir.parent in path.parents else str(path)
        try:
            value, node = load_yaml_with_lines(rel, path.read_text(encoding="utf-8"))
        except FrontMatterError as exc:
            problems.append(exc.problem)
            continue
        except UnicodeDecodeError as exc:
            problems.append(Problem(rel, 1, f"not UTF-8 text: {exc.reason}"))
            continue
        if not isinstance(value, dict):
            problems.append(Problem(rel, 1, "a data file must be a YAML mapping with a 'sources' list"))
            continue
        if "sources" not in value:
            problems.append(Problem(rel, 1, "data file without 'sources'"))
            continue
        _, source_problems = check_sources(rel, line_of(node, "sources"), value["sources"])
        problems += source_problems
        data[path.stem] = value
        files[path.stem] = DataFile(rel, node)
    return data, files, problems
