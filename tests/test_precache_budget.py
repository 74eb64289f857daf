"""The offline precache within its budget (issue 35): what a reader's worker downloads at install, gzipped as the
server sends it, measured with the benchmark's own functions on this build (bytes, not time)."""

from __future__ import annotations

import pytest

from bench.browser_bench import precache_items, precache_size
from bench.report import PRECACHE_BYTES

from .helpers import LiveServer


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_readers_precache_is_within_budget(live_server: LiveServer, lang: str) -> None:
    items = precache_items(live_server.url, lang)
    assert items, "the worker's build line names what it precaches"
    size = precache_size(live_server.url, items)
    by_kind = {kind: f"{n / 1e6:.3f} MB" for kind, n in size["wire_by_kind"].items()}
    assert size["wire_bytes"] <= PRECACHE_BYTES, f"{lang}: {size['wire_bytes'] / 1e6:.3f} MB gzipped: {by_kind}"


def test_the_other_language_is_not_precached(live_server: LiveServer) -> None:
    """Each reader's list: the pack of their language and the data of their language, none of the other's."""
    en, pl = ({item["url"] for item in precache_items(live_server.url, lang) or []} for lang in ("en", "pl"))
    assert en and pl and en != pl
    assert {u for u in en ^ pl if not u.startswith("/precache-pack/")} == {
        u for u in en ^ pl if u.startswith(("/search-index/en/", "/search-index/pl/", "/search-data/en/",
                                            "/search-data/pl/"))}
    assert not any(u.startswith(("/search-index/pl/", "/search-data/pl/")) for u in en)
    assert not any(u.startswith(("/search-index/en/", "/search-data/en/")) for u in pl)
