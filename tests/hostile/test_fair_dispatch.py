"""The per-client dispatcher (site/fair_dispatch.py) on its own: fake tasks, real threads, bounded waits."""

from __future__ import annotations

import threading
import time
from collections import Counter
from types import SimpleNamespace

import pytest
from throne_rules.fair_dispatch import FairDispatcher, client_of

WAIT = 10.0  # seconds any one step may take before the test fails


class Log:
    """What the fake tasks did, in order, with how many of each client's tasks ran at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.started: list[str] = []
        self.cancelled: list[str] = []
        self.running: Counter[str] = Counter()
        self.most: Counter[str] = Counter()
        self.changed = threading.Condition(self.lock)

    def wait_started(self, n: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.started) >= n, WAIT), self.started


class FakeTask:
    """A waitress channel as the dispatcher sees it: an address, service() and cancel()."""

    def __init__(self, log: Log, client: str, name: str, block: bool = False) -> None:
        self.addr = (client, 40000)
        self.name = name
        self.log = log
        self.release = threading.Event()
        if not block:
            self.release.set()

    def service(self) -> None:
        client = self.addr[0]
        with self.log.changed:
            self.log.started.append(self.name)
            self.log.running[client] += 1
            self.log.most[client] = max(self.log.most[client], self.log.running[client])
            self.log.changed.notify_all()
        assert self.release.wait(WAIT), f"{self.name} never released"
        with self.log.changed:
            self.log.running[client] -= 1

    def cancel(self) -> None:
        with self.log.lock:
            self.log.cancelled.append(self.name)


def _tasks(log: Log, client: str, n: int, block: bool = False) -> list[FakeTask]:
    return [FakeTask(log, client, f"{client}#{i}", block) for i in range(n)]


def _drain(dispatcher: FairDispatcher) -> None:
    assert dispatcher.shutdown(timeout=WAIT)
    assert not dispatcher.threads


def test_a_flood_from_one_client_does_not_delay_another_by_more_than_the_running_task() -> None:
    """One thread, 10 tasks of a flooding client queued, then one of a reader: the reader's runs next."""
    log = Log()
    d = FairDispatcher(per_client=2)
    d.set_thread_count(1)
    flood = _tasks(log, "10.0.0.9", 10, block=True)
    for task in flood:
        d.add_task(task)
    log.wait_started(1)
    reader = FakeTask(log, "10.0.0.1", "reader")
    d.add_task(reader)
    flood[0].release.set()
    log.wait_started(2)
    assert log.started[:2] == ["10.0.0.9#0", "reader"]
    for task in flood[1:]:
        task.release.set()
    log.wait_started(11)
    _drain(d)


def test_with_free_threads_another_client_starts_at_once_and_one_client_never_exceeds_its_cap() -> None:
    log = Log()
    d = FairDispatcher(per_client=2)
    d.set_thread_count(4)
    flood = _tasks(log, "10.0.0.9", 20, block=True)
    for task in flood:
        d.add_task(task)
    log.wait_started(2)
    time.sleep(0.2)  # two threads idle: a third flood task would have started by now if the cap allowed it
    assert len(log.started) == 2
    reader = FakeTask(log, "10.0.0.1", "reader")
    d.add_task(reader)
    log.wait_started(3)
    assert log.started[2] == "reader"
    for task in flood:
        task.release.set()
    log.wait_started(21)
    assert log.most["10.0.0.9"] == 2
    _drain(d)


def test_equal_clients_take_turns() -> None:
    """Queued before any thread starts: one thread serves the two clients alternately."""
    log = Log()
    d = FairDispatcher(per_client=2)
    for a, b in zip(_tasks(log, "10.0.0.1", 4), _tasks(log, "10.0.0.2", 4), strict=True):
        d.add_task(a)
        d.add_task(b)
    for task in _tasks(log, "10.0.0.1", 4):
        task.name += "-late"
        d.add_task(task)
    d.set_thread_count(1)
    log.wait_started(12)
    clients = [name.split("#")[0] for name in log.started[:8]]
    assert clients == ["10.0.0.1", "10.0.0.2"] * 4
    _drain(d)


@pytest.mark.parametrize("per_client", [0, 1, 3])
def test_every_task_runs_exactly_once_and_the_cap_holds(per_client: int) -> None:
    """300 tasks of 6 clients on 5 threads, added from several threads at once: none lost, none run twice."""
    log = Log()
    d = FairDispatcher(per_client=per_client)
    d.set_thread_count(5)
    clients = [f"10.0.1.{i}" for i in range(6)]
    tasks = [task for c in clients for task in _tasks(log, c, 50)]
    for task in tasks[::7]:
        task.release.clear()  # some tasks take a while, so the cap is reached
        threading.Timer(0.05, task.release.set).start()
    adders = [threading.Thread(target=lambda part=part: [d.add_task(t) for t in part]) for part in
              (tasks[k::4] for k in range(4))]
    for adder in adders:
        adder.start()
    for adder in adders:
        adder.join(WAIT)
    log.wait_started(len(tasks))
    _drain(d)
    assert sorted(log.started) == sorted(t.name for t in tasks)
    assert not log.cancelled
    if per_client:
        assert max(log.most.values()) <= per_client
    assert d.pending == 0 and not d.waiting and not d.running and not d.turns


def test_shutdown_finishes_running_tasks_and_cancels_the_waiting_ones() -> None:
    log = Log()
    d = FairDispatcher(per_client=1)
    d.set_thread_count(2)
    tasks = _tasks(log, "10.0.0.9", 3, block=True) + _tasks(log, "10.0.0.8", 3, block=True)
    for task in tasks:
        d.add_task(task)
    log.wait_started(2)
    threading.Timer(0.3, lambda: [t.release.set() for t in tasks]).start()
    _drain(d)
    assert len(log.started) == 2
    assert sorted(log.started + log.cancelled) == sorted(t.name for t in tasks)
    assert d.pending == 0 and not d.waiting


def _channel(peer: str, forwarded: str | None) -> SimpleNamespace:
    headers = {"X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return SimpleNamespace(addr=(peer, 5555), requests=[SimpleNamespace(headers=headers)])


def test_the_client_is_the_peer_unless_proxies_are_trusted() -> None:
    assert client_of(_channel("10.0.0.5", "1.2.3.4")) == "10.0.0.5"
    assert client_of(_channel("10.0.0.5", "1.2.3.4"), trusted_proxies=1) == "1.2.3.4"
    # two proxies: the address the outer proxy saw, as werkzeug's ProxyFix(x_for=2) reads it
    assert client_of(_channel("10.0.0.5", "6.6.6.6, 1.2.3.4, 10.0.0.7"), trusted_proxies=2) == "1.2.3.4"
    # fewer hops than trusted proxies, or none: the peer
    assert client_of(_channel("10.0.0.5", "1.2.3.4"), trusted_proxies=2) == "10.0.0.5"
    assert client_of(_channel("10.0.0.5", None), trusted_proxies=1) == "10.0.0.5"


def test_a_negative_cap_is_refused() -> None:
    with pytest.raises(ValueError, match="per_client"):
        FairDispatcher(per_client=-1)
