"""Hostile clients against the production server (issue 23, items 2 and 3): huge bodies are refused
before they are read, and clients that trickle their requests cannot lock others out."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request

from flask.testing import FlaskClient
from throne_rules import DEFAULTS

from ..helpers import LiveServer

LIMIT = int(DEFAULTS["MAX_BODY_BYTES"])
SLOW_CLIENTS = 150


def _connect(server: LiveServer, timeout: float = 10) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=timeout)


def _read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body


def _assert_json_413(status: int, headers: dict[str, str], body: bytes) -> None:
    assert status == 413, (status, body[:200])
    assert headers["content-type"].startswith("application/json")
    error = json.loads(body)["error"]
    assert error["code"] == "body_too_large" and error["message"] and "field" in error


def test_a_huge_declared_body_is_refused_before_it_is_sent(hostile_server: LiveServer) -> None:
    """100 MB announced, nothing sent: the 413 comes back at once, in the JSON error shape."""
    with _connect(hostile_server) as sock:
        sock.sendall(b"POST /api/calc/damage HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100000000\r\n\r\n")
        started = time.monotonic()
        status, headers, body = _read_response(sock)
        assert time.monotonic() - started < 5
    _assert_json_413(status, headers, body)


def test_a_chunked_body_over_the_limit_is_cut_off(hostile_server: LiveServer) -> None:
    with _connect(hostile_server) as sock:
        sock.sendall(b"POST /api/calc/damage HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * 8192
        sent = 0
        try:
            while sent < LIMIT * 4:
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
        except OSError:
            pass  # the server closed the connection after its 413: that is the behaviour under test
        status, headers, body = _read_response(sock)
    _assert_json_413(status, headers, body)
    assert sent <= LIMIT * 4


def test_a_body_at_the_limit_is_read_and_answered(hostile_server: LiveServer) -> None:
    payload = json.dumps({"base": 8, "pad": "x" * (LIMIT - 40)}).encode()[:LIMIT]
    req = urllib.request.Request(hostile_server.url + "/api/calc/damage", data=payload,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            status = resp.status
    except urllib.error.HTTPError as err:
        status = err.code
    assert status in (200, 400)


def test_the_app_itself_refuses_a_large_body(client: FlaskClient) -> None:
    """Behind another WSGI server (or the test client) Flask applies the same limit."""
    resp = client.post("/api/calc/damage", data=b"{" + b" " * (LIMIT + 10) + b"}",
                       content_type="application/json")
    assert resp.status_code == 413
    assert resp.get_json()["error"]["code"] == "body_too_large"


def _trickle(server: LiveServer, stop: threading.Event, opened: list[socket.socket]) -> None:
    try:
        sock = _connect(server, timeout=30)
    except OSError:
        return
    opened.append(sock)
    try:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        while not stop.wait(0.5):
            sock.sendall(b"X-Slow: 1\r\n")
    except OSError:
        pass  # closed by the server: its request timeout at work


def test_slow_clients_do_not_lock_out_a_normal_request(hostile_server: LiveServer) -> None:
    stop = threading.Event()
    opened: list[socket.socket] = []
    threads = [threading.Thread(target=_trickle, args=(hostile_server, stop, opened), daemon=True)
               for _ in range(SLOW_CLIENTS)]
    try:
        for t in threads:
            t.start()
        time.sleep(1.0)
        assert len(opened) >= SLOW_CLIENTS * 0.9
        started = time.monotonic()
        with urllib.request.urlopen(hostile_server.url + "/healthz", timeout=5) as resp:
            assert resp.status == 200
        assert time.monotonic() - started < 1.0
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=5)
        for sock in opened:
            sock.close()


def test_a_request_that_never_finishes_is_closed(hostile_server: LiveServer) -> None:
    """REQUEST_TIMEOUT is 2 s for this server: a trickling client is cut off soon after."""
    with _connect(hostile_server, timeout=15) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        started = time.monotonic()
        closed_after = None
        while time.monotonic() - started < 12:
            try:
                sock.sendall(b"X-Slow: 1\r\n")
                if sock.recv(1, socket.MSG_DONTWAIT) == b"":
                    closed_after = time.monotonic() - started
                    break
            except BlockingIOError:
                pass
            except OSError:
                closed_after = time.monotonic() - started
                break
            time.sleep(0.3)
    assert closed_after is not None and closed_after < 8, closed_after
