"""Serving the app under a path prefix (`/rules`): the URL_PREFIX setting and `throne-rules serve --url-prefix`.

Every link the app writes starts with `request.script_root` (WSGI's SCRIPT_NAME), so the app works under any
prefix its server or proxy gives it: a reverse proxy that strips the prefix and says so in
`X-Forwarded-Prefix` (honoured when TRUSTED_PROXIES trusts it, werkzeug's ProxyFix), a WSGI server's own setting
(waitress's `url_prefix`, gunicorn's SCRIPT_NAME), or this mount, which the URL_PREFIX setting puts in front of
the app for a proxy that passes the full path through (or none at all): a request for `/rules/x` reaches the app
as SCRIPT_NAME `/rules`, path `/x`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class PrefixError(ValueError):
    pass


def normalize_prefix(value: str) -> str:
    """'/rules/' or '/rules' -> '/rules'; '' or '/' -> '' (the root). Anything else is refused."""
    prefix = (value or "").strip()
    if prefix in ("", "/"):
        return ""
    if not prefix.startswith("/") or prefix.startswith("//") or any(c in prefix for c in "?#\\ %"):
        raise PrefixError(f"a URL prefix is a path such as /rules, not {value!r}")
    return prefix.rstrip("/")


class PrefixMount:
    """The app at `prefix`: `/rules/x` is the app's `/x` (SCRIPT_NAME gains the prefix); `/rules` and `/` redirect
    to `/rules/`; anything else is 404. A request whose SCRIPT_NAME already ends with the prefix (a server or an
    in-process client that mounted it already) passes as it is."""

    def __init__(self, app: WSGIApp, prefix: str) -> None:
        self.app = app
        self.prefix = normalize_prefix(prefix)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        prefix = self.prefix
        script = environ.get("SCRIPT_NAME", "").rstrip("/")
        if not prefix or script.endswith(prefix):
            return self.app(environ, start_response)
        path = environ.get("PATH_INFO", "") or "/"
        if path.startswith(prefix + "/"):
            environ["SCRIPT_NAME"] = script + prefix
            environ["PATH_INFO"] = path[len(prefix):]
            return self.app(environ, start_response)
        if path in ("/", prefix):
            query = environ.get("QUERY_STRING", "")
            location = quote(script + prefix + "/") + (f"?{query}" if query else "")
            start_response("308 Permanent Redirect", [("Location", location), ("Content-Type", "text/plain"),
                                                      ("Content-Length", "0")])
            return [b""]
        body = f"Not found: this server serves the rules under {prefix}/\n".encode()
        start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8"),
                                         ("Content-Length", str(len(body)))])
        return [body]


# A path prefix a proxy may forward: segments of unreserved characters only ("/rules", "/a/b-c"), never "//host",
# a scheme, a query, a backslash or an escape.
FORWARDED_PREFIX = re.compile(r"(/[A-Za-z0-9._~-]+)*/?")


class ForwardedPrefixCheck:
    """Drops an `X-Forwarded-Prefix` that is not a plain path before werkzeug's ProxyFix reads it (issue 32):
    `//evil.example` would otherwise start every link and redirect the app writes."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        value = environ.get("HTTP_X_FORWARDED_PREFIX")
        if value is not None and not all(FORWARDED_PREFIX.fullmatch(v.strip()) for v in value.split(",")):
            del environ["HTTP_X_FORWARDED_PREFIX"]
        return self.app(environ, start_response)
