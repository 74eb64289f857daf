"""Session 15's table-side pass, where session 14 did not look: the browser's text size at 200 % (and a page zoomed
to 180 px, a 360 px phone at 200 %), keyboard only, the screen reader's view and Windows high contrast."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .table_support import phone, phone_context  # noqa: F401 - phone is a fixture

pytestmark = pytest.mark.browser
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.0 Mobile/15E148 Safari/604.1")
SIDEWAYS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
# A word of an element's text that the line breaks inside ("Adventure|s"): two boxes for one word.
BROKEN_WORDS = """el => { const out = []; const text = el.firstChild;
  if (!text || text.nodeType !== 3) return ['no text'];
  const re = /\\S+/g; let m; while ((m = re.exec(text.data))) { const r = document.createRange();
    r.setStart(text, m.index); r.setEnd(text, m.index + m[0].length);
    const tops = new Set([...r.getClientRects()].map(b => Math.round(b.top))); if (tops.size > 1) out.push(m[0]); }
  return out; }"""
# What a keyboard user sees of the focus: the ring (outline) must lie inside every box that clips its element (a
# one-line breadcrumb, a sideways-scrolling row of chips), or the focus is shown by a fill instead of a ring.
RING_CUT = """() => { let el = document.activeElement; if (!el.matches(':focus-visible')) return 'not focus-visible';
  if (el.matches('.chip input, .calc-chip input')) el = el.nextElementSibling;
  const s = getComputedStyle(el);
  if (s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0)
    return s.backgroundColor === getComputedStyle(el.parentElement).backgroundColor ? 'no ring, no fill' : '';
  const reach = Math.max(0, parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth));
  const r = el.getBoundingClientRect();
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const ps = getComputedStyle(p); if (ps.overflowX === 'visible' && ps.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect(), top = q.top + p.clientTop, left = q.left + p.clientLeft;
    if (r.top - reach < top - .5 || r.bottom + reach > top + p.clientHeight + .5
        || r.left - reach < left - .5 || r.right + reach > left + p.clientWidth + .5)
      return 'ring cut by ' + p.tagName.toLowerCase() + '.' + p.className;
  }
  return ''; }"""


@pytest.fixture(scope="module")
def big_text(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """One 360 px phone page with the browser's text size at 200 % (Chrome's font size setting: 32 px, not 16),
    shared by the tests that only load a page and measure it."""
    context = phone_context(browser, live_server, "light")
    page = context.new_page()
    context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    yield page
    context.close()


@pytest.fixture(scope="module")
def zoomed(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """A 360 px phone's page zoomed to 200 %: 180 CSS px wide."""
    context = phone_context(browser, live_server, "light", viewport={"width": 180, "height": 370})
    yield context.new_page()
    context.close()


BIG_TEXT_PAGES = ["/faq", "/search?q=evasive", "/search?q=og%C5%82uszenie", "/calc/odds"]


@pytest.mark.parametrize("url", BIG_TEXT_PAGES)
def test_big_text_needs_no_sideways_scroll(big_text: Page, url: str) -> None:
    """WCAG 1.4.4 / 1.4.10: the FAQ's topic pills (one unbreakable line each), the search results (a grid column as
    wide as its longest line) and the odds' big number pushed the page 39-157 px sideways at 200 % text."""
    big_text.goto(url)
    assert big_text.evaluate(SIDEWAYS) <= 0


def test_big_text_polish_settings_fit(big_text: Page) -> None:
    """A fieldset is as wide as its longest word by default: Polish Settings' "Zapis offline" box pushed the page
    13 px sideways at 200 % text."""
    big_text.goto("/settings")
    big_text.evaluate("localStorage.setItem('throne-rules.settings', JSON.stringify({lang: 'pl'}))")
    try:
        big_text.reload()
        expect(big_text.locator("h1")).to_have_text("Ustawienia")
        assert big_text.evaluate(SIDEWAYS) <= 0
    finally:
        big_text.evaluate("localStorage.removeItem('throne-rules.settings')")

def test_big_text_entry_head_keeps_words_and_breadcrumbs_whole(big_text: Page) -> None:
    """At 200 % text the title shared its row with Pin and Share and broke inside words ("Adventure|s"), the
    breadcrumbs were cut to "Ho… › … › …", and the header's search box stuck out under the header."""
    big_text.goto("/adventures/adventures-components")
    assert big_text.locator(".title-row h1").evaluate(BROKEN_WORDS) == []
    for crumb in big_text.locator(".breadcrumbs li").all():
        assert crumb.evaluate("li => li.scrollWidth <= li.clientWidth"), crumb.inner_text()
    header, box = big_text.locator(".site-header").bounding_box(), big_text.locator("#site-q").bounding_box()
    assert header and box and box["y"] + box["height"] <= header["y"] + header["height"] + 0.5, (header, box)
    assert big_text.evaluate(SIDEWAYS) <= 0


@pytest.mark.parametrize("fixture", ["big_text", "zoomed"])
def test_big_text_header_search_box_and_menu_fit(request: pytest.FixtureRequest, fixture: str) -> None:
    """At 200 % text or 180 px the header's search box shrank to 26-140 px between the logo and the buttons, and
    the open menu (at least 14rem wide) hung off the screen's left edge. The box now has a row of its own (the
    header scrolls away rather than hold a third of the screen) and the menu fits."""
    page: Page = request.getfixturevalue(fixture)
    page.goto("/index")
    width = page.evaluate("document.documentElement.clientWidth")
    box = page.locator("#site-q").bounding_box()
    assert box and box["width"] >= width * 0.6, (box, width)
    page.locator(".menu-button").click()
    menu = page.locator("#site-nav")
    expect(menu).to_be_visible()
    nav = menu.bounding_box()
    assert nav and nav["x"] >= 0 and nav["x"] + nav["width"] <= width, (nav, width)
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()

def test_big_text_suggestions_show_the_whole_question(big_text: Page) -> None:
    """A suggestion's title is cut to two lines: at 200 % text that left "Czy ogłuszenie (Stun)…" of a question."""
    big_text.goto("/dice-throne/barbarian")
    big_text.locator("#site-q").fill("can evasive be used against")
    titles = big_text.locator("#site-q-suggestions [role=option] .typeahead-title")
    expect(titles.filter(has_text="more than one Evasive")).to_be_visible(timeout=15_000)
    cut = titles.evaluate_all("ts => ts.filter(t => t.scrollHeight > t.clientHeight + 1).map(t => t.textContent)")
    assert cut == []

def test_zoomed_to_180_px_calculators_stay_on_screen(zoomed: Page) -> None:
    """A page zoomed to 200 % on a 360 px phone: the odds' "61.54%" ran 37 px off the screen, the damage
    calculator's "Evasive succeeded" line 45 px."""
    zoomed.goto("/calc/odds")
    number, card = zoomed.locator("#calc-result .calc-big-number").first, zoomed.locator("#calc-result")
    expect(number).to_have_text(re.compile(r"%$"))
    n, c = number.bounding_box(), card.bounding_box()
    assert n and c and n["x"] + n["width"] <= c["x"] + c["width"], (n, c)
    zoomed.goto("/calc/damage")
    width = zoomed.evaluate("document.documentElement.clientWidth")
    rights = zoomed.locator(".calc-check").evaluate_all("els => els.map(e => Math.max(...[...e.querySelectorAll('*')]"
                                                        ".map(c => c.getBoundingClientRect().right)))")
    assert rights and max(rights) <= width, (rights, width)
    zoomed.goto("/faq")
    assert zoomed.evaluate(SIDEWAYS) <= 0


FOCUS_TARGETS = {
    "/dice-throne/barbarian": [".breadcrumbs a"],
    "/index": [".filters a:not([aria-current])", ".sticky-bar a"],
    "/search?q=evasive": [".chip-row .chip input:not(:checked)"],
}


@pytest.mark.parametrize("url", list(FOCUS_TARGETS))
def test_keyboard_focus_ring_is_not_cut(phone: Page, url: str) -> None:  # noqa: F811
    """The breadcrumbs (one line, overflow hidden) cut their links' focus ring away entirely; the sideways rows of
    chips, A-Z game filters and letters cut its top and bottom."""
    phone.goto(url)
    phone.keyboard.press("Tab")  # the keyboard is in use: focus() below shows the ring as a Tab would
    for selector in FOCUS_TARGETS[url]:
        phone.locator(selector).first.focus()
        assert phone.evaluate(RING_CUT) == "", selector


def test_css_arrows_are_not_read_out(phone: Page) -> None:  # noqa: F811
    """The ▸ of a closed section and the › between breadcrumbs are drawn by CSS: a screen reader read them as part
    of the control ("black right-pointing small triangle, Contents (5 sections)")."""
    phone.goto("/dice-throne/barbarian")
    expect(phone.locator(".toc > summary")).to_have_accessible_name("Contents (5 sections)")
    expect(phone.locator(".faq-list summary").first).to_have_accessible_name(re.compile(r"^Can I"))
    assert "›" not in phone.locator(".breadcrumbs").aria_snapshot()


def test_open_as_a_page_links_say_which_question(phone: Page) -> None:  # noqa: F811
    """Evasive's page had 13 links named "Open as a page" (the FAQ index 196): a screen reader's list of links could
    not tell them apart. Each now names its question (hidden text), in the question's language."""
    phone.goto("/dice-throne/evasive")
    phone.evaluate("document.querySelectorAll('.faq-list details').forEach(d => { d.open = true; })")
    names = re.findall(r'link "(Open as a page[^"]*)"', phone.locator(".faq-list").first.aria_snapshot())
    assert len(names) > 1 and len(set(names)) == len(names), names
    assert any(re.fullmatch(r"Open as a page ?: Can Evasive be used against an Ultimate\?", n) for n in names), names
    phone.goto("/dice-throne/pl-evasive")
    phone.locator(".faq-list summary").first.click()
    link = phone.locator(".faq-open a").first
    expect(link.locator("[lang=pl]")).to_have_count(1)
    expect(link).to_have_accessible_name(re.compile(r"^Otwórz jako stronę ?: Czy "))

# What a screen reader hears: the text of every live region (a status, an <output>) that changes, unless aria-live=off.
HEARD = """() => { window.heard = []; const live = [...document.querySelectorAll('[aria-live], [role=status], output')]
  .filter(e => e.getAttribute('aria-live') !== 'off');
  for (const el of live) new MutationObserver(() => window.heard.push(el.id || el.className))
    .observe(el, {childList: true, subtree: true, characterData: true}); }"""


def test_score_change_is_announced_once(phone: Page) -> None:  # noqa: F811
    """The campaign log's total (an <output>, so a live region) was rewritten after every change of the form: a
    screen reader heard "Campaign score 0" on top of the status line's "Session Score: 7"."""
    phone.goto("/calc/score?mode=portal-crawl&result=win&remaining_salves=3&unspent_gold=3&scenario_score=3")
    expect(phone.locator("[data-campaign]")).to_be_visible()
    phone.evaluate(HEARD)
    phone.locator("#f-gold").fill("5")
    expect(phone).to_have_url(re.compile("unspent_gold=5"))
    phone.wait_for_function("window.heard.length > 0")
    assert set(phone.evaluate("window.heard")) == {"calc-status"}

def test_polish_snippet_is_marked_polish(phone: Page) -> None:  # noqa: F811
    """A Polish result on the English search page: its title said lang="pl", its snippet did not (a screen reader
    read the Polish with an English voice)."""
    phone.goto("/search?q=unik")
    result = phone.locator(".result").filter(has=phone.locator(".result-title[lang=pl]")).first
    expect(result.locator(".snippet")).to_have_attribute("lang", "pl")
    expect(phone.locator(".result").filter(has=phone.locator(".result-title[lang=en]")).first
           .locator(".snippet")).to_have_attribute("lang", "en")


def test_forced_colours_keep_choices_and_icons(browser: Browser, live_server: LiveServer) -> None:
    """Windows high contrast paints every background the page's colour: the chosen chip looked like the others,
    the section link's icon (a masked background) vanished, the borderless Search button was bare text."""
    context = phone_context(browser, live_server, "light", forced_colors="active")
    try:
        page = context.new_page()
        page.goto("/calc/odds")
        chosen = page.locator(".calc-chip input:checked + span").first
        other = page.locator(".calc-chip input:not(:checked) + span").first
        assert chosen.evaluate("e => getComputedStyle(e).backgroundColor") != \
            other.evaluate("e => getComputedStyle(e).backgroundColor")
        page.goto("/search?q=evasive")
        assert page.locator(".search-form button").first.evaluate("b => getComputedStyle(b).borderTopStyle") != "none"
        chosen = page.locator(".chip input:checked + span").first
        other = page.locator(".chip input:not(:checked) + span").first
        assert chosen.evaluate("e => getComputedStyle(e).backgroundColor") != \
            other.evaluate("e => getComputedStyle(e).backgroundColor")
        page.goto("/adventures/adventures-components")
        icon = page.locator("a.anchor").first.evaluate("a => getComputedStyle(a, '::before').backgroundColor")
        assert icon != page.evaluate("getComputedStyle(document.body).backgroundColor")
    finally:
        context.close()


def test_escape_puts_the_banners_away(browser: Browser, live_server: LiveServer) -> None:
    """The install hint and the update prompt had buttons only: Escape did nothing, and the button that hid its
    banner left the keyboard at the top of the page. Escape is now Not now / Later; the focus goes to the page."""
    context = browser.new_context(user_agent=IPHONE, viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, service_workers="block", base_url=live_server.url)
    try:
        page = context.new_page()
        page.goto("/dice-throne/evasive")
        hint = page.locator("#install-hint")
        expect(hint).to_be_visible()
        hint.get_by_role("button", name="Not now").focus()
        page.keyboard.press("Escape")
        expect(hint).to_be_hidden()
        expect(page.locator("#main")).to_be_focused()
        assert page.evaluate("localStorage.getItem('throne-rules.install-dismissed')") == "1"
        # the update prompt (shown here by hand: a waiting service worker is test_pwa_update's business)
        prompt = page.locator("#update-prompt")
        prompt.evaluate("p => { p.hidden = false; }")
        prompt.get_by_role("button", name="Later").focus()
        page.keyboard.press("Escape")
        expect(prompt).to_be_hidden()
        expect(page.locator("#main")).to_be_focused()
    finally:
        context.close()
