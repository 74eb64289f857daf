"""Check every link of the app's pages when the site lives under a path prefix (`/rules`).

The app is mounted under the prefix as a reverse proxy or `waitress --url-prefix` mounts it (werkzeug's
DispatcherMiddleware: SCRIPT_NAME is the prefix; anything outside it is 404), or a static export's folder is
read as a static host serves it under the prefix. Every `href`, `src` and `action` of every page is resolved
against the page's URL; a link is broken when it leaves the prefix or its target does not answer 200 (a
redirect is followed once, and must stay under the prefix).

    python bench/link_check.py --prefix /rules            # the live build of ./build, every page
    python bench/link_check.py --prefix /rules --home     # the home page only
    python bench/link_check.py --prefix /rules --export OUT/   # a `throne-rules freeze --base-path /rules/` copy
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LINK_ATTRS = ("href", "src", "action")
EXTERNAL_SCHEMES = ("http:", "https:", "mailto:", "tel:", "data:")
ORIGIN = "http://localhost"

# (status, location or "", body) for a path with its query, as the host answers it
Fetch = Callable[[str], tuple[int, str, bytes]]


class LinkParser(HTMLParser):
    """Every (tag, attribute, value) link of a page: href, src and action."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in LINK_ATTRS and value is not None:
                self.links.append((tag, name, value))


def page_links(html: str) -> list[tuple[str, str, str]]:
    parser = LinkParser()
    parser.feed(html)
    parser.close()
    return parser.links


def under(path: str, prefix: str) -> bool:
    return not prefix or path == prefix or path.startswith(prefix + "/")


@dataclass
class LinkReport:
    pages: int = 0
    links: int = 0
    external: int = 0
    server_only: int = 0  # links to what only the server answers (the API, from a static copy)
    anchors: int = 0  # <a href> links (the others: assets, forms, the manifest)
    broken_anchors: int = 0
    broken: list[tuple[str, str, str]] = field(default_factory=list)  # (page, link, why)

    def summary(self) -> str:
        return (f"{self.pages} pages, {self.links} links ({self.external} external or fragment, "
                f"{self.server_only} to the server's API), {len(self.broken)} broken; "
                f"<a> links: {self.anchors}, {self.broken_anchors} broken")


class LinkChecker:
    def __init__(self, fetch: Fetch, prefix: str, server_only: tuple[str, ...] = ()) -> None:
        """`server_only`: paths under the prefix only the production server answers ("/api/" when checking a
        static copy, which leaves the JSON APIs to the server: docs/deployment.md); links to them are counted
        apart, not fetched."""
        self.fetch = fetch
        self.prefix = prefix.rstrip("/")
        self.server_only = tuple(self.prefix + p for p in server_only)
        self._seen: dict[str, str] = {}  # target -> "" when fine, else why not

    def target_problem(self, target: str) -> str:
        if target not in self._seen:
            self._seen[target] = self._problem(target)
        return self._seen[target]

    def _problem(self, target: str) -> str:
        path = urlsplit(target).path
        if not under(path, self.prefix):
            return f"outside {self.prefix}/"
        status, location, _ = self.fetch(target)
        if status in (301, 302, 303, 307, 308) and location:
            moved = urljoin(ORIGIN + target, location)
            if not moved.startswith(ORIGIN) or not under(urlsplit(moved).path, self.prefix):
                return f"redirects outside {self.prefix}/ to {location}"
            status, _, _ = self.fetch(moved[len(ORIGIN):])
        return "" if status == 200 else f"HTTP {status}"

    def check_page(self, page: str, report: LinkReport) -> None:
        status, _, body = self.fetch(page)
        report.pages += 1
        if status != 200:
            report.broken.append((page, page, f"the page itself answered {status}"))
            return
        for tag, attr, value in page_links(body.decode("utf-8")):
            report.links += 1
            report.anchors += tag == "a"
            if value.startswith("#") or value.lower().startswith(EXTERNAL_SCHEMES) and not value.startswith(ORIGIN):
                report.external += 1
                continue
            resolved = urljoin(ORIGIN + page, value)
            if not resolved.startswith(ORIGIN + "/"):
                report.broken.append((page, value, "another host"))
                report.broken_anchors += tag == "a"
                continue
            parts = urlsplit(resolved)
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if target.startswith(self.server_only):
                report.server_only += 1
                continue
            if tag == "form" and attr == "action":
                target = parts.path  # a form's action is asked with the form's fields: the path must answer
            why = self.target_problem(target)
            if why:
                report.broken.append((page, value, why))
                report.broken_anchors += tag == "a"

    def check(self, pages: Iterable[str]) -> LinkReport:
        report = LinkReport()
        for page in pages:
            self.check_page(page, report)
        return report


def app_fetch(app: Any, prefix: str) -> Fetch:
    """The app mounted under `prefix` (as a proxy or `waitress --url-prefix` would), asked in process."""
    from werkzeug.middleware.dispatcher import DispatcherMiddleware
    from werkzeug.test import Client
    from werkzeug.wrappers import Response

    mounted = DispatcherMiddleware(Response("not under the prefix", status=404), {prefix: app}) if prefix else app
    client = Client(mounted)

    def fetch(target: str) -> tuple[int, str, bytes]:
        resp = client.get(target)
        try:
            return resp.status_code, resp.headers.get("Location", ""), bytes(resp.get_data())
        finally:
            resp.close()

    return fetch


def export_fetch(out: Path, prefix: str) -> Fetch:
    """A static export in `out`, read as a plain static host serves it at `prefix`/ (a folder's index.html, the
    usual redirect of `/x` to `/x/` when x is a folder)."""
    root = out.resolve()

    def fetch(target: str) -> tuple[int, str, bytes]:
        path = unquote(urlsplit(target).path)
        if not under(path, prefix):
            return 404, "", b""
        rel = path[len(prefix):].lstrip("/")
        file = (root / rel).resolve()
        if root not in file.parents and file != root:
            return 404, "", b""
        if file.is_dir():
            if not path.endswith("/"):
                return 301, path + "/", b""
            file = file / "index.html"
        return (200, "", file.read_bytes()) if file.is_file() else (404, "", b"")

    return fetch


def all_pages(app: Any, prefix: str) -> list[str]:
    """Every page the worker precaches (each entry, the indexes, the calculators, ...), under the prefix."""
    from throne_rules.precache import page_urls

    with app.app_context():
        urls = page_urls(app.extensions["library"].release(), app)
    return [prefix + url for url in urls]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--prefix", default="/rules", help="the path prefix the site is served under")
    p.add_argument("--build-dir", default=str(ROOT / "build"))
    p.add_argument("--home", action="store_true", help="check the home page's links only")
    p.add_argument("--export", help="check a static export's folder instead of the app")
    p.add_argument("--show", type=int, default=10, help="broken links to print")
    args = p.parse_args(argv)
    from throne_rules import create_app

    prefix = args.prefix.rstrip("/")
    app = create_app({"BUILD_DIR": args.build_dir, "STATIC_EXPORT": bool(args.export)})
    pages = [prefix + "/"] if args.home else all_pages(app, prefix)
    if args.export:
        pages = [u.split("?", 1)[0] for u in pages]
        pages = [u if u.endswith("/") else u + "/" for u in dict.fromkeys(pages)]
    fetch = export_fetch(Path(args.export), prefix) if args.export else app_fetch(app, prefix)
    report = LinkChecker(fetch, prefix, server_only=("/api/",) if args.export else ()).check(pages)
    print(report.summary())
    for page, link, why in report.broken[:args.show]:
        print(f"  {page}: {link} ({why})")
    return 0 if not report.broken else 1


if __name__ == "__main__":
    sys.exit(main())
