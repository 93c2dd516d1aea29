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
            seat = (self.leader + len(trick)) % 4
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
