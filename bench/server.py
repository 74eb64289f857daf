"""The server under test: `throne-rules serve` (waitress, production settings) on a free loopback port.

Like tests/helpers.LiveServer, but the server's output goes to a log file rather than a pipe
nobody reads: under load waitress logs a "Task queue depth" warning for every queued request,
while holding its task lock, and a full pipe would then stall every thread of the server.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.helpers import free_port  # noqa: E402


class BenchServer:
    def __init__(self, content: Path, build_dir: Path, threads: int | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile("w+", prefix="throne-bench-server-", suffix=".log", delete=False)
        cmd = [sys.executable, "-m", "throne_rules.cli", "--content", str(content), "--build-dir", str(build_dir),
               "serve", "--port", str(self.port)]
        if threads:
            cmd += ["--threads", str(threads)]
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env={**os.environ})

    def log_tail(self, chars: int = 3000) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(encoding="utf-8", errors="replace")[-chars:]

    def wait_ready(self, timeout: float = 300) -> BenchServer:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as resp:
                    if resp.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("server did not become ready")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        os.unlink(self.log.name)

    def __enter__(self) -> BenchServer:
        return self.wait_ready()

    def __exit__(self, *exc: object) -> None:
        self.stop()
