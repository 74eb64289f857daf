"""Stage: split a content file into YAML front matter and Markdown body.

Every failure names the file and the line it happened on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from .errors import Problem


@dataclass
class FrontMatter:
    meta: dict[str, Any]
    key_lines: dict[str, int]  # front-matter key -> 1-based line in the file
    body: str
    body_line: int  # 1-based line where the body starts


Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same results, much faster


def parse_yaml(text: str) -> tuple[Any, yaml.Node | None]:
    """Parse once; return the data and the node tree (for line numbers)."""
    loader = Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    return data, node


class FrontMatterError(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(str(problem))


def split_front_matter(path: str, text: str) -> FrontMatter:
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise FrontMatterError(Problem(path, 1, "missing front matter: the file must start with '---'"))
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        raise FrontMatterError(Problem(path, 1, "front matter is not closed with '---'"))
    yaml_text = "".join(lines[1:end])
    meta, node = load_yaml_with_lines(path, yaml_text, first_line=2, what="bad YAML in front matter")
    if not isinstance(meta, dict) or not isinstance(node, yaml.MappingNode):
        raise FrontMatterError(Problem(path, 2, "front matter must be a YAML mapping of fields"))
    key_lines = {str(k.value): k.start_mark.line + 2 for k, _ in node.value}
    return FrontMatter(meta=meta, key_lines=key_lines, body="".join(lines[end + 1 :]), body_line=end + 2)


def load_yaml_with_lines(path: str, text: str, first_line: int = 1,
                         what: str = "bad YAML") -> tuple[Any, yaml.Node | None]:
    """Parse YAML that starts at `first_line` of `path`; return the data and its node tree (for line numbers)."""
    try:
        return parse_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + first_line if mark is not None else first_line
        reason = getattr(exc, "problem", None) or str(exc)
        raise FrontMatterError(Problem(path, line, f"{what}: {reason}")) from exc


def line_of(node: yaml.Node | None, *path: str | int) -> int:
    """1-based line of the node at `path` (mapping keys and list indexes), or of the nearest parent."""
    line = node.start_mark.line + 1 if node is not None else 1
    for step in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            node = None
        if node is None:
            break
        line = node.start_mark.line + 1
    return line
