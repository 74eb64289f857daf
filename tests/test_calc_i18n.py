"""The calculators' Polish table (site/ui_strings_calc*.py): well formed, carried by every calculator page, and
naming every form field of the calculators whose errors name fields by their API name."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from flask.testing import FlaskClient
from throne_rules.ui_strings_calc import COMMON, FIELDS, KEEP, SECTIONS, calc_strings

HOLE = re.compile(r"\{(\w+)\}")
PAGES = {"index": "/calc", "damage": "/calc/damage", "targeting": "/calc/targeting", "loot": "/calc/loot",
         "score": "/calc/score", "fame": "/calc/fame", "odds": "/calc/odds"}


@pytest.mark.parametrize("name", ["common", *SECTIONS])
def test_every_polish_string_has_the_same_holes(name: str) -> None:
    table = COMMON if name == "common" else SECTIONS[name]
    for en, pl in table.items():
        assert pl and pl == pl.strip() and en == en.strip(), en
        assert sorted(HOLE.findall(en)) == sorted(HOLE.findall(pl)), en
        assert not re.search(r"[{}]", HOLE.sub("", en) + HOLE.sub("", pl)), en  # no stray braces


def test_kept_terms_say_why() -> None:
    assert all(reason.strip() for reason in KEEP.values())
    assert all(en not in KEEP or table[en] == en for table in SECTIONS.values() for en in table)


class Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.h1, self._in_h1, self.table, self._in_table = "", False, "", False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "input" and a.get("name"):
            self.names.add(str(a["name"]))
        self._in_h1 = tag == "h1"
        self._in_table = tag == "script" and a.get("id") == "calc-pl"

    def handle_endtag(self, tag: str) -> None:
        self._in_h1 = self._in_table = False

    def handle_data(self, data: str) -> None:
        if self._in_h1:
            self.h1 += data
        if self._in_table:
            self.table += data


@pytest.mark.parametrize("name", PAGES)
def test_every_calculator_page_carries_its_polish(client: FlaskClient, name: str) -> None:
    response = client.get(PAGES[name])
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "/static/js/calc/i18n.js" in html
    page = Collect()
    page.feed(html)
    carried = json.loads(page.table)
    assert carried == json.loads(json.dumps(calc_strings(name)))
    assert page.h1.strip() in carried["exact"] or page.h1.strip() in KEEP
    if name in ("targeting", "loot", "score", "fame"):  # their errors name the field by its API name
        assert page.names - set(FIELDS) == {"q"}  # q: the header's search box
