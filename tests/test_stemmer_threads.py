"""Stemming is thread-safe: threads stemming at once agree with one thread, and a concurrent search
hammer on the production server gives no 5xx and the same answers as a quiet, single-threaded search.

Snowball stemmers keep state inside one call; a stemmer shared by waitress's threads gave 500s and
cached wrong stems for good (issue 23, item 1).
"""

from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import snowballstemmer

from indexer.analysis import SNOWBALL_LANGUAGES, stem_uncached

from .conftest import CONTENT_DIR
from .helpers import LiveServer

THREADS = 8
HAMMER_CLIENTS = 16
HAMMER_QUERIES_PER_CLIENT = 40


def _random_words(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    letters = "abcdefghijklmnoprstuwyzęółąśżźćń"
    return ["".join(rng.choices(letters, k=rng.randint(3, 14))) for _ in range(n)]


def test_threads_stemming_at_once_agree_with_one_thread() -> None:
    words = _random_words(4000, seed=23)
    expected = {
        lang: {w: snowballstemmer.stemmer(name).stemWord(w) for w in words}
        for lang, name in SNOWBALL_LANGUAGES.items()
    }
    wrong: list[tuple[str, str, str]] = []
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def work(offset: int) -> None:
        start.wait()
        try:
            for i in range(len(words)):
                w = words[(i + offset * 397) % len(words)]
                for lang in SNOWBALL_LANGUAGES:
                    got = stem_uncached(w, lang)
                    if got != expected[lang][w]:
                        wrong.append((lang, w, got))
        except BaseException as exc:  # collected and reported below, with the words that went wrong
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors[:3]
    assert not wrong, wrong[:10]


def _near_misses(seed: int, n: int) -> list[str]:
    """Words one edit from rule words: the fuzzy path stems many unseen words per query."""
    base = ["cutlass", "evasive", "retribution", "undefendable", "ultimate", "protect", "poison",
            "entangle", "concussion", "knockdown", "sabotage", "minion", "portal", "shopkeeper",
            "trophy", "wounds", "initiative", "obrazenia", "zeton", "kosci"]
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        w = list(rng.choice(base))
        i = rng.randrange(1, len(w))
        w[i] = rng.choice("aeiouyrstnlkz")
        extra = " ".join("".join(rng.choices("abcdefghiklmnoprstuwyz", k=rng.randint(6, 12))) for _ in range(3))
        out.append("".join(w) + " " + extra)
    return out


def _ask(base: str, q: str) -> tuple[int, list[str] | None]:
    url = f"{base}/api/search?{urllib.parse.urlencode({'q': q, 'limit': 10})}"
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            body = json.loads(resp.read())
            return resp.status, [r["id"] for r in body["results"]] + [str(body["total"]), str(body["suggestion"])]
    except urllib.error.HTTPError as err:
        return err.code, None


def test_concurrent_search_hammer_no_5xx_and_same_answers(build_dir: Path) -> None:
    # the run's build (conftest), read only: both servers start at once instead of building the content first
    queries = _near_misses(seed=7, n=HAMMER_CLIENTS * HAMMER_QUERIES_PER_CLIENT) + ["cutlass"]
    server = LiveServer(CONTENT_DIR, build_dir).wait_ready(timeout=180)
    try:
        results: dict[str, set[tuple[int, tuple[str, ...] | None]]] = {}
        lock = threading.Lock()
        start = threading.Barrier(HAMMER_CLIENTS)

        def client(k: int) -> None:
            start.wait()
            for q in queries[k::HAMMER_CLIENTS]:
                status, answer = _ask(server.url, q)
                with lock:
                    results.setdefault(q, set()).add((status, tuple(answer) if answer else None))

        threads = [threading.Thread(target=client, args=(k,)) for k in range(HAMMER_CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        after_hammer = {q: _ask(server.url, q) for q in ("cutlass", *queries[:40])}
    finally:
        server.stop()

    statuses = [s for answers in results.values() for s, _ in answers]
    assert statuses.count(200) == len(statuses), sorted(set(statuses))

    # A fresh process, asked one query at a time, is the reference.
    fresh = LiveServer(CONTENT_DIR, build_dir).wait_ready(timeout=180)
    try:
        for q, answers in list(results.items())[:120]:
            status, expected = _ask(fresh.url, q)
            assert answers == {(200, tuple(expected or ()))}, q
        for q, got in after_hammer.items():
            assert got == _ask(fresh.url, q), q
    finally:
        fresh.stop()
    assert after_hammer["cutlass"][1] is not None and after_hammer["cutlass"][1][0].startswith("cursed-pirate")
