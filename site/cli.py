"""The `throne-rules` command: build the content, serve the app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from flask import Flask

from indexer import BuildError, Release, build, get_files, hash_content
from indexer.library import ReleaseMissing
from indexer.release import current_release

from . import DEFAULTS
from .prefix import PrefixError
from .serving import DEFAULT_THREADS
from .setting_checks import SettingError


def _paths(args: argparse.Namespace) -> tuple[Path, Path]:
    return Path(args.content), Path(args.build_dir)


def cmd_build(args: argparse.Namespace) -> int:
    content_dir, build_dir = _paths(args)
    from babel.messages.pofile import PoFileError

    from .catalog import compile_catalog

    try:
        compile_catalog()  # the interface strings: messages.po -> messages.mo
    except (OSError, PoFileError) as exc:
        print(f"build failed: the interface catalog: {exc}", file=sys.stderr)
        return 1
    try:
        report = build(content_dir, build_dir)
    except BuildError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"build failed: {len(exc.problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"built {report.entries} entries in {report.seconds:.2f}s -> {report.release} ({report.content_hash[:12]})")
    for twin in report.stale_twins:
        print(f"warning: stale Polish twin {twin}: its English entry changed since it was translated "
              f"(throne-rules twin-hash --stale)", file=sys.stderr)
    return 0


def cmd_twin_hash(args: argparse.Namespace) -> int:
    """The hash a Polish twin records in `translated_from` for each English id (docs/content-format.md)."""
    from indexer.twins import hash_lines, stale_lines

    content_dir, _build_dir = _paths(args)
    lines, errors = stale_lines(content_dir) if args.stale else hash_lines(content_dir, args.ids)
    for line in lines:
        print(line)
    for error in errors:
        print(f"throne-rules: {error}", file=sys.stderr)
    return 1 if errors else 0


def build_is_stale(content_dir: Path, build_dir: Path) -> bool:
    """True when there is no build, it is unreadable or corrupt, or the content changed since."""
    path = current_release(build_dir)
    if path is None:
        return True
    try:
        release = Release.load(path)
    except ReleaseMissing as exc:
        print(f"the current build is unusable ({exc})")
        return True
    release.index.close()
    return release.content_hash != hash_content(get_files(content_dir), content_dir)


def startup_problems(app: Flask) -> list[str]:
    """What would make every page half-working: a missing required asset, or no usable build with its
    offline search data. Checked once before serving, instead of warning on every request."""
    problems = app.extensions["assets"].missing_required()
    try:
        release = app.extensions["library"].release()
    except ReleaseMissing as exc:
        problems.append(str(exc))
    else:
        if not (release.path / "search-data.json").is_file():
            problems.append(f"the build at {release.path} has no search-data.json; run 'throne-rules build'")
    return problems


def _refuse(problems: list[str]) -> int:
    for problem in problems:
        print(f"throne-rules: {problem}", file=sys.stderr)
    print(f"throne-rules: not starting: {len(problems)} problem(s)", file=sys.stderr)
    return 1


def _app_under(config: dict[str, Any], prefix: str | None) -> Flask | int:
    """The app for `config` mounted under `prefix` (None: the settings' own), or the exit status of a refusal."""
    from . import create_app

    if prefix is not None:
        config["URL_PREFIX"] = prefix
    try:
        return create_app(config)
    except PrefixError as exc:
        return _refuse([str(exc)])
    except SettingError as exc:
        return _refuse(exc.problems)


def cmd_serve(args: argparse.Namespace) -> int:
    content_dir, build_dir = _paths(args)
    if build_is_stale(content_dir, build_dir):
        print("content changed since the last build (or no build yet): building first")
        if cmd_build(args) != 0:
            return 1
    from .serving import make_server, serve_settings

    app = _app_under({"CONTENT_DIR": str(content_dir), "BUILD_DIR": str(build_dir)}, args.url_prefix)
    if isinstance(app, int):
        return app
    prefix = app.config["URL_PREFIX"]
    problems = startup_problems(app)
    if problems:
        return _refuse(problems)
    cfg = app.config
    server = make_server(host=args.host, port=args.port, threads=args.threads,
                         connection_limit=int(cfg["CONNECTION_LIMIT"]), request_timeout=float(cfg["REQUEST_TIMEOUT"]))
    serve_settings({"CONTENT_DIR": str(content_dir), "BUILD_DIR": str(build_dir), "URL_PREFIX": prefix}, args.threads)
    print(f"serving on http://{args.host}:{args.port}{prefix}/ (granian, {args.threads} threads, "
          f"{cfg['CONNECTION_LIMIT']} connections, bodies up to {cfg['MAX_BODY_BYTES']:,} bytes)", flush=True)
    server.serve()  # until SIGINT or SIGTERM (granian stops its worker, which ends its search workers)
    return 0


def cmd_freeze(args: argparse.Namespace) -> int:
    content_dir, build_dir = _paths(args)
    if build_is_stale(content_dir, build_dir) and cmd_build(args) != 0:
        return 1
    from .freeze import FreezeError, freeze

    config: dict[str, Any] = {"CONTENT_DIR": str(content_dir), "BUILD_DIR": str(build_dir), "STATIC_EXPORT": True}
    if args.site_url:
        config["SITE_URL"] = args.site_url
    app = _app_under(config, args.base_path)
    if isinstance(app, int):
        return app
    try:
        report = freeze(app, Path(args.out), base_path=app.config["URL_PREFIX"])
    except FreezeError as exc:
        print(f"freeze failed: {exc}", file=sys.stderr)
        return 1
    for url in report.skipped:
        print(f"warning: {url} left out: the app could not show it", file=sys.stderr)
    if not app.config.get("SITE_URL"):
        print("note: no sitemap.xml: its URLs must be absolute; give --site-url to write one", file=sys.stderr)
    print(f"froze {report.files} files ({report.bytes:,} bytes) in {report.seconds:.1f}s -> {report.out}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="throne-rules", description="Throne Rules: build and serve the rules reference.")
    p.add_argument("--content", default=DEFAULTS["CONTENT_DIR"], help="content folder (default: %(default)s)")
    p.add_argument("--build-dir", default=DEFAULTS["BUILD_DIR"], help="build output folder (default: %(default)s)")
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="check the content and build the search index and offline data")
    b.set_defaults(func=cmd_build)
    s = sub.add_parser("serve", help="build if stale, then serve with the production server (granian)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--threads", type=int, default=DEFAULT_THREADS, help="Python threads answering requests; at "
                   "most half wait for the search workers at once (default: %(default)s)")
    s.add_argument("--url-prefix", default=None, help="serve the app under this path (/rules: the home page is "
                   "/rules/, every link under it); default: the URL_PREFIX setting, else the root")
    s.set_defaults(func=cmd_serve)
    f = sub.add_parser("freeze", help="write the whole site as static files into OUT (builds first if stale)")
    f.add_argument("out", help="output folder; replaced as a whole when the export is complete")
    f.add_argument("--site-url", default="", help="public URL of the site's root, for canonical links and the "
                   "sitemap (default: the SITE_URL setting; without one, links stay relative)")
    f.add_argument("--base-path", default=None, help="the path the copy will be served under (/rules/): every "
                   "link, the worker's scope and the manifest under it (default: the URL_PREFIX setting, else /)")
    f.set_defaults(func=cmd_freeze)
    h = sub.add_parser("twin-hash", help="print the hash of English entries' text, for a Polish twin's "
                       "translated_from (every English entry when no id is given)")
    h.add_argument("ids", nargs="*", metavar="ID", help="English entry ids")
    h.add_argument("--stale", action="store_true", help="list the stale twins instead: twin, English id, the "
                   "hash it records and the English text's hash now")
    h.set_defaults(func=cmd_twin_hash)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
