"""The evaluation sets' server rankings, searched once per run and shared by every xdist worker.

tests/test_search_quality.py holds every set to its floor and tests/test_search_eval_sets.py checks the report
bench/search_eval.py makes of every set: both need each set's server rankings (about 3,300 searches, some 40 s of
CPU). The first worker to need a set searches it, behind that set's file lock in the run's shared folder, and
writes the rankings there; the others read them. A worker skips the sets another is searching and comes back
to them, so two workers that need them at once search half each instead of waiting on each other.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterable
from pathlib import Path

from bench.search_eval import load_named, server_rankings
from indexer.library import Release

Rankings = list[list[str]]


def _read(file: Path, queries: list[str]) -> Rankings | None:
    if not file.is_file():
        return None
    kept = json.loads(file.read_text(encoding="utf-8"))
    assert kept["queries"] == queries, f"{file}: searched for other queries"  # the same set file, or a bug here
    rankings: Rankings = kept["rankings"]
    return rankings


def _search(release: Release, name: str, file: Path) -> Rankings:
    queries, _ = load_named(name, known_ids=release.entries)
    rankings = server_rankings(release, queries)
    part = file.with_suffix(".part")
    part.write_text(json.dumps({"queries": [q.query for q in queries], "rankings": rankings}), encoding="utf-8")
    os.replace(part, file)  # whole or absent to a reader that does not lock
    return rankings


def shared_rankings(folder: Path, release: Release, names: Iterable[str]) -> dict[str, Rankings]:
    """Each named set's server rankings (bench.search_eval.server_rankings over `release`), searched once per
    `folder`: read when a worker has written them, else searched here under the set's lock; a set another
    worker holds is left for last and then waited for."""
    folder.mkdir(exist_ok=True)
    out: dict[str, Rankings] = {}
    held: list[str] = []
    texts = {name: [q.query for q in load_named(name)[0]] for name in names}
    for name, blocking in [(n, False) for n in texts] + [(n, True) for n in texts]:
        if name in out or (blocking and name not in held):
            continue
        file = folder / f"{name}.json"
        kept = _read(file, texts[name])
        if kept is not None:
            out[name] = kept
            continue
        with (folder / f"{name}.lock").open("w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX if blocking else fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                held.append(name)  # another worker is searching it
                continue
            kept = _read(file, texts[name])
            out[name] = kept if kept is not None else _search(release, name, file)
    return out
