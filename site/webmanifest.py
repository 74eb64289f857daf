"""The web app manifest (/manifest.webmanifest): name, icons, shortcuts and screenshots."""

from __future__ import annotations

from typing import Any

from .assets import AssetManifest

NAME = "Throne Rules"
THEME_COLOR = "#8a2a12"
BACKGROUND_COLOR = "#fbf8f3"
DESCRIPTION = ("A searchable rules reference for Dice Throne, Dice Throne Adventures and Dungeon Dice "
               "that works offline.")
ICONS = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon-maskable-512.png", "512x512", "maskable"),
]
SCREENSHOTS = [
    ("screenshots/phone-entry.png", "540x1080", "narrow", "A rule on a phone"),
    ("screenshots/phone-search.png", "540x1080", "narrow", "Search as you type"),
    ("screenshots/desktop-home.png", "1280x800", "wide", "Home: search and the three games"),
]
# Calculator URL -> shortcut name (only the routes that exist are listed).
CALCULATORS = {
    "/calc": "Calculators",
    "/calc/damage": "Damage calculator",
    "/calc/targeting": "Targeting roll",
    "/calc/loot": "Loot calculator",
    "/calc/score": "Score calculator",
    "/calc/fame": "Fame calculator",
}


def web_manifest(assets: AssetManifest, calculator_urls: list[str], prefix: str = "") -> dict[str, Any]:
    """The manifest of the app served under the path `prefix` ("" at the root): its id, start, scope, icons and
    shortcuts all under it."""
    def url(name: str) -> str:
        return prefix + assets.url(name)

    shortcut_icon = [{"src": url("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"}]
    shortcuts = [{"name": "Search the rules", "short_name": "Search", "url": prefix + "/search",
                  "icons": shortcut_icon}]
    for path in calculator_urls:
        name = CALCULATORS.get(path, "Calculator")
        shortcuts.append({"name": name, "short_name": name.removesuffix(" calculator"), "url": prefix + path,
                          "icons": shortcut_icon})
    return {
        "id": prefix + "/",
        "name": NAME,
        "short_name": NAME,
        "description": DESCRIPTION,
        "lang": "en",
        "dir": "ltr",
        "start_url": prefix + "/",
        "scope": prefix + "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games", "reference", "utilities"],
        "icons": [{"src": url(name), "sizes": sizes, "type": "image/png", "purpose": purpose}
                  for name, sizes, purpose in ICONS],
        "shortcuts": shortcuts,
        "screenshots": [{"src": url(name), "sizes": sizes, "type": "image/png", "form_factor": form,
                         "label": label} for name, sizes, form, label in SCREENSHOTS if name in assets.assets()],
    }
