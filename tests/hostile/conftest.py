"""A production server of the project's own, on loopback, for the hostile-client tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import CONTENT_DIR
from ..helpers import LiveServer

# Short timeouts so the slow-client tests finish in seconds; the defaults are in throne_rules.DEFAULTS.
HOSTILE_ENV = {"THRONE_RULES_REQUEST_TIMEOUT": "2"}


@pytest.fixture(scope="package")
def hostile_server(build_dir: Path) -> Iterator[LiveServer]:
    server = LiveServer(CONTENT_DIR, build_dir, env=HOSTILE_ENV).wait_ready(timeout=180)
    yield server
    server.stop()
