"""Issue 34's figures, measured as a player on a 360 x 740 phone (run by bench/ux_measure.py).

- calc_first_field: the top (CSS px from the top of the page) of each calculator's first form control, at the
  normal, Large and Extra large text sizes (Settings), and of the damage page's "Incoming damage" field; at
  most 420 is the goal.
- odds_large_straight: the top of the odds page's "Large Straight" control (a quick button or a chip).
- shared_damage: a shared damage calculation opened cold: where its step list (`.calc-steps`) is on the page
  and on the screen (its top relative to the window once the page has settled; under 740 is on screen).
- az: the A-Z index: its height, its rows, its FAQ-question rows, its links under 24 px in one dimension, and
  the first row the filter shows for "shadows".
- contents: a long entry (Adventures status effects, 17 sections): whether its contents are in the first screen,
  and the swipes (a screen of 740 - 56 px each) to reach "Loot Chests" without them.
- hero_faq_top: the top of a hero page's first question (Barbarian).
- faq_topic_barbarian: where the FAQ index's "Barbarian" topic is (x, y) and whether one tap reaches it
  (on the first screen, inside the 360 px width).
- targeting_leaders_error: whether the targeting page shows an error while the Leaders' Health is half typed.
"""

from __future__ import annotations

import math
from typing import Any

VIEWPORT = {"width": 360, "height": 740}
HEADER = 56
CALCS = ("/calc/damage", "/calc/odds", "/calc/targeting", "/calc/loot", "/calc/score", "/calc/fame")
TEXT_SIZES = ("normal", "large", "xlarge")
SHARED_DAMAGE = "/calc/damage?damage=8&add=2&dsub=1&double=1"
LONG_ENTRY = "/adventures/adventures-status-effects"
LONG_TARGET = "loot-chests"

FIRST_CONTROL = """() => {
  const form = document.getElementById('calc-form');
  if (!form) return null;
  for (const f of form.querySelectorAll('input:not([type=hidden]), select, textarea')) {
    const el = f.closest('label') && getComputedStyle(f).opacity === '0' ? f.closest('label') : f;
    const r = el.getBoundingClientRect();
    if (r.width && r.height) return Math.round(r.top + window.scrollY);
  }
  return null;
}"""
TOP_OF = """(sel) => {
  const n = [...document.querySelectorAll(sel)].find(e => e.getClientRects().length);
  if (!n) return null;
  const r = n.getBoundingClientRect();
  return {doc: Math.round(r.top + window.scrollY), screen: Math.round(r.top), x: Math.round(r.left)};
}"""
AZ_FIGURES = """() => {
  const links = [...document.querySelectorAll('#az-groups a')];
  const small = links.filter(a => { const r = a.getBoundingClientRect(); return r.width < 24 || r.height < 24; });
  const rows = document.querySelectorAll('.az-list li');
  const faq = [...rows].filter(li => (li.textContent || '').includes('· FAQ'));
  return {height: document.documentElement.scrollHeight, rows: rows.length, faq_rows: faq.length,
          links: links.length, links_under_24px: small.length};
}"""


def _context(browser: Any, text: str = "normal") -> Any:
    context = browser.new_context(viewport=VIEWPORT, service_workers="block", has_touch=True, is_mobile=True)
    if text != "normal":
        context.add_init_script(
            f"localStorage.setItem('throne-rules.settings', JSON.stringify({{text: '{text}'}}))")
    return context


def calc_figures(browser: Any, base: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for text in TEXT_SIZES:
        context = _context(browser, text)
        try:
            page = context.new_page()
            for url in CALCS:
                page.goto(base + url, wait_until="load")
                out.setdefault(url, {})[text] = page.evaluate(FIRST_CONTROL)
                if url == "/calc/damage":  # the field the page is for
                    field = page.evaluate(TOP_OF, "#f-damage")
                    out.setdefault("incoming damage field", {})[text] = field and field["doc"]
        finally:
            context.close()
    figures: dict[str, Any] = {"calc_first_field": out}
    context = _context(browser)
    try:
        page = context.new_page()
        page.goto(base + "/calc/odds", wait_until="load")
        large = page.evaluate(TOP_OF, "[data-straight='5'], [data-target-chip='large'], label[data-upto='5']")
        figures["odds_large_straight"] = large and large["doc"]
        page.goto(base + SHARED_DAMAGE, wait_until="load")
        page.wait_for_timeout(300)
        figures["shared_damage_steps"] = page.evaluate(TOP_OF, ".calc-steps")
        page.goto(base + "/calc/targeting?mode=koth", wait_until="load")
        page.locator("#f-health").fill("30 30")
        page.wait_for_timeout(400)
        figures["targeting_leaders_error"] = page.locator("#calc-result .calc-error").count() > 0
    finally:
        context.close()
    return figures


def reading_figures(browser: Any, base: str) -> dict[str, Any]:
    context = _context(browser)
    try:
        page = context.new_page()
        page.goto(base + "/index", wait_until="load")
        az = page.evaluate(AZ_FIGURES)
        page.locator("#az-q").fill("shadows")
        page.wait_for_timeout(200)
        az["shadows_first"] = page.locator("#az-groups li:visible").first.inner_text().split("\n")[0]
        out: dict[str, Any] = {"az": az}
        page.goto(base + LONG_ENTRY, wait_until="load")
        toc = page.evaluate(TOP_OF, ".toc summary")
        heading = page.evaluate(TOP_OF, f"#{LONG_TARGET}")
        out["contents"] = {
            "page_height": page.evaluate("document.documentElement.scrollHeight"),
            "contents_top": toc and toc["doc"],
            "target_top": heading and heading["doc"],
            "swipes_without_contents": heading and math.ceil((heading["doc"] - HEADER) / (VIEWPORT["height"] - HEADER)),
            "taps_with_contents": 2 if toc and toc["doc"] < VIEWPORT["height"] else None,
        }
        page.goto(base + "/dice-throne/barbarian", wait_until="load")
        first = page.evaluate(TOP_OF, ".entry-faqs li")
        out["hero_faq_top"] = first and first["doc"]
        page.goto(base + "/faq", wait_until="load")
        topic = page.evaluate(TOP_OF, "a[href='#faq-barbarian']")
        out["faq_topic_barbarian"] = {**(topic or {}), "one_tap": bool(
            topic and 0 <= topic["x"] < VIEWPORT["width"] - 20 and topic["doc"] < VIEWPORT["height"])}
        return out
    finally:
        context.close()
