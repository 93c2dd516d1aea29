"""Fast playout (模拟) of the rest of a hand on one fully known deal, for the strong player's Monte Carlo.

Cards are dense indices (``Card.index``) and hands are count vectors (``engine.ai.playstate``), so a whole
hand plays out in a few milliseconds. Every seat plays the one play policy (``engine.ai.policy``, the same
decision ``basic`` makes), seeing only what that seat may know.
"""

from __future__ import annotations

import gc
import logging
import math
from collections.abc import Iterator
from contextlib import contextmanager

from engine.ai.playstate import PlayState
from engine.ai.policy import policy_play

log = logging.getLogger(__name__)


class Playout(PlayState):
    """A playout with the play policy choosing every seat's plays."""

    def run(self) -> int:
        """Play to the end of the hand; return the defenders' final points (kitty bonus included)."""
        while True:
            trick = self.trick
            if not trick and self.cards_left == 0:
                return self.points
            seat = (self.leader + len(trick)) % self.n
            self.apply(seat, policy_play(self, seat))


@contextmanager
def no_gc() -> Iterator[None]:
    """The cyclic garbage collector paused while playouts run: they make no reference cycles, but their many
    short-lived lists and tuples set off a collection every few hundred allocations (about a tenth of a
    search's CPU). Turned back on afterwards if it was on (another thread's search may have paused it first:
    then that one turns it back on)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


MAX_CORRELATION = 0.95  # chained gains: at most this correlation between neighbours (39 gains worth one)


class Gains:
    """A candidate's gains over the first choice, deal by deal: their count, whether any was not zero, and their
    running mean and sum of squared deviations (Welford's update), so the searches' statistic, asked after every
    deal, costs the same at the 300th deal as at the 3rd (recomputed from all the gains, a decision of a few
    hundred deals spent about a twentieth of its CPU in it)."""

    def __init__(self, chained: bool = False) -> None:
        """``chained``: the deals come from a Markov chain (``engine.ai.inference.Reading``), each a swap or two from
        the last, so neighbouring gains are alike: the standard error allows for that (``mean_se``)."""
        self.n = 0
        self.mean = 0.0
        self.squares = 0.0  # sum of squared deviations from the mean (each update adds delta² (n-1)/n >= 0)
        self.nonzero = False
        self.chained = chained
        self.first = 0.0  # (chained: the first and the last gain, the sum of neighbours' products)
        self.last = 0.0
        self.lagged = 0.0

    @staticmethod
    def of(values: list[float]) -> Gains:
        gains = Gains()
        for v in values:
            gains.add(v)
        return gains

    def add(self, value: float) -> None:
        if self.chained:
            if self.n:
                self.lagged += value * self.last
            else:
                self.first = value
            self.last = value
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.squares += delta * (value - self.mean)
        if value != 0.0:
            self.nonzero = True

    def __len__(self) -> int:
        return self.n

    def mean_se(self) -> tuple[float, float]:
        """Mean and standard error of the mean (infinite with fewer than two gains)."""
        if self.n < 2:
            return self.mean, math.inf
        se = math.sqrt(self.squares / (self.n - 1) / self.n)
        if self.chained and self.squares > 0.0:
            se *= math.sqrt(self.correlation_time())
        return self.mean, se

    def correlation_time(self) -> float:
        """How many chained gains are worth one independent one: ``(1 + r) / (1 - r)``, ``r`` the neighbouring gains'
        correlation (as of a first-order autoregression; ``r`` kept within 0..``MAX_CORRELATION``)."""
        n, m = self.n, self.mean
        lag = self.lagged - m * (2.0 * n * m - self.first - self.last) + (n - 1) * m * m
        r = min(max(lag / self.squares, 0.0), MAX_CORRELATION)
        return (1.0 + r) / (1.0 - r)


def mean_se(values: list[float]) -> tuple[float, float]:
    """Mean and standard error of the mean of ``values`` (infinite with one value): the searches' statistic,
    asked after every deal of every candidate's gains so far (compiled here: a decision of a few hundred deals
    spent about a tenth of its time in this as plain Python). ``sum`` of lists, as ``sum`` of a generator
    adds: the same floats."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    return mean, math.sqrt(sum([(v - mean) ** 2 for v in values]) / (n - 1) / n)
