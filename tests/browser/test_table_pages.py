"""At the table on a 360 x 740 phone, light and dark: answer first, search always at hand, the A–Z and FAQ
indexes for a phone, the search results page, the desktop layout."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .table_support import ENTRY_TYPES, phone, top_of  # noqa: F401 - phone is a fixture

pytestmark = pytest.mark.browser
HEADER_MAX = 64
LEAD_MAX = 420
INDEX_MAX = 20_000  # issue 34: terms only, one compact row each


def test_answer_first_on_five_entry_types(phone: Page) -> None:  # noqa: F811
    for kind, url in ENTRY_TYPES.items():
        phone.goto(url)
        header = phone.locator(".site-header").bounding_box()
        assert header and header["height"] <= HEADER_MAX, (kind, header)
        lead = top_of(phone, ".entry-body p")
        assert lead < LEAD_MAX, f"{kind}: the answer starts at {lead} px"
        # Share (and Pin) are icon buttons on the title's row
        title = phone.locator(".title-row h1").bounding_box()
        share = phone.get_by_role("button", name=re.compile("Share this rule|Udostępnij tę zasadę"))
        expect(share).to_be_visible()
        box = share.bounding_box()
        assert title and box and box["y"] < title["y"] + title["height"] and box["width"] <= 60, kind
        if phone.locator(".facts").count():  # the fact box follows the lead sentence
            assert top_of(phone, ".facts") > lead, kind


def test_search_is_reachable_at_every_scroll_position(phone: Page) -> None:  # noqa: F811
    for url in ["/dice-throne/evasive", "/index", "/faq", "/"]:
        phone.goto(url)
        phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        phone.wait_for_timeout(100)
        control = phone.locator(".site-header input[type=search], .site-header .search-jump").first
        expect(control).to_be_in_viewport()
    # on the home page the header's search button goes back to the big box
    phone.locator(".search-jump").tap()
    expect(phone.locator("#q")).to_be_focused()
    expect(phone.locator("#q")).to_be_in_viewport()


def test_site_links_fold_into_a_menu(phone: Page) -> None:  # noqa: F811
    phone.goto("/dice-throne/evasive")
    settings = phone.locator("#site-nav").get_by_role("link", name="Settings")
    expect(settings).to_be_hidden()
    menu = phone.get_by_role("button", name="Menu")
    menu.tap()
    expect(menu).to_have_attribute("aria-expanded", "true")
    settings.tap()
    expect(phone).to_have_url(re.compile(r"/settings$"))


def test_az_index_for_a_phone(phone: Page) -> None:  # noqa: F811
    phone.goto("/index")
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height <= INDEX_MAX, f"the A–Z index is {height} px tall"
    # an alias is folded under its entry, not a row of its own; an English reader's A–Z lists the English
    # entries (each Polish twin is a row of the Polish reader's A–Z, hidden here)
    row = phone.locator(".az-list li:visible", has=phone.locator("[data-alias]", has_text=re.compile("^unblockable$")))
    expect(row.locator(".az-title")).to_have_text("Undefendable damage")
    expect(phone.locator(".az-list a[href='/dice-throne/pl-undefendable-damage']")).to_be_hidden()
    # the letter bar stays on screen under the header
    phone.evaluate("window.scrollTo(0, 8000)")
    bar = phone.locator(".letters.sticky-bar")
    expect(bar).to_be_in_viewport()
    # filter as you type: an alias finds its entry, and letters with nothing hide
    phone.get_by_label("Filter the index").fill("unblockable")
    visible = phone.locator(".az-list li:visible")
    expect(visible).to_have_count(1)
    expect(visible.locator(".az-title")).to_have_text("Undefendable damage")
    expect(visible.locator(".az-alias-hit").first).to_have_text("unblockable")
    # an exact name: its entry is the Best match at the top, and the letters with nothing else hide
    expect(phone.locator("#az-best")).to_be_visible()
    expect(phone.locator(".az-letter:visible")).to_have_count(0)
    phone.get_by_label("Filter the index").fill("qqqzzz")
    expect(phone.locator("#az-empty")).to_be_visible()
    # the Polish reader's A–Z: the Polish pages, found by their English title too
    phone.get_by_label("Filter the index").fill("")
    phone.get_by_role("button", name="Menu").tap()
    phone.locator("#site-nav [data-lang-switch]").tap()
    expect(phone.locator("html")).to_have_attribute("data-ui", "pl")
    expect(phone.locator(".az-list a[href='/dice-throne/undefendable-damage']")).to_be_hidden()
    phone.locator("#az-q").fill("undefendable damage")
    visible = phone.locator(".az-list li:visible > a")
    expect(visible.filter(has_text="Obrażenia nieuchronne (Undefendable damage)")).to_have_count(1)
    assert set(visible.evaluate_all("links => links.map(a => a.lang)")) == {"pl"}
    assert phone.evaluate("document.documentElement.scrollHeight") <= INDEX_MAX


def test_faq_answers_open_in_place(phone: Page) -> None:  # noqa: F811
    phone.goto("/faq")
    phone.locator("a[href='#faq-barbarian']").tap()
    group = phone.locator("section.faq-group:has(#faq-barbarian)")
    questions = group.locator("details:visible")  # the reader's language's questions (the other's are hidden)
    assert questions.count() >= 3
    for i in range(questions.count()):  # one tap per answer, the page never changes
        questions.nth(i).locator("summary").tap()
        expect(questions.nth(i).locator(".faq-answer")).to_be_visible()
        assert questions.nth(i).locator(".faq-answer").inner_text().strip()
    expect(phone).to_have_url(re.compile(r"/faq#faq-barbarian$"))
    # keyboard: Enter on a summary opens it
    first = phone.locator(".faq-group details:visible").first
    first.locator("summary").focus()
    phone.keyboard.press("Enter")
    expect(first).to_have_attribute("open", "")


def test_faq_filter_puts_matches_first(phone: Page) -> None:  # noqa: F811
    phone.goto("/faq")
    box = phone.get_by_label("Filter the questions")
    box.fill("evasive ultimate")
    expect(phone.locator(".faq-topics")).to_be_hidden()
    first = phone.locator("#faq-groups li:visible").first
    expect(first).to_be_visible()
    assert top_of(phone, "#faq-groups li:visible") < top_of(phone, "#faq-q") + 200, "matches come right after the box"
    for group in phone.locator(".faq-group").all():  # topics with no match hide
        if group.is_visible():
            assert group.locator("li:visible").count() > 0
    # the filter reads the answers too: words only in an answer's text find it
    box.fill("reconstructed")
    box.fill("cannot be avoided")
    assert phone.locator("#faq-groups li:visible").count() >= 1


def test_search_results_on_a_phone(phone: Page) -> None:  # noqa: F811
    phone.goto("/search?q=damage")
    first = phone.locator("[data-search-results] .result").first
    assert top_of(phone, "[data-search-results] .result") < 420
    # a chip applies at once
    phone.locator(".chip", has_text="Dungeon Dice").tap()
    expect(phone).to_have_url(re.compile(r"game=dungeon-dice"))
    links = phone.locator("[data-search-results] a[data-entry-id]")
    hrefs = links.evaluate_all("a => a.map(x => x.getAttribute('href'))")
    assert hrefs and all(h.startswith("/dungeon-dice/") for h in hrefs)
    # the whole card is tappable: a tap on its snippet opens the entry
    first = phone.locator("[data-search-results] .result").first
    href = first.locator("a[data-entry-id]").get_attribute("href")
    box = first.bounding_box()
    assert box
    first.tap(position={"x": box["width"] - 12, "y": box["height"] - 8})  # the card's corner, not the title
    expect(phone).to_have_url(re.compile(re.escape(href or "") + "$"))


def test_no_results_page_offers_a_way_on(phone: Page) -> None:  # noqa: F811
    phone.goto("/search?q=qqxxzzwv")
    no = phone.locator(".no-results")
    expect(no).to_be_visible()
    expect(no.get_by_role("link", name="A–Z index")).to_be_visible()
    expect(no.get_by_role("link", name="FAQ")).to_be_visible()
    phone.goto("/search?q=evasiv%20tokenss%20xqz")
    if phone.locator(".no-results").count():
        expect(phone.locator(".no-results li a").first).to_be_visible()


def test_desktop_has_game_navigation_and_on_this_page(browser: Browser, live_server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(live_server.url + "/dice-throne/evasive")
        nav = page.get_by_role("navigation", name="In this game")
        toc = page.get_by_role("navigation", name="On this page")
        expect(nav).to_be_visible()
        expect(toc).to_be_visible()
        expect(nav.locator("a[aria-current]")).to_have_text("Status effect")
        main, aside = page.locator("main").bounding_box(), toc.bounding_box()
        assert main and aside and aside["x"] > main["x"] + main["width"] - 1, "two columns: the list beside the entry"
        toc.get_by_role("link").first.click()
        expect(page).to_have_url(re.compile("#"))
    finally:
        context.close()
