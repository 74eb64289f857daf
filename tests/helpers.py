"""Small helpers for tests: write tiny content corpora, find free ports, run a live server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

SOURCE = "001_2b96ab6011805de8.txt"


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """`throne-rules serve` in a child process on loopback; stopped by its own pid."""

    def __init__(self, content: Path, build_dir: Path, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        cmd = [sys.executable, "-m", "throne_rules.cli", "--content", str(content), "--build-dir", str(build_dir),
               "serve", "--port", str(self.port)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ})

    def wait_ready(self, timeout: float = 60) -> LiveServer:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                out = self.proc.stdout.read().decode() if self.proc.stdout else ""
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{out}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as resp:
                    if resp.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("server did not become ready")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stdout:
            self.proc.stdout.close()


class StaticServer:
    """`python -m http.server` over a folder, on loopback: a plain static host. Stopped by its own pid."""

    def __init__(self, folder: Path, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        cmd = [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", str(folder)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_ready(self, timeout: float = 30) -> StaticServer:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as resp:
                    if resp.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("static server did not become ready")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
