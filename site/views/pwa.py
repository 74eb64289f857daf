"""The installable, offline app: web manifest, service worker, offline page and offline search data."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request, send_file
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from indexer.library import ReleaseMissing
from indexer.model import GAMES, KINDS, LANGS
from indexer.release import releases_dir
from indexer.search_index import bodies_file, terms_file

from ..assets import AssetManifest, AssetMissing
from ..page_pack import PACK_LANGS, PackCache, PackStale, pack_url
from ..precache import (
    SEARCH_INDEX_FILE,
    build_version,
    calculator_pages,
    file_key,
    pack_pages,
    precache_list,
    search_bodies_url,
    search_data_url,
    search_index_url,
    search_terms_url,
)
from ..templating import app_url, ui_keys
from ..ui_strings import KINDS_BY_LANG, UI_STRINGS, js_strings_both
from ..webmanifest import THEME_COLOR, web_manifest
from . import PINNED_RELEASE, release

bp = Blueprint("pwa", __name__)
BUILD_HEADER = "X-Throne-Build"
HASH_RE = re.compile(r"[0-9a-f]{12}")
VERSIONED_MAX_AGE = 365 * 24 * 3600


def assets() -> AssetManifest:
    return current_app.extensions["assets"]


def current_version() -> str:
    return build_version(release(), assets(), current_app.extensions["code_fingerprint"])


@bp.app_template_global()
def asset_path(name: str) -> str:
    """An asset's hashed URL from the app's root ("/static/css/app.css?v=…"), for absolute_url()."""
    return assets().url(name)


@bp.app_template_global()
def asset_url(name: str) -> str:
    """An asset's hashed URL as a page links it: under the app's path prefix."""
    return app_url(assets().url(name))


@bp.app_context_processor
def pwa_globals() -> dict[str, Any]:
    def pwa_config(lang: str = "en") -> str:
        config: dict[str, Any] = {**js_strings_both(lang), "games": GAMES,
                                  "kinds": KINDS_BY_LANG["pl"] if lang == "pl" else KINDS}
        if request.script_root:  # where the app lives on its host: every path the scripts build starts with it
            config["base"] = request.script_root
        if lang != "pl":  # the Polish of this page's interface strings, for a reader who chose Polski
            config["kindsPl"] = KINDS_BY_LANG["pl"]
            config["uiPl"] = {key: UI_STRINGS["pl"][key] for key in sorted(ui_keys())}
        try:
            config.update(version=current_version(), searchData=app_url(search_data_url(release())),
                          searchBodies={lang: app_url(search_bodies_url(release(), lang)) for lang in LANGS},
                          searchIndex=app_url(search_index_url(release())),
                          searchTerms={lang: app_url(search_terms_url(release(), lang)) for lang in LANGS},
                          miniSearch=app_url(assets().url("vendor/minisearch.js")))
        except (ReleaseMissing, AssetMissing) as exc:  # error pages still render, without offline search
            current_app.logger.warning("offline search unavailable on this page: %s", exc)
        # Safe inside <script type="application/json">: no "</" can close the element.
        return json.dumps(config, ensure_ascii=False).replace("</", "<\\/")

    def search_preload() -> Markup:
        """The head's early start of offline search (static/js/search-preload.js): the index and library URLs."""
        try:
            index, lib = app_url(search_index_url(release())), app_url(assets().url("vendor/minisearch.js"))
            script = app_url(assets().url("js/search-preload.js"))
            terms = [app_url(search_terms_url(release(), lang)) for lang in LANGS]  # data-terms-en, -pl
        except (ReleaseMissing, AssetMissing):
            return Markup("")
        return Markup('<meta name="throne-search" data-index="{}" data-library="{}" data-terms-en="{}" '
                      'data-terms-pl="{}">\n<script src="{}" async></script>').format(index, lib, *terms, script)

    def build_meta() -> str:
        try:
            return current_version()
        except (ReleaseMissing, AssetMissing):
            return ""

    return {"pwa_config": pwa_config, "THEME_COLOR": THEME_COLOR, "build_meta": build_meta,
            "search_preload": search_preload}


@bp.after_app_request
def label_build(response: Response) -> Response:
    """Name the build on every response, so the worker never precaches pages from two builds."""
    if request.path == "/sw.js":
        return response
    try:
        response.headers[BUILD_HEADER] = current_version()
    except (ReleaseMissing, AssetMissing, OSError):
        pass
    if request.path.startswith("/static/") and request.args.get("v") and response.status_code == 200:
        name = request.path.removeprefix("/static/")
        try:
            fresh = assets().get(name).digest == request.args["v"]
        except AssetMissing:
            fresh = False
        if fresh:
            response.cache_control.no_cache = False  # a hashed URL never changes: no revalidation
            response.cache_control.public = True
            response.cache_control.max_age = VERSIONED_MAX_AGE
            response.cache_control.immutable = True
    return response


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    static = bool(current_app.config["STATIC_EXPORT"])
    version = current_version()
    root = request.script_root  # under a path prefix, every URL the worker caches or answers starts with it
    build: dict[str, Any] = {"base": root} if root else {}
    build.update({"version": version, "offline": root + "/offline", "searchShell": root + "/search",
                  "static": static, "pack": root + pack_url(version),
                  "packs": {lang: root + pack_url(version, lang) for lang in PACK_LANGS},
                  "precache": [item.to_json(root) for item in precache_list(release(), assets(), current_app,
                                                                              static)]})
    head = f"self.THRONE_BUILD = {json.dumps(build, separators=(',', ':'))};\n".encode()
    resp = Response(head + assets().worker_source(), mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache, max-age=0"
    return resp


@bp.get("/precache-pack/<version>.json")
@bp.get("/precache-pack/<lang>/<version>.json")
def page_pack(version: str, lang: str = "en") -> ResponseReturnValue:
    """A reading language's precached pages of the current build in one file, for the worker to unpack (see
    page_pack.py): the English pack at the plain URL, the Polish one under /pl/."""
    if version != current_version() or lang not in PACK_LANGS or request.path != pack_url(version, lang):
        abort(404)  # an old build's worker: it fails its install and a fresh /sw.js names the new pack
    pages = pack_pages(precache_list(release(), assets(), current_app, bool(current_app.config["STATIC_EXPORT"])),
                       lang)
    packs: PackCache = current_app.extensions.setdefault("page_pack", PackCache())
    try:
        pinned = request.environ.get(PINNED_RELEASE)  # the warmer's: the next build, rendered before it is live
        body = packs.get(current_app._get_current_object(), version, pages,  # type: ignore[attr-defined]
                         request.script_root, lang, {PINNED_RELEASE: pinned} if pinned else None)
    except PackStale as exc:
        current_app.logger.warning("page pack not ready: %s", exc)
        return Response("a new build is being swapped in; try again\n", status=503, mimetype="text/plain",
                        headers={"Retry-After": "2"})
    resp = Response(body, mimetype="application/json")
    resp.set_etag(version)
    resp.cache_control.public = True
    resp.cache_control.max_age = VERSIONED_MAX_AGE
    resp.cache_control.immutable = True
    return resp


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    body = json.dumps(web_manifest(assets(), calculator_pages(current_app), request.script_root), ensure_ascii=False,
                      indent=1)
    return Response(body, mimetype="application/manifest+json")


@bp.get("/offline")
def offline() -> str:
    lang = request.args.get("lang", "en")
    return render_template("offline.html", lang=lang if lang in ("en", "pl") else "en")


@bp.get("/search-data/<key>.json")
@bp.get("/search-data/<lang>/<key>.json")
def search_data(key: str, lang: str | None = None) -> ResponseReturnValue:
    """The offline search data of a build, by its content hash (this build or one kept beside it); under /<lang>/
    only the bodies and summaries of that language's documents, for snippets."""
    if not HASH_RE.fullmatch(key) or (lang is not None and lang not in LANGS):
        abort(404)
    name = bodies_file(lang) if lang else "search-data.json"
    current = release()
    if current.content_hash.startswith(key):
        path = current.path / name
    else:
        build_dir = current_app.extensions["library"].build_dir
        kept = sorted(releases_dir(build_dir).glob(f"*-{key}/{name}"))
        if not kept:
            abort(404)
        path = kept[-1]
    resp = send_file(path, mimetype="application/json", max_age=VERSIONED_MAX_AGE)
    resp.cache_control.immutable = True
    return resp


@bp.get("/search-index/<key>.json")
@bp.get("/search-index/<lang>/<key>.json")
def search_index(key: str, lang: str | None = None) -> ResponseReturnValue:
    """The prebuilt offline search index of a build, by the hash of its bytes (this build or one kept); under
    /<lang>/ the postings of that language's documents."""
    if not HASH_RE.fullmatch(key) or (lang is not None and lang not in LANGS):
        abort(404)
    name = terms_file(lang) if lang else SEARCH_INDEX_FILE
    current = release()
    paths = [current.path / name]
    paths += sorted(releases_dir(current_app.extensions["library"].build_dir).glob(f"*/{name}"), reverse=True)
    path = next((p for p in paths if p.is_file() and file_key(p) == key), None)
    if path is None:
        abort(404)
    resp = send_file(path, mimetype="application/json", max_age=VERSIONED_MAX_AGE)
    resp.cache_control.immutable = True
    return resp


@bp.get("/vendor/<name>")
def vendor(name: str) -> ResponseReturnValue:
    try:
        asset = assets().get(f"vendor/{name}")
    except AssetMissing:
        abort(404)
    resp = send_file(asset.path, mimetype="text/javascript", max_age=VERSIONED_MAX_AGE)
    if request.args.get("v") == asset.digest:
        resp.cache_control.immutable = True
    else:
        resp.cache_control.max_age = 0
        resp.cache_control.no_cache = True
    return resp
