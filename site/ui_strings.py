"""Interface strings per page language, from the gettext catalog (site/catalog.py)."""

from __future__ import annotations

from indexer.model import KINDS

from .catalog import ui_strings

# Every interface string by language and key, from translations/pl/LC_MESSAGES/messages.po (msgctxt "ui:<key>").
UI_STRINGS: dict[str, dict[str, str]] = ui_strings()
# The kinds of entry by language ("kind_<kind>" in the catalog).
KINDS_BY_LANG: dict[str, dict[str, str]] = {lang: {kind: table["kind_" + kind] for kind in KINDS}
                                            for lang, table in UI_STRINGS.items()}


# The strings the page scripts show (passed in a JSON block, never inline script).
JS_STRING_KEYS = ("link_copied", "section_link_copied", "copy_failed", "no_matches", "n_matches", "one_match",
                  "offline_results", "search_unavailable", "suggestions", "recent_searches", "recent_entries",
                  "clear_recent", "pin", "link_to_section", "clear_highlights", "update_changed", "update_changed_one",
                  "see_changes",
                  "pinned_empty", "wake_on", "wake_failed", "persist_yes", "persist_no", "persist_unknown", "saved",
                  "n_questions", "n_entries", "did_you_mean", "n_results", "one_result", "no_results",
                  "browse_instead", "index", "calculators", "search_loading", "search_failed",
                  "clear_pinned_confirm", "lang_badge_en", "lang_badge_pl", "also_heroes",
                  "also_hero_one", "title_search_q")


def js_strings(lang: str) -> dict[str, str]:
    strings = UI_STRINGS.get(lang, UI_STRINGS["en"])
    return {key: strings.get(key) or UI_STRINGS["en"][key] for key in JS_STRING_KEYS}


def js_strings_both(lang: str) -> dict[str, dict[str, str]]:
    """The page scripts' strings in the page's language, and in Polish for an English page (whose interface
    the reader may have switched to Polski)."""
    out = {"strings": js_strings(lang)}
    if lang != "pl":
        out["stringsPl"] = js_strings("pl")
    return out
