"""Checklist for issue 5: the Dice Throne FAQ.

Every answer in the sources' FAQ blocks is either a published FAQ entry
(content/dice-throne/faq/) or listed, with its reason, in docs/faq-left-out.yaml.

HOW THE ANSWERS WERE COUNTED (once, by hand, reading 000_78eb23cc18105d55.txt):
the scraped reference lost every question, so each block is the run of answer
lines between the hero's "Weapon of choice" line and the next hero's description
(general blocks: see below). One line = one answer, except where the scrape split
an answer at a lost icon: in the Treant block, source lines 565-569 are one answer
(broken at the Seedling/Sapling/Dryad pictures) and lines 571-573 are one answer,
so its 14 lines hold 8 answers. No other block has a split answer.

  general             lines 32-72   41  after the setup rules and the complexity rating
  general-adventures  lines 73-82   10  same run, but Dice Throne Adventures answers (002 prints
                                        them with their questions; the Adventures FAQ publishes them)
  general-card-types  lines 96-99    4  the lines after the card-type rules; on reading they are the
                                        rules reference's "Attack Modifiers" rule entry (001's ATTACK
                                        MODIFIERS section), not answers -> all left out as not-an-answer
  artificer           340-358 19    barbarian     361-366  6    cursed-pirate 369-387 19
  gunslinger          390-400 11    huntress      403-420 18    monk          423-434 12
  moon-elf            437-451 15    ninja         454-461  8    paladin       464-473 10
  pyromancer          476-488 13    samurai       491-503 13    seraph        506-526 21
  shadow-thief        529-543 15    tactician     546-562 17    treant        565-578  8 (14 lines)
  vampire-lord        581-599 19    (line 600 starts the Adventures rules)

The hero answers total 224; with the 41 general answers, 265 Dice Throne FAQ
answers; plus the 10 Adventures answers and the 4 rule lines examined.
The Cursed Pirate leaflet Q&A in 001 (garbled OCR) repeats some Pirate answers;
it was used to confirm, so it adds no block.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

GAME = "dice-throne"
LEFT_OUT = Path(__file__).resolve().parent.parent / "docs" / "faq-left-out.yaml"
SRC = "000_78eb23cc18105d55.txt"

# block key -> answers counted by hand (see the module docstring)
HAND_COUNT = {
    "general": 41,
    "general-adventures": 10,
    "general-card-types": 4,
    "artificer": 19,
    "barbarian": 6,
    "cursed-pirate": 19,
    "gunslinger": 11,
    "huntress": 18,
    "monk": 12,
    "moon-elf": 15,
    "ninja": 8,
    "paladin": 10,
    "pyromancer": 13,
    "samurai": 13,
    "seraph": 21,
    "shadow-thief": 15,
    "tactician": 17,
    "treant": 8,
    "vampire-lord": 19,
}
HEROES = [b for b in HAND_COUNT if not b.startswith("general")]
# How an entry's 000 source section names its block: "<Name> FAQ, answer <n> of <count>".
BLOCK_NAMES = {
    "General": "general",
    "Artificer": "artificer",
    "Barbarian": "barbarian",
    "Cursed Pirate": "cursed-pirate",
    "Gunslinger": "gunslinger",
    "Huntress": "huntress",
    "Monk": "monk",
    "Moon Elf": "moon-elf",
    "Ninja": "ninja",
    "Paladin": "paladin",
    "Pyromancer": "pyromancer",
    "Samurai": "samurai",
    "Seraph": "seraph",
    "Shadow Thief": "shadow-thief",
    "Tactician": "tactician",
    "Treant": "treant",
    "Vampire Lord": "vampire-lord",
}
SECTION_RE = re.compile(r"^(?P<name>.+) FAQ, answer (?P<n>\d+) of (?P<count>\d+)$")
TOPICS = {"cp", "cards", "damage", "status-effects", "targeting", "timing", "dice", "health", "ultimate",
          "team-games", "defense", "setup"}
RULE_KINDS = {"rule", "glossary", "status-effect", "companion", "token", "phase", "mode", "symbol", "component"}
LEFT_CATEGORIES = {"unestablished", "adventures", "not-an-answer"}

# Published-entry floors per topic (the general FAQ's subjects).
TOPIC_MIN = {"cp": 3, "cards": 10, "damage": 15, "status-effects": 40, "targeting": 3, "ultimate": 8}


def faqs(corpus) -> list:
    """The English Dice Throne FAQ (what the hand count and the left-out list account for)."""
    return [e for e in corpus.entries.values() if e.kind == "faq" and e.game == GAME and e.lang == "en"]


def faq_twins(corpus) -> list:
    """The Polish twins of the Dice Throne FAQ (docs/content-format.md, "Polish twins")."""
    return [e for e in corpus.entries.values()
            if e.kind == "faq" and e.game == GAME and e.lang == "pl" and e.translation_of]


# A twin's source section may be translated: "Barbarian FAQ, answer 4 of 6" -> "FAQ Barbarzyńcy, odpowiedź 4 z 6".
PL_SECTION_RE = re.compile(r"\bodpowied\w* (?P<n>\d+) z (?P<count>\d+)\b")


def block_of(entry) -> tuple[str, int]:
    found = []
    for s in entry.sources:
        if s.file != SRC:
            continue
        m = SECTION_RE.match(s.section)
        if m:
            assert m["name"] in BLOCK_NAMES, f"{entry.id}: unknown block {m['name']!r}"
            block = BLOCK_NAMES[m["name"]]
            assert int(m["count"]) == HAND_COUNT[block], f"{entry.id}: section says {m['count']} answers"
            found.append((block, int(m["n"])))
    # The first such source is the entry's own answer; later ones are other heroes' answers it also rests on
    # (e.g. the Gunslinger's undefendable answer cites the Moon Elf and Monk answers that name Evasive).
    assert found, f"{entry.id}: needs a '<Name> FAQ, answer n of N' source in {SRC}"
    return found[0]


def answers_cited(entry) -> set[str]:
    """The hero/topic blocks whose FAQ answers an entry cites."""
    return {BLOCK_NAMES.get(m["name"], m["name"]) for src in entry.sources if src.file == SRC
            for m in [SECTION_RE.match(src.section)] if m}


def summarises_answers(entry) -> bool:
    """A general FAQ written from several heroes' answers to one ruling (one canonical answer for search,
    issue 18): it publishes none of those answers itself, so it is not counted as any hero's."""
    return entry.id.startswith("faq-general-") and len(answers_cited(entry) & set(HEROES)) >= 2


def left_out() -> list[dict]:
    rows = yaml.safe_load(LEFT_OUT.read_text(encoding="utf-8"))
    assert isinstance(rows, list)
    return rows


def test_faq_entries_are_well_formed(corpus) -> None:
    entries = faqs(corpus)
    assert entries, "no Dice Throne FAQ entries"
    for e in entries:
        assert e.id.startswith("faq-"), e.id
        assert e.title.endswith("?"), f"{e.id}: the title is the question"
        assert e.tags, f"{e.id}: no tags"
        assert all(t in HEROES or t in TOPICS for t in e.tags), f"{e.id}: unknown tag in {e.tags}"
        assert e.text.strip(), f"{e.id}: empty answer"
    # every English FAQ has one Polish twin: the same question mark, tags, flag and answers cited
    twins = {e.translation_of: e for e in faq_twins(corpus)}
    assert len(twins) == len(faq_twins(corpus)), "two twins of one FAQ"
    assert set(twins) == {e.id for e in entries}, "English FAQs and Polish twins differ"
    for e in entries:
        t = twins[e.id]
        assert t.id == f"pl-{e.id}", t.id
        assert t.title.endswith("?"), f"{t.id}: the title is the question"
        assert t.tags == e.tags, f"{t.id}: tags {t.tags} differ from {e.id}'s {e.tags}"
        assert t.question == e.question, f"{t.id}: question {t.question!r}, English {e.question!r}"
        assert t.text.strip(), f"{t.id}: empty answer"
        assert [s.file for s in t.sources] == [s.file for s in e.sources], f"{t.id}: source files differ"
        for s, ts in zip(e.sources, t.sources, strict=True):
            m = SECTION_RE.match(s.section) if s.file == SRC else None
            if m and ts.section != s.section:
                pm = PL_SECTION_RE.search(ts.section)
                assert pm and (pm["n"], pm["count"]) == (m["n"], m["count"]), (
                    f"{t.id}: section {ts.section!r} does not cite {s.section!r}")


def test_faq_counts_per_hero_and_topic(corpus) -> None:
    entries = faqs(corpus)
    per_tag = Counter(t for e in entries for t in e.tags)
    report = ", ".join(f"{t}={per_tag[t]}" for t in HEROES + sorted(TOPICS))
    print(f"FAQ entries per hero/topic: {report}")
    # every hero has answers in the sources, so every hero needs FAQ entries
    missing = [h for h in HEROES if per_tag[h] == 0]
    assert not missing, f"heroes with answers in the sources but no FAQ: {missing}"
    for topic, floor in TOPIC_MIN.items():
        assert per_tag[topic] >= floor, f"topic {topic}: {per_tag[topic]} FAQs, expected at least {floor}"
    # a hero FAQ is tagged with the hero of the block it comes from, and the hero page lists it (its twin too)
    twins = {t.translation_of: t for t in faq_twins(corpus)}
    for e in entries:
        if summarises_answers(e):
            continue
        block, _ = block_of(e)
        if block in HEROES:
            assert block in e.tags, f"{e.id}: not tagged {block}"
            assert block in e.related or block in e.links, f"{e.id}: the {block} page would not list it"
            assert e.id.startswith(f"faq-{block}-"), f"{e.id}: id should start faq-{block}-"
            t = twins[e.id]
            assert block in t.related or block in t.links, f"{t.id}: the {block} page would not list it"
        else:
            assert e.id.startswith("faq-general-"), e.id


def test_every_faq_links_a_rule_or_status_effect(corpus) -> None:
    for e in faqs(corpus) + faq_twins(corpus):
        targets = set(e.related) | set(e.links)
        kinds = {corpus.entries[t].kind for t in targets if t in corpus.entries}
        assert kinds & RULE_KINDS, f"{e.id}: links no rule, glossary or status-effect entry ({sorted(targets)})"
        broken = [t for t in targets if t not in corpus.entries]
        assert not broken, f"{e.id}: links to missing ids {broken}"


def test_published_plus_left_out_accounts_for_every_answer(corpus) -> None:
    positions: dict[str, list[int]] = {b: [] for b in HAND_COUNT}
    published = Counter()
    for e in faqs(corpus):
        if summarises_answers(e):
            continue
        block, n = block_of(e)
        positions[block].append(n)
        published[block] += 1
    omitted = Counter()
    for row in left_out():
        assert set(row) >= {"source", "section", "position", "answer_excerpt", "reason"}, row
        assert row["source"] == SRC, row
        assert row["section"] in HAND_COUNT, row
        assert row.get("category", "unestablished") in LEFT_CATEGORIES, row
        assert str(row["reason"]).strip() and str(row["answer_excerpt"]).strip(), row
        positions[row["section"]].append(int(row["position"]))
        omitted[row["section"]] += 1
    for block, count in HAND_COUNT.items():
        assert published[block] + omitted[block] == count, (
            f"{block}: {published[block]} published + {omitted[block]} left out != {count} counted by hand")
        assert sorted(positions[block]) == list(range(1, count + 1)), f"{block}: positions {sorted(positions[block])}"
    # the Adventures answers and the rule text are accounted for, never published here
    assert published["general-adventures"] == published["general-card-types"] == 0


def test_left_out_categories_match_blocks() -> None:
    for row in left_out():
        if row["section"] == "general-adventures":
            assert row["category"] == "adventures", row
        elif row["section"] == "general-card-types":
            assert row["category"] == "not-an-answer", row
        else:
            assert row["category"] == "unestablished", row


# Key words a player would type -> the FAQ(s) that must show in the top three results.
KEYWORDS = {
    "evasive ultimate": [
        "faq-gunslinger-evasive-ultimate", "faq-monk-evasive-ultimate", "faq-moon-elf-evasive-ultimate"],
    "wither collateral": ["faq-cursed-pirate-wither-collateral"],
    "pronounce nyra": ["faq-huntress-nyra-pronunciation"],
    "max cp": ["faq-general-max-cp"],
    "heal above starting health": ["faq-general-heal-above-starting-health"],
    "upgrade straight to level 3": ["faq-general-upgrade-straight-to-level-3"],
    "keep stunning": ["faq-barbarian-stun-chain", "faq-pyromancer-stun-chain"],
    "two protect tokens": ["faq-paladin-two-protect", "faq-tactician-two-protect"],
    "protect and retribution": ["faq-paladin-protect-and-retribution"],
    "when to pay knockdown": ["faq-gunslinger-knockdown-timing", "faq-monk-knockdown-timing",
                              "faq-pyromancer-knockdown-timing"],
    "second powder keg": ["faq-cursed-pirate-powder-keg-isolated"],
    "flip pirate board back": ["faq-cursed-pirate-flip-back"],
    "blood power collateral": ["faq-vampire-lord-blood-power-collateral"],
    "heal bot collateral": ["faq-artificer-heal-bot-collateral"],
    "nyra collateral": ["faq-huntress-nyra-collateral"],
    "shadows stunned": ["faq-shadow-thief-shadows-while-stunned"],
    "consume blood": ["faq-vampire-lord-consume-blood"],
    "profiteer powder keg": ["faq-tactician-profiteer-powder-keg"],
    "sell card value": ["faq-general-sell-value"],
    "empty deck draw": ["faq-general-empty-deck"],
    "both players 0 health": ["faq-general-both-reach-zero"],
    "chi stack limit permanent": ["faq-monk-chi-stack-limit-permanent"],
    "flight ultimate": ["faq-seraph-flight-ultimate"],
    "back strike ultimate": ["faq-samurai-back-strike-undefendable-ultimate"],
    "shame removed": ["faq-samurai-shame-removal"],
    "barbed vine removed": ["faq-treant-barbed-vine-removed"],
    "grow a spirit": ["faq-treant-spending-and-growing-spirits"],
    "delayed poison draw": ["faq-ninja-delayed-poison-draw"],
    "parlay defense roll": ["faq-cursed-pirate-parlay-no-defense"],
    "shock bot twice": ["faq-artificer-shock-bot-twice"],
    "overclock": ["faq-artificer-free-bot-activation-cards"],
    "crit minimum damage": ["faq-paladin-crit-threshold"],
    "blessing of divinity poison": ["faq-seraph-blessing-keeps-status-effects"],
    "holy presence transferred": ["faq-seraph-holy-presence-remove-transfer"],
    "cursed doubloons optional": ["faq-cursed-pirate-gaining-doubloons-optional"],
    "mesmerize die": ["faq-vampire-lord-mesmerize-any-die"],
    "tactical advantage per turn": ["faq-tactician-tactical-advantage-limit"],
    "evasive undefendable": ["faq-gunslinger-evasive-undefendable", "faq-monk-evasive-undefendable",
                             "faq-moon-elf-evasive-undefendable"],
    "attack modifier collateral": ["faq-general-attack-modifier-collateral", "faq-pyromancer-increase-collateral"],
    "stop an ultimate": ["faq-general-how-to-stop-ultimate", "faq-general-stop-ultimate-with-cards"],
    "hand limit": ["faq-general-hand-limit"],
    "remove status effect one token": ["faq-general-remove-one-status-effect"],
    "bleed each token roll": ["faq-huntress-bleed-each-token", "faq-vampire-lord-bleed-each-token"],
    "blind ultimate": ["faq-moon-elf-blind-ultimate"],
    "reroll kept dice": ["faq-general-reroll-kept-dice", "roll-attempt"],  # its page says so too
}


def top3(client, q: str) -> list[str]:
    """The ids a player sees in the top three results: each row's and those folded under it ("also: 3 heroes",
    issue 33: per-hero copies of one ruling show under the general answer)."""
    body = client.get("/api/search", query_string={"q": q, "limit": 3}).get_json()
    return [i for r in body["results"] for i in (r["id"], *(a["id"] for a in r["also"]))]


@pytest.mark.parametrize("query", sorted(KEYWORDS))
def test_key_words_find_the_faq_in_the_top_three(client, query: str) -> None:
    ids = top3(client, query)
    assert set(ids) & set(KEYWORDS[query]), f"{query!r} -> {ids}"


def test_every_question_finds_its_faq_in_the_top_three(client, corpus) -> None:
    misses = [(e.id, top3(client, e.title)) for e in faqs(corpus) + faq_twins(corpus)]
    misses = [(i, got) for i, got in misses if i not in got]
    assert not misses, f"{len(misses)} questions not in their own top three: {misses[:10]}"
