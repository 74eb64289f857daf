"""Template globals: names of games and kinds, interface strings by language."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, current_app, request
from markupsafe import Markup

from indexer.model import GAMES, KINDS, LANGS

from .catalog import data_text
from .term_defs import term_defs_json
from .ui_strings import UI_STRINGS
from .ui_strings_calc import calc_strings_json as calc_table_json

ANCHOR_LINK = re.compile(r'<a class="anchor"[^>]*>.*?</a>', re.S)
# A root-relative link in the build's rendered content ("/dice-throne/stun"), not a protocol-relative one.
ROOT_LINK = re.compile(r'\b(href|src)="/(?!/)')
ID_ATTR = re.compile(r' id="[^"]*"')
HEADING = re.compile(r"<(/?)h([1-6])\b")


def register(app: Flask) -> None:
    app.add_template_filter(term_defs_json)

    @app.context_processor
    def globals_() -> dict[str, Any]:
        return {"GAMES": GAMES, "KINDS": KINDS, "LANGS": LANGS}

    @app.template_global()
    def t(key: str, lang: str = "en") -> str:
        return UI_STRINGS.get(lang, UI_STRINGS["en"]).get(key) or UI_STRINGS["en"][key]

    def remember(key: str, lang: str) -> None:
        if lang == "en":  # an English page may be shown with a Polish interface: ui-lang.js swaps the text
            ui_keys().add(key)

    @app.template_global()
    def tt(key: str, lang: str = "en") -> Markup:
        """An interface string in a span that static/js/ui-lang.js can translate on the reader's device."""
        remember(key, lang)
        return Markup('<span data-t="{}">{}</span>').format(key, t(key, lang))

    @app.template_global()
    def tn(key: str, n: int, lang: str = "en") -> Markup:
        """An interface string with a number in it ("{n} results for"), translatable like tt(): ui-lang.js puts
        the number (data-t-n) into the Polish."""
        remember(key, lang)
        return Markup('<span data-t="{}" data-t-n="{}">{}</span>').format(key, n, t(key, lang).replace("{n}", str(n)))

    @app.template_global()
    def ta(attr: str, key: str, lang: str = "en") -> Markup:
        """An attribute holding an interface string (aria-label, placeholder), translatable the same way."""
        remember(key, lang)
        return Markup('{}="{}" data-t-{}="{}"').format(attr, t(key, lang), attr, key)

    @app.template_global()
    def title_t(key: str, lang: str = "en", q: str = "") -> str:
        """A page title from the catalog ({q}: the search words): the <title> of an English page, which
        static/js/ui-lang.js puts in Polish for a reader who chose Polski (base.html's data-t-title)."""
        remember(key, lang)
        request.environ["throne_rules.title"] = (key, q)
        return t(key, lang).replace("{q}", q)

    @app.template_global()
    def page_title_key() -> tuple[str, str] | None:
        """The catalog key and search words of this page's title, when title_t() gave it."""
        found: tuple[str, str] | None = request.environ.get("throne_rules.title")
        return found

    @app.template_global()
    def ui_translations() -> dict[str, str]:
        """The Polish for every interface string this English page used (empty on a Polish page)."""
        return {key: UI_STRINGS["pl"][key] for key in sorted(ui_keys())}

    @app.template_global()
    def calc_strings_json(name: str) -> Markup:
        """A calculator page's Polish (static/js/calc/i18n.js), safe inside <script type="application/json">."""
        return Markup(calc_table_json(name))  # noqa: S704

    @app.template_filter()
    def split_lead(html: str) -> tuple[Markup, Markup]:
        """An entry's body as (its first paragraph, the rest), so the fact box can follow the lead sentence."""
        html = prefixed_links(html)
        body = html.lstrip()
        if body.startswith("<p>") and "</p>" in body:
            end = body.index("</p>") + len("</p>")
            return Markup(body[:end]), Markup(body[end:])  # noqa: S704 - the build's own rendered HTML
        return Markup(""), Markup(html)  # noqa: S704

    @app.template_filter()
    def embed_html(html: str) -> Markup:
        """An entry's body shown inside another page (the FAQ index): no ids or section links of its own (they
        would repeat), headings one level down."""
        out = ANCHOR_LINK.sub("", prefixed_links(html))
        out = ID_ATTR.sub("", out)
        out = HEADING.sub(lambda m: f"<{m.group(1)}h{min(int(m.group(2)) + 1, 6)}", out)
        return Markup(out)  # noqa: S704 - the build's own rendered HTML

    @app.template_global()
    def fact_text(row: dict[str, Any], lang: str = "en") -> str:
        """A facts-box row's text in the page's language (indexer/facts.py): its value's word from the catalog
        (ui:fact_<value>), the limit on other players, the data file's note in the catalog's words
        (data:fact-note); an English page keeps the build's English text."""
        if lang == "en" or "value" not in row:
            return str(row["text"])
        value = str(row["value"])
        text = t("fact_" + value, lang) if "fact_" + value in UI_STRINGS["en"] else value
        if row.get("others") is not None:
            text = t("fact_others", lang).replace("{limit}", text).replace("{n}", str(row["others"]))
        note = row.get("note")
        if not note:
            return text
        note = data_text("fact-note", str(note), lang)
        return note if value == "unknown" else f"{text}. {note}"

    @app.template_global()
    def kind_name(kind: str, lang: str = "en") -> Markup:
        return tt("kind_" + kind, lang)


def ui_keys() -> set[str]:
    """The interface strings this request's page used. Kept in the request's environ, not in `g`: the page
    pack renders every page inside one app context, where `g` is shared."""
    keys: set[str] = request.environ.setdefault("throne_rules.ui_keys", set())
    return keys


def app_url(path: str) -> str:
    """`path` from the app's root ("/dice-throne/stun", "/static/css/app.css?v=…") as the link a reader follows:
    under the path prefix the app is served at (`request.script_root`: SCRIPT_NAME, set by waitress's
    `url_prefix`, a trusted proxy's X-Forwarded-Prefix or `freeze --base-path`). Other links pass unchanged."""
    if path.startswith("/") and not path.startswith("//"):
        return request.script_root + path
    return path


def prefixed_links(html: str) -> str:
    """The build's rendered content (its links are from the app's root) with every root-relative link under the
    prefix this request is served at; unchanged at the root."""
    root = request.script_root
    return ROOT_LINK.sub(lambda m: f'{m.group(1)}="{root}/', html) if root else html


def site_url() -> str:
    """The public URL of the app's root from the SITE_URL setting ("" when not set), without a trailing slash."""
    return str(current_app.config.get("SITE_URL") or "").rstrip("/")


def absolute_url(path: str) -> str:
    """`path` (from the app's root) as a URL for canonical links and crawlers: absolute under SITE_URL, otherwise
    relative to the host the reader used (never built from a request's Host header, which a client controls)."""
    base = site_url()
    return f"{base}{path}" if base else f"{request.script_root}{path}"


def register_urls(app: Flask) -> None:
    app.add_template_global(app_url)
    app.add_template_global(site_url)
    app.add_template_global(absolute_url)
