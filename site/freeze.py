"""`throne-rules freeze OUT/`: the whole site as static files, rendered by the app's own routes.

Every page the service worker precaches (each entry, home, the A–Z index, the
game pages, the search shell, the FAQ, every calculator, the offline page) is
fetched through the app's test client and written as `<path>/index.html`, so a
plain static host serves `/dice-throne/stun` (after its usual redirect to
`/dice-throne/stun/`). Assets are written under names that carry their content
hash, and the pages once more as the worker's page pack. Query strings cannot
be frozen: search and the calculators run in the browser, and the A–Z game
filter and the game pages' kind filter filter in the page.
"""

from __future__ import annotations

import re
import shutil
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from flask import Flask

from .page_pack import BUILD_HEADER, PACK_LANGS, RenderedPage, pack_json, pack_url, render
from .precache import pack_pages, precache_list, static_page_path
from .prefix import normalize_prefix
from .security import SECURITY_HEADERS

HEADERS_FILE = """# Example caching rules for a static host that reads a `_headers` file
# (Netlify, Cloudflare Pages). Hashed files never change under their name;
# pages, the manifest and the service worker must always be revalidated (pages are, by both hosts' defaults:
# a Cache-Control on /* would be joined to the hashed files' own on Cloudflare Pages, making them no-cache).
/static/*
  Cache-Control: public, max-age=31536000, immutable
/vendor/*
  Cache-Control: public, max-age=31536000, immutable
/search-data/*
  Cache-Control: public, max-age=31536000, immutable
/search-index/*
  Cache-Control: public, max-age=31536000, immutable
/precache-pack/*
  Cache-Control: public, max-age=31536000, immutable
/sw.js
  Cache-Control: no-cache
/manifest.webmanifest
  Cache-Control: no-cache
  Content-Type: application/manifest+json
/*
{security}
"""


# The path of each rule in HEADERS_FILE (a line that starts with "/").
HEADERS_PATH = re.compile(r"^/", re.M)
# Written into every export: freeze replaces only a folder that holds it (or a new or empty one), never `.`
EXPORT_MARK = ".throne-rules-export"


class FreezeError(RuntimeError):
    pass


@dataclass
class FreezeReport:
    out: Path
    files: int
    bytes: int
    seconds: float
    skipped: list[str]  # pages the app could not show (e.g. a calculator whose table is missing)


def _write(out: Path, url_path: str, body: bytes) -> None:
    target = out / url_path.lstrip("/")
    if url_path.endswith("/"):
        target = target / "index.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(body)


def _get(client, url: str, prefix: str = "") -> bytes:  # type: ignore[no-untyped-def]
    resp = client.get(url, base_url=f"http://localhost{prefix}")
    try:
        if resp.status_code != 200:
            raise FreezeError(f"{url} answered {resp.status_code}; the static copy would be incomplete")
        return bytes(resp.get_data())
    finally:
        resp.close()


def write_site(app: Flask, out: Path, base_path: str = "") -> list[str]:
    """Render every page and copy every asset of the app's live build into `out`.

    A page the app cannot show is left out and named in the result, as the service
    worker leaves it out; every asset and data file must be there. With a `base_path`
    (`/rules`), `out` is what a host serves at `/rules/`: the files keep the app's own
    paths, and every link, the worker and the manifest in them start with it."""
    prefix = normalize_prefix(base_path)
    client = app.test_client()
    library = app.extensions["library"]
    assets = app.extensions["assets"]
    with app.test_request_context():
        items = precache_list(library.release(), assets, app, static=True)
    pages: list[RenderedPage] = []
    for item in items:
        if item.kind == "page":
            page = render(client, item.url, prefix)
            pages.append(page)
            if page.status == 200:
                _write(out, item.fetch or static_page_path(item.url), page.body)
        elif item.kind == "data":
            _write(out, item.url, _get(client, item.url, prefix))
    for asset in assets.assets().values():  # every asset, the ones the worker does not precache too
        target = out / asset.url.lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(asset.path, target)
    # the build the pages name (pack_json checks that every one names the same)
    version = next((page.headers.get(BUILD_HEADER, "") for page in pages if page.status == 200), "")
    for lang in PACK_LANGS:  # one pack per reading language (precache.pack_pages)
        wanted = {prefix + url for url in pack_pages(items, lang)}
        _write(out, pack_url(version, lang), pack_json(version, (p for p in pages if p.url in wanted)))
    _write(out, "/sw.js", _get(client, "/sw.js", prefix))
    # a sitemap needs absolute URLs: only with --site-url (SITE_URL), as its line in robots.txt
    for crawler_file in ("/robots.txt", *(("/sitemap.xml",) if app.config.get("SITE_URL") else ())):
        _write(out, crawler_file, _get(client, crawler_file, prefix))
    missing = client.get("/this-page-does-not-exist", base_url=f"http://localhost{prefix}")
    (out / "404.html").write_bytes(missing.get_data())
    missing.close()
    security = "\n".join(f"  {name}: {value}" for name, value in SECURITY_HEADERS.items())
    headers = HEADERS_FILE.format(security=security)
    if prefix:  # a host matches these rules against the whole path
        headers = HEADERS_PATH.sub(lambda m: prefix + m.group(0), headers)
    (out / "_headers").write_text(headers, encoding="utf-8")
    return [page.url for page in pages if page.status != 200]


def freeze(app: Flask, out: Path, base_path: str = "") -> FreezeReport:
    """Write the site beside `out`, then swap it in, so `out` is never half written. `base_path` is the path the
    copy will be served under ("/rules/"; the root by default)."""
    if not app.config.get("STATIC_EXPORT"):
        raise FreezeError("freeze needs an app made with STATIC_EXPORT=True (hashed asset names)")
    started = time.perf_counter()
    out = out.resolve()
    if out.exists() and not (out / EXPORT_MARK).is_file() and (not out.is_dir() or any(out.iterdir())):
        raise FreezeError(f"{out} is not an earlier export (it has no {EXPORT_MARK}): freeze replaces its folder "
                          "as a whole, so it only writes into a new or empty folder or over an earlier export")
    staging = out.parent / f".{out.name}.tmp-{uuid.uuid4().hex[:8]}"
    staging.mkdir(parents=True)
    try:
        skipped = write_site(app, staging, base_path)
        (staging / EXPORT_MARK).write_text("throne-rules freeze output; the next freeze replaces this folder\n",
                                           encoding="utf-8")
        old = out.parent / f".{out.name}.old-{uuid.uuid4().hex[:8]}"
        if out.exists():
            out.rename(old)
        staging.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    files = [p for p in out.rglob("*") if p.is_file()]
    return FreezeReport(out, len(files), sum(p.stat().st_size for p in files), time.perf_counter() - started,
                        skipped)
