"""What the service worker precaches, and the build version that names its cache.

Every page (each entry from the build manifest, home, the A–Z index and its game
filters, each game and game/kind page, the search shell, the offline page and the
calculators that exist), every static asset a page uses by hashed URL, the
prebuilt offline search index, and its postings and the snippets' text (bodies) of the reader's language.
The worker takes the pages from one page pack (page_pack.py).
The version hashes the content, the assets and the site's code, so
any change that alters what a page shows gives a new worker and a new cache.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path

from flask import Flask

from indexer import Release
from indexer.model import GAMES, KINDS, LANGS
from indexer.search_index import content_key, terms_file

from .assets import AssetManifest

SITE_DIR = Path(__file__).resolve().parent
SEARCH_DATA_CHARS = 12
SEARCH_INDEX_FILE = "search-index.json"
CALC_PREFIX = "/calc"
# Routes with no arguments that are not pages (besides files such as /sw.js or /sitemap.xml).
NOT_PAGES = frozenset({"/healthz"})
NOT_PAGE_PREFIXES = ("/api/", "/static/")
# Assets no offline page uses: the manifest's screenshots are shown by the browser's install
# dialog, which is online (0.3 MB a worker need not download); the PNG icons are the manifest's and the home
# screen's, which the browser takes when it installs the app, online (50 KB; pages show icons/icon.svg).
NOT_PRECACHED_ASSETS = ("screenshots/", "icons/icon-", "icons/apple-touch-icon")


@dataclass(frozen=True)
class PrecacheItem:
    url: str
    kind: str  # "page", "asset" or "data"
    fetch: str | None = None  # where a static host keeps it, when that differs from the URL
    lang: str | None = None  # an entry page's or a data file's language: precached for a reader of it only

    def to_json(self, prefix: str = "") -> dict[str, str]:
        """As the worker reads it, its URLs under the path prefix the app is served at."""
        out = {"url": prefix + self.url, "kind": self.kind}
        if self.fetch:
            out["fetch"] = prefix + self.fetch
        if self.lang:
            out["lang"] = self.lang
        return out


def static_page_path(url: str) -> str:
    """Where the static export writes a page: '/dice-throne/stun' -> '/dice-throne/stun/' (its index.html)."""
    return url if url.endswith("/") else url + "/"


def code_fingerprint() -> str:
    """The site's templates and Python code: a change in how pages render is a new version too."""
    digest = hashlib.sha256()
    for path in sorted(p for p in SITE_DIR.rglob("*") if p.is_file() and p.suffix in {".py", ".html"}):
        digest.update(path.relative_to(SITE_DIR).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def build_version(release: Release, assets: AssetManifest, code: str) -> str:
    """The content, every asset and the worker's source (the assets' fingerprint), and the site's code."""
    digest = hashlib.sha256()
    for part in (release.content_hash, assets.fingerprint(), code):
        digest.update(part.encode() + b"\n")
    return f"{release.content_hash[:8]}-{digest.hexdigest()[:12]}"


def search_data_url(release: Release) -> str:
    return f"/search-data/{release.content_hash[:SEARCH_DATA_CHARS]}.json"


def search_bodies_url(release: Release, lang: str) -> str:
    """The bodies and summaries of a language's documents (indexer/search_index.search_bodies), for snippets."""
    return f"/search-data/{lang}/{release.content_hash[:SEARCH_DATA_CHARS]}.json"


@functools.lru_cache(maxsize=16)
def _file_key(path: Path, mtime_ns: int, size: int) -> str:
    return content_key(path.read_bytes())


def file_key(path: Path) -> str:
    """A release file's bytes' hash (read once per file: a release's files never change)."""
    st = path.stat()
    return _file_key(path, st.st_mtime_ns, st.st_size)


def search_index_url(release: Release) -> str:
    """The prebuilt search index (indexer/search_index.py), named by its bytes: a new index is a new URL."""
    return f"/search-index/{file_key(release.path / SEARCH_INDEX_FILE)}.json"


def search_terms_url(release: Release, lang: str) -> str:
    """The postings of a language's documents (indexer/search_index.py), named by their bytes too."""
    return f"/search-index/{lang}/{file_key(release.path / terms_file(lang))}.json"


def calculator_pages(app: Flask) -> list[str]:
    """Calculator pages that exist in this app (routes with no arguments under /calc)."""
    return [url for url in simple_pages(app) if url == CALC_PREFIX or url.startswith(CALC_PREFIX + "/")]


def simple_pages(app: Flask) -> list[str]:
    """Every page route with no arguments (home, index, search, FAQ, calculators, ...), asked of Flask."""
    urls = {rule.rule for rule in app.url_map.iter_rules()
            if not rule.arguments and "GET" in (rule.methods or ()) and rule.endpoint != "static"
            and not rule.rule.startswith(NOT_PAGE_PREFIXES) and rule.rule not in NOT_PAGES
            and "." not in rule.rule.rsplit("/", 1)[-1]}
    return sorted(urls)


def page_urls(release: Release, app: Flask) -> list[str]:
    pages = ["/", "/index", *[f"/index?game={g}" for g in GAMES], "/search", "/offline", "/offline?lang=pl"]
    for game in GAMES:
        kinds = {e["kind"] for e in release.entries.values() if e["game"] == game}
        pages += [f"/{game}", *[f"/{game}?kind={k}" for k in KINDS if k in kinds]]
    pages += simple_pages(app)
    pages += [str(u) for u in release.manifest["urls"]]
    return list(dict.fromkeys(pages))


def pack_pages(items: list[PrecacheItem], lang: str) -> list[str]:
    """The pages of one reading language's pack: every page that is no entry, and the entries in `lang`. A reader
    gets their language's pack at install; the other language's pages are cached when opened, or all of them
    when the reader switches language (static/sw.js)."""
    return [i.url for i in items if i.kind == "page" and i.lang in (None, lang)]


# The one query-string page the worker itself answers with (static/sw.js offlinePage); a static copy has none.
KEPT_QUERY_PAGES = frozenset({"/offline?lang=pl"})


def precache_list(release: Release, assets: AssetManifest, app: Flask, static: bool = False) -> list[PrecacheItem]:
    """Everything a build's worker caches. Query-string pages (/index?game=..., /dice-throne?kind=...) are not
    precached: offline the page without the query stands for them (the worker falls back to it, and the page
    filters itself: az-filter.js, kind-filter.js), as on a static copy, which has none. They were 0.13 MB of
    each page pack, gzipped (docs/performance.md, "Precache by reading language")."""
    langs = {str(e["url"]): str(e["lang"]) for e in release.entries.values()}
    if static:
        items = [PrecacheItem(url, "page", static_page_path(url), langs.get(url))
                 for url in page_urls(release, app) if "?" not in url]
    else:
        items = [PrecacheItem(url, "page", lang=langs.get(url)) for url in page_urls(release, app)
                 if "?" not in url or url in KEPT_QUERY_PAGES]
    items.append(PrecacheItem("/manifest.webmanifest", "data"))
    # Not the full search data (0.63 MB gzipped, every field of both languages): the offline results page reads
    # only bodies and summaries, the reader's language's at install, the other's when first needed (issue 35).
    items += [PrecacheItem(search_bodies_url(release, lang), "data", lang=lang) for lang in LANGS]
    items.append(PrecacheItem(search_index_url(release), "data"))
    # each language's postings for its readers; the other's come when the reader searches online (issue 35)
    items += [PrecacheItem(search_terms_url(release, lang), "data", lang=lang) for lang in LANGS]
    items += [PrecacheItem(a.url, "asset") for a in assets.assets().values()
              if not a.name.startswith(NOT_PRECACHED_ASSETS)]
    return items
