"""At the table on a 360 x 740 phone, light and dark: recent and pinned rules, Back keeps the search text,
settings (theme, text size, language, gestures, keep the screen on, save for offline), swipe gestures."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..helpers import LiveServer
from .table_support import phone, phone_context, swipe  # noqa: F401 - phone is a fixture

pytestmark = pytest.mark.browser


def test_recent_searches_and_rules_are_offered(phone: Page) -> None:  # noqa: F811
    phone.goto("/")
    box = phone.locator("#q")
    box.fill("evasive")
    box.press("Enter")
    expect(phone).to_have_url(re.compile(r"/search\?q=evasive"))
    phone.locator("[data-search-results] a[data-entry-id='evasive']").click()
    expect(phone.locator("h1")).to_have_text("Evasive")
    phone.goto("/index")
    header_box = phone.locator("#site-q")
    header_box.focus()
    options = phone.locator("#site-q-suggestions [role=option]")
    expect(options.first).to_be_visible()
    texts = options.all_inner_texts()
    assert any(t.startswith("evasive") and "Recent search" in t for t in texts), texts
    assert any(t.startswith("Evasive") and "Recently opened" in t for t in texts), texts
    # arrows and Enter choose a recent rule like any suggestion
    opened = next(i for i, t in enumerate(texts) if "Recently opened" in t)
    for _ in range(opened + 1):
        header_box.press("ArrowDown")
    header_box.press("Enter")
    expect(phone).to_have_url(re.compile(r"/dice-throne/evasive$"))
    # clearable
    phone.locator("#site-q").focus()
    phone.locator("#site-q-suggestions [role=option]", has_text="Clear recent").click()
    phone.locator("#site-q").blur()
    phone.locator("#site-q").focus()
    expect(phone.locator("#site-q-suggestions [role=option]")).to_have_count(0)


def test_pinned_rules_on_home(phone: Page) -> None:  # noqa: F811
    phone.goto("/dice-throne/evasive")
    pin = phone.get_by_role("button", name="Pin this rule")
    expect(pin).to_have_attribute("aria-pressed", "false")
    pin.tap()
    expect(pin).to_have_attribute("aria-pressed", "true")
    phone.goto("/dice-throne/stun")
    phone.get_by_role("button", name="Pin this rule").tap()
    phone.goto("/")
    pinned = phone.get_by_role("region", name="Pinned")
    expect(pinned.get_by_role("link")).to_have_text(["Evasive", "Stun"])
    phone.reload()  # stored on the device, not in the page
    expect(pinned.get_by_role("link")).to_have_count(2)
    pinned.get_by_role("link", name="Stun").tap()
    phone.get_by_role("button", name="Pin this rule").tap()  # unpin
    phone.goto("/")
    expect(pinned.get_by_role("link")).to_have_text(["Evasive"])
    phone.once("dialog", lambda dialog: dialog.accept())  # it asks first (tests/browser/test_ux_focus_menu.py)
    pinned.get_by_role("button", name="Clear pinned").tap()
    expect(pinned).to_be_hidden()


def test_back_restores_the_search_text(phone: Page) -> None:  # noqa: F811
    phone.goto("/index")
    phone.locator("#site-q").fill("stun")
    # Escape closes the open list; with no list open, a search box's own Escape clears its text (a slow
    # machine may not have shown the list yet), so wait for it
    expect(phone.locator("#site-q-suggestions [role=option]").first).to_be_visible()
    phone.locator("#site-q").press("Escape")
    expect(phone.locator("#site-q-suggestions")).to_be_hidden()
    phone.locator(".az-list a[href='/dice-throne/evasive']").first.click()
    expect(phone.locator("h1")).to_have_text("Evasive")
    phone.go_back()
    expect(phone.locator("#site-q")).to_have_value("stun")
    phone.goto("/faq")
    phone.get_by_label("Filter the questions").fill("evasive ultimate")
    phone.locator("#faq-groups li:visible .faq-open a").first.evaluate("a => a.click()")
    expect(phone.locator(".entry-body")).to_be_visible()
    phone.go_back()
    expect(phone.get_by_label("Filter the questions")).to_have_value("evasive ultimate")
    expect(phone.locator(".faq-topics")).to_be_hidden()  # and the filter applies again


def test_settings_apply_everywhere_before_paint(phone: Page) -> None:  # noqa: F811
    phone.goto("/settings")
    phone.get_by_label("Dark").check()
    phone.get_by_label("Extra large").check()
    phone.goto("/dice-throne/evasive")
    root = phone.locator("html")
    expect(root).to_have_attribute("data-theme", "dark")
    expect(root).to_have_attribute("data-text", "xlarge")
    assert phone.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(21, 19, 18)"
    assert phone.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") == 20
    # the settings script is a blocking script in <head>, before the style sheets: no flash of the wrong theme
    first = phone.evaluate("""() => [...document.head.querySelectorAll('script, link[rel=stylesheet]')]
        .map(n => n.tagName + (n.defer || n.async ? ':deferred' : ''))[0]""")
    assert first == "SCRIPT"
    phone.goto("/settings")
    phone.get_by_label("Light").check()
    expect(root).to_have_attribute("data-theme", "light")
    assert phone.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 248, 243)"
    phone.get_by_label("Same as the device").check()
    phone.get_by_label("Normal").check()
    expect(root).not_to_have_attribute("data-theme", re.compile("."))


def test_settings_show_the_content_version_and_offline_state(phone: Page) -> None:  # noqa: F811
    phone.goto("/settings")
    expect(phone.locator(".content-version code")).to_have_text(re.compile(r"^[0-9a-f]{12}$"))
    expect(phone.locator(".content-version time")).to_have_text(re.compile(r"^\d{4}-\d\d-\d\d$"))
    status = phone.locator(".persist-status")
    expect(status).not_to_be_empty()
    persist = phone.get_by_label(re.compile("Keep the saved rules"))
    expect(persist).to_be_visible()


def test_save_for_offline_asks_the_browser_to_persist(browser: Browser, live_server: LiveServer) -> None:
    context = phone_context(browser, live_server, "light")
    context.add_init_script("""
      window.__persistAsked = 0;
      navigator.storage.persisted = () => Promise.resolve(window.__persistAsked > 0);
      navigator.storage.persist = () => { window.__persistAsked += 1; return Promise.resolve(true); };""")
    try:
        page = context.new_page()
        page.goto("/settings")
        page.get_by_label(re.compile("Keep the saved rules")).check()
        expect(page.locator(".persist-status")).to_have_text(re.compile("the browser will keep the rules"))
        assert page.evaluate("window.__persistAsked") == 1
    finally:
        context.close()


def test_keep_the_screen_on(browser: Browser, live_server: LiveServer) -> None:
    context = phone_context(browser, live_server, "dark")
    context.add_init_script("""
      window.__locks = 0; window.__visible = 'visible';
      Object.defineProperty(document, 'visibilityState', {get: () => window.__visible});
      Object.defineProperty(navigator, 'wakeLock', {value: {request: () => {
        window.__locks += 1;
        const s = new EventTarget(); s.released = false;
        s.release = () => { s.released = true; s.dispatchEvent(new Event('release')); return Promise.resolve(); };
        window.__lock = s; return Promise.resolve(s); }}});""")
    try:
        page = context.new_page()
        page.goto("/settings")
        page.get_by_label("Keep the screen on while the app is open").check()
        expect(page.locator(".wake-status")).to_have_text("The screen stays on.")
        page.goto("/dice-throne/evasive")  # every page asks for the lock
        expect(page.locator("html")).to_have_attribute("data-wake", "on")
        # hidden: the browser releases the lock; visible again: asked for again
        page.evaluate("window.__visible = 'hidden'; window.__lock.release();"
                      "document.dispatchEvent(new Event('visibilitychange'))")
        expect(page.locator("html")).to_have_attribute("data-wake", "off")
        page.evaluate("window.__visible = 'visible'; document.dispatchEvent(new Event('visibilitychange'))")
        expect(page.locator("html")).to_have_attribute("data-wake", "on")
        assert page.evaluate("window.__locks") == 2
    finally:
        context.close()
    # where the browser has no Screen Wake Lock, the setting is not offered
    context = phone_context(browser, live_server, "light")
    context.add_init_script("delete Navigator.prototype.wakeLock;")
    try:
        page = context.new_page()
        page.goto("/settings")
        expect(page.get_by_label("Keep the screen on while the app is open")).to_be_hidden()
    finally:
        context.close()


def test_swipe_right_goes_back_and_left_forward(phone: Page) -> None:  # noqa: F811
    phone.goto("/dice-throne/evasive")
    phone.goto("/dice-throne/stun")
    swipe(phone, ".entry-body p", 160)
    expect(phone.locator("h1")).to_have_text("Evasive")
    swipe(phone, ".entry-body p", -160)
    expect(phone.locator("h1")).to_have_text("Stun")
    # never on a wide table that scrolls sideways, nor on a calculator's controls
    phone.goto("/dice-throne/evasive")
    phone.goto("/calc/damage")
    swipe(phone, ".calc-form input, .calc-form button", 160)
    phone.wait_for_timeout(400)
    expect(phone).to_have_url(re.compile(r"/calc/damage"))
    phone.evaluate("""() => { const d = document.createElement('div'); d.className = 'table-scroll';
        d.id = 'wide'; d.innerHTML = '<table><tr><td>wide</td></tr></table>';
        d.querySelector('td').style.minWidth = '900px';  // (the CSP allows no style attributes)
        document.querySelector('main').prepend(d); }""")
    assert phone.evaluate("document.getElementById('wide').scrollWidth > document.getElementById('wide').clientWidth")
    swipe(phone, "#wide td", 160)
    phone.wait_for_timeout(400)
    expect(phone).to_have_url(re.compile(r"/calc/damage"))


def test_swipes_can_be_turned_off(phone: Page) -> None:  # noqa: F811
    phone.goto("/settings")
    phone.get_by_label(re.compile("Swipe right or left")).uncheck()
    phone.goto("/dice-throne/stun")
    swipe(phone, ".entry-body p", 160)
    phone.wait_for_timeout(400)
    expect(phone.locator("h1")).to_have_text("Stun")


def test_polish_interface(browser: Browser, live_server: LiveServer) -> None:
    """Accept-Language (the browser's languages) picks Polish; the switch in the header goes back to English. On a
    page with a twin the switch opens the twin in its language (static/js/ui-lang.js): an English page read with
    the Polish interface offers its Polish twin, whose switch goes back to the English page and interface."""
    for scheme in ("light", "dark"):
        context = phone_context(browser, live_server, scheme, locale="pl-PL")
        try:
            page = context.new_page()
            page.goto("/dice-throne/evasive")
            expect(page.locator("html")).to_have_attribute("data-ui", "pl")
            expect(page.locator(".breadcrumbs")).to_contain_text("Efekt statusu")
            expect(page.get_by_role("button", name="Udostępnij tę zasadę")).to_be_visible()
            page.get_by_role("button", name="Menu").tap()
            expect(page.locator("#site-nav")).to_contain_text("Ustawienia")
            page.locator("#site-nav [data-lang-switch]").tap()
            expect(page).to_have_url(re.compile(r"/dice-throne/pl-evasive$"))
            expect(page.locator("html")).to_have_attribute("data-ui", "pl")
            page.get_by_role("button", name="Menu").tap()
            switch = page.locator("#site-nav [data-lang-switch]")
            expect(switch).to_have_accessible_name("English")
            switch.tap()
            expect(page).to_have_url(re.compile(r"/dice-throne/evasive$"))
            expect(page.locator("html")).to_have_attribute("data-ui", "en")
            expect(page.locator("#site-nav")).to_contain_text("Settings")
            page.goto("/")
            expect(page.locator("h1")).to_have_text("Find a rule")  # the choice sticks
            page.goto("/settings")
            page.get_by_label("Polski").check()
            expect(page.locator("h1")).to_have_text("Ustawienia")
            page.goto("/dice-throne/pl-cel-gry")  # a Polish page speaks Polish in any case
            expect(page.locator(".breadcrumbs")).not_to_contain_text("Player's summary")
        finally:
            context.close()
