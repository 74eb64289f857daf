"""Checklist for issue 4 (status effects, companions, heroes, achievements, credits):
the 16 hero pages, every status effect / companion page backed by
content/data/status-effects.yaml and the other way round, and a well-typed data file."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

DATA = "status-effects"
GAME = "dice-throne"
SE_KINDS = {"status-effect", "companion", "token"}
TYPES = {"positive", "negative", "unique", "companion"}
OPS = {"add", "subtract", "prevent_fraction", "reflect_fraction", "multiply", "avoid"}

HEROES = [
    "artificer",
    "barbarian",
    "cursed-pirate",
    "gunslinger",
    "huntress",
    "monk",
    "moon-elf",
    "ninja",
    "paladin",
    "pyromancer",
    "samurai",
    "seraph",
    "shadow-thief",
    "tactician",
    "treant",
    "vampire-lord",
]
HERO_SECTIONS = ["weapon-of-choice", "complexity", "status-effects-and-companions", "achievements"]

# Every status effect and companion whose name the sources establish (issue 4).
STATUS_EFFECTS = [
    "back-strike",
    "barbed-vine",
    "bleed",
    "blessing-of-divinity",
    "blind",
    "blinding-light",
    "blood-power",
    "bonus-damage",
    "bounty",
    "burn",
    "chaos",
    "chi",
    "cleanse",
    "concussion",
    "crit",
    "cursed-doubloon",
    "delayed-poison",
    "dominance",
    "entangle",
    "evasive",
    "fire-mastery",
    "flight",
    "hex",
    "holy-presence",
    "honor",
    "knockdown",
    "life-siphon",
    "mesmerize",
    "nanite",
    "ninjutsu",
    "nyras-bond",
    "parasite",
    "parlay",
    "poison",
    "powder-keg",
    "protect",
    "reload",
    "retribution",
    "shadows",
    "shame",
    "silence",
    "sneak-attack",
    "stun",
    "synth",
    "tactical-advantage",
    "targeted",
    "wither",
]
COMPANIONS = ["dryad", "heal-bot", "nanobot", "nyra", "sapling", "seedling", "shock-bot"]

# Calculator presets that the sources give numbers for.
PRESETS = ["protect", "retribution", "bounty", "targeted", "wither", "evasive", "shadows"]

OTHER = ["achievements", "credits"]

# Phrases the scrape left without their numbers (icons lost).
NUMBERLESS = re.compile(
    r"Gain & draw card|starting CP to \.|\b(?:by|deal|deals|dealt|receive|receives|Heal|of)\s+(?:dmg|CP)?\s*[.,:;]"
)


@pytest.fixture(scope="module")
def data(corpus):
    assert DATA in corpus.data, "content/data/status-effects.yaml is missing"
    return corpus.data[DATA]


@pytest.fixture(scope="module")
def effects(data):
    return {item["id"]: item for item in data["effects"]}


def test_data_file_shape(data):
    assert isinstance(data.get("sources"), list) and data["sources"]
    assert isinstance(data.get("effects"), list) and data["effects"]
    ids = [item["id"] for item in data["effects"]]
    assert len(ids) == len(set(ids)), "duplicate ids in status-effects.yaml"


@pytest.mark.parametrize("entry_id", STATUS_EFFECTS + COMPANIONS)
def test_required_status_effect(corpus, effects, entry_id):
    entry = corpus.entries.get(entry_id)
    assert entry is not None, f"missing entry {entry_id}"
    assert entry.kind in SE_KINDS
    assert entry_id in effects, f"{entry_id} has no item in status-effects.yaml"
    expected_kind = "companion" if entry_id in COMPANIONS else "status-effect"
    assert entry.kind == expected_kind
    assert (effects[entry_id]["type"] == "companion") == (entry_id in COMPANIONS)


def test_every_data_item_has_a_page(corpus, effects):
    for entry_id, item in effects.items():
        entry = corpus.entries.get(entry_id)
        assert entry is not None, f"status-effects.yaml item {entry_id} has no page"
        assert entry.kind in SE_KINDS, f"{entry_id} page has kind {entry.kind}"
        assert item["name"].lower() in entry.title.lower()


def test_every_dice_throne_status_page_has_data(corpus, effects):
    english, others = set(), []
    for entry in corpus.entries.values():
        mine = entry.game == GAME or "dice-throne/status-effects/" in entry.path.replace("\\", "/")
        if entry.kind in SE_KINDS and mine and entry.lang == "en":
            assert entry.id in effects, f"page {entry.id} has no item in status-effects.yaml"
            english.add(entry.id)
        elif entry.kind in SE_KINDS and entry.game == GAME:
            others.append(entry)
    # a page in another language is a twin of one of those pages, or it has no data
    for entry in others:
        assert entry.translation_of in english, f"page {entry.id} has no item in status-effects.yaml"
    # a Polish twin shares its English entry's item (docs/content-format.md, "Polish twins"): same game and kind
    twins = {e.translation_of: e for e in corpus.entries.values() if e.translation_of in english}
    assert set(twins) == english, f"status pages without a Polish twin: {sorted(english - set(twins))}"
    for english_id, twin in twins.items():
        assert twin.id == f"pl-{english_id}" and twin.kind == corpus.entries[english_id].kind, twin.id
        assert twin.game == corpus.entries[english_id].game, twin.id


def _check_numeric(entry_id, numeric):
    assert isinstance(numeric, list) and numeric, f"{entry_id}: numeric must be a non-empty list"
    for n in numeric:
        assert n["op"] in OPS, f"{entry_id}: unknown op {n['op']}"
        if n["op"] in ("add", "subtract"):
            assert isinstance(n["amount"], int) and not isinstance(n["amount"], bool) and n["amount"] > 0
        if n["op"].endswith("_fraction"):
            assert isinstance(n["fraction"], str) and 0 < Fraction(n["fraction"]) <= 1
        if n["op"] == "multiply":
            assert isinstance(n["factor"], str) and Fraction(n["factor"]) >= 0
        for key in ("per_token", "defense"):
            assert isinstance(n.get(key), bool), f"{entry_id}: numeric.{key} must be a bool"
        assert isinstance(n.get("condition", ""), str)
        assert isinstance(n.get("label", ""), str)


@pytest.mark.parametrize("entry_id", STATUS_EFFECTS + COMPANIONS)
def test_data_fields_well_typed(corpus, effects, entry_id):
    item = effects[entry_id]
    assert isinstance(item["name"], str) and item["name"]
    assert item["type"] in TYPES
    limit = item["stack_limit"]
    assert limit is None or (isinstance(limit, int) and not isinstance(limit, bool) and limit >= 1)
    for key in ("persistent", "spendable", "attack_modifier"):
        assert key in item and (item[key] is None or isinstance(item[key], bool)), f"{entry_id}.{key}"
    assert isinstance(item["heroes"], list)
    for hero in item["heroes"]:
        assert hero in HEROES, f"{entry_id}: unknown hero {hero}"
    if "numeric" in item:
        _check_numeric(entry_id, item["numeric"])
    for src in item.get("sources", []):
        assert isinstance(src["file"], str) and isinstance(src["section"], str)


@pytest.mark.parametrize("entry_id", PRESETS)
def test_calculator_presets_have_numbers(effects, entry_id):
    assert "numeric" in effects[entry_id], f"{entry_id} needs a numeric effect for the calculator"


def test_key_facts(effects):
    assert effects["bounty"]["numeric"][0]["amount"] == 1
    assert effects["targeted"]["numeric"][0]["amount"] == 2
    assert effects["wither"]["numeric"][0] == {
        **effects["wither"]["numeric"][0],
        "op": "subtract",
        "amount": 1,
        "per_token": True,
    }
    assert effects["wither"]["attack_modifier"] is False  # Cursed Pirate FAQ over the scraped list
    assert effects["protect"]["numeric"][0]["fraction"] == "1/2"
    assert effects["retribution"]["numeric"][0]["op"] == "reflect_fraction"
    assert "1-2" in effects["evasive"]["numeric"][0]["condition"]
    assert effects["evasive"]["stack_limit"] == 3
    assert effects["reload"]["stack_limit"] == 2
    assert effects["cursed-doubloon"]["stack_limit"] == 5
    assert effects["cursed-doubloon"]["stack_limit_other_players"] == 3
    assert effects["shadows"]["spendable"] is False


def test_disagreements_are_noted(corpus):
    assert "sources-disagree-stack-limit" in corpus.entries["bleed"].anchors
    assert "sources-disagree-is-it-an-attack-modifier" in corpus.entries["wither"].anchors


@pytest.mark.parametrize("hero", HEROES)
def test_hero_page(corpus, effects, hero):
    entry = corpus.entries.get(hero)
    assert entry is not None, f"missing hero page {hero}"
    assert entry.kind == "hero" and entry.game == GAME
    for anchor in HERO_SECTIONS:
        assert anchor in entry.anchors, f"{hero} lacks section #{anchor}"
    for effect_id, item in effects.items():
        if hero in item["heroes"]:
            assert effect_id in entry.links, f"{hero} page must link {effect_id}"


def test_hero_specifics(corpus):
    assert "dice-key" in corpus.entries["gunslinger"].anchors
    for face in ("Bullet", "Dash", "Bullseye"):
        assert face in corpus.entries["gunslinger"].text
    assert "5" in corpus.entries["cursed-pirate"].text.split("Complexity", 1)[1][:80]


@pytest.mark.parametrize("entry_id", OTHER)
def test_other_pages(corpus, entry_id):
    entry = corpus.entries.get(entry_id)
    assert entry is not None and entry.kind == "other" and entry.game == GAME


def test_battlefield_achievements(corpus):
    assert "battlefield-achievements" in corpus.entries["achievements"].anchors


def test_no_numberless_scrape_phrases(corpus):
    ids = STATUS_EFFECTS + COMPANIONS + HEROES + OTHER
    for entry_id in ids:
        match = NUMBERLESS.search(corpus.entries[entry_id].text)
        assert match is None, f"{entry_id}: number-less phrase {match.group(0)!r}"


def test_fact_box_notes_and_activation_limit(corpus):
    """Issue 20: Bleed shows both sources' stack limits; Bots answer Persistent from the FAQ; the label is the
    source's "Activation limit"."""
    from indexer.facts import status_effect_facts

    facts = status_effect_facts(corpus.data, corpus.entries)
    bleed = {row["label"]: row["text"] for row in facts["bleed"]}
    assert bleed["Stack limit"].startswith("1") and "Adventures rulebook gives 2" in bleed["Stack limit"]
    for bot in ("heal-bot", "nanobot", "shock-bot"):
        rows = {row["label"]: row["text"] for row in facts[bot]}
        assert "Activation limit" in rows and "Activations per turn" not in rows
        assert "cannot be removed" in rows["Persistent"] and not rows["Persistent"].startswith("Not given")


def test_every_stack_limit_is_in_the_text(corpus, effects):
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
    for entry_id, item in effects.items():
        limit = item.get("stack_limit")
        if limit is None:
            continue
        text = corpus.entries[entry_id].text.lower()
        assert re.search(rf"stack limit[^.\n]{{0,40}}\b({limit}|{words[limit]})\b", text), entry_id
