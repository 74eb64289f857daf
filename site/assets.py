"""Static assets by content hash: `asset_url('css/app.css')` -> '/static/css/app.css?v=<hash>'.

Hashed URLs make a stale file impossible: a page names the exact bytes it was
built against, and the service worker precaches those URLs. Front-end
libraries from npm are vendored into static/vendor/ (`make vendor` copies them
from node_modules, installed by `npm ci` from package-lock.json; see
tools/vendor.py) and served under /vendor/, never from a CDN, so a checkout or
an installed wheel needs no npm.
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass
from pathlib import Path

HASH_CHARS = 12
RECHECK_SECONDS = 1.0
# The service worker's source: not a page asset (it is served at /sw.js, the build in front of it).
WORKER = "sw.js"
NOT_ASSETS = frozenset({WORKER})
# What the pages cannot work without: `throne-rules serve` refuses to start when one is missing.
REQUIRED = ("vendor/minisearch.js",)


class AssetMissing(LookupError):
    pass


def _hint(name: str) -> str:
    return " (the vendored front-end libraries: run 'make vendor')" if name.startswith("vendor/") else ""


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_CHARS]


@dataclass(frozen=True)
class Asset:
    name: str  # 'css/app.css' or 'vendor/minisearch.js'
    path: Path
    digest: str
    hashed_name: bool = False  # static export: the hash goes in the file name, not the query

    @property
    def url(self) -> str:
        prefix = "/" if self.name.startswith("vendor/") else "/static/"
        if self.hashed_name:
            return prefix + hashed_file_name(self.name, self.digest)
        return f"{prefix}{self.name}?v={self.digest}"


def hashed_file_name(name: str, digest: str) -> str:
    """'css/app.css' -> 'css/app.<digest>.css': a name a static host can cache forever."""
    folder, _, file = name.rpartition("/")
    stem, dot, ext = file.rpartition(".")
    hashed = f"{stem}.{digest}.{ext}" if dot else f"{file}.{digest}"
    return f"{folder}/{hashed}" if folder else hashed


class AssetManifest:
    """Every static file and vendored library with its hash; rescanned when a file changes."""

    def __init__(self, static_dir: Path, hashed_names: bool = False):
        self.static_dir = static_dir
        self.hashed_names = hashed_names
        self._lock = threading.Lock()
        self._assets: dict[str, Asset] = {}
        self._stamp: tuple[tuple[str, int, int], ...] = ()
        self._checked = 0.0
        self._worker: bytes | None = None
        self._fingerprint = ""

    def _files(self) -> dict[str, Path]:
        files = {p.relative_to(self.static_dir).as_posix(): p for p in sorted(self.static_dir.rglob("*"))
                 if p.is_file() and not p.name.startswith(".")}
        for name in NOT_ASSETS:
            files.pop(name, None)
        return files

    def assets(self) -> dict[str, Asset]:
        now = time.monotonic()
        if self._assets and now - self._checked < RECHECK_SECONDS:
            return self._assets
        with self._lock:
            files = self._files()
            worker = self.static_dir / WORKER
            watched = {**files, WORKER: worker} if worker.is_file() else files
            stamp = tuple((name, p.stat().st_mtime_ns, p.stat().st_size) for name, p in watched.items())
            if stamp != self._stamp:
                self._assets = {name: Asset(name, p, file_hash(p), self.hashed_names) for name, p in files.items()}
                self._worker = worker.read_bytes() if worker.is_file() else None
                digest = hashlib.sha256()  # every asset's name and hash, and the worker's bytes
                for asset in self._assets.values():
                    digest.update(f"{asset.name}:{asset.digest}\n".encode())
                digest.update(self._worker or b"")
                self._fingerprint = digest.hexdigest()
                self._stamp = stamp
            self._checked = now
            return self._assets

    def get(self, name: str) -> Asset:
        asset = self.assets().get(name)
        if asset is None:
            raise AssetMissing(f"no static asset '{name}' in {self.static_dir}{_hint(name)}")
        return asset

    def missing_required(self) -> list[str]:
        """A line for each file the app cannot serve a working page without (checked once, at start-up)."""
        problems = [f"no static asset '{name}' in {self.static_dir}{_hint(name)}"
                    for name in REQUIRED if name not in self.assets()]
        if not (self.static_dir / WORKER).is_file():
            problems.append(f"no service worker at {self.static_dir / WORKER}")
        return problems

    def url(self, name: str) -> str:
        return self.get(name).url

    def fingerprint(self) -> str:
        """One hash over every asset's name and hash and the worker's source, computed once per change."""
        self.assets()
        return self._fingerprint

    def worker_source(self) -> bytes:
        """static/sw.js, read once per change (every response names the build, which hashes it)."""
        self.assets()
        if self._worker is None:
            raise AssetMissing(f"no service worker at {self.static_dir / WORKER}")
        return self._worker
