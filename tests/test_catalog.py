"""Interface strings from the gettext catalog (issue 35): translations/pl/LC_MESSAGES/messages.po is the one
source; it compiles; every message is translated; Polish pages show no English interface text."""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from throne_rules import PROJECT_ROOT
from throne_rules.catalog import compile_catalog, po_path
from throne_rules.ui_strings import UI_STRINGS

from indexer import Corpus

# The same word in both languages: not a missed translation.
SAME_IN_BOTH = {"ui:menu", "ui:faq", "ui:kind_faq", "ui:kind_symbol", "ui:faq_topic_adventures", "ui:faq_topic_ninja"}


def test_catalog_is_complete_and_compiles(tmp_path: Path) -> None:
    with po_path().open("rb") as f:
        catalog = read_po(f, locale="pl")
    messages = [m for m in catalog if m.id]
    assert len(messages) > 600
    assert all(m.context and m.context.startswith(("ui:", "calc:", "data:")) for m in messages)
    assert not [m.context for m in messages if not m.string], "untranslated messages"
    assert not [m.context for m in messages if m.fuzzy], "fuzzy messages"
    root = tmp_path / "translations"
    (root / "pl" / "LC_MESSAGES").mkdir(parents=True)
    (root / "pl" / "LC_MESSAGES" / "messages.po").write_bytes(po_path().read_bytes())
    with compile_catalog(root).open("rb") as f:
        compiled = read_mo(f)
    assert {(m.context, m.id, m.string) for m in compiled if m.id} == {(m.context, m.id, m.string) for m in messages}


def test_no_python_dictionaries_of_interface_strings() -> None:
    site = PROJECT_ROOT / "site"
    assert not (site / "ui_strings_extra.py").exists() and not (site / "ui_strings_calc_odds.py").exists()
    assert UI_STRINGS["pl"]["sources"] == "Źródła"  # from the catalog


def interface_texts(html: str) -> list[tuple[str, str]]:
    """(key, text) of every interface string the server marked on a page (data-t and data-t-<attribute>)."""
    soup = BeautifulSoup(html, "html.parser")
    out = [(str(n["data-t"]), n.get_text()) for n in soup.select("[data-t]")]
    for attr in ("aria-label", "placeholder", "title"):
        out += [(str(n[f"data-t-{attr}"]), str(n.get(attr, ""))) for n in soup.select(f"[data-t-{attr}]")]
    return out


def test_every_polish_page_kind_has_a_polish_interface(client: FlaskClient, corpus: Corpus) -> None:
    """One Polish page of each kind there is: every interface string on it is the catalog's Polish."""
    kinds: dict[str, str] = {}
    for e in sorted(corpus.entries.values(), key=lambda e: e.id):
        if e.lang == "pl":
            kinds.setdefault(e.kind, e.url)
    assert {"summary", "status-effect", "faq"} <= set(kinds)
    english = {text for key, text in UI_STRINGS["en"].items() if f"ui:{key}" not in SAME_IN_BOTH}
    for url in kinds.values():
        html = client.get(url).get_data(as_text=True)
        soup = BeautifulSoup(html, "html.parser")
        assert soup.html is not None and soup.html["lang"] == "pl"
        for key, text in interface_texts(html):
            assert text.replace(" ", "").strip() not in {e.replace(" ", "") for e in english} or \
                f"ui:{key}" in SAME_IN_BOTH, (url, key, text)
        for heading in soup.select("article h2"):  # the page's own section titles (Sources, Related, ...)
            assert heading.get_text().strip() not in english, (url, heading.get_text())


def test_faq_topics_and_facts_notes_come_from_the_catalog(corpus: Corpus) -> None:
    """Each FAQ topic's name (ui:faq_topic_<tag>, its English the index's label) and each note of the status
    effects' facts box (data:fact-note) has its Polish in the catalog; the calculators' field labels and kept terms
    are read from it too."""
    from throne_rules.catalog import messages
    from throne_rules.ui_strings_calc import FIELDS, KEEP, LABELS
    from throne_rules.views.faq import _group_label, topic_key

    entries = {e.id: {"title": e.title, "kind": e.kind} for e in corpus.entries.values()}
    tags = {(e.tags[0] if e.tags else "general") for e in corpus.entries.values() if e.kind == "faq" and e.lang == "en"}
    for tag in tags:
        assert UI_STRINGS["en"].get(topic_key(tag)) == _group_label(tag, entries), tag
        assert UI_STRINGS["pl"][topic_key(tag)], tag
    notes = {str(n) for item in corpus.data["status-effects"]["effects"] for n in (item.get("notes") or {}).values()}
    assert notes and notes <= set(messages()["data:fact-note"])
    assert set(LABELS) == set(FIELDS) and LABELS["roll"] == "Roll" and FIELDS["roll"] == "Rzut"
    assert KEEP["Gunslinger"] and all(messages()["calc:keep"][term] == term for term in KEEP)
