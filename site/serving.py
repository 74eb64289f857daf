"""The production server: waitress with bounded request bodies, connections and receive times.

Waitress reads a whole request (headers and body) before it hands it to the app, so the limits that
protect memory and the other clients have to live in the server, not only in Flask:

- a body over ``MAX_BODY_BYTES`` is refused as soon as its ``Content-Length`` is read (or, for a chunked
  body, once that many bytes have come in): 413 with the API's JSON error shape, the rest never read;
- at most ``CONNECTION_LIMIT`` connections are open at once;
- a request still arriving ``REQUEST_TIMEOUT`` seconds after its first byte (a client trickling its
  headers or body) is closed, so slow clients cannot hold connections for ever;
- an idle keep-alive connection is closed after ``CHANNEL_TIMEOUT`` seconds;
- waitress's threads are shared out per client address (site/fair_dispatch.py): at most
  ``PER_CLIENT_THREADS`` requests of one address run at once, and a free thread goes to the client with the
  fewest running, so a flood from one address does not make other readers queue behind it.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask
from waitress.utilities import Error

from .fair_dispatch import FairDispatcher

# How often the server looks for connections to close (seconds); waitress's own default is 30.
CLEANUP_INTERVAL = 1
# How long a thread may hold the GIL while others wait for it (seconds; Python's default is 0.005), set while
# `throne-rules serve` runs. A reader's short request needs the GIL a few times (the server's I/O thread
# reads it, a worker answers it, the I/O thread sends it): behind threads running costly searches each of
# those waits up to this long. 1 ms took the hostile bench's reader from 27 to 18 ms (docs/performance.md).
SERVE_SWITCH_INTERVAL = 0.001

_CODES = {400: "bad_request", 413: "body_too_large", 431: "headers_too_large", 501: "not_implemented"}


def error_body(err: Error) -> bytes:
    """A waitress-level error in the API's error shape."""
    code = _CODES.get(err.code, "bad_request")
    if err.code == 413:
        message = "The request body is too large."
    else:
        message = f"{err.reason}."
    return json.dumps({"error": {"code": code, "message": message, "field": None}}).encode()


class JsonErrorTask(ErrorTask):
    """Errors found while reading a request (too large, malformed) answered as JSON, connection closed."""

    def execute(self) -> None:
        err = self.request.error
        body = error_body(err)
        self.status = f"{err.code} {err.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class TimedRequestParser(HTTPRequestParser):
    """Remembers when the first byte of the request came in."""

    def __init__(self, adj: Any) -> None:
        super().__init__(adj)
        self.started = time.time()


class BoundedChannel(HTTPChannel):
    error_task_class = JsonErrorTask
    parser_class = TimedRequestParser


def _close_slow_requests(server: BaseWSGIServer, now: float, request_timeout: float) -> None:
    cutoff = now - request_timeout
    for channel in list(server.active_channels.values()):
        request = getattr(channel, "request", None)
        if request is not None and not request.completed and request.started < cutoff:
            channel.will_close = True


def make_server(app: Any, *, host: str, port: int, threads: int, max_body_bytes: int, connection_limit: int,
                channel_timeout: int, request_timeout: float, per_client_threads: int = 2, trusted_proxies: int = 0,
                ident: str = "throne-rules") -> BaseWSGIServer:
    """A waitress server for `app` with the limits above; `server.run()` serves until stopped."""
    dispatcher = FairDispatcher(per_client_threads, trusted_proxies)
    dispatcher.set_thread_count(threads)
    server = create_server(app, _dispatcher=dispatcher, host=host, port=port, threads=threads, ident=ident,
                           max_request_body_size=max_body_bytes + 1, connection_limit=connection_limit,
                           channel_timeout=channel_timeout, cleanup_interval=CLEANUP_INTERVAL)
    assert isinstance(server, BaseWSGIServer), "one host and port give one server"
    server.channel_class = BoundedChannel
    plain_maintenance = server.maintenance

    def maintenance(now: float) -> None:
        plain_maintenance(now)
        _close_slow_requests(server, now, request_timeout)

    server.maintenance = maintenance  # type: ignore[method-assign]
    return server


# How often the warmer looks for a new build whose page pack is not rendered yet (seconds).
PACK_WARM_INTERVAL = 2.0


def start_pack_warmer(app: Any, interval: float = PACK_WARM_INTERVAL, prefix: str = "") -> threading.Event:
    """Render each build's page pack as soon as the server has the build, before any worker asks for it.

    The pack holds every page; rendering it takes seconds, and the first worker to install would otherwise wait
    that long (with every other first request for it). A daemon thread looks at the live build's version every
    `interval` seconds and, when it is new, asks the app itself (its test client) for that version's pack, which
    renders and keeps it (under the path `prefix` the app is served at: the pack's pages link under it).
    Set the returned event to stop.
    """
    from indexer.library import ReleaseMissing

    from .page_pack import pack_url
    from .views.pwa import current_version

    stop = threading.Event()

    def warm() -> None:
        client = app.test_client()
        warmed = ""
        while True:
            try:
                with app.app_context():
                    version = current_version()
            except ReleaseMissing:
                version = warmed  # no usable build yet: look again later
            if version != warmed:
                started = time.perf_counter()
                pack = client.get(prefix + pack_url(version))
                if pack.status_code == 200:
                    warmed = version
                    print(f"page pack {prefix}{pack_url(version)} rendered in {time.perf_counter() - started:.1f}s",
                          flush=True)
                pack.close()
            if stop.wait(interval):
                return

    threading.Thread(target=warm, name="page-pack-warmer", daemon=True).start()
    return stop
