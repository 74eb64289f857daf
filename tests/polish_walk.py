"""Finding English interface text on a page a Polish reader sees (issue 35: "every string on a Polish page is
Polish"). Used by tests/browser/test_polish_pages.py, which walks every page kind in Chromium with the Polish
interface, and by tools/polish_walk.py, which counts what it finds on a live server.

What counts as interface text: every text node, every aria-label, placeholder, title and alt, and the document
title, except what sits inside an element marked lang="en" (English content a Polish reader is told is English:
an English page's title in a result row, an untranslated question). Such text is English when

- it is the English of a catalog message (a `ui:` or `calc:` msgid) whose Polish differs, or an English text the
  app shows from Python (the facts box's labels, the calculators' field labels), or
- it holds a word that only English uses ("the", "your", "results", ...), once the game terms Polish players keep
  in English (content/data/polish-terms.yaml's English terms, the calculators' KEEP list, hero, game and status
  effect names) are taken out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from babel.messages.pofile import read_po
from throne_rules import PROJECT_ROOT
from throne_rules.catalog import po_path

# Words no Polish interface text holds (Polish words spelt the same, such as "to", "no", "a", "i", "do", "on",
# "od", "test", "start", "offline", "online", "link", "tag", "menu", "FAQ", are left out).
ENGLISH_WORDS = frozenset("""
the and of you your yours with for is are was were be been this that these those from not or when what which who
why how where can cannot will would should could has have had it its it's into than then there their they them
our us any each every all some more less only also about after before again here just very our
page pages search searching searched results result answer answers question questions open close closed opens
show shows hide copy copied share shared pin pinned unpin clear cleared back next previous settings setting
changes changed change home calculator calculators sources source related used persistent spendable stack
activation yes loading loaded failed found nothing matches match entries entry contents section sections
install update updated available reload later dismiss skip navigation language theme text size light dark
saved save device storage keep kept wake screen awake recent recently terms term preview definition
rule rules rulebook game games heroes player players roll rolls rolled attack attacks attacked damage
health dice die defense defence defensive offensive ability abilities card cards turn phase phases round
target targets seat seats mode modes choose chosen pick picked enter entered add remove reset result total
odds chance chances probability score fame loot treasure win wins winner lose lost ties tie
types kind kinds status effect effects symbols monsters index letter letters
filter filters filtered all none both other others another first last each see read more less than
questions worded wording question took taken made make making written write words word missing
""".split())

# Text the interface may show as it is in either language: names, numbers, symbols.
SAME_IN_BOTH = frozenset({"FAQ", "Menu", "Throne Rules", "English", "Polski", "EN", "PL", "OK", "Symbol"})
GLOSS = re.compile(r"\([^()]*\)")
WORD = re.compile(r"[A-Za-zÀ-ÿĀ-žŁłŚśŹźŻżĆćŃńĘęĄąÓó']+")


@dataclass(frozen=True)
class Finding:
    url: str
    where: str
    text: str
    why: str


def _norm(text: str) -> str:
    return " ".join(text.split()).strip(" .:…—-")


@cache
def catalog_english() -> frozenset[str]:
    """Every catalog message's English whose Polish is another text (normalised)."""
    with po_path().open("rb") as f:
        catalog = read_po(f, locale="pl")
    out = set()
    for m in catalog:
        if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string and m.string != m.id:
            if len(m.id) > 2 and _norm(m.id) not in SAME_IN_BOTH:
                out.add(_norm(m.id))
    return frozenset(out)


@cache
def kept_terms() -> tuple[str, ...]:
    """Game terms and names a Polish page may show in English, longest first (taken out before the word check)."""
    terms: set[str] = set()
    data = yaml.safe_load((PROJECT_ROOT / "content" / "data" / "polish-terms.yaml").read_text(encoding="utf-8"))
    terms |= {str(t["en"]) for t in data.get("terms", []) if t.get("en")}
    from throne_rules.ui_strings_calc import KEEP
    terms |= set(KEEP)
    effects = yaml.safe_load((PROJECT_ROOT / "content" / "data" / "status-effects.yaml").read_text(encoding="utf-8"))
    for item in (effects.get("status-effects") or {}).get("effects") or []:
        terms.add(str(item.get("name") or item.get("id", "")).replace("-", " "))
    return tuple(sorted((t for t in terms if t), key=len, reverse=True))


@cache
def kept_lower() -> frozenset[str]:
    """Whole texts a Polish page may show in English: the calculators' kept terms (KEEP, each with its reason)."""
    from throne_rules.ui_strings_calc import KEEP
    return frozenset(t.lower() for t in KEEP)


def without_kept(text: str, names: Iterable[str] = ()) -> str:
    for term in (*sorted(names, key=len, reverse=True), *kept_terms()):
        text = re.sub(rf"(?<![\w]){re.escape(term)}(?![\w])", " ", text, flags=re.I)
    return text


def english_in(text: str, names: Iterable[str] = ()) -> str | None:
    """Why `text` is English interface text, or None."""
    norm = _norm(text)
    glossed = _norm(GLOSS.sub(" ", norm))  # "Rzuty (Roll Attempts)": the English term once, as a gloss
    if not norm or norm in SAME_IN_BOTH or not WORD.search(norm) or norm.startswith("/"):  # a path
        return None
    if norm.lower() in kept_lower():
        return None
    if norm in catalog_english():
        return "a catalog message's English"
    words = [w.lower() for w in WORD.findall(without_kept(glossed or norm, names))]
    english = [w for w in words if w in ENGLISH_WORDS]
    if english:
        return "English words: " + ", ".join(dict.fromkeys(english))
    return None


# The pages' content (the build's entries: titles, bodies, questions, answers, headings; a source's title and the
# section it cites, in the document's own words), not
# interface: the Polish twins keep an English game term with its Polish gloss, which is not interface text. The
# interface inside an entry's body (its facts box, its contents list, its questions' headings) is walked.
CONTENT = (".entry-body > :not(.facts, .toc, .entry-faqs)", ".entry-faqs details", ".toc nav", ".faq-list summary",
           ".faq-answer > :not(.faq-open)", "article.entry h1", ".entry-related li", ".entry-sources cite",
           ".source-section", ".on-this-page li", ".az-row", ".entry-list a", ".result-title", ".result .snippet",
           ".result-section", ".query-echo", ".entry-terms li", ".twin-note a", ".changes-list a",
           "#term-preview-title", "#term-preview-text")

# Collects, in the page, (where, text) of every text node, every aria-label/placeholder/title/alt and the
# document title that no element marked lang="en" holds; and the term previews' definitions in the page.
WALK_JS = """() => {
  const out = [];
  const root = document.documentElement;
  const CONTENT = CONTENT_SELECTORS;
  const polishPage = root.getAttribute("lang") === "pl";
  function english(el) {
    for (let n = el; n && n !== root; n = n.parentElement) {
      if (n.hasAttribute("lang")) return n.getAttribute("lang").toLowerCase().startsWith("en");
    }
    return false;
  }
  function where(el) {
    const parts = [];
    for (let n = el; n && n !== root && parts.length < 4; n = n.parentElement) {
      parts.unshift(n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") +
        (n.classList.length ? "." + Array.from(n.classList).join(".") : ""));
    }
    return parts.join(" > ");
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!el || el.closest("script, style, template, noscript, svg") || english(el) || el.closest(CONTENT)) continue;
    const text = node.textContent.trim();
    if (text) out.push([where(el), text]);
  }
  document.querySelectorAll("[aria-label], [placeholder], [title], [alt]").forEach((el) => {
    if (english(el) || el.closest("svg") || el.closest(CONTENT)) return;
    ["aria-label", "placeholder", "title", "alt"].forEach((attr) => {
      const text = (el.getAttribute(attr) || "").trim();
      if (text) out.push([where(el) + "@" + attr, text]);
    });
  });
  if (!document.querySelector("article.entry")) out.push(["title", document.title]);  // an entry's: its title
  const defs = document.getElementById("term-defs");
  if (defs) {
    Object.entries(JSON.parse(defs.textContent)).forEach(([url, def]) => {
      if (polishPage && def.lang === "en") {
        out.push(["term preview " + url, "(an English page's preview) " + def.title]);
      }
    });
  }
  return out;
}""".replace("CONTENT_SELECTORS", json.dumps(", ".join(CONTENT)))


@cache
def english_in_page(text: str, names: frozenset[str]) -> str | None:
    """english_in, remembered: most of a page's interface text (the header, the menu, the footer) is on every page
    of a walk, and each check runs about 110 pattern substitutions."""
    return english_in(text, names)


def findings(url: str, texts: Iterable[tuple[str, str]], names: Iterable[str] = ()) -> list[Finding]:
    out = []
    kept = frozenset(names)
    for where, text in texts:
        if where.startswith("term preview") and text.startswith("(an English page's preview)"):
            out.append(Finding(url, where, text, "a term preview of an English page"))
            continue
        why = english_in_page(text, kept)
        if why:
            out.append(Finding(url, where, text, why))
    return out


# Calculator pages: each form, a worked answer and an error of each (as tests/browser/test_calc_polish.py).
CALC_PAGES = (
    "/calc", "/calc/damage", "/calc/damage?damage=10&type=normal&add=2&sub=1&half=1&reflect=1&e-protect=2&hp-def=2",
    "/calc/damage?damage=5000", "/calc/targeting", "/calc/targeting?mode=koth&health=30,30,25&attacker=1&target=2",
    "/calc/targeting?mode=boss-vs-many&heroes=4&roll=6&ultimate=true", "/calc/loot",
    "/calc/loot?table=kings-hand&roll=13", "/calc/loot?table=adventures&side=loot-chest&roll=3",
    "/calc/loot?table=dungeon-dice&reward=locked-chest", "/calc/score",
    "/calc/score?mode=portal-crawl&result=win&remaining_salves=3&unspent_gold=17&explored_all=true&scenario_score=20",
    "/calc/fame", "/calc/fame?experience=16&gold=3&artifacts=2&wounds=2&hero_total=5&monster_total=4", "/calc/odds",
    "/calc/odds?hero=gunslinger&goal=symbols&n-Bullet=2&n-Dash=1&n-Bullseye=1&dice=6&roll=112466&left=1",
    "/calc/odds?mode=abilities&ab=2&a1-goal=kind&a1-kind=3&a1-dmg=4&a2-goal=straight&a2-straight=4&a2-dmg=7",
    "/calc/odds?dice=5&goal=straight&straight=4&roll=1x",
)
OTHER_PAGES = ("/", "/index", "/index?game=dungeon-dice", "/faq", "/dice-throne", "/adventures?kind=rule",
               "/dungeon-dice", "/search", "/search?q=og%C5%82uszenie", "/search?q=stun",
               "/search?q=qqxzvw+brrk", "/settings", "/changes", "/offline?lang=pl", "/dice-throne/no-such-page",
               "POST /faq")


def polish_pages(build_dir: Path) -> list[str]:
    """Every page kind a Polish reader opens: a Polish entry of each game and kind (a status effect with its
    facts box, a hero with its questions, a long entry with its contents), the indexes, search (results and
    none), every calculator, settings, changes, the offline page and the error pages."""
    entries = json.loads((build_dir / "current" / "entries.json").read_text(encoding="utf-8"))
    polish = sorted((e for e in entries if e["lang"] == "pl"), key=lambda e: e["id"])
    first: dict[tuple[str, str], str] = {}
    for e in polish:
        first.setdefault((e["game"], e["kind"]), e["url"])
    extra = [e["url"] for e in polish if e["facts"]][:1] + [e["url"] for e in polish if len(e["anchors"]) >= 4][:1]
    extra += [e["url"] for e in polish if e["kind"] == "hero" and e["faqs"]][:1]
    return list(dict.fromkeys([*first.values(), *extra, *OTHER_PAGES, *CALC_PAGES]))


def kept_names(build_dir: Path) -> frozenset[str]:
    """Names Polish pages keep in English: heroes', monsters', symbols' and status effects' English titles."""
    entries = json.loads((build_dir / "current" / "entries.json").read_text(encoding="utf-8"))
    return frozenset(e["title"] for e in entries if e["lang"] == "en" and e["kind"] in NAME_KINDS)


NAME_KINDS = frozenset({"hero", "monster", "symbol", "status-effect", "companion"})
POLISH_READER = 'localStorage.setItem("throne-rules.settings", JSON.stringify({lang: "pl"}));'


def walk(page: Any, base: str, url: str, names: Iterable[str] = ()) -> list[Finding]:
    """Open `url` in the Polish reader's tab (scripts done) and return the English interface text on it."""
    method, _, path = url.rpartition(" ")
    if method:
        page.route(base + path, lambda route: route.continue_(method=method))
    try:
        page.goto(base + path, wait_until="load")
        page.wait_for_selector("html[data-ui-done]", state="attached")
        page.wait_for_load_state("networkidle")
        if path.startswith("/calc"):
            page.wait_for_selector("html[data-calc-done]", state="attached")
        return findings(url, page.evaluate(WALK_JS), names)
    finally:
        if method:
            page.unroute(base + path)


def walk_all(browser: Any, base: str, urls: Iterable[str], build_dir: Path | None = None) -> list[Finding]:
    """Every URL as one Polish reader browsing from page to page in one tab (its HTTP cache and settings kept, as
    a reader's are): a new context per page started a new renderer and downloaded and compiled the scripts and the
    search index again, about 1.5 s of Chromium CPU a page."""
    names = kept_names(build_dir) if build_dir else frozenset()
    context = browser.new_context(locale="pl-PL", service_workers="block")
    context.add_init_script(POLISH_READER)
    try:
        page = context.new_page()
        return [f for url in urls for f in walk(page, base, url, names)]
    finally:
        context.close()
