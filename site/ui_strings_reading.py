"""Interface strings of the reading aids (issue 34), as (English, Polish) pairs: contents on long entries, hero
questions in place, term previews, the terms-only A–Z index and the home page's look-ups. Merged into
UI_STRINGS like ui_strings_extra.PAIRS."""

from __future__ import annotations

PAIRS: dict[str, tuple[str, str]] = {
    # A–Z index
    "az_terms_only": ("Terms only: the rules questions are in the", "Tylko hasła: pytania o zasady są w"),
    "az_best": ("Best match", "Najlepsze dopasowanie"),
    # entry: contents, questions in place
    "contents_n": ("Contents ({n} sections)", "Spis treści (sekcje: {n})"),
    "faqs_n": ("Questions about this ({n})", "Pytania na ten temat ({n})"),
    # FAQ index topic bar
    "all_topics": ("All topics", "Wszystkie tematy"),
    # term previews
    "term_preview": ("Definition", "Definicja"),
    "term_open": ("Open the full rule", "Otwórz całą zasadę"),
    "close": ("Close", "Zamknij"),
    # the header's search box: a placeholder that fits a 360 px phone
    "search_short": ("Search the rules", "Szukaj w zasadach"),
    # the update prompt
    "later": ("Later", "Później"),
    # home: what players look up (a kind, plural, in one game; or a page)
    "look_up": ("Look up", "Sprawdź"),
    "lu_status-effect": ("Status effects", "Efekty statusu"),
    "lu_hero": ("Heroes", "Bohaterowie"),
    "lu_phase": ("Turn phases", "Fazy tury"),
    "lu_rule": ("Rules", "Zasady"),
    "lu_monster": ("Monsters", "Potwory"),
    "lu_symbol": ("Dice symbols", "Symbole na kościach"),
    "lu_calc_note": ("Damage, dice odds, targeting", "Obrażenia, szanse, cele"),
    "n_terms": ("{n} terms", "Hasła: {n}"),
}
