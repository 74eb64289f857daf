"""The calculators' interface in Polish, as English -> Polish: the exact strings from the gettext catalog
(translations/pl/LC_MESSAGES/messages.po, msgctxt "calc:<table>"); field labels, kept terms and patterns here.

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
from .ui_strings_calc2 import LABELS, PAGE_TEXT

# A form field's API name -> its Polish label, for {field} in an error the page shows.
FIELDS: dict[str, str] = {
    "roll":
        "Rzut", "health": "Zdrowie każdego gracza", "attacker": "Twoje miejsce", "target": "Miejsce, które atakujesz",
    "heroes": "Bohaterowie przeciw Bossowi", "mode": "Tryb gry", "ultimate": "Ten atak to zdolność specjalna",
    "table": "Na co rzucasz?", "side": "Który loot", "reward": "Nagroda w Dungeon Dice", "key": "Mam klucz",
    "experience": "Doświadczenie", "artifacts": "Posiadane kości Artifact", "red": "Trofea czerwone",
    "black": "Trofea czarne", "gold": "Trofea złote", "wounds": "Rany", "hero_total": "Suma walki bohaterów",
    "monster_total": "Suma walki potwora", "result": "Wynik", "scenario": "Scenariusz nr",
    "starting_salves": "Starting Salves w tej sesji", "remaining_salves": "Remaining Salves",
    "unspent_gold": "Unspent Gold", "unclaimed_boss_loot": "Karty Unclaimed Boss Loot",
    "scenario_score": "Scenario Score (karta Difficulty)", "explored_all": "Zbadano każdy kafel",
}

# Game terms and names kept in English on a Polish interface, with the reason.
_NO_PL = "a game term the Polish content has no word for (the Polish summary keeps it English too)"
KEEP: dict[str, str] = {
    **dict.fromkeys(["Dice Throne", "Dice Throne Adventures", "Dungeon Dice", "Throne Rules", "JSON"],
                    "a product name"),
    **dict.fromkeys(["1v1", "2v2", "3v3", "2v2v2"], "a mode's name, written the same in Polish"),
    **dict.fromkeys(["Protect", "Evasive", "Retribution", "Bounty", "Flight", "Shadows", "Targeted", "Wither"],
                    "a status effect's name: " + _NO_PL),
    **dict.fromkeys(["Boss vs Many", "(Boss vs Many)", "Loot", "Loot Chest", "Boss Loot", "(Adventures)",
                     "Portal Crawl", "Boss Battle", "Session Score", "Remaining Salves", "Unspent Gold", "Salves",
                     "Scenario Score", "Explored All tiles", "Starting Salves for next session", "Scenario #",
                     "Unclaimed Boss Loot cards", "Bonus Damage token", "Loot die", "Fame", "Potion",
                     "Treasure Chest", "Locked Chest", "Common", "Rare", "Epic", "Legendary"],
                    "a Dice Throne Adventures or Dungeon Dice term: " + _NO_PL),
    **dict.fromkeys(["Gunslinger", "Bullet", "Dash", "Bullseye"], "a hero's or a dice symbol's name: " + _NO_PL),
    **dict.fromkeys(["+N", "−N"], "a symbol"),
    "Scen.": "the same abbreviation in Polish (Scenariusz)",
}

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
