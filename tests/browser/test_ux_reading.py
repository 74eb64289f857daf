"""Issue 34, reading: contents on long entries (a phone) and a list that follows the reader (a desktop), a hero's
questions in place near the top, the FAQ topics in one tap, term previews, the terms-only A–Z index and the home
page's look-ups. A 360 x 740 touch phone, light and dark; English and Polish; 1280 px for the desktop list."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .pwa_support import axe_violations
from .table_support import PHONE, phone, phone_context, top_of  # noqa: F401 - phone is a fixture

pytestmark = pytest.mark.browser
LONG_ENTRY = "/adventures/adventures-status-effects"
AZ_MAX = 20_000


def test_contents_of_a_long_entry_in_the_first_screen(phone: Page) -> None:  # noqa: F811
    phone.goto(LONG_ENTRY)
    summary = phone.locator(".toc > summary")
    expect(summary).to_contain_text("17 sections")
    assert top_of(phone, ".toc > summary") < PHONE["height"], "the contents are on the first screen"
    summary.tap()  # two taps to any section, where it took 8 swipes
    phone.locator(".toc a", has_text="Loot Chests").tap()
    expect(phone).to_have_url(re.compile(r"#loot-chests$"))
    expect(phone.locator("#loot-chests")).to_be_in_viewport()
    expect(phone.locator(".toc")).not_to_have_attribute("open", "")


def test_desktop_contents_follow_the_reader(browser: Browser, live_server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url,
                                  service_workers="block")
    try:
        page = context.new_page()
        page.goto(LONG_ENTRY)
        expect(page.locator(".toc")).to_be_hidden()  # the side list stands for it
        page.locator("#loot-chests").scroll_into_view_if_needed()
        page.evaluate("document.getElementById('loot-chests').scrollIntoView({block: 'start'})")
        current = page.locator(".on-this-page a[aria-current=location]")
        expect(current).to_have_text("Loot Chests")
        expect(current).to_be_in_viewport()
    finally:
        context.close()


def test_hero_questions_open_in_place_near_the_top(phone: Page) -> None:  # noqa: F811
    phone.goto("/dice-throne/barbarian")
    questions = phone.locator(".entry-faqs-top details")
    assert questions.count() >= 3
    assert top_of(phone, ".entry-faqs-top details") < PHONE["height"], "the first question is on the first screen"
    for i in range(questions.count()):  # one tap per answer, no page load
        questions.nth(i).locator("summary").tap()
        answer = questions.nth(i).locator(".faq-answer")
        expect(answer).to_be_visible()
        assert answer.inner_text().strip()
    expect(phone).to_have_url(re.compile(r"/dice-throne/barbarian$"))


def test_faq_topics_in_one_tap(phone: Page) -> None:  # noqa: F811
    phone.goto("/faq")
    barbarian = phone.locator(".faq-topics a[href='#faq-barbarian']")
    expect(barbarian).to_be_in_viewport()  # no sideways swipes first
    box = barbarian.bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"]
    barbarian.tap()
    expect(phone.locator("#faq-barbarian")).to_be_in_viewport()


def test_term_preview_in_place_offline_keyboard_escape(phone: Page) -> None:  # noqa: F811
    phone.goto("/dice-throne/barbarian")
    link = phone.locator(".entry-body a[data-term]").first
    expect(link).to_have_attribute("aria-haspopup", "dialog")
    href = link.get_attribute("href")
    requests: list[str] = []
    phone.on("request", lambda r: requests.append(r.url))
    phone.context.set_offline(True)  # the definitions are in the page: no request, works offline
    link.tap()
    dialog = phone.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).not_to_be_empty()
    assert dialog.locator("p#term-preview-text").inner_text().strip()
    expect(dialog.get_by_role("link", name="Open the full rule")).to_have_attribute("href", re.compile(
        re.escape(href or "?") + "$"))
    expect(phone).to_have_url(re.compile(r"/dice-throne/barbarian$"))
    assert requests == []
    phone.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(link).to_be_focused()  # focus back where the reader was
    phone.keyboard.press("Enter")  # the keyboard opens it too
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    phone.context.set_offline(False)


def test_term_preview_on_the_faq_index(phone: Page) -> None:  # noqa: F811
    phone.goto("/faq")
    link = phone.locator(".faq-answer a[data-term]").first
    link.evaluate("a => a.closest('details').open = true")
    link.tap()
    expect(phone.get_by_role("dialog")).to_be_visible()
    expect(phone).to_have_url(re.compile(r"/faq$"))


def test_az_index_terms_only_exact_first(phone: Page) -> None:  # noqa: F811
    phone.goto("/index")
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height <= AZ_MAX, f"the A–Z index is {height} px tall"
    assert phone.locator(".az-list li", has_text="· FAQ").count() == 0, "questions stay in the FAQ index"
    # a link the reader cannot see (a twin's row in the other language, hidden) is no tap target
    small = phone.evaluate("""() => [...document.querySelectorAll('#az-groups a')].filter(a => {
      if (!a.getClientRects().length) return false;
      const r = a.getBoundingClientRect(); return r.width < 24 || r.height < 24; }).length""")
    assert small == 0, f"{small} links under 24 px"
    phone.get_by_label("Filter the index").fill("shadows")
    first = phone.locator("#az-groups li:visible").first
    expect(first.locator(".az-title")).to_have_text("Shadows")
    expect(phone.locator("#az-best")).to_be_visible()
    phone.get_by_label("Filter the index").fill("")
    expect(phone.locator("#az-best")).to_be_hidden()


def test_az_index_one_row_per_term_in_the_readers_language(browser: Browser, live_server: LiveServer) -> None:
    """A term with a Polish twin (issue 35) is one row: the English page's for an English reader, the twin's for a
    Polish one; switching the interface language swaps them in place."""
    context = phone_context(browser, live_server, "light")
    try:
        page = context.new_page()
        page.goto("/index")
        stun = page.locator(".az-list a[href='/dice-throne/stun']")
        twin = page.locator(".az-list a[href='/dice-throne/pl-stun']")
        expect(stun).to_be_visible()
        expect(twin).to_be_hidden()
        english = int(page.locator("#az-count").inner_text().split()[0])
        page.evaluate("window.ThronePrefs.set('lang', 'pl')")
        expect(twin).to_be_visible()
        expect(stun).to_be_hidden()
        assert page.locator(".az-list li:visible").count() == english  # each term once in either language
        page.get_by_label("Filtruj indeks").fill("ogłuszenie")
        expect(page.locator("#az-groups li:visible").first.locator(".az-title")).to_contain_text("Ogłuszenie")
    finally:
        context.close()


def test_home_leads_with_look_ups(phone: Page) -> None:  # noqa: F811
    phone.goto("/")
    tiles = phone.locator(".look-up-grid a")
    expect(tiles.first).to_contain_text("Status effects")
    expect(tiles.first).to_be_in_viewport()
    labels = tiles.locator(".look-up-label").all_inner_texts()
    assert {"Heroes", "Turn phases", "Calculators"} <= set(labels), labels
    tiles.first.tap()
    expect(phone).to_have_url(re.compile(r"/dice-throne\?kind=status-effect$"))


def test_reading_aids_in_polish(browser: Browser, live_server: LiveServer) -> None:
    context = phone_context(browser, live_server, "light")
    context.add_init_script("localStorage.setItem('throne-rules.settings', JSON.stringify({lang: 'pl'}))")
    try:
        page = context.new_page()
        page.goto(LONG_ENTRY)
        expect(page.locator(".toc > summary")).to_have_text("Spis treści (sekcje: 17)")
        page.goto("/dice-throne/barbarian")
        expect(page.locator(".entry-faqs-top h2")).to_contain_text("Pytania na ten temat")
        page.locator(".entry-body a[data-term]").first.tap()
        expect(page.get_by_role("dialog").get_by_role("link")).to_have_text("Otwórz całą zasadę")
        page.goto("/")
        expect(page.locator(".look-up-label").first).to_have_text("Efekty statusu")
    finally:
        context.close()


def test_update_prompt_is_short_and_has_later(phone: Page) -> None:  # noqa: F811
    phone.goto("/dice-throne/evasive")
    prompt = phone.locator("#update-prompt")
    prompt.evaluate("p => { p.hidden = false; p.querySelector('.update-count').textContent = ': 12 rules changed';"
                    " p.querySelector('.update-changes').hidden = false; }")
    box = prompt.bounding_box()
    assert box and box["height"] < 122, f"the update prompt is {box and box['height']} px tall"
    expect(prompt.get_by_role("button", name="Later")).to_be_visible()


def test_header_placeholder_fits_a_phone(phone: Page) -> None:  # noqa: F811
    phone.goto("/dice-throne/evasive")
    fits = phone.locator("#site-q").evaluate("""box => {
      const style = getComputedStyle(box), ctx = document.createElement('canvas').getContext('2d');
      ctx.font = style.font;
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return ctx.measureText(box.placeholder).width <= room;
    }""")
    assert fits, "the header's placeholder is cut off at 360 px"


def test_axe_on_the_new_states(phone: Page) -> None:  # noqa: F811
    """axe-core finds nothing with the contents open, a term preview open, the loot board and the odds keep."""
    found = {}
    phone.goto(LONG_ENTRY)
    phone.locator(".toc > summary").tap()
    found["contents open"] = axe_violations(phone)
    phone.goto("/dice-throne/barbarian")
    phone.locator(".entry-faqs-top summary").first.tap()
    phone.locator(".entry-body a[data-term]").first.tap()
    expect(phone.get_by_role("dialog")).to_be_visible()
    found["term preview, question open"] = axe_violations(phone)
    phone.goto("/calc/loot?table=adventures&roll=4")
    found["loot board"] = axe_violations(phone)
    phone.goto("/calc/odds?goal=straight&straight=5&roll=12355")
    found["odds keep"] = axe_violations(phone)
    phone.goto("/")
    found["home"] = axe_violations(phone)
    assert {k: v for k, v in found.items() if v} == {}
