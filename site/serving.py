"""The production server: granian (Rust, hyper) configured with the app's limits; nothing of it subclassed.

Connections, request lines and headers are handled by hyper in native code, outside Python and its GIL, so a
client that floods headers or holds sockets open costs the Python threads nothing:

- hyper refuses a request of more than 100 header lines, or whose head does not fit HEADER_BUFFER_BYTES, with
  431, and closes the connection (a header flood is parsed in time linear in its size, never handed to Python);
- a request's head must arrive within ``REQUEST_TIMEOUT`` seconds of the connection being ready for it (a
  new connection, or a keep-alive one after its last answer): sockets that trickle headers, send nothing at all
  or idle between requests are closed after that long;
- up to ``CONNECTION_LIMIT`` connections are served at once (granian's backpressure); an idle one is a few KB in
  Rust, not a Python thread, so hundreds of idle sockets do not lock readers out;
- ``--threads`` Python threads run the app; bodies reach it as a stream, so a declared body over
  ``MAX_BODY_BYTES`` is refused with 413 (Flask's MAX_CONTENT_LENGTH, the API's JSON shape) before it is read.

`throne-rules serve` puts the settings it was given into the environment and starts granian; granian forks its
worker, which makes the app with `worker_app` (from those settings) and starts what the app needs beside it:
the search worker processes (SEARCH_PROCESSES) and the page-pack warmer.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import threading
import time
from pathlib import Path
from typing import Any

# How long a thread may hold the GIL while others wait for it (seconds; Python's default is 0.005), set in the
# serving worker: a reader's short request waits at most this long behind a thread doing costly work.
SERVE_SWITCH_INTERVAL = 0.001
# The most a request's head (request line and headers) may take: hyper's read buffer (granian's default is
# 408 KB). Together with hyper's cap of 100 header lines it bounds what one request makes the server parse.
HEADER_BUFFER_BYTES = 64 * 1024
# Python threads answering requests (`serve --threads`). Most of a flood's threads wait, holding no GIL, for the
# worker pool (site/costly.py), at most half of them: the rest answer pages and cached answers meanwhile.
DEFAULT_THREADS = 32
THREADS_VARIABLE = "THRONE_RULES_SERVE_THREADS"  # how `serve` tells its granian worker the thread count
# Granian's header timeout is at most a minute.
MAX_REQUEST_TIMEOUT = 60.0


def open_files_limit() -> int:
    """Raise this process's open-files limit to its hard limit (each connection is a file); the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    return soft


def make_server(*, host: str, port: int, threads: int, connection_limit: int, request_timeout: float) -> Any:
    """A granian server for `worker_app` with the limits above; `server.serve()` serves until stopped."""
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings

    files = open_files_limit()
    timeout_ms = int(min(request_timeout, MAX_REQUEST_TIMEOUT) * 1000)
    return Granian("throne_rules.serving:worker_app", factory=True, address=host, port=port,
                   interface=Interfaces.WSGI, http=HTTPModes.http1, websockets=False, workers=1,
                   blocking_threads=threads, backpressure=max(1, min(connection_limit, files - 64)),
                   http1_settings=HTTP1Settings(header_read_timeout=timeout_ms, max_buffer_size=HEADER_BUFFER_BYTES),
                   log_access=False)


def worker_app() -> Any:
    """The app in granian's worker, from the THRONE_RULES_* settings, with its search workers and pack warmer."""
    from . import create_app

    app = create_app()
    processes = int(app.config["SEARCH_PROCESSES"])
    if processes > 0:
        # half the threads at most wait for the workers: the other half stay free for pages and cached answers
        threads = int(os.environ.get(THREADS_VARIABLE, DEFAULT_THREADS))
        app.extensions["library"].start_search_pool(processes, max_waiting=max(1, threads // 2))
    start_pack_warmer(app, prefix=app.config["URL_PREFIX"])
    sys.setswitchinterval(SERVE_SWITCH_INTERVAL)
    return app


def serve_settings(config: dict[str, Any], threads: int) -> None:
    """Pass settings given on the command line to the worker (it reads THRONE_RULES_* as the app does)."""
    for name, value in config.items():
        os.environ[f"THRONE_RULES_{name}"] = json.dumps(value)  # read back as JSON, as from_prefixed_env does
    os.environ[THREADS_VARIABLE] = str(threads)


# How often the warmer looks for a new build (seconds).
PACK_WARM_INTERVAL = 0.5


def start_pack_warmer(app: Any, interval: float = PACK_WARM_INTERVAL, prefix: str = "") -> threading.Event:
    """Render each build's page packs before the server serves that build, so no worker ever waits for one.

    A pack holds every page of a reading language; rendering it takes seconds, and the first worker to install
    after a rebuild waited that long (4.6 s, issue 32). A daemon thread looks for a new build every `interval`
    seconds, loads it beside the live one, asks the app itself (its test client, the build pinned: views'
    PINNED_RELEASE) for that build's packs, under the path `prefix` the app is served at, and only then has the
    library make it live: readers keep the last build meanwhile, and the new /sw.js names packs already kept.
    At start, the live build's packs are rendered the same way. Set the returned event to stop.
    """
    from indexer.library import ReleaseMissing
    from indexer.release import current_release
    from indexer.snapshot import Release

    from .page_pack import PACK_LANGS, pack_url
    from .precache import build_version
    from .views import PINNED_RELEASE

    library = app.extensions["library"]
    library.adopted_by_warmer = True
    stop = threading.Event()

    def render_packs(rel: Release) -> bool:
        version = build_version(rel, app.extensions["assets"], app.extensions["code_fingerprint"])
        client = app.test_client()
        for lang in PACK_LANGS:
            started = time.perf_counter()
            url = prefix + pack_url(version, lang)
            pack = client.get(url, environ_overrides={PINNED_RELEASE: rel})
            pack.close()
            if pack.status_code != 200:
                print(f"page pack {url} not rendered: {pack.status_code}", flush=True)
                return False
            print(f"page pack {url} rendered in {time.perf_counter() - started:.1f}s", flush=True)
        return True

    def warm() -> None:
        done: set[Path] = set()  # builds whose packs are rendered, or that could not be loaded
        while not stop.is_set():
            path = current_release(library.build_dir)
            if path is not None and path not in done:
                done.add(path)
                try:
                    live = library.release()  # the first time, the live build: its packs are rendered now
                    rel = live if live.path == path else Release.load(path)
                except ReleaseMissing as exc:
                    print(f"page pack: {exc}", flush=True)  # the library keeps the last good build
                else:
                    if render_packs(rel) and path != library.live_path():
                        library.adopt(rel)
            stop.wait(interval)

    threading.Thread(target=warm, name="page-pack-warmer", daemon=True).start()
    return stop
