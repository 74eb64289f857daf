"""The server under test: `throne-rules serve` (waitress, production settings) on a free loopback port.

The same launcher the tests use (tests/helpers.LiveServer): its output goes to a file, never an
unread pipe, which under load would stall waitress (it logs a warning per queued request).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.helpers import LiveServer as BenchServer  # noqa: E402

__all__ = ["BenchServer"]
