"""Friendly HTML error pages, JSON errors under /api, never a stack trace."""

from __future__ import annotations

import threading
from urllib.parse import quote

from flask import Flask, abort, jsonify, redirect, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from indexer.library import ReleaseMissing
from indexer.search_pool import PoolBusy

from ..ui_strings import UI_STRINGS

BODY_READERS = 4  # threads that may read request bodies at once (read_body_in_a_slot)
BODY_WAIT = 0.5  # seconds a request with a body waits for a slot before it is told the server is busy

# The same codes the production server gives for errors it finds before the app (site/serving.py).
JSON_CODES = {413: "body_too_large"}


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def register(app: Flask) -> None:
    @app.before_request
    def drop_trailing_slash() -> ResponseReturnValue | None:
        """`/dice-throne/stun/` and `/faq/` (as a static host writes them) lead to the canonical URL."""
        path = request.path
        if len(path) > 1 and path.endswith("/"):
            # one leading slash: "//evil.example/" must never become a redirect to another host
            target = "/" + path.strip("/")
            adapter = app.url_map.bind_to_environ(request.environ)
            try:
                adapter.match(target, method=request.method)
            except HTTPException:
                return None  # no page there either: the usual 404 follows
            query = request.query_string.decode("latin-1")
            # quoted: a tab or newline ("/%09/evil.example/") stays %09 in the Location, where a browser would
            # drop it and read "//evil.example" (issue 32); a CR or LF cannot break the header either
            location = quote(request.script_root + target, safe="/-._~!$&'()*+,;=:@")
            return redirect(location + (f"?{query}" if query else ""), code=308)
        return None

    body_slots = threading.BoundedSemaphore(BODY_READERS)

    @app.before_request
    def read_body_in_a_slot() -> None:
        """Every body is read here, before the view (kept for it), by at most BODY_READERS threads at once.

        granian has no timeout for a request's body, and a thread reading one waits for as long as the client
        takes to send it: bodies trickled a byte at a time took every thread, and no page was answered (issue 32).
        A real client's small body arrives with its headers, so a slot is held for microseconds; past the bound a
        request waits BODY_WAIT seconds for one, then gets 503 with Retry-After, and pages keep their threads.
        A chunked body has no Content-Length for werkzeug to check: it stops reading at MAX_CONTENT_LENGTH and
        would hand the view the first 64 KB as if they were all; if more follows, it is refused with 413 like a
        declared one (its connection is closed by the server)."""
        chunked = request.content_length is None and "chunked" in request.headers.get("Transfer-Encoding", "")
        if not chunked and not request.content_length:
            return
        if not body_slots.acquire(timeout=BODY_WAIT):
            raise PoolBusy(f"{BODY_READERS} request bodies are already being read")
        try:
            data = request.get_data(cache=True)
            if chunked and len(data) >= app.config["MAX_CONTENT_LENGTH"] and request.environ["wsgi.input"].read(1):
                abort(413)
        finally:
            body_slots.release()

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> ResponseReturnValue:
        code = exc.code or 500
        # keep the exception's own headers (a 405 must say which methods are Allowed)
        headers = [(k, v) for k, v in exc.get_headers() if k.lower() != "content-type"]
        if _wants_json():
            slug = JSON_CODES.get(code) or (exc.name or "error").lower().replace(" ", "_")
            error = {"code": slug, "message": exc.description or exc.name, "field": None}
            return jsonify({"error": error}), code, headers
        if code == 404:  # the commonest: in the interface's language (the page's strings, translatable)
            return render_template("error.html", code=code, title_key="not_found_title",
                                   message_key="not_found_text"), code, headers
        return error_page(code), code, headers

    @app.errorhandler(ReleaseMissing)
    def no_build(exc: ReleaseMissing) -> ResponseReturnValue:
        app.logger.error("%s", exc)
        message = "The rules index is not built yet. Run 'throne-rules build'."
        if _wants_json():
            return jsonify({"error": {"code": "no_build", "message": message, "field": None}}), 503
        return error_page(503, "not_ready", bare=True), 503

    @app.errorhandler(PoolBusy)
    def busy(exc: PoolBusy) -> ResponseReturnValue:
        """Costly work is bounded (site/costly.py): past the bound, come back in a second rather than queue."""
        message = "The server is busy with other costly requests. Please try again in a moment."
        headers = {"Retry-After": "1"}
        if _wants_json():
            return jsonify({"error": {"code": "busy", "message": message, "field": None}}), 503, headers
        return error_page(503, "busy"), 503, headers

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> ResponseReturnValue:
        app.logger.exception("unhandled error")
        message = "Something went wrong on our side. Please try again."
        if _wants_json():
            return jsonify({"error": {"code": "internal_error", "message": message, "field": None}}), 500
        return error_page(500, bare=True), 500


def error_page(code: int, reason: str = "", bare: bool = False) -> str:
    """An error page in the interface's language: its title and sentence from the catalog (ui:error_<code>_title
    and ui:error_<code>_text, or ui:error_<reason>_...; a code without its own words gets the general ones)."""
    name = reason or str(code)
    key = name if f"error_{name}_title" in UI_STRINGS["en"] else "other"
    return render_template("error.html", code=code, title_key=f"error_{key}_title", message_key=f"error_{key}_text",
                           bare=bare)
