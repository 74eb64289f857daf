"""Checklist for the core Dice Throne rules (issue 4): entries, glossary, chart, targeting.

Fails when a required entry, anchor, chart cell or targeting row is missing, or when
any entry body still carries a number-less phrase left by the scraped reference (000).
"""

from __future__ import annotations

import re

import pytest

# Every id of docs/core-ids.md (other writers link to these).
CORE_IDS = [
    # overview and setup
    "gameplay-overview", "winning-the-game", "draws", "game-setup", "starting-player", "hero-setup",
    # the turn
    "turn-phases", "upkeep-phase", "income-phase", "main-phase", "offensive-roll-phase",
    "targeting-roll-phase", "defensive-roll-phase", "discard-phase",
    # health and CP
    "health", "combat-points",
    # hero board
    "hero-board", "offensive-ability", "activation-requirement", "small-straight", "large-straight",
    "of-a-kind", "ability-description", "defensive-ability", "defensive-dice", "passive-ability",
    "ultimate-ability",
    # leaflet
    "hero-leaflet", "dice-key", "complexity-rating",
    # status-effect rules
    "status-effects", "stack-limit", "companions",
    # cards
    "cards", "hero-upgrade-cards", "action-cards", "instant-action-cards", "roll-phase-action-cards",
    "main-phase-action-cards", "selling-cards", "discard-pile",
    # resolving text
    "resolving-text",
    # damage
    "incoming-damage", "damage-types", "normal-damage", "undefendable-damage", "pure-damage",
    "collateral-damage", "ultimate-damage", "attack", "defender", "attack-modifiers",
    "reducing-damage", "final-damage-total",
    # timing
    "timing-conflicts", "instant-action-priority",
    # modes
    "game-modes", "mode-1v1", "king-of-the-hill", "mode-2v2", "mode-3v3", "mode-2v2v2",
    "mode-5-6-players",
    # glossary ids named in docs/core-ids.md
    "ability", "activate", "active-player", "additionally", "final-dice-result", "gain", "heal",
    "inflict", "on-symbol", "or", "persistent", "roll-attempt", "roll-phase", "roll-number", "sell",
    "spendable", "spend", "steal", "then",
]

# Sections the plan requires as anchors on an entry.
REQUIRED_ANCHORS = {
    "damage-types": ["damage-type-chart", "damage-outside-an-attack"],
    "status-effects": [
        "gain-and-inflict", "in-play", "removing-status-effects", "spendable-status-effects",
        "persistent-status-effects", "stack-limit", "increasing-a-stack-limit",
        "unique-status-effects", "interrupting-status-effects", "companions",
    ],
    "stack-limit": ["increasing-a-stack-limit"],
    "resolving-text": ["roll-number", "on-symbol", "multiplication", "then", "or", "steal", "additionally"],
    "final-damage-total": ["the-three-steps", "worked-example-barbarian-attacks-paladin"],
    "king-of-the-hill": ["leaders-and-the-bonus-card"],
    "mode-2v2": ["targeting-roll"],
    "mode-3v3": ["targeting-roll"],
    "mode-2v2v2": ["targeting-roll"],
    "hero-upgrade-cards": ["border-colour-by-ability-type", "rules"],
    "reducing-damage": ["example-from-the-rulebook"],
    "instant-action-priority": ["examples-from-the-online-reference"],
}

# Every term of the rulebook's Quick Reference and the scrape's glossary -> where it lands.
GLOSSARY_TERMS = {
    "2/3/4/5-of-a-kind": "of-a-kind",
    "Ability": "ability",
    "Activate": "activate",
    "Activation Requirement": "activation-requirement",
    "Active Player": "active-player",
    "Additionally": "additionally",
    "Attack": "attack",
    "Attack Modifier": "attack-modifiers",
    "Collateral Damage": "collateral-damage",
    "Combat Points": "combat-points",
    "Companion": "companions",
    "Defender": "defender",
    "Defensive Ability": "defensive-ability",
    "Final Dice Result": "final-dice-result",
    "Gain": "gain",
    "Heal": "heal",
    "Incoming Damage": "incoming-damage",
    "Inflict": "inflict",
    "Instant Action card": "instant-action-cards",
    "Large Straight": "large-straight",
    "Main Phase Action card": "main-phase-action-cards",
    "Offensive Ability": "offensive-ability",
    "On [symbol]": "on-symbol",
    "Or": "or",
    "Passive Ability": "passive-ability",
    "Persistent": "persistent",
    "Pure Damage": "pure-damage",
    "Roll Attempt": "roll-attempt",
    "Roll Phase": "roll-phase",
    "Roll Phase Action card": "roll-phase-action-cards",
    "Roll [#]": "roll-number",
    "Sell": "sell",
    "Small Straight": "small-straight",
    "Spendable": "spendable",
    "Spend/Spent": "spend",
    "Stack Limit": "stack-limit",
    "Steal": "steal",
    "Then": "then",
    "Ultimate Ability": "ultimate-ability",
    "Undefendable Damage": "undefendable-damage",
    # issue items that are sections rather than pages
    "Increasing a stack limit": "stack-limit#increasing-a-stack-limit",
    "Unique status effects": "status-effects#unique-status-effects",
    "Removing status effects": "status-effects#removing-status-effects",
    "Damage type chart": "damage-types#damage-type-chart",
    "Multiplication": "resolving-text#multiplication",
}

# Number-less phrases the scrape (000) left where icons were lost. No entry may carry one.
SCRAPE_PHRASES = [
    r"Gain\s*&\s*draw card",
    r"starting CP to \.",
    r"Draw the top cards",
    r"Roll 1 \.",
    r"have or fewer",
    r"for each until",
    r"worth when sold",
    r"CP Dial by \(",
    r"CP Dial by \.",
    r"maximum of \.",
    r"Cards costing are free",
    r"\(e\.g\. \)",
    r"Heal \)",
    r"at least dmg",
    r"roll 1 to determine",
    r"Set your starting CP to\s*\.",
    r"Draw card from the top",
    r"is set to \.",
    r"Final Total of damage the Paladin receives is \.",
]


def test_core_ids_listed_in_plan_exist(corpus):
    missing = [i for i in CORE_IDS if i not in corpus.entries]
    assert not missing, f"missing core entries: {missing}"


@pytest.mark.parametrize("entry_id", CORE_IDS)
def test_core_entry_shape(corpus, entry_id):
    entry = corpus.entries.get(entry_id)
    assert entry is not None, f"missing core entry {entry_id}"
    assert entry.game == "dice-throne"
    assert entry.lang == "en"
    assert entry.sources, entry_id
    assert entry.text.strip(), entry_id


@pytest.mark.parametrize("entry_id", sorted(REQUIRED_ANCHORS))
def test_required_anchors(corpus, entry_id):
    entry = corpus.entries[entry_id]
    missing = [a for a in REQUIRED_ANCHORS[entry_id] if a not in entry.anchors]
    assert not missing, f"{entry_id} lacks sections {missing} (has {entry.anchors})"


@pytest.mark.parametrize("term", sorted(GLOSSARY_TERMS))
def test_glossary_term_resolves(corpus, term):
    target = GLOSSARY_TERMS[term]
    entry_id, _, anchor = target.partition("#")
    entry = corpus.entries.get(entry_id)
    assert entry is not None, f"glossary term {term!r}: no entry {entry_id!r}"
    if anchor:
        assert anchor in entry.anchors, f"glossary term {term!r}: {entry_id} has no #{anchor}"


def test_glossary_folder_entries_are_glossary_kind(corpus):
    glossary = [e for e in corpus.entries.values() if "dice-throne/glossary/" in e.path.replace("\\", "/")]
    assert len(glossary) >= 19
    assert all(e.kind == "glossary" for e in glossary), [e.id for e in glossary if e.kind != "glossary"]


def test_no_numberless_scrape_phrase_in_any_entry(corpus):
    found = []
    for entry in corpus.entries.values():
        for pattern in SCRAPE_PHRASES:
            if re.search(pattern, entry.markdown, flags=re.I) or re.search(pattern, entry.text, flags=re.I):
                found.append((entry.id, pattern))
    assert not found, f"number-less scrape phrases left in entries: {found}"


def _rows(html: str) -> list[list[str]]:
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", html, flags=re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)
        rows.append([re.sub(r"<[^>]+>", "", c).strip() for c in cells])
    return rows


# The damage type chart of 001 (and 000), cell by cell.
CHART = {
    "normal": (True, True, True, False),
    "undefendable": (False, True, True, False),
    "pure": (False, True, False, False),
    "collateral": (False, True, False, True),
    "ultimate": (False, False, True, False),
}
CHART_NAMES = {
    "normal": "Normal damage",
    "undefendable": "Undefendable damage",
    "pure": "Pure damage",
    "collateral": "Collateral damage",
    "ultimate": "Ultimate damage",
}


def test_damage_type_chart_is_a_table(corpus):
    rows = _rows(corpus.entries["damage-types"].html)
    assert rows, "damage-types has no HTML table"
    assert rows[0][1:] == ["Defendable", "Avoidable", "Enhanceable", "Special Targeting Rules"]
    by_name = {r[0]: r[1:] for r in rows[1:]}
    for type_id, cells in CHART.items():
        got = by_name.get(CHART_NAMES[type_id])
        assert got == ["Yes" if c else "No" for c in cells], (type_id, got)


def test_damage_types_data_pins_every_cell(corpus):
    data = corpus.data["damage-types"]
    assert data.get("sources")
    types = {t["id"]: t for t in data["types"]}
    assert set(types) == set(CHART)
    for type_id, (defendable, avoidable, enhanceable, special) in CHART.items():
        t = types[type_id]
        assert t["defendable"] is defendable, type_id
        assert t["avoidable"] is avoidable, type_id
        assert t["enhanceable"] is enhanceable, type_id
        assert t["special_targeting_rules"] is special, type_id
        assert t["entry"] in corpus.entries, t["entry"]
    assert types["collateral"]["counts_as_attack_when_targeting_an_opponent"] is False


TARGETING = {
    "2v2": {1: "left", 2: "left", 3: "right", 4: "right", 5: "opponents-choose", 6: "choose"},
    "3v3": {1: "left", 2: "left", 3: "middle", 4: "middle", 5: "right", 6: "right"},
    "2v2v2": {1: "next-clockwise", 2: "next-clockwise", 3: "next-clockwise", 4: "next-clockwise",
              5: "choose", 6: "choose"},
}
TARGET_WORDS = {"left", "right", "middle", "opponents-choose", "next-clockwise", "choose", "roll-again"}


def test_targeting_data(corpus):
    data = corpus.data["targeting"]
    assert data.get("sources")
    modes = data["modes"]
    for mode, expected in TARGETING.items():
        got = {}
        for row in modes[mode]:
            assert row["target"] in TARGET_WORDS, row
            assert row.get("source"), row
            for face in row["rolls"]:
                assert face not in got, (mode, face)
                got[face] = row["target"]
        assert got == expected, mode
    assert modes["koth"] == [{"rolls": [], "target": "choose", "source": modes["koth"][0]["source"]}]
    for mode, entry_id in data["entries"].items():
        assert entry_id in corpus.entries, (mode, entry_id)


def test_key_numbers(corpus):
    """Numbers a player looks up at the table."""
    setup = corpus.entries["game-setup"].text
    setup_md = corpus.entries["game-setup"].markdown
    assert "50" in setup and "**2**" in setup_md and "**4**" in setup_md
    assert "15" in corpus.entries["combat-points"].text
    assert "10 above" in corpus.entries["health"].text
    assert "35" in corpus.entries["king-of-the-hill"].text
    assert "6 or fewer" in corpus.entries["discard-phase"].text
    assert "12" in corpus.entries["reducing-damage"].text and "6" in corpus.entries["reducing-damage"].text
    final = corpus.entries["final-damage-total"].text
    assert "S = 7" in final and "7 − 4 − 4 = −1" in final and "Illustrative" in final
