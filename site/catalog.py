"""The interface strings, from the gettext catalog translations/pl/LC_MESSAGES/messages.po (Babel).

Each message has a context saying where it is used: `ui:<key>` (the page chrome: templates' t()/tt(), the
Polish that static/js/ui-lang.js and the page scripts get), `calc:<table>` (the calculators' text, English ->
Polish, for static/js/calc/i18n.js), `calc:field:<name>` (a form field's label: English -> Polish), `calc:keep`
(game terms a Polish page keeps in English, the reason in the message's comment) and `data:<table>` (sentences
from content/data/ a page shows, such as the facts box's notes: English -> Polish). The English is the msgid,
the Polish the msgstr. `throne-rules build` compiles the .po into messages.mo (`compile_catalog`); the app
reads the .mo, and compiles it in memory when
the .mo is missing or older than the .po (a checkout where the .po was just edited).
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from .paths import find_layout

LOCALE = "pl"


def po_path(root: Path | None = None) -> Path:
    return (root or find_layout().translations_dir) / LOCALE / "LC_MESSAGES" / "messages.po"


def compile_catalog(root: Path | None = None) -> Path:
    """Write messages.mo beside messages.po; fails on a broken .po (its line named by Babel)."""
    po = po_path(root)
    with po.open("rb") as f:
        catalog = read_po(f, locale=LOCALE, abort_invalid=True)
    mo = po.with_suffix(".mo")
    buf = io.BytesIO()
    write_mo(buf, catalog)
    if not mo.is_file() or mo.read_bytes() != buf.getvalue():
        mo.write_bytes(buf.getvalue())
    return mo


def _load(po: Path) -> Catalog:
    mo = po.with_suffix(".mo")
    if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as f:
            return read_mo(f)
    with po.open("rb") as f:
        return read_po(f, locale=LOCALE)


@cache
def messages() -> dict[str, dict[str, str]]:
    """Context -> {English: Polish}: `ui:search` -> {"Search": "Szukaj"}; `calc:damage` -> the table."""
    out: dict[str, dict[str, str]] = {}
    for message in _load(po_path()):
        if message.id and message.context and isinstance(message.id, str) and isinstance(message.string, str):
            out.setdefault(message.context, {})[message.id] = message.string or message.id
    return out


def ui_strings() -> dict[str, dict[str, str]]:
    """The page chrome by language and key: {"en": {"search": "Search"}, "pl": {"search": "Szukaj"}}."""
    en: dict[str, str] = {}
    pl: dict[str, str] = {}
    for context, table in messages().items():
        if context.startswith("ui:"):
            [(english, polish)] = table.items()
            en[context[3:]], pl[context[3:]] = english, polish
    return {"en": en, "pl": pl}


def calc_table(name: str) -> dict[str, str]:
    """One calculator table, English -> Polish (`common`, `index`, `damage`, ... `odds`)."""
    return dict(messages().get(f"calc:{name}", {}))


def data_text(table: str, english: str, lang: str) -> str:
    """A sentence from content/data/ in `lang`: the catalog's Polish (msgctxt `data:<table>`), else the English."""
    if lang != LOCALE:
        return english
    return messages().get(f"data:{table}", {}).get(english) or english
