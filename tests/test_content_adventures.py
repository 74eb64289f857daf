"""Checklist for Dice Throne Adventures (issue 6): every required entry and section,
the FAQ, the status effects (Adventures entries or reused core ones), and the data
files the calculators read (King's Hand Loot-die table, Boss vs Many targeting,
scoring, Loot reward types)."""

from __future__ import annotations

import re

import pytest
from throne_rules import PROJECT_ROOT

ADV_DIR = PROJECT_ROOT / "content" / "adventures"
GAME = "adventures"

# Issue 6, "What must exist": (entry id, anchor or None) -> what it covers.
REQUIRED = {
    # Campaign
    ("campaign-overview", "scenario-order"): "campaign overview: 8 scenarios, crawls 1/3/5/7, bosses 2/4/6/8",
    ("campaign-overview", "winning-and-losing-a-scenario"): "campaign overview: repeat on a loss",
    ("how-to-use-the-rulebook", None): "how to use the rulebook",
    ("difficulty-levels", None): "difficulty levels",
    ("campaign-scoring-sheet", "fields-filled-in-when-a-campaign-begins"): "Campaign Scoring sheet fields",
    ("campaign-setup", None): "campaign setup",
    ("game-area-setup", None): "game-area setup",
    ("adv-player-setup", None): "player setup",
    ("adventures-components", "tokens"): "components with counts",
    ("card-caddy", "loading-order"): "Card Caddy loading order",
    ("banker", None): "the Banker",
    ("scenario-card", None): "Scenario cards",
    # Portal Crawl
    ("portal-crawl", "objective"): "Portal Crawl",
    ("portal-crawl-setup", "components-within-reach"): "Portal Crawl setup",
    ("portal-crawl-setup", "building-the-map"): "map building",
    ("portal-crawl-setup", "start-player"): "Portal Crawl start player",
    ("portal-crawl-turn-order", "the-7-steps"): "the 7-step turn order",
    ("spend-salves", "when-salves-may-be-spent-portal-crawl"): "when Salves may be spent",
    ("spend-salves", "how-much-a-salve-heals"): "heal amount on the Scenario card",
    ("portal-crawl-move", "destinations"): "Move: destinations",
    ("portal-crawl-move", "you-cannot"): "Move: the 'you cannot' restrictions",
    ("portal-crawl-explore", "1-collect-the-items-on-the-face-down-tile"): "Explore: item-collection order",
    ("portal-crawl-explore", "2-flip-the-tile-and-resolve-its-features"): "Explore: the 4 flip steps",
    ("portal-shards", None): "Portal Shards",
    ("boss-portal", None): "the Boss Portal",
    ("completing-the-portal-crawl", "winning"): "completing the crawl",
    ("completing-the-portal-crawl", "losing"): "losing the crawl",
    ("environment-tiles", None): "Environment tiles",
    # Minions
    ("minions", None): "Minions overview",
    ("minion-setup", "steps"): "Minion setup: Enemy dial, 5 Chaos dice, King's Hand symbol",
    ("minion-card", "offensive-abilities"): "Minion card: Offensive Abilities",
    ("minion-card", "passive-ability"): "Minion card: Passive Ability",
    ("minion-card", "defensive-ability"): "Minion card: Defensive Ability",
    ("minion-card", "unique-defense"): "Minion card: Unique Defense",
    ("minion-card", "minion-rewards"): "Minion card: rewards",
    ("minion-card", "roll-objective"): "Minion card: Roll Objective",
    ("engaging-a-minion", None): "engaging a Minion",
    ("minion-battle", "order-of-a-battle-turn"): "battling a Minion",
    ("hero-step", "phases"): "the Hero Step",
    ("minion-step", "phases"): "the Minion Step, phase by phase",
    ("straights-re-roll-rules", "the-two-keep-rules"): "Straights re-roll rules",
    ("straights-re-roll-rules", "worked-examples"): "the three worked examples",
    ("first-strike", None): "First Strike",
    ("first-strike-marker", None): "the First Strike marker",
    ("minions-and-bosses-are-players", None): "Minions and Bosses count as players",
    ("active-player-decides", None): "the Active Player decides for the Minion",
    ("unique-defense", None): "Unique Defense",
    ("roll-objective", None): "Roll Objective",
    ("chaos-dice", None): "Chaos dice",
    ("enemy-dial", None): "Enemy dials",
    # King's Hand
    ("kings-hand", "the-token"): "King's Hand: the token and its stack limit",
    ("kings-hand", "values-on-the-scenario-card"): "starting tokens, max per turn, successful roll values",
    ("kings-hand", "no-ability-activated"): "situation A: no ability activated",
    ("kings-hand", "targeted-by-an-ultimate"): "situation B: targeted by an Ultimate",
    # Boss Battle
    ("boss-battle", None): "Boss Battle",
    ("boss-battle-turn-order", "1-spend-salves-optional"): "turn order: Spend Salves",
    ("boss-battle-turn-order", "2-hero-step"): "turn order: Hero Step",
    ("boss-battle-turn-order", "3-boss-step"): "turn order: Boss Step",
    ("boss-battle-setup", "the-8-steps"): "Boss Battle setup, all 8 steps",
    ("boss-decks", None): "Upgrade deck and Action deck",
    ("boss-step", "2-income-phase"): "Boss Step: Income (Action card, Hero Bonus)",
    ("boss-step", "3-main-phase-1"): "Boss Step: Main Phase play or sell",
    ("boss-step", "4-offensive-roll-phase"): "Boss Step: Offensive Roll, Roll Objective, priority number",
    ("hero-bonus", None): "Hero Bonus",
    ("boss-special-situations", "knockdown-and-similar-effects"): "special situation: Knockdown",
    ("boss-special-situations", "concussion-and-similar-effects"): "special situation: Concussion",
    ("end-of-boss-battle", None): "end of battle (a tie goes to the heroes)",
    ("bosses", "the-four-boss-decks"): "Bosses",
    # Scenario conclusion
    ("scenario-conclusion", "1-shop-or-boss-loot"): "conclusion step 1",
    ("scenario-conclusion", "2-record-the-result-and-the-starting-salves"): "conclusion step 2",
    ("scenario-conclusion", "3-advance-or-repeat"): "conclusion step 3",
    ("recording-a-win", "scoring-lines"): "recording a win (lines A-H)",
    ("recording-a-loss", "lines-to-fill-in"): "recording a loss (-10, 3 more Starting Salves)",
    ("advance-or-repeat", "if-your-team-won"): "advancing",
    ("advance-or-repeat", "if-your-team-lost"): "repeating",
    ("scenario-cleanup", None): "cleaning up",
    ("scenario-points", None): "Scenario Points and Session Score",
    ("campaign-score", None): "campaign score",
    # Loot
    ("loot", None): "Loot",
    ("loot-chests", "opening-a-chest"): "Loot Chests (everyone rolls)",
    ("loot-table", "reward-types"): "Loot Table reward types",
    ("loot-table", "which-roll-gives-which-reward"): "the Loot Table gap shown honestly",
    ("loot-die", "re-roll-restriction"): "the Loot die re-roll restriction",
    ("shop", "1-gold-total-per-player"): "Shop: gold per player rounded up (27 -> 30)",
    ("shop", "buy"): "Shop: buying and paying the difference",
    ("shop", "identify"): "Shop: identifying",
    ("shop", "sell"): "Shop: selling",
    ("shop", "what-cannot-be-sold"): "Shop: what cannot be sold",
    ("boss-loot", "steps"): "Boss Loot",
    ("loot-cards", "rarity"): "Loot cards: rarity icons and crystal border",
    ("loot-cards", "discard-to-redraw"): "Loot cards: discard to redraw",
    ("equipment-cards", "limit-of-2"): "Equipment and its limit of 2",
    ("upgrading-loot-cards", "swap-icon"): "upgrading Loot cards and the Swap icon",
    ("deck-size-limit", None): "the 50-card deck limit",
    ("running-out-of-loot-cards", None): "running out of a Loot deck",
    ("unidentified-loot-cards", None): "Unidentified Loot cards",
    ("gold", None): "Gold",
    ("gold-dial", None): "Gold dial",
    # Other modes
    ("boss-vs-boss", "setup-changes"): "Boss vs Boss setup changes",
    ("boss-vs-boss", "king-s-hand"): "Boss vs Boss King's Hand",
    ("boss-vs-many", "heroes-setup-changes"): "Boss vs Many hero setup",
    ("boss-vs-many", "boss-setup-changes"): "Boss vs Many Boss setup",
    ("boss-vs-many", "start-player"): "Boss vs Many start player",
    ("kings-hand-boss-modes", "loot-die-table"): "King's Hand as a unique status with the Loot-die table",
    ("boss-mode-rule-changes", None): "rule changes for both Boss modes",
    ("boss-vs-many-targeting", "2-heroes-vs-boss"): "targeting: 2 Heroes",
    ("boss-vs-many-targeting", "3-heroes-vs-boss"): "targeting: 3 Heroes",
    ("boss-vs-many-targeting", "4-heroes-vs-boss"): "targeting: 4 Heroes",
    # Status effects and tokens (overview sections; each links the full entry)
    ("adventures-status-effects", "parasite"): "Parasite",
    ("adventures-status-effects", "hex"): "Hex",
    ("adventures-status-effects", "silence"): "Silence",
    ("adventures-status-effects", "targeted"): "Targeted",
    ("adventures-status-effects", "salve"): "Salve",
    ("adventures-status-effects", "king-s-hand"): "King's Hand",
    ("adventures-status-effects", "dominance"): "Dominance",
    ("adventures-status-effects", "life-siphon"): "Life Siphon",
    ("adventures-status-effects", "chaos"): "Chaos",
    ("adventures-status-effects", "bonus-damage"): "Bonus Damage",
    ("adventures-status-effects", "barbed-vine"): "Barbed Vine",
    ("adventures-status-effects", "first-strike-marker"): "the First Strike marker",
    ("adventures-status-effects", "portal-shards"): "Portal Shards",
    ("adventures-status-effects", "loot-chests"): "Loot Chests",
    ("adventures-status-effects", "cp-tokens"): "CP tokens",
    ("salve", None): "Salve entry",
    ("cp-tokens", None): "CP tokens entry",
    # Glossary
    ("adventures-glossary", None): "Adventures glossary",
    ("adv-active-player", None): "Active Player (Adventures)",
    ("adv-opponent", None): "Opponent (Adventures)",
    ("no-solo-symbol", None): "No Solo symbol",
}

# Every term of the Adventures glossary: a section of adventures-glossary.
GLOSSARY_TERMS = [
    "Active Player", "Boss", "Boss Portal", "Chaos dice", "Environment tile", "Equipment card",
    "First Strike", "Gold", "Gold dial", "King's Hand", "Loot", "Loot Chests", "Loot die", "Minion",
    "No Solo", "Opponent", "Portal Crawl", "Portal Shard", "Roll Objective", "Salve",
    "Scenario Score", "Shop", "Swap icon", "Unique Defense", "Unidentified Loot card",
]

# Status effects of the Adventures list: the full entry may be an Adventures entry or a
# reused core one (content/dice-throne/status-effects/), with id = slug of the name.
STATUS_EFFECTS = [
    "parasite", "hex", "silence", "targeted", "salve", "kings-hand", "dominance",
    "life-siphon", "chaos", "bonus-damage", "barbed-vine",
]
TOKENS = ["first-strike-marker", "portal-shards", "loot-chests", "cp-tokens"]

# The Adventures FAQ (ten questions in the rulebook) -> rule entry each must link.
FAQ = {
    "faq-adv-straight-to-boss-battle": "shop",
    "faq-adv-kings-hand-roll-manipulation": "kings-hand",
    "faq-adv-upgrades-carry-over": "scenario-cleanup",
    "faq-adv-salves-carry-over-after-win": "recording-a-win",
    "faq-adv-salves-after-loss": "recording-a-loss",
    "faq-adv-empty-loot-deck": "running-out-of-loot-cards",
    "faq-adv-unclear-minion-choice": "active-player-decides",
    "faq-adv-heal-above-starting-health": "heal",
    "faq-adv-bonus-damage-after-defense": "bonus-damage",
    "faq-adv-kings-hand-stack-limit": "kings-hand",
}

LINK_RE = re.compile(r"\[\[([^\]|#]+)(?:#([^\]|]*))?(?:\|[^\]]*)?\]\]")
# Number-less scrape phrases that must never reach a body.
SCRAPE_HOLES = [r"\bgain\s+and draw\b", r"\bby \.", r"maximum of \.", r"starts at \.", r"Spend\s+Gold to Identify"]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("’", "'")).strip("-")


@pytest.mark.parametrize(("entry_id", "anchor"), sorted(REQUIRED, key=str))
def test_required_entry_or_section(corpus, entry_id, anchor):
    entry = corpus.entries.get(entry_id)
    assert entry is not None, f"missing entry {entry_id} ({REQUIRED[(entry_id, anchor)]})"
    assert entry.game == GAME, entry_id
    assert entry.sources, entry_id
    if anchor:
        assert anchor in entry.anchors, f"{entry_id} lacks section #{anchor} ({REQUIRED[(entry_id, anchor)]})"


@pytest.mark.parametrize("term", GLOSSARY_TERMS)
def test_glossary_term(corpus, term):
    glossary = corpus.entries["adventures-glossary"]
    assert glossary.kind == "glossary"
    assert slug(term) in glossary.anchors, f"glossary lacks {term!r}"


@pytest.mark.parametrize("effect_id", STATUS_EFFECTS)
def test_status_effect_has_full_entry(corpus, effect_id):
    entry = corpus.entries.get(effect_id)
    assert entry is not None, f"no status-effect entry {effect_id}"
    assert entry.kind == "status-effect"
    overview = corpus.entries["adventures-status-effects"]
    assert f"/{effect_id}" in overview.html, f"adventures-status-effects must link {effect_id}"


@pytest.mark.parametrize("token_id", TOKENS)
def test_tokens(corpus, token_id):
    entry = corpus.entries[token_id]
    assert entry.game == GAME and entry.kind == "token"


@pytest.mark.parametrize(("faq_id", "target"), sorted(FAQ.items()))
def test_faq(corpus, faq_id, target):
    entry = corpus.entries.get(faq_id)
    assert entry is not None, f"missing FAQ {faq_id}"
    assert entry.kind == "faq" and entry.game == GAME
    assert entry.title.endswith("?")
    assert "adventures" in entry.tags and len(entry.tags) >= 2
    assert f"/{target}" in entry.html, f"{faq_id} must link {target}"


def test_key_facts(corpus):
    e = corpus.entries
    overview = e["campaign-overview"].text
    assert "1, 3, 5 and 7" in overview and "2, 4, 6 and 8" in overview
    assert "27" in e["shop"].text and "30" in e["shop"].text
    assert "-10" in e["recording-a-loss"].text and "3 more" in e["recording-a-loss"].text
    assert "50" in e["deck-size-limit"].text
    assert "2 in play" in e["equipment-cards"].text
    assert "infinite" in e["kings-hand"].text.lower()
    assert "20-sided" in e["loot-die"].text
    assert "Loot die" in e["loot-die"].text
    assert "team wins" in e["end-of-boss-battle"].text
    for count in ("41 Common", "38 Rare", "31 Epic", "30 Legendary"):
        assert count in e["loot-cards"].text or count in e["adventures-components"].text
    # the Loot Table gap is shown, not filled in: the page sends the player to the printed rows
    assert "Read the per-roll rows" in e["loot-table"].text and "off the board" in e["loot-table"].text


def test_no_number_less_scrape_phrases():
    for path in ADV_DIR.rglob("*.md"):
        body = path.read_text(encoding="utf-8").split("---", 2)[2]
        for pattern in SCRAPE_HOLES:
            assert not re.search(pattern, body), f"{path.name}: {pattern}"


def test_ids_and_links(corpus):
    entries = {i: x for i, x in corpus.entries.items() if x.game == GAME and x.lang == "en"}
    assert len(entries) >= 80
    for path in ADV_DIR.rglob("*.md"):
        for target, anchor in LINK_RE.findall(path.read_text(encoding="utf-8")):
            target = target.strip()
            assert target in corpus.entries, f"{path.name} links {target}"
            if anchor:
                assert anchor in corpus.entries[target].anchors, f"{path.name} links {target}#{anchor}"
    for entry in entries.values():
        if entry.kind == "faq":
            assert entry.id.startswith("faq-adv-"), entry.id
    # the Polish twins (content/pl/twins/adventures/): one per English entry, its id pl-<english-id>, its links
    # written with English ids (the page shows the twin), an anchor the English page's or the twin's own
    twins = {x.translation_of: x for x in corpus.entries.values() if x.game == GAME and x.lang == "pl"}
    assert set(twins) == set(entries), "English entries and Polish twins differ"
    for english_id, twin in twins.items():
        assert twin.id == f"pl-{english_id}" and twin.kind == entries[english_id].kind, twin.id
        assert twin.path.replace("\\", "/").startswith(f"content/pl/twins/{GAME}/"), twin.path
    for path in (ADV_DIR.parent / "pl" / "twins" / GAME).rglob("*.md"):
        for target, anchor in LINK_RE.findall(path.read_text(encoding="utf-8")):
            target = target.strip()
            assert target in corpus.entries, f"{path.name} links {target}"
            if anchor:
                twin = corpus.entries.get(corpus.entries[target].twin or "")
                shown = corpus.entries[target].anchors + (twin.anchors if twin else [])
                assert anchor in shown, f"{path.name} links {target}#{anchor}"


# ---- data files -------------------------------------------------------------------

def test_data_kings_hand_loot(corpus):
    data = corpus.data["adventures-kings-hand-loot"]
    assert data["sources"]
    assert data["die_sides"] == 20
    assert data["token"]["stack_limit"] == 5 and data["token"]["type"] == "unique"
    rows = [(tuple(r["rolls"]), r["outcome"]) for r in data["rows"]]
    assert rows == [((1, 10), "gain-cp"), ((11, 15), "reroll-or-extra-attempt"), ((16, 20), "change-die")]
    # the CP amount is in no source: it must stay a gap, never an invented number
    assert data["rows"][0]["amount"] is None and data["rows"][0]["note"]
    assert len(data["rows"][1]["choices"]) == 2
    assert data["entry"] in corpus.entries


def test_data_boss_vs_many_targeting(corpus):
    data = corpus.data["adventures-boss-vs-many-targeting"]
    assert data["sources"]
    tables = {t["heroes"]: [(tuple(r["rolls"]), r["target"]) for r in t["rows"]] for t in data["tables"]}
    assert tables[2] == [((1, 2, 3), "left"), ((4, 5, 6), "right")]
    assert tables[3] == [((1, 2), "left"), ((3, 4), "center"), ((5, 6), "right")]
    assert tables[4] == [((1,), "hero-1"), ((2,), "hero-2"), ((3,), "hero-3"), ((4,), "hero-4"),
                         ((5, 6), "roll-again")]
    for t in data["tables"]:
        covered = sorted(n for r in t["rows"] for n in r["rolls"])
        assert covered == [1, 2, 3, 4, 5, 6], t["heroes"]
    assert data["entry"] in corpus.entries


def test_data_scoring(corpus):
    data = corpus.data["adventures-scoring"]
    assert data["sources"]
    win = {line["line"]: line for line in data["win"]}
    assert list(win) == list("ABCDEFGH")
    assert win["D"]["modes"] == ["portal-crawl"] and win["D"]["points"] == {"each": 1, "per": 5, "unit": "unspent-gold"}
    assert win["E"]["modes"] == ["boss-battle"] and win["E"]["points"]["each"] == 1
    assert win["F"]["modes"] == ["portal-crawl"] and win["F"]["points"]["flat"] == 5
    assert win["B"]["points"]["each"] == 1
    assert win["G"]["points"] == {"from": "difficulty-card"}
    for line in data["win"]:
        assert line["modes"] and set(line["modes"]) <= {"portal-crawl", "boss-battle"}
    assert data["loss"]["session_score"] == -10
    assert data["loss"]["starting_salves_increase"] == 3


def test_data_loot_rewards(corpus):
    data = corpus.data["adventures-loot-rewards"]
    assert data["sources"]
    ids = [r["id"] for r in data["reward_types"]]
    assert ids == ["bonus-damage-token", "gain-cp", "draw-cards", "gain-health", "gain-gold", "unidentified-loot-card"]
    # the printed per-roll rows are in no source: an explicit gap
    assert "rows" in data["loot_table"] and data["loot_table"]["rows"] is None
    assert data["loot_table"]["rows_note"]
    assert data["boss_loot_table"]["rows"] is None and data["boss_loot_table"]["rows_note"]
    for r in data["reward_types"]:
        if "entry" in r:
            assert r["entry"] in corpus.entries


def test_pages_match_data(corpus):
    """The pages show the same tables as the data files (one source of truth)."""
    targeting = corpus.entries["boss-vs-many-targeting"].text
    for phrase in ("1-3", "4-6", "1-2", "3-4", "5-6", "Roll again"):
        assert phrase in targeting
    kh = corpus.entries["kings-hand-boss-modes"].text
    for phrase in ("1-10", "11-15", "16-20"):
        assert phrase in kh
    win = corpus.entries["recording-a-win"].text
    for phrase in ("every 5 Gold", "5 Scenario Points", "Portal Crawl only", "Boss Battle only"):
        assert phrase in win


def test_register_sweep_exceptions(corpus):
    """Session 14 register sweep: general rules that Adventures and Dungeon Dice entries state keep their exceptions."""
    e = corpus.entries
    # the campaign's King's Hand roll against an Ultimate is not carried into the Boss modes (marked as our reading)
    boss_modes = e["kings-hand-boss-modes"].text
    assert "Ultimate" in boss_modes and "our reading" in boss_modes
    # the Heroes-win-a-tie note is the campaign Boss Battle's; the Boss modes keep the standard draw (marked)
    end = e["end-of-boss-battle"].text
    assert "Boss vs Many" in end and "draw" in end and "our reading" in end
    # the Polish summary pages that say nothing stops an activated Ultimate name the campaign's King's Hand exception
    for page in ("pl-rodzaje-obrazen", "pl-faza-rzutu", "pl-pamietaj"):
        assert "kings-hand#" in e[page].html, page
    # a Unique Defense keeps 'unless its card says otherwise' in the Hero Step table
    assert "unless its card says otherwise" in e["hero-step"].text
    # Dungeon Dice: trophy Fame keeps the Toad limit; equipment changes keep one set per turn; Execute beats totals
    assert "at most 1 Fame" in e["dd-monster-dice"].text and "at most 1 Fame" in e["dd-dragon"].text
    assert "one set of equipment" in e["dd-off-turn"].text
    assert "Execute" in e["dd-quick-play-rules"].text
