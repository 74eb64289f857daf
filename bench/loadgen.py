"""A bounded HTTP load generator for loopback: N keep-alive clients for T seconds.

Run as its own process so the server under test gets the other core:
    python bench/loadgen.py http://127.0.0.1:8000 --clients 64 --seconds 60 --path "/api/search?q=cp"
`--source 127.0.0.2` sends every request from that local address (all of 127.0.0.0/8 is loopback on Linux), so
the server sees these clients as a different address from a reader on 127.0.0.1. With several paths, client i
starts at path i*len/clients and walks on from there, so the clients do not ask each other's questions (a server
that caches answers sees every path once until the list wraps round; `distinct` counts the paths sent).
SIGTERM ends the run early (each client finishes its request first); SIGUSR1 pauses it (`paused` on stderr
once no request is in flight), SIGUSR2 resumes it; `started` on stderr says it listens for these signals.
`seconds` and `rps` leave the pauses out.
Prints one JSON object: requests, errors, statuses, requests per second, latency percentiles (ms).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import signal
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

MAX_REQUESTS = 5_000_000  # a hard bound, whatever the duration
TIMEOUT = 10.0  # seconds for any one step of a request


class Pause:
    """SIGUSR1 pauses the clients: each finishes the request it is on, and once none is in flight `paused` is
    written to stderr. SIGUSR2 resumes them. Paused time does not count in the request rate."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.go.set()
        self.busy = 0  # clients with a request in flight
        self.paused_at = 0.0
        self.paused_total = 0.0

    def pause(self) -> None:
        if self.go.is_set():
            self.go.clear()
            self.paused_at = time.monotonic()
            self._report()

    def resume(self) -> None:
        if not self.go.is_set():
            self.paused_total += time.monotonic() - self.paused_at
            self.go.set()

    def started(self) -> None:
        self.busy += 1

    def finished(self) -> None:
        self.busy -= 1
        self._report()

    def _report(self) -> None:
        if not self.go.is_set() and self.busy == 0:
            print("paused", file=sys.stderr, flush=True)


async def one_client(host: str, port: int, paths: list[str], deadline: float, out: dict, offset: int,
                     source: str | None = None) -> None:
    reader = writer = None
    n = offset
    pause: Pause = out["pause"]
    while True:
        await pause.go.wait()
        if time.monotonic() >= deadline or out["requests"] >= MAX_REQUESTS or out["stop"].is_set():
            break
        pause.started()
        try:
            reader, writer = await one_request(host, port, paths, n, out, source, reader, writer)
        finally:
            pause.finished()
        n += 1
    if writer is not None:
        writer.close()


async def one_request(host: str, port: int, paths: list[str], n: int, out: dict, source: str | None,
                      reader: asyncio.StreamReader | None, writer: asyncio.StreamWriter | None
                      ) -> tuple[asyncio.StreamReader | None, asyncio.StreamWriter | None]:
    """Request path number `n` on the connection (reader, writer), or a new one; the connection to go on with."""
    path = paths[n % len(paths)]
    out["sent"].add(n % len(paths))
    started = time.perf_counter()
    try:
        if writer is None:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(
                host, port, local_addr=(source, 0) if source else None), TIMEOUT)
        assert reader is not None
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept-Encoding: gzip\r\n\r\n".encode())
        await asyncio.wait_for(writer.drain(), TIMEOUT)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
        status = int(head.split(b" ", 2)[1])
        length = 0
        close = False
        for line in head.split(b"\r\n"):
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
            elif name.lower() == b"connection" and value.strip().lower() == b"close":
                close = True
        await asyncio.wait_for(reader.readexactly(length), TIMEOUT)
        out["latencies"].append((time.perf_counter() - started) * 1000)
        out["statuses"][status] = out["statuses"].get(status, 0) + 1
        if status >= 400:
            out["errors"] += 1
        if close:
            writer.close()
            writer = None
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError, TimeoutError) as exc:
        out["errors"] += 1
        out["error_kinds"][type(exc).__name__] = out["error_kinds"].get(type(exc).__name__, 0) + 1
        if writer is not None:
            writer.close()
        writer = None
    out["requests"] += 1
    return reader, writer


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (0 for no values); bench/search_latency.py and bench/browser_bench.py use it too."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def run(url: str, paths: list[str], clients: int, seconds: float, source: str | None = None) -> dict:
    parts = urlsplit(url)
    out: dict = {"requests": 0, "errors": 0, "statuses": {}, "error_kinds": {}, "latencies": [], "sent": set(),
                 "stop": asyncio.Event(), "pause": Pause()}
    if threading.current_thread() is threading.main_thread():
        loop = asyncio.get_running_loop()
        # SIGTERM ends the run early: each client finishes the request it is on, and the figures are printed
        loop.add_signal_handler(signal.SIGTERM, lambda: (out["stop"].set(), out["pause"].resume()))
        loop.add_signal_handler(signal.SIGUSR1, out["pause"].pause)
        loop.add_signal_handler(signal.SIGUSR2, out["pause"].resume)
    print("started", file=sys.stderr, flush=True)
    started = time.monotonic()
    deadline = started + seconds
    await asyncio.gather(*(one_client(parts.hostname or "127.0.0.1", parts.port or 80, paths, deadline, out,
                                      i * len(paths) // clients, source) for i in range(clients)))
    elapsed = time.monotonic() - started - out["pause"].paused_total
    lat = out.pop("latencies")
    out.pop("stop")
    out.pop("pause")
    out["distinct"] = len(out.pop("sent"))
    return {**out, "clients": clients, "source": source or "default", "seconds": round(elapsed, 2),
            "rps": round(out["requests"] / elapsed, 1),
            "p50_ms": round(statistics.median(lat), 2) if lat else 0.0,
            "p95_ms": round(percentile(lat, 95), 2), "p99_ms": round(percentile(lat, 99), 2)}


def command(url: str, paths: list[str], clients: int, seconds: float, source: str | None = None) -> list[str]:
    """The command line that runs this script, in a process of its own, against `url` (from `source`)."""
    return [sys.executable, str(Path(__file__).resolve()), url, "--clients", str(clients), "--seconds", str(seconds),
            *(["--source", source] if source else []), *(arg for path in paths for arg in ("--path", path))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("url")
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--seconds", type=float, default=10)
    p.add_argument("--path", action="append", dest="paths")
    p.add_argument("--source", help="the local (loopback) address to send from, e.g. 127.0.0.2")
    args = p.parse_args()
    if urlsplit(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("loadgen only targets loopback")
    if args.source and not ipaddress.ip_address(args.source).is_loopback:
        raise SystemExit("loadgen only sends from a loopback address")
    result = asyncio.run(run(args.url, args.paths or ["/api/search?q=cp"], args.clients, args.seconds, args.source))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
