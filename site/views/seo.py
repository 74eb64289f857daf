"""For crawlers: /robots.txt and /sitemap.xml (every page a reader can land on, from the live build).

A sitemap's `<loc>` must be an absolute URL (sitemaps.org), and the app never writes a client's Host header into an
answer: without the SITE_URL setting (`freeze --site-url`) there is no sitemap (404, and no file in a static copy),
as robots.txt then names none (issue 32: it listed relative paths, which crawlers reject)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from flask import Blueprint, Response, abort, current_app, request

from indexer.model import GAMES

from ..precache import calculator_pages
from ..templating import absolute_url, site_url
from . import release

bp = Blueprint("seo", __name__)


@bp.get("/robots.txt")
def robots() -> Response:
    # Under a path prefix, crawlers read only the host's own /robots.txt: these lines are for it to include.
    root = request.script_root
    body = f"User-agent: *\nAllow: {root}/\nDisallow: {root}/api/\n"
    if site_url():  # the sitemap's address must be absolute: only given when SITE_URL says where the site lives
        body += f"\nSitemap: {absolute_url('/sitemap.xml')}\n"
    return Response(body, mimetype="text/plain")


def sitemap_paths() -> list[str]:
    paths = ["/", "/index", *[f"/{game}" for game in GAMES], *calculator_pages(current_app)]
    paths += [str(e["url"]) for e in release().entries.values()]
    return list(dict.fromkeys(paths))


def language_versions() -> dict[str, list[tuple[str, str]]]:
    """Page path -> (hreflang, path) of each language it exists in, for pages with a twin (both sides)."""
    entries = release().entries
    out: dict[str, list[tuple[str, str]]] = {}
    for e in entries.values():
        twin = entries.get(e.get("twin") or "")
        if twin is not None:
            out[str(e["url"])] = sorted([(e["lang"], str(e["url"])), (twin["lang"], str(twin["url"]))])
    return out


@bp.get("/sitemap.xml")
def sitemap() -> Response:
    if not site_url():
        abort(404)
    built = str(release().manifest.get("built_at", ""))[:10]
    lastmod = f"<lastmod>{escape(built)}</lastmod>" if built else ""
    versions = language_versions()

    def row(path: str) -> str:
        alternates = "".join(f'<xhtml:link rel="alternate" hreflang="{lang}" href="{escape(absolute_url(p))}"/>'
                             for lang, p in versions.get(path, []))
        return f"<url><loc>{escape(absolute_url(path))}</loc>{lastmod}{alternates}</url>\n"

    urls = "".join(row(path) for path in sitemap_paths())
    body = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            f'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n{urls}</urlset>\n')
    return Response(body, mimetype="application/xml")
