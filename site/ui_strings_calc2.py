"""The calculators' form field labels and page texts (the exact strings are in the gettext catalog,
translations/pl/LC_MESSAGES/messages.po; see ui_strings_calc.py)."""

from __future__ import annotations

# A form field's API name -> its English label, for the field named in an error the page shows (the JSON APIs keep
# the API name; site/views/calc_common.page_error and static/js/calc/form.js put the label in its place).
LABELS: dict[str, str] = {
    "mode": "Game mode", "roll": "Roll", "heroes": "Heroes facing the Boss", "ultimate": "This Attack is an Ultimate",
    "health": "Each player's Health", "attacker": "Your seat", "target": "Seat you Attack",
    "table": "What you are rolling for", "side": "Which loot", "reward": "Dungeon Dice reward", "key": "I have a key",
    "experience": "Experience", "artifacts": "Artifact dice held", "red": "Red trophies", "black": "Black trophies",
    "gold": "Gold trophies", "wounds": "Wounds", "hero_total": "Heroes' combat total",
    "monster_total": "Monster's combat total", "result": "Result", "scenario": "Scenario #",
    "starting_salves": "Starting Salves this session", "remaining_salves": "Remaining Salves",
    "unspent_gold": "Unspent Gold", "unclaimed_boss_loot": "Unclaimed Boss Loot cards",
    "scenario_score": "Scenario Score (Difficulty card)", "explored_all": "Explored every tile",
}
# Error texts that name a second field, as the page says them (the same in form.js).
PAGE_TEXT: dict[str, str] = {
    "target must be another seat than attacker: you cannot Attack yourself.":
        "Seat you Attack must not be your own seat: you cannot Attack yourself.",
    "heroes is required: a whole number from 2 to 4.": "Heroes facing the Boss: choose 2, 3 or 4 Heroes.",
}
