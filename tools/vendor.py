"""`make vendor`: copy the front-end libraries the pages load from node_modules into static/vendor/.

node_modules is installed by `npm ci` from package-lock.json, so what is copied is exactly what the lock
file pins (npm checks each package's tarball against the lock file's `integrity`). The copies are committed,
so a checkout or a wheel serves them without npm. tools/vendor.lock.json records, for each copy, the package,
its locked version and integrity, and the copy's own sha512; tests/test_vendor.py fails when the copy, the
record and package-lock.json disagree. Run: `make vendor` after changing
package-lock.json (it runs `npm ci`, then this script).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tools" / "vendor.lock.json"
# The file in the repository -> (npm package, the built file inside it). Pages load it as /vendor/<name>.
VENDORED = {"static/vendor/minisearch.js": ("minisearch", "dist/umd/index.js")}


def sha512(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def locked(root: Path, package: str) -> dict[str, str]:
    """The package's `version` and `integrity` in package-lock.json."""
    lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"].get(f"node_modules/{package}")
    if entry is None:
        raise SystemExit(f"{root / 'package-lock.json'}: no entry for {package}")
    return {"version": entry["version"], "integrity": entry["integrity"]}


def installed_version(root: Path, package: str) -> str:
    meta = json.loads((root / "node_modules" / package / "package.json").read_text(encoding="utf-8"))
    return str(meta["version"])


def vendor(root: Path) -> dict[str, Any]:
    """Copy each file from node_modules and return the record to write."""
    files: dict[str, Any] = {}
    for target, (package, source) in VENDORED.items():
        lock = locked(root, package)
        src = root / "node_modules" / package / source
        if not src.is_file():
            raise SystemExit(f"{src} is missing: run 'npm ci' first")
        if installed_version(root, package) != lock["version"]:
            raise SystemExit(f"node_modules/{package} is not the locked {lock['version']}: run 'npm ci'")
        data = src.read_bytes()
        dest = root / target
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
        files[target] = {"package": package, "source": source, **lock, "sha512": sha512(data)}
        print(f"{target} <- node_modules/{package}/{source} ({package} {lock['version']}, {len(data):,} bytes)")
    return {"note": "Written by `make vendor` (tools/vendor.py); checked by tests/test_vendor.py.", "files": files}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.parse_args(argv)
    record = vendor(ROOT)
    RECORD.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {RECORD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
