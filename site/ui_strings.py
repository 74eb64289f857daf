"""Interface strings per page language (declared as data)."""

from __future__ import annotations

from indexer.model import KINDS

from .ui_strings_extra import KINDS_PL, PAIRS
from .ui_strings_reading import PAIRS as READING_PAIRS

UI_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "search": "Search",
        "search_placeholder": "Search the rules: evasive, cp, ult…",
        "search_label": "Search the rules",
        "related": "Related",
        "sources": "Sources",
        "question_reconstructed": "We worded this question; the answer is the official FAQ's.",
        "faqs": "Questions about this",
        "share": "Share",
        "home": "Home",
        "index": "A–Z index",
        "calculators": "Calculators",
        "contents": "Contents",
        "section": "section",
        "polish_name": "In Polish",
        "english_terms": "English terms",
        "offline": "You are offline",
        "skip": "Skip to content",
        "install_hint": "Install Throne Rules to read every rule offline, even with no signal.",
        "install_button": "Install",
        "install_ios": "To install: tap Share, then “Add to Home Screen”.",
        "dismiss": "Not now",
        "update_available": "Updated rules available",
        "reload": "Reload",
        "offline_title": "You are offline",
        "offline_text": ("This page was not found on this device: the address may be wrong, or the page is not saved "
                         "offline. Search the rules instead; every rule, the A–Z index and search work offline:"),
        "link_copied": "Link copied",
        "section_link_copied": "Link to this section copied",
        "copy_failed": "Could not copy the link; copy it from the address bar",
        "share_label": "Share this rule",
        "copy_section_link": "Copy link to section",
        "suggestions": "Suggestions",
        "no_matches": "No matches",
        "n_matches": "{n} matches: use the up and down arrows, then Enter",
        "one_match": "1 match: use the down arrow, then Enter",
        "offline_results": "Offline results, searched on this device",
        "search_unavailable": "Search is not available offline yet; open the home page once while online.",
    },
    "pl": {
        "search": "Szukaj",
        "search_placeholder": "Szukaj w zasadach: obrażenia, PW…",
        "search_label": "Szukaj w zasadach",
        "related": "Powiązane",
        "sources": "Źródła",
        "question_reconstructed": "Pytanie sformułowaliśmy sami; odpowiedź pochodzi z oficjalnego FAQ.",
        "faqs": "Pytania na ten temat",
        "share": "Udostępnij",
        "home": "Start",
        "index": "Indeks A–Z",
        "calculators": "Kalkulatory",
        "contents": "Spis treści",
        "section": "sekcja",
        "polish_name": "Po polsku",
        "english_terms": "Terminy angielskie",
        "offline": "Jesteś offline",
        "skip": "Przejdź do treści",
        "install_hint": "Zainstaluj Throne Rules, aby czytać zasady offline, nawet bez zasięgu.",
        "install_button": "Zainstaluj",
        "install_ios": "Aby zainstalować: stuknij Udostępnij, potem „Do ekranu początkowego”.",
        "dismiss": "Nie teraz",
        "update_available": "Dostępne zaktualizowane zasady",
        "reload": "Odśwież",
        "offline_title": "Jesteś offline",
        "offline_text": ("Nie znaleziono tej strony na tym urządzeniu: adres może być błędny albo strona nie jest "
                         "zapisana offline. Wyszukaj zamiast tego; wszystkie zasady, indeks A–Z "
                         "i wyszukiwanie działają offline:"),
        "link_copied": "Skopiowano link",
        "section_link_copied": "Skopiowano link do tej sekcji",
        "copy_failed": "Nie udało się skopiować linku; skopiuj go z paska adresu",
        "share_label": "Udostępnij tę zasadę",
        "copy_section_link": "Kopiuj link do sekcji",
        "suggestions": "Podpowiedzi",
        "no_matches": "Brak wyników",
        "n_matches": "Wyniki: {n}. Użyj strzałek w górę i w dół, potem Enter",
        "one_match": "1 wynik: użyj strzałki w dół, potem Enter",
        "offline_results": "Wyniki offline, wyszukane na tym urządzeniu",
        "search_unavailable": ("Wyszukiwanie offline nie jest jeszcze gotowe; "
                               "otwórz stronę główną raz z dostępem do sieci."),
    },
}


for _key, (_en, _pl) in {**PAIRS, **READING_PAIRS}.items():
    UI_STRINGS["en"][_key], UI_STRINGS["pl"][_key] = _en, _pl
for _kind, _name in KINDS.items():
    UI_STRINGS["en"]["kind_" + _kind], UI_STRINGS["pl"]["kind_" + _kind] = _name, KINDS_PL[_kind]


# The strings the page scripts show (passed in a JSON block, never inline script).
JS_STRING_KEYS = ("link_copied", "section_link_copied", "copy_failed", "no_matches", "n_matches", "one_match",
                  "offline_results", "search_unavailable", "suggestions", "recent_searches", "recent_entries",
                  "clear_recent", "pin", "link_to_section", "clear_highlights", "update_changed", "update_changed_one",
                  "see_changes",
                  "pinned_empty", "wake_on", "wake_failed", "persist_yes", "persist_no", "persist_unknown", "saved",
                  "n_questions", "n_entries", "did_you_mean", "n_results", "one_result", "no_results",
                  "browse_instead", "index", "calculators", "search_loading", "search_failed",
                  "clear_pinned_confirm")


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
