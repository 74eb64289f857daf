"""Small helpers for tests: write tiny content corpora, find free ports, run a live server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self

import pytest

from indexer import load_corpus
from indexer.build import write_release
from indexer.library import Release

SOURCE = "001_2b96ab6011805de8.txt"
PORT_RETRIES = 3  # new ports tried when the free port picked was taken before the server bound it


def entry_text(entry_id: str, title: str, body: str = "Some text.", **fields: str) -> str:
    meta = {"id": entry_id, "title": title, "game": "dice-throne", "kind": "rule", "lang": "en", **fields}
    head = "\n".join(f"{k}: {v}" for k, v in meta.items())
    if "sources" not in fields:
        head += f"\nsources:\n  - file: {SOURCE}\n    section: Test"
    return f"---\n{head}\n---\n{textwrap.dedent(body)}\n"


def write_entry(content: Path, name: str, text: str) -> Path:
    path = content / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_others(content: Path, count: int = 4, body: str = "A token, a card.") -> None:
    """`count` plain rule pages (other-0, other-1, ...) that a tiny corpus needs so that its words have a spread."""
    for i in range(count):
        write_entry(content, f"o{i}.md", entry_text(f"other-{i}", f"Other {i}", kind="rule", body=body))


@contextmanager
def built_release(content: Path) -> Iterator[Release]:
    """The content at `content` built beside it and loaded as the server loads it; its index closed after."""
    release = Release.load(write_release(load_corpus(content), content.parent / "build"))
    try:
        yield release
    finally:
        release.index.close()


def release_fixture(make_content: Callable[[Path], Path], name: str) -> Any:
    """A module-scoped fixture: the release of the tiny content `make_content` writes (the search round tests)."""
    @pytest.fixture(scope="module")
    def release(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Release]:
        with built_release(make_content(tmp_path_factory.mktemp(name) / "content")) as rel:
            yield rel
    return release


def ids(rel: Release, q: str) -> list[str]:
    """The entry ids a release's search ranks for `q`, best first."""
    return [h.id for h in rel.search(q).hits]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ChildServer:
    """A server in a child process on loopback, ready once `probe` answers 200; stopped by its own pid."""

    probe = "/"

    def __init__(self, cmd: list[str], port: int, env: dict[str, str] | None = None,
                 on_port: Callable[[int], list[str]] | None = None):
        """`on_port`, when the caller let the port be picked: the command for another port, used if the picked
        one was taken between free_port() and the server's bind (another xdist worker, a client's socket)."""
        self.env = {**os.environ, **(env or {})}
        self.on_port = on_port
        self._start(cmd, port)

    def _start(self, cmd: list[str], port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{self.port}"
        # Output goes to a file, never an unread pipe: a full pipe stalls a chatty server under load.
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env=self.env)

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def wait_ready(self, timeout: float = 60) -> Self:
        deadline = time.monotonic() + timeout
        retries = PORT_RETRIES
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                if self.on_port and retries and "Address already in use" in self.output():
                    retries -= 1
                    self.log.close()
                    port = free_port()
                    self._start(self.on_port(port), port)
                    continue
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.output()}")
            try:
                with urllib.request.urlopen(self.url + self.probe, timeout=2) as resp:
                    if resp.status == 200 and self.proc.poll() is None:  # ours answered, not a squatter
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not become ready")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


class LiveServer(ChildServer):
    """`throne-rules serve` (the production WSGI server) on loopback."""

    probe = "/healthz"

    def __init__(self, content: Path, build_dir: Path, port: int | None = None, env: dict[str, str] | None = None):
        def cmd(port: int) -> list[str]:
            return [sys.executable, "-m", "throne_rules.cli", "--content", str(content), "--build-dir", str(build_dir),
                    "serve", "--port", str(port)]

        picked = port or free_port()
        super().__init__(cmd(picked), picked, env, on_port=None if port else cmd)


class StaticServer(ChildServer):
    """`python -m http.server` over a folder, on loopback: a plain static host."""

    def __init__(self, folder: Path, port: int | None = None):
        def cmd(port: int) -> list[str]:
            return [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)]

        picked = port or free_port()
        super().__init__(cmd(picked), picked, on_port=None if port else cmd)
