"""Exact optimal play for "roll, keep any dice, re-roll the rest": dynamic programming over kept multisets.

The dice are grouped into classes of faces that every target treats alike (the
faces of one symbol, or each number on its own for straights and X-of-a-kind), so
a three-symbol target on 7 dice has 120 states instead of 1,716. Every value is an
integer over a known power of 6, so the arithmetic is exact and fast; callers turn
them into Fractions. static/js/calc/odds.js is the floating-point twin: same states
in the same order, same recurrences, same tie-breaks.

Recurrences, for r roll attempts left including the next one:
  A_r(K) = E[ B_{r-1}(K + the roll of the other dice) ]     (one die at a time: sum of w_c * A over classes)
  B_0(H) = the value of the final hand H,   B_r(H) = max over keeps K within H of A_r(K)
A_r(K) is stored as an integer over 6^(n*r) for every K; B_r's keep (the policy) is the best K by
(value, then fewer dice kept, then the earlier state), a total order both twins share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

FACES = 6


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every count vector of `parts` numbers summing to `total`, first component largest first."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total, -1, -1) for rest in compositions(total - first, parts - 1)]


@dataclass(frozen=True)
class Space:
    """Every multiset of at most n dice over c classes, ordered by size, then by compositions()."""

    n: int
    c: int
    states: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, ...], int]
    size: tuple[int, ...]
    up: tuple[tuple[int, ...], ...]  # up[s][k]: s plus one die of class k (-1 when s is full)
    down: tuple[tuple[int, ...], ...]  # down[s][k]: s less one die of class k (-1 when it has none)
    full: tuple[int, ...]  # the states of exactly n dice


@cache
def space(n: int, c: int) -> Space:
    states = tuple(s for total in range(n + 1) for s in compositions(total, c))
    index = {s: i for i, s in enumerate(states)}
    size = tuple(sum(s) for s in states)

    def moved(s: tuple[int, ...], k: int, step: int) -> int:
        t = list(s)
        t[k] += step
        return index.get(tuple(t), -1) if t[k] >= 0 else -1

    up = tuple(tuple(moved(s, k, 1) if size[i] < n else -1 for k in range(c)) for i, s in enumerate(states))
    down = tuple(tuple(moved(s, k, -1) for k in range(c)) for s in states)
    full = tuple(i for i in range(len(states)) if size[i] == n)
    return Space(n, c, states, index, size, up, down, full)


@dataclass
class Level:
    """One roll attempt: A (every state's value as an integer over `denominator`) and B's keep per full hand."""

    value: list[int]
    keep: list[int]
    denominator: int


def solve(sp: Space, weights: Sequence[int], final: Sequence[int], levels: int) -> list[Level]:
    """Levels 1..levels for final-hand values `final` (integers, indexed by state; only full states read)."""
    pow6 = [FACES ** k for k in range(sp.n + 1)]
    order_down = sorted(range(len(sp.states)), key=lambda s: -sp.size[s])
    b = list(final)
    out: list[Level] = []
    denominator = 1
    for _ in range(levels):
        value = _rolled(sp, weights, b, pow6, order_down)
        best = value[:]
        keep = list(range(len(sp.states)))
        for s in range(len(sp.states)):  # size order: every smaller state is done first
            bv, bk = best[s], keep[s]
            for t in sp.down[s]:
                if t >= 0 and (best[t] > bv or (best[t] == bv and keep[t] < bk)):
                    bv, bk = best[t], keep[t]
            best[s], keep[s] = bv, bk
        denominator *= pow6[sp.n]
        out.append(Level(value, keep, denominator))
        b = best
    return out


def _rolled(sp: Space, weights: Sequence[int], b: Sequence[int], pow6: list[int], order_down: list[int]) -> list[int]:
    """Each kept state's value before a roll, from the values `b` of the full states after it (every die not kept
    is rolled), scaled by 6 to the kept dice's count so every value stays an integer."""
    a = [0] * len(sp.states)
    for s in sp.full:
        a[s] = b[s]
    for s in order_down:
        if sp.size[s] < sp.n:
            ups = sp.up[s]
            a[s] = sum(w * a[ups[k]] for k, w in enumerate(weights))
    return [a[s] * pow6[sp.size[s]] for s in range(len(sp.states))]


def follow(sp: Space, weights: Sequence[int], final: Sequence[int], policy: Sequence[Level]) -> list[list[int]]:
    """Like solve(), but each keep is the policy's: the value of another payoff under that strategy."""
    pow6 = [FACES ** k for k in range(sp.n + 1)]
    order_down = sorted(range(len(sp.states)), key=lambda s: -sp.size[s])
    b = list(final)
    out: list[list[int]] = []
    for level in policy:
        value = _rolled(sp, weights, b, pow6, order_down)
        out.append(value)
        b = [value[level.keep[s]] for s in range(len(sp.states))]
    return out


def final_values(sp: Space, score: Callable[[tuple[int, ...]], int]) -> list[int]:
    values = [0] * len(sp.states)
    for s in sp.full:
        values[s] = score(sp.states[s])
    return values


def sub_multisets(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """Every sub-multiset of a count vector, as count vectors."""
    out: list[tuple[int, ...]] = [()]
    for c in counts:
        out = [(*prefix, k) for prefix in out for k in range(c + 1)]
    return out
