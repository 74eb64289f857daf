"""The Throne Rules web app.

The folder is `site/`, but `site` is a standard-library module, so the package
is installed under the import name `throne_rules` (see pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from indexer import Library

from .assets import AssetManifest
from .costly import ResultCache
from .json_provider import SafeJSONProvider
from .page_cache import PageCache
from .paths import find_layout
from .precache import code_fingerprint
from .prefix import ForwardedPrefixCheck, PrefixMount, normalize_prefix
from .setting_checks import check_settings

LAYOUT = find_layout()
# The checkout's root, or the installed package: either way it holds static/ and content/ (site/paths.py).
PROJECT_ROOT = LAYOUT.root

DEFAULTS: dict[str, Any] = {
    "CONTENT_DIR": str(LAYOUT.content_dir),
    # ./build in a checkout; installed, a per-user data directory ($XDG_DATA_HOME/throne-rules/build).
    "BUILD_DIR": str(LAYOUT.build_dir),
    # True while `throne-rules freeze` writes the static copy: hashed file names, no query-string pages.
    "STATIC_EXPORT": False,
    # The production server's limits (see site/serving.py and docs/operations.md).
    # The public URL of the site's root ("https://rules.example.org"); absolute links, og: tags and the sitemap
    # use it. Empty: links stay relative and no request's Host header is ever written into a page.
    "SITE_URL": "",
    # How many reverse proxies in front to trust for X-Forwarded-For/-Proto/-Host/-Prefix (0: none).
    "TRUSTED_PROXIES": 0,
    # The path the app is served under ("/rules"; "" at the host's root) when the server or proxy in front passes
    # the full path: `/rules/x` is the app's `/x` (site/prefix.py). A proxy that strips the prefix itself says so
    # with X-Forwarded-Prefix instead (TRUSTED_PROXIES); links follow either (request.script_root).
    "URL_PREFIX": "",
    "MAX_BODY_BYTES": 64 * 1024,
    # Connections served at once; an idle one costs granian a few KB, no thread.
    "CONNECTION_LIMIT": 10_000,
    # Seconds a request's head may take to arrive, and a keep-alive connection may idle (at most 60).
    "REQUEST_TIMEOUT": 10,
    # `throne-rules serve` runs the searches its result cache does not hold in this many worker processes
    # (indexer/search_pool.py), so costly searches do not slow every other request; 0: in the serving threads.
    "SEARCH_PROCESSES": 1,
}


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, static_folder=str(LAYOUT.static_dir), static_url_path="/static")
    app.json = SafeJSONProvider(app)
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("THRONE_RULES")
    if test_config:
        app.config.from_mapping(test_config)
    check_settings(app.config)
    # A larger body is refused by Flask (413, JSON under /api) before it is read: granian streams bodies.
    app.config["MAX_CONTENT_LENGTH"] = int(app.config["MAX_BODY_BYTES"])
    app.extensions["library"] = Library(Path(app.config["BUILD_DIR"]))
    app.extensions["assets"] = AssetManifest(LAYOUT.static_dir, hashed_names=bool(app.config.get("STATIC_EXPORT")))
    app.extensions["code_fingerprint"] = code_fingerprint()
    app.extensions["page_cache"] = PageCache()
    app.extensions["costly"] = ResultCache()

    from . import security
    from .compression import GzipMiddleware
    from .templating import register as register_templating
    from .templating import register_urls
    from .views import api_search, calc_api, calc_pages, errors, faq, health, pages, pwa, search, seo, settings

    for module in (settings, pages, search, api_search, health, pwa, faq, calc_api, calc_pages, seo):
        app.register_blueprint(module.bp)
    errors.register(app)
    security.register(app)
    register_templating(app)
    register_urls(app)
    app.wsgi_app = GzipMiddleware(app.wsgi_app)  # type: ignore[method-assign]
    prefix = normalize_prefix(str(app.config["URL_PREFIX"]))
    app.config["URL_PREFIX"] = prefix
    if prefix:
        app.wsgi_app = PrefixMount(app.wsgi_app, prefix)  # type: ignore[method-assign]
    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ForwardedPrefixCheck(ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_prefix=proxies))
    return app
