"""Interface strings per page language (declared as data)."""

from __future__ import annotations

UI_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "search": "Search",
        "search_placeholder": "Search the rules: evasive, cp, ult…",
        "search_label": "Search the rules",
        "related": "Related",
        "sources": "Sources",
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
    },
    "pl": {
        "search": "Szukaj",
        "search_placeholder": "Szukaj w zasadach: obrażenia, PW…",
        "search_label": "Szukaj w zasadach",
        "related": "Powiązane",
        "sources": "Źródła",
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
    },
}
