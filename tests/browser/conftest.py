"""Browser fixtures: a module's tests that need only a clean page share its contexts (shared_context.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext

from .shared_context import SharedContexts


@pytest.fixture(scope="module")
def shared_contexts() -> Iterator[SharedContexts]:
    made = SharedContexts()
    yield made
    made.close()


@pytest.fixture()
def context(browser: Browser, browser_context_args: dict, shared_contexts: SharedContexts) -> Iterator[BrowserContext]:
    """pytest-playwright's `context`, and so its `page` (a new page in it): the module's shared context with
    pytest-playwright's options, which forgets after each test what the test left."""
    shared = shared_contexts.get("page", lambda: browser.new_context(**browser_context_args))
    yield shared.context
    shared.forget()
