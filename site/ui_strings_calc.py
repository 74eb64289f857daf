"""The calculators' interface in Polish, as English -> Polish: the exact strings from the gettext catalog
(translations/pl/LC_MESSAGES/messages.po, msgctxt "calc:<table>"), the form fields' labels ("calc:field:<name>")
and the terms kept in English ("calc:keep"), all from the catalog.

The calculator pages are English pages; when the reader's interface language is Polski, static/js/calc/i18n.js
looks up every text node and label of the page's <main> here: an exact string, or a pattern whose {holes} are
filled with the Polish of what they matched ({field} holes with a field's Polish label from FIELDS). The
calculators' engines and renderers stay English (their Python and JavaScript twins compare English output).

Game terms are the Polish content's (content/pl/, content/data/polish-terms.yaml): obrażenia zwyczajne,
nieuchronne, czyste, obszarowe, specjalne; zdolność obronna, zdolność specjalna, modyfikator ataku, zdrowie,
punkty walki (PW), wyznaczenie celu, ofensywa, obrona, król wzgórza, lider, strit, przerzut, wynik pośredni.
A term the Polish content does not have stays English (KEEP, with the reason), as the Polish summary does.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .catalog import calc_table
from .ui_strings_calc2 import FIELDS, LABELS, PAGE_TEXT

# Game terms and names kept in English on a Polish interface (msgctxt "calc:keep"), with the reason (the message's
# comment in the catalog).
KEEP: dict[str, str] = calc_table("keep")

# The exact strings, English -> Polish, from translations/pl/LC_MESSAGES/messages.po (msgctxt "calc:<table>").
COMMON: dict[str, str] = calc_table("common")
SECTIONS: dict[str, dict[str, str]] = {name: calc_table(name) for name in
                                       ("index", "damage", "targeting", "loot", "score", "fame", "odds")}
INDEX = SECTIONS["index"]


@cache
def calc_strings_json(name: str) -> str:
    """calc_strings(name) as the JSON a page carries, safe inside <script type="application/json">: the tables
    never change while the app runs, so each is written once, not on every page."""
    return json.dumps(calc_strings(name), ensure_ascii=False).replace("</", "<\\/")


def calc_strings(name: str) -> dict[str, Any]:
    """The table a calculator page carries (#calc-pl): the strings every calculator shows and its own."""
    exact = {**COMMON, **INDEX} if name == "index" else {**COMMON, **SECTIONS[name]}
    return {"exact": exact, "fields": FIELDS, "keep": KEEP, "labels": LABELS, "page_text": PAGE_TEXT}


def all_english() -> set[str]:
    """Every English string of the calculators' table (tests compare pages against it)."""
    out = set(COMMON)
    for table in SECTIONS.values():
        out |= set(table)
    return out
