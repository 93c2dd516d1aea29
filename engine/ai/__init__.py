"""AI players (电脑玩家). Each sees only a ``SeatView`` (its own hand and public history), never the table.

Levels: ``random`` (uniform legal action), ``basic`` (rules of thumb with card memory: the play policy of
``engine.ai.policy``), ``strong`` (determinized Monte Carlo over hidden hands, every seat of its playouts
playing that same policy; CPU-time-budgeted).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.actions import Action
from engine.ai.basic import basic_action
from engine.ai.random_ai import random_action
from engine.views import SeatView

if TYPE_CHECKING:
    from engine.ai.strong import SearchStats

log = logging.getLogger(__name__)

LEVELS: tuple[str, ...] = ("random", "basic", "strong")
ARENA_LEVELS: tuple[str, ...] = (*LEVELS, "basic_v1", "basic_v2")  # also for measuring (not offered to players)
POLICY_LEVELS: tuple[str, ...] = ("basic",)  # the level that plays today's play policy exactly; the strong player
# reads the plays of seats of these levels only (读牌). Not ``strong``: read as the policy, a strong seat's searched
# plays mislead (strong reading every seat against strong reading none: -0.15 levels per deal, benchmarks/README)


def policy_seats(levels: Sequence[str | None]) -> frozenset[int]:
    """The seats whose plays the strong player may read by the play policy: the AI seats of ``POLICY_LEVELS``
    (``levels[seat]``: the seat's AI level, ``None`` for a person, whose play no model here describes)."""
    return frozenset(seat for seat, level in enumerate(levels) if level in POLICY_LEVELS)


def choose_action(view: SeatView, level: str, rng: random.Random, budget_s: float = 1.0,
                  iterations: int | None = None, stats: SearchStats | None = None,
                  read_seats: frozenset[int] = frozenset()) -> Action | None:
    """The action of an AI of ``level`` for ``view``; ``None`` only while dealing with nothing to declare.

    ``budget_s`` bounds the strong AI's thinking (CPU) time; ``iterations`` (if given) fixes its number of
    sampled deals instead, which makes it deterministic for a given ``rng`` seed; ``stats`` receives what
    its search did; ``read_seats``: the seats whose plays the strong AI reads (``policy_seats``). The extra
    levels ``basic_v1`` and ``basic_v2`` (earlier basic rules) are for measuring."""
    if level == "random":
        return random_action(view, rng)
    if level == "basic":
        return basic_action(view)
    if level == "basic_v1":
        return basic_action(view, v1=True)
    if level == "basic_v2":
        return basic_action(view, v2=True)
    if level == "strong":
        from engine.ai.strong import strong_action

        return strong_action(view, rng, budget_s=budget_s, iterations=iterations, stats=stats, read_seats=read_seats)
    raise ValueError(f"unknown AI level {level!r}")


def suggest(view: SeatView) -> Action | None:
    """A quick hint for a human player (basic quality)."""
    return basic_action(view)


__all__ = ["ARENA_LEVELS", "LEVELS", "POLICY_LEVELS", "choose_action", "policy_seats", "suggest"]
