"""Hosting under `/rules` for real: `throne-rules freeze --base-path /rules/` and `throne-rules serve --url-prefix`
(issue 23, item 7). The browser half (the worker installed under /rules/, offline):
tests/browser/test_prefix_offline.py."""

from __future__ import annotations

import json
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from throne_rules.cli import main

from bench.link_check import LinkChecker, export_fetch, page_links

from .conftest import CONTENT_DIR, EXPORT_PREFIX
from .helpers import ChildServer, entry_text, free_port, write_entry

PREFIX = EXPORT_PREFIX
BUILD_RE = re.compile(r"^self\.THRONE_BUILD = (\{.*?\});\n", re.S)


def small_content(content: Path) -> None:
    write_entry(content, "stun.md", entry_text("stun", "Stun", "A negative status effect. See [[evasive]].",
                                               kind="status-effect"))
    write_entry(content, "evasive.md", entry_text("evasive", "Evasive", "Roll a die. See [[stun]].",
                                                  kind="status-effect"))


@pytest.fixture(scope="module")
def export(prefix_site: Path) -> Path:
    """The real build frozen for /rules/ (conftest's prefix_site, once per run)."""
    return prefix_site / "rules"


def worker_build(out: Path) -> dict:
    match = BUILD_RE.match((out / "sw.js").read_text(encoding="utf-8"))
    assert match
    return dict(json.loads(match.group(1)))


def test_every_link_of_the_export_works_under_the_prefix(export: Path) -> None:
    build = worker_build(export)
    pages = [item["fetch"] for item in build["precache"] if item["kind"] == "page"]
    assert f"{PREFIX}/dice-throne/stun/" in pages and f"{PREFIX}/" in pages
    assert len(pages) > 550
    checker = LinkChecker(export_fetch(export, PREFIX), PREFIX, server_only=("/api/",))
    report = checker.check([*pages, f"{PREFIX}/404.html"])
    assert report.links > 30_000 and report.broken == [], report.broken[:10]
    assert report.server_only == 1  # the calculators' page names the OpenAPI document, which the server answers


def test_the_exports_worker_manifest_and_files(export: Path) -> None:
    build = worker_build(export)
    assert build["base"] == PREFIX and build["static"] is True
    assert build["offline"] == f"{PREFIX}/offline" and build["searchShell"] == f"{PREFIX}/search"
    for item in build["precache"]:
        assert item["url"].startswith(PREFIX + "/"), item
        path = export / (item.get("fetch") or item["url"])[len(PREFIX) + 1:]
        assert (path / "index.html" if item["kind"] == "page" else path).is_file(), item
    pack = json.loads((export / build["pack"][len(PREFIX) + 1:]).read_text(encoding="utf-8"))
    assert f"{PREFIX}/dice-throne/stun" in {p["url"] for p in pack["pages"]}
    manifest = json.loads((export / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == manifest["scope"] == f"{PREFIX}/"
    assert all(i["src"].startswith(f"{PREFIX}/static/") for i in manifest["icons"])
    assert f"Allow: {PREFIX}/" in (export / "robots.txt").read_text(encoding="utf-8")
    assert not (export / "sitemap.xml").exists()  # no --site-url: no sitemap (its URLs must be absolute)
    rules = [line for line in (export / "_headers").read_text(encoding="utf-8").splitlines() if line.startswith("/")]
    assert rules and all(line.startswith(PREFIX + "/") for line in rules)
    stun = (export / "dice-throne" / "stun" / "index.html").read_text(encoding="utf-8")
    assert f'href="{PREFIX}/dice-throne/' in stun.split('class="entry-body"', 1)[1]  # content links, at render
    hosts = [p for p in export.rglob("*") if p.is_file() and b"localhost" in p.read_bytes()]
    assert hosts == []


def test_a_bad_base_path_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    small_content(tmp_path / "content")
    args = ["--content", str(tmp_path / "content"), "--build-dir", str(tmp_path / "build"), "freeze",
            str(tmp_path / "out"), "--base-path", "rules"]
    assert main(args) == 1
    assert "a URL prefix is a path such as /rules" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


class PrefixServer(ChildServer):
    probe = PREFIX + "/healthz"


def fetch(url: str) -> tuple[int, str, bytes]:
    """GET following redirects: the status, the final URL and the body."""
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            return resp.status, resp.url, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, url, b""


def test_serve_with_a_url_prefix_answers_every_link_of_the_home_page(build_dir: Path) -> None:
    port = free_port()
    server = PrefixServer([sys.executable, "-m", "throne_rules.cli", "--content", str(CONTENT_DIR), "--build-dir",
                           str(build_dir), "serve", "--port", str(port), "--url-prefix", PREFIX], port)
    try:
        server.wait_ready()
        status, _, home = fetch(f"{server.url}{PREFIX}/")
        assert status == 200
        links = {urljoin(f"{server.url}{PREFIX}/", v.split("#", 1)[0]) for _, _, v in page_links(home.decode())
                 if not v.startswith("#")}
        assert len(links) > 20
        answers = {link: fetch(link) for link in sorted(links)}
        failed = {link: status for link, (status, _, _) in answers.items() if status != 200}
        outside = [link for link, (_, final, _) in answers.items() if not urlsplit(final).path.startswith(PREFIX + "/")]
        assert failed == {} and outside == []
        assert fetch(f"{server.url}/")[1] == f"{server.url}{PREFIX}/"  # the host's root leads to the app
        assert fetch(f"{server.url}/sw.js")[0] == 404  # nothing outside the prefix
        assert f"serving on {server.url}{PREFIX}/" in server.output()
    finally:
        server.stop()
