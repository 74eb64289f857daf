"""Per-client fairness for waitress's threads: a flood from one address cannot make everyone else queue.

Waitress hands requests to its threads from one first-in, first-out queue, so 16 clients sending costly searches
keep every thread busy and a reader's request waits behind all of theirs. `FairDispatcher` keeps one queue per
client address instead and, whenever a thread is free, starts the waiting request of the client that has the
fewest requests running (among equals, the one served longest ago: round robin), with at most `per_client`
requests of one client running at once. Nobody is refused: a busy client's requests wait their turn in its own
queue. A reader then waits at most for a thread to finish what it is running, not for every request queued
before it.

The client is the connection's peer address; behind `trusted_proxies` reverse proxies it is the address
those proxies put in `X-Forwarded-For`, read the way werkzeug's `ProxyFix` (TRUSTED_PROXIES) reads it.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from waitress.task import ThreadedTaskDispatcher


def client_of(task: Any, trusted_proxies: int = 0) -> str:
    """The address a task (a waitress channel with its next request) comes from."""
    addr = task.addr
    peer = str(addr[0]) if isinstance(addr, tuple) else str(addr)
    if trusted_proxies > 0:
        requests = getattr(task, "requests", None)
        forwarded = requests[0].headers.get("X_FORWARDED_FOR", "") if requests else ""
        hops = [hop.strip() for hop in forwarded.split(",")] if forwarded else []
        if len(hops) >= trusted_proxies and hops[-trusted_proxies]:
            return hops[-trusted_proxies]
    return peer


class FairDispatcher(ThreadedTaskDispatcher):
    """Waitress's thread pool with a queue per client, fewest running first, then round robin; at most
    `per_client` running per client.

    `per_client` 0 sets no cap (the fewest-running order still applies). The lock, condition variables, thread
    bookkeeping and `set_thread_count` are waitress's own; `queue` stays empty.
    """

    def __init__(self, per_client: int = 2, trusted_proxies: int = 0) -> None:
        super().__init__()
        if per_client < 0:
            raise ValueError(f"per_client must be 0 (no cap) or more, not {per_client}")
        self.per_client = per_client
        self.trusted_proxies = trusted_proxies
        self.waiting: dict[str, deque[Any]] = {}  # each client's tasks not started yet, oldest first
        self.running: dict[str, int] = {}  # each client's tasks being serviced now
        self.turns: deque[str] = deque()  # clients with a task waiting and room to start it
        self.pending = 0  # tasks waiting, all clients together
        self.starts = 0  # tasks started so far
        self.last_start: dict[str, int] = {}  # for each busy client, the number of its latest task's start

    def _has_room(self, key: str) -> bool:
        return self.per_client == 0 or self.running.get(key, 0) < self.per_client

    def _offer(self, key: str) -> None:
        """Give `key` a turn if it has a task waiting and room to run it (lock held)."""
        if key in self.waiting and key not in self.turns and self._has_room(key):
            self.turns.append(key)
            self.queue_cv.notify()

    def _next(self) -> tuple[str, Any]:
        """The client with the fewest tasks running, of those the one that started a task longest ago (or never),
        and its oldest task (lock held)."""
        turns, running, last_start = self.turns, self.running, self.last_start
        best = min(range(len(turns)), key=lambda i: (running.get(turns[i], 0), last_start.get(turns[i], -1)))
        key = self.turns[best]
        del self.turns[best]
        queue = self.waiting[key]
        task = queue.popleft()
        if not queue:
            del self.waiting[key]
        self.pending -= 1
        self.running[key] = self.running.get(key, 0) + 1
        self.starts += 1
        self.last_start[key] = self.starts
        self._offer(key)
        return key, task

    def _finished(self, key: str) -> None:
        left = self.running[key] - 1
        if left:
            self.running[key] = left
        else:
            del self.running[key]
            if key not in self.waiting:
                del self.last_start[key]  # an idle client is forgotten: the tables hold only busy clients
        self._offer(key)

    def add_task(self, task: Any) -> None:
        key = client_of(task, self.trusted_proxies)
        with self.lock:
            self.waiting.setdefault(key, deque()).append(task)
            self.pending += 1
            self._offer(key)
            idle_threads = len(self.threads) - self.stop_count - self.active_count
            if self.pending > idle_threads:
                self.queue_logger.warning("Task queue depth is %d", self.pending - idle_threads)

    def handler_thread(self, thread_no: int) -> None:
        while True:
            with self.lock:
                while not self.turns and self.stop_count == 0:
                    self.active_count -= 1  # idle while waiting, as in waitress
                    self.queue_cv.wait()
                    self.active_count += 1
                if self.stop_count > 0:
                    self.active_count -= 1
                    self.stop_count -= 1
                    self.threads.discard(thread_no)
                    self.thread_exit_cv.notify()
                    break
                key, task = self._next()
            try:
                task.service()
            except BaseException:
                self.logger.exception("Exception when servicing %r", task)
            finally:
                with self.lock:
                    self._finished(key)

    def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
        """Stop the threads (each finishes the task it is running), then cancel every task still waiting."""
        super().shutdown(cancel_pending=False, timeout=timeout)
        if not cancel_pending:
            return False
        with self.lock:
            if self.pending:
                self.logger.warning("Canceling %d pending task(s)", self.pending)
            for queue in self.waiting.values():
                while queue:
                    queue.popleft().cancel()
            self.waiting.clear()
            self.turns.clear()
            self.last_start = {key: n for key, n in self.last_start.items() if key in self.running}
            self.pending = 0
            self.queue_cv.notify_all()
        return True
