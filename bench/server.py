"""The server under test: `throne-rules serve` (granian, production settings) on a free loopback port.

The same launcher the tests use (tests/helpers.LiveServer): its output goes to a file, never an
unread pipe, which under load would stall the server once the pipe is full.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.helpers import LiveServer as BenchServer  # noqa: E402

__all__ = ["BenchServer", "served"]


@contextmanager
def served(content: Path, url: str | None = None) -> Iterator[str]:
    """The base URL to measure: `url` when given (a server already running), else `content` built into a
    temporary folder and served by a BenchServer until the block ends."""
    if url:
        yield url
        return
    with tempfile.TemporaryDirectory(prefix="throne-bench-") as tmp:
        server = BenchServer(content, Path(tmp) / "build").wait_ready(timeout=300)
        try:
            yield server.url
        finally:
            server.stop()
