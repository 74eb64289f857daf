"""The pages that gather many entries (the FAQ index with every answer in it, the A–Z index, search, what
changed, settings, home) speak to players too: no insider wording (tests/test_provenance.py's list)."""

from __future__ import annotations

from flask.testing import FlaskClient

from .test_provenance import insider_words

PAGES = ["/", "/faq", "/index", "/search?q=evasive", "/search?q=qqxxzzwv", "/settings", "/changes", "/dice-throne"]


def test_gathering_pages_have_no_insider_words(client: FlaskClient) -> None:
    found = {}
    for url in PAGES:
        resp = client.get(url)
        assert resp.status_code == 200, url
        words = insider_words(resp.get_data(as_text=True))
        if words:
            found[url] = words
    assert not found, f"insider wording: {found}"
