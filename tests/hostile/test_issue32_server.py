"""Issue 32 against `throne-rules serve` on loopback: a header flood and idle sockets do not hold readers up, and
a request with both Content-Length and chunked encoding closes its connection. Other 127.0.0.x source addresses
play other clients."""

from __future__ import annotations

import socket
import statistics
import threading
import time
import urllib.request

from ..helpers import LiveServer

FLOOD = b"GET / HTTP/1.1\r\nHost: localhost\r\n" + b"X:\r\n" * 65_000 + b"\r\n"  # 260 KB of empty headers
IDLE_SOCKETS = 520
PAGE = "/faq"



def pages_answer_within(url: str, tries: int, seconds: float) -> None:
    """A reader's page, asked `tries` times, answers 200 within `seconds` each time."""
    for _ in range(tries):
        started = time.monotonic()
        with urllib.request.urlopen(url + PAGE, timeout=5) as resp:
            assert resp.status == 200
        assert time.monotonic() - started < seconds

def _status_and_close(sock: socket.socket, timeout: float = 10) -> tuple[int, bool]:
    """The status of the answer on `sock`, and whether the server closed the connection after it."""
    sock.settimeout(timeout)
    data = b""
    closed = False
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                closed = True
                break
            data += chunk
    except TimeoutError:
        pass
    return int(data.split(b" ", 2)[1]) if data else 0, closed


def _reader(server: LiveServer, seconds: float) -> list[float]:
    out = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.perf_counter()
        with urllib.request.urlopen(server.url + PAGE, timeout=30) as resp:
            resp.read()
        out.append((time.perf_counter() - started) * 1000)
        time.sleep(0.05)
    return out


def test_a_header_flood_is_refused_without_slowing_readers(hostile_server: LiveServer) -> None:
    with socket.create_connection(("127.0.0.1", hostile_server.port), source_address=("127.0.0.2", 0)) as sock:
        try:
            sock.sendall(FLOOD)
        except OSError:
            pass  # refused before it was all sent: the status is still there to read
        status, closed = _status_and_close(sock)
    assert status == 431 and closed
    stop = threading.Event()

    def flood(source: str) -> None:
        while not stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", hostile_server.port), timeout=10,
                                              source_address=(source, 0)) as s:
                    s.sendall(FLOOD)
                    s.recv(64)
            except OSError:
                pass  # refused and closed mid-send: the flood goes on

    quiet = _reader(hostile_server, 1.5)
    threads = [threading.Thread(target=flood, args=(f"127.0.0.{i}",), daemon=True) for i in range(2, 6)]
    for t in threads:
        t.start()
    try:
        attacked = _reader(hostile_server, 2.5)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=15)
    # 3x the quiet median, with 50 ms of room for a busy machine (waitress: hundreds of ms per page)
    assert statistics.median(attacked) < 3 * statistics.median(quiet) + 50, (quiet, attacked)


def test_idle_sockets_from_one_address_do_not_lock_readers_out(hostile_server: LiveServer) -> None:
    opened: list[socket.socket] = []
    try:
        for _ in range(IDLE_SOCKETS):
            opened.append(socket.create_connection(("127.0.0.1", hostile_server.port), timeout=5,
                                                   source_address=("127.0.0.2", 0)))
        time.sleep(0.5)
        pages_answer_within(hostile_server.url, tries=5, seconds=2)
    finally:
        for sock in opened:
            sock.close()


def test_a_silent_socket_is_closed_after_the_request_timeout(hostile_server: LiveServer) -> None:
    """REQUEST_TIMEOUT is 2 s for this server: a socket that never sends a byte is not kept for 30 s."""
    with socket.create_connection(("127.0.0.1", hostile_server.port), timeout=15) as sock:
        started = time.monotonic()
        assert sock.recv(1) == b""
        assert time.monotonic() - started < 4


def test_content_length_with_chunked_closes_the_connection(hostile_server: LiveServer) -> None:
    with socket.create_connection(("127.0.0.1", hostile_server.port), timeout=10) as sock:
        sock.sendall(b"POST /api/calc/damage HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        status, closed = _status_and_close(sock, timeout=5)
    assert status in (400, 200) and closed


TRICKLERS = 40  # more than the server's 32 threads


def test_bodies_trickled_slowly_do_not_take_every_thread(hostile_server: LiveServer) -> None:
    """granian has no body timeout: each POST whose body never finishes held a Python thread, and 40 of them left
    no thread for pages (every reader timed out). Now at most a few threads read bodies; pages are answered and a
    further POST hears 503 at once."""
    opened: list[socket.socket] = []
    try:
        for _ in range(TRICKLERS):
            sock = socket.create_connection(("127.0.0.1", hostile_server.port), timeout=5,
                                            source_address=("127.0.0.2", 0))
            sock.sendall(b"POST /api/calc/damage HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1000\r\n\r\n{")
            opened.append(sock)
        time.sleep(1)
        for _ in range(3):
            pages_answer_within(hostile_server.url, tries=1, seconds=3)
            for sock in opened:
                try:
                    sock.sendall(b" ")  # a byte now and then: the body never ends
                except OSError:
                    pass  # answered 503 and closed by the server: that trickler is done
        with socket.create_connection(("127.0.0.1", hostile_server.port), timeout=10) as sock:
            sock.sendall(b'POST /api/calc/damage HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n'
                         b'Content-Length: 2\r\nConnection: close\r\n\r\n{}')
            status, _ = _status_and_close(sock, timeout=5)
        assert status == 503
    finally:
        for sock in opened:
            sock.close()
