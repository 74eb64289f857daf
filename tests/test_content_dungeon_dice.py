"""Checklist for Dungeon Dice (issue 7): every required entry and section, the data
files the loot and Fame calculators read, and the separation from Dice Throne."""

from __future__ import annotations

import re

import pytest
from throne_rules import PROJECT_ROOT

DD_DIR = PROJECT_ROOT / "content" / "dungeon-dice"
GAME = "dungeon-dice"

# Issue 7, "What must exist": (entry id, anchor or None) -> what it covers.
REQUIRED = {
    # Overview
    ("dd-overview", "the-story"): "the story",
    ("dd-overview", "rundown"): "the rundown",
    ("dd-overview", "winning-condition"): "winning condition (4 Fame)",
    ("dd-abilities", None): "abilities",
    ("dd-abilities", "who-controls-a-monster"): "who controls a monster's abilities",
    ("dd-abilities", "two-player-games"): "two-player games",
    ("dd-abilities", "once-per-turn"): "once-per-turn use of abilities",
    # Components
    ("dd-components", "dice-by-type"): "all 87 dice by type, with counts",
    ("dd-bags", None): "the five bags and their colours",
    ("dd-initial-setup", None): "initial setup",
    # Dice types
    ("dd-monster-dice", None): "Monster dice",
    ("dd-rewards", None): "reward symbols",
    ("dd-monster-level-dice", "rolling-a-6"): "Monster Level dice; a 6 adds a One-Use reward",
    ("dd-hero-level-dice", "wounds"): "Hero Level dice; wounds",
    ("dd-experience-trackers", None): "Experience trackers",
    ("dd-experience", "levels"): "levels at 3 and 6 experience",
    ("dd-equipment-dice", "hands"): "Equipment: hands",
    ("dd-equipment-dice", "armor"): "Equipment: armor",
    ("dd-equipment-dice", "changing-equipment"): "Equipment: changing equipment",
    ("dd-equipment-dice", "symbol-colours-grey-black-and-purple"): "Equipment: grey and purple quality",
    ("dd-equipment-dice", "trading-five-for-an-artifact"): "Equipment: 5 for an Artifact",
    ("dd-artifact-dice", None): "Artifact dice (1 Fame each)",
    ("dd-one-use-dice", None): "One-Use dice",
    ("dd-spell-dice", "scrolls"): "Spell dice: scrolls",
    ("dd-spell-dice", "monster-immunities"): "Spell dice: monster immunities",
    # Starting a game
    ("dd-starting-a-game", "the-four-steps"): "the four setup steps",
    ("dd-mulligan", None): "the mulligan",
    # Your turn (the manual numbers the steps 1, 2, 3, 5, 6)
    ("dd-turn", None): "the turn steps",
    ("dd-step-1-draw", None): "Step 1: Draw",
    ("dd-step-2-prepare-for-combat", "arm-yourself"): "arm yourself",
    ("dd-step-2-prepare-for-combat", "choose-an-assistant"): "choose an assistant",
    ("dd-step-2-prepare-for-combat", "use-abilities"): "use abilities",
    ("dd-step-2-prepare-for-combat", "confront-or-run"): "confront or run",
    ("dd-step-3-combat", "who-controls-the-monster"): "who controls the monster",
    ("dd-step-3-combat", "priority-order"): "the priority order",
    ("dd-roll-phase", None): "Roll Phase",
    ("dd-armor-phase", None): "Armor Phase",
    ("dd-ability-phase", None): "Ability Phase",
    ("dd-end-of-combat-phase", None): "End of Combat Phase",
    ("dd-priority", None): "priority",
    ("dd-step-5-after-combat", "losing-combat"): "after combat: losing",
    ("dd-step-5-after-combat", "winning-combat"): "after combat: winning",
    ("dd-step-5-after-combat", "ties"): "after combat: ties",
    ("dd-step-5-after-combat", "trophies"): "after combat: trophies",
    ("dd-step-5-after-combat", "clean-up"): "after combat: clean-up",
    ("dd-step-6-end-of-turn", None): "Step 6: End of Turn",
    ("dd-ties", None): "whether a tie wins",
    # Other rules
    ("dd-wounds", None): "Wounds",
    ("dd-resting", None): "Resting",
    ("dd-trading", "equipment-for-an-artifact"): "Trading",
    ("dd-negotiating", "agreements-are-binding"): "Negotiating (binding agreements)",
    ("dd-roll-offs", None): "Roll-offs",
    ("dd-off-turn", None): "Off-turn actions",
    ("dd-trophies", None): "Trophies",
    ("dd-victory-duels", None): "Victory Duels",
    ("dd-fame", None): "how Fame adds up",
    # Quick play
    ("dd-quick-play-rules", None): "quick play rules",
    ("dd-symbols", None): "symbol list",
    ("dd-monsters", None): "monster list",
}

SYMBOLS = {
    "dd-potion": [], "dd-treasure-chest": [], "dd-locked-chest": [], "dd-healing": [],
    "dd-fire": [], "dd-drain": [], "dd-gust": [], "dd-pain": [], "dd-toad": [], "dd-fizzle": [],
    "dd-protection": ["armor"], "dd-two-handed": [], "dd-slash": ["sword"], "dd-tangle": ["whip"],
    "dd-reach": ["spear"], "dd-hunt": ["bow"], "dd-execute": ["axe"], "dd-shatter": ["hammer"],
    "dd-skeleton-key": [], "dd-key": [], "dd-bomb": [], "dd-scroll": [], "dd-scout": [], "dd-fear": [],
}

# monster -> symbol entries its page must link (abilities and immunities)
MONSTERS = {
    "dd-slime": [], "dd-bat": ["dd-gust"], "dd-zombie": ["dd-fear"], "dd-wolf": [],
    "dd-asp": ["dd-tangle"], "dd-giant-spider": ["dd-drain"], "dd-goblin": ["dd-slash"],
    "dd-skeleton": ["dd-fear"], "dd-ghost": [], "dd-fire-elemental": ["dd-fire"],
    "dd-golem": ["dd-protection"], "dd-witch": [], "dd-demon": ["dd-drain"],
    "dd-dragon": ["dd-fire", "dd-gust"],
}

OTHER_ALIASES = {"dd-experience": ["xp", "exp", "lvl"]}

LINK_RE = re.compile(r"\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]")


def dd_entries(corpus):
    return {i: e for i, e in corpus.entries.items() if e.game == GAME}


@pytest.mark.parametrize(("entry_id", "anchor"), sorted(REQUIRED, key=str))
def test_required_entry_or_section(corpus, entry_id, anchor):
    entry = corpus.entries.get(entry_id)
    assert entry is not None, f"missing entry {entry_id} ({REQUIRED[(entry_id, anchor)]})"
    assert entry.game == GAME
    if anchor:
        assert anchor in entry.anchors, f"{entry_id} lacks section #{anchor}"


@pytest.mark.parametrize("entry_id", sorted(SYMBOLS))
def test_symbols(corpus, entry_id):
    entry = corpus.entries.get(entry_id)
    assert entry is not None and entry.game == GAME and entry.kind == "symbol"
    aliases = {a.lower() for a in entry.aliases}
    for word in SYMBOLS[entry_id]:
        assert word in aliases, f"{entry_id} needs the alias {word!r}"


@pytest.mark.parametrize("entry_id", sorted(MONSTERS))
def test_monsters(corpus, entry_id):
    entry = corpus.entries.get(entry_id)
    assert entry is not None and entry.game == GAME and entry.kind == "monster"
    assert "abilities" in entry.anchors and "immunities" in entry.anchors
    for target in MONSTERS[entry_id]:
        assert f"/{target}" in entry.html, f"{entry_id} must link {target}"


def test_other_aliases(corpus):
    for entry_id, words in OTHER_ALIASES.items():
        aliases = {a.lower() for a in corpus.entries[entry_id].aliases}
        assert set(words) <= aliases


def test_component_counts(corpus):
    text = corpus.entries["dd-components"].text
    for count, name in [(5, "Monster Level"), (4, "Experience Trackers"), (12, "Hero Level"),
                        (5, "Spell"), (15, "Monster dice"), (22, "Equipment"), (8, "Artifact"),
                        (16, "One-Use")]:
        assert re.search(rf"{name}[^|\n]*?\s+{count}\b", text), f"count {count} for {name}"
    assert "87" in text
    for colour in ("black", "red", "blue", "yellow", "green"):
        assert colour in corpus.entries["dd-bags"].text.lower()


def test_no_step_four(corpus):
    """The manual numbers the turn steps 1, 2, 3, 5, 6; nothing may invent a Step 4."""
    for entry in dd_entries(corpus).values():
        assert "step-4" not in entry.id
        assert not any("step-4" in a for a in entry.anchors), entry.id
    assert "has no Step 4" in corpus.entries["dd-turn"].text


def test_ids_and_links_stay_in_dungeon_dice(corpus):
    entries = {i: e for i, e in dd_entries(corpus).items() if e.lang == "en"}
    assert len(entries) >= 60
    for entry in entries.values():
        assert entry.id.startswith("dd-"), entry.id
        for rel in entry.related:
            assert corpus.entries[rel].game == GAME, f"{entry.id} relates to {rel}"
    for path in DD_DIR.rglob("*.md"):
        for target in LINK_RE.findall(path.read_text(encoding="utf-8")):
            target = target.strip()
            assert target in corpus.entries and corpus.entries[target].game == GAME, f"{path.name} links {target}"
    # the Polish twins (content/pl/twins/dungeon-dice/): one per English entry, pl-dd-..., and they stay in the game too
    twins = {e.translation_of: e for e in dd_entries(corpus).values() if e.lang == "pl"}
    assert set(twins) == set(entries), "English entries and Polish twins differ"
    for english_id, twin in twins.items():
        assert twin.id == f"pl-{english_id}", twin.id
        for rel in twin.related + twin.links:
            assert corpus.entries[rel].game == GAME, f"{twin.id} relates to or links {rel}"
    for path in (DD_DIR.parent / "pl" / "twins" / GAME).rglob("*.md"):
        for target in LINK_RE.findall(path.read_text(encoding="utf-8")):
            target = target.strip()
            assert target in corpus.entries and corpus.entries[target].game == GAME, f"{path.name} links {target}"
    # every dd- id (and every twin's pl-dd- id) belongs to Dungeon Dice
    for entry_id, entry in corpus.entries.items():
        if entry_id.removeprefix("pl-").startswith("dd-"):
            assert entry.game == GAME, entry_id


def test_data_reward_bags(corpus):
    data = corpus.data["dungeon-dice-reward-bags"]
    assert data["sources"]
    bags = {b["id"]: b["colour"] for b in data["bags"]}
    assert bags == {"encounter": "black", "one-use": "red", "equipment": "blue", "artifact": "yellow", "green": "green"}
    rewards = {r["symbol"]: r for r in data["rewards"]}
    assert rewards["potion"]["bag"] == "one-use"
    assert rewards["treasure-chest"]["bag"] == "equipment"
    assert rewards["locked-chest"]["bag_with_key"] == "artifact"
    assert rewards["locked-chest"]["bag_without_key"] == "equipment"
    notes = " ".join(rewards["locked-chest"]["notes"])
    assert "Skeleton Key" in notes and "Shatter" in notes
    for r in rewards.values():
        assert r["entry"] in corpus.entries


def test_data_fame(corpus):
    data = corpus.data["dungeon-dice-fame"]
    assert data["sources"]
    assert data["fame_to_win"] == 4
    fame = {a["id"]: a["fame"] for a in data["awards"]}
    assert fame == {"experience": 1, "artifact": 1, "trophy-red": 1, "trophy-black": 2, "trophy-gold": 3}
    xp = data["experience"]
    assert xp["fame_at"] == 6 and xp["start"] == 0 and xp["per_defeated_monster"] == 1
    assert [(r["min_experience"], r["hero_level_dice"]) for r in xp["level_dice"]] == [(0, 1), (3, 2), (6, 3)]


def test_data_combat(corpus):
    data = corpus.data["dungeon-dice-combat"]
    assert data["sources"]
    out = {o["when"]: o for o in data["outcomes"]}
    assert out["higher"]["result"] == "win" and out["higher"]["wounds_per_hero"] == 0
    assert out["lower"]["result"] == "lose" and out["lower"]["wounds_per_hero"] == 1
    assert out["equal"]["result"] == "win" and out["equal"]["wounds_per_hero"] == 1
    assert out["equal"]["experience_per_hero"] == 1 and out["equal"]["reward"] is True
    assert data["phases"] == ["roll", "armor", "ability", "end-of-combat"]


def test_data_trade(corpus):
    data = corpus.data["dungeon-dice-trade"]
    assert data["sources"]
    trade = data["equipment_for_artifact"]
    assert trade["give"]["type"] == "equipment" and trade["give"]["count"] == 5
    assert trade["receive"]["type"] == "artifact" and trade["receive"]["count"] == 1


def test_data_files_cite_the_manual(corpus):
    for stem in ("dungeon-dice-reward-bags", "dungeon-dice-fame", "dungeon-dice-combat", "dungeon-dice-trade"):
        files = {s["file"] for s in corpus.data[stem]["sources"]}
        assert files == {"004_5c514c2dadb64e64.txt"}, stem


# Search: the words players type land on the right Dungeon Dice entry, and the
# game filter keeps Dice Throne out ("Key", "Drain", "Protection", "Stun").
TOP_HIT = {
    "armor": "dd-protection", "sword": "dd-slash", "whip": "dd-tangle", "spear": "dd-reach",
    "bow": "dd-hunt", "axe": "dd-execute", "hammer": "dd-shatter", "key": "dd-key",
    "drain": "dd-drain", "protection": "dd-protection", "xp": "dd-experience", "lvl": "dd-experience",
    "tie": "dd-ties", "locked chest": "dd-locked-chest", "mulligan": "dd-mulligan", "fame": "dd-fame",
}


@pytest.mark.parametrize("query", sorted(set(TOP_HIT) | {"stun", "heal", "damage", "status effect"}))
def test_search_filtered_to_dungeon_dice(client, query):
    body = client.get("/api/search", query_string={"q": query, "game": GAME, "limit": 50}).get_json()
    assert all(r["game"] == GAME for r in body["results"]), query
    if query in TOP_HIT:
        assert body["results"] and body["results"][0]["id"] == TOP_HIT[query], query


def test_audit_combat_outcomes_are_complete(corpus):
    """Issue 20: the combat total page gives the tie rule, Execute, Gust and the toad's One-Use dice;
    After Combat caps a toad's Fame."""
    text = corpus.entries["dd-combat-total"].text.lower()
    assert "tie" in text and "goes to the heroes" in text and "wound" in text
    assert "execute" in text and "automatically defeats" in text
    assert "gust" in text and "resets the combat" in text
    assert re.search(r"toad[^.]*one-use dice", text)
    assert "at most 1 fame" in corpus.entries["dd-step-5-after-combat"].text.lower()
