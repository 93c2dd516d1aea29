"""Test helper: a real position, reached by basic AIs playing a seeded deal."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import DealAll, Pass
from engine.ai import choose_action
from engine.table import Table
from engine.views import Phase


def play_basic_until(table: Table, rng: random.Random, reached: Callable[[Table], bool]) -> bool:
    """Deal at once and play ``basic`` moves (a pass when it has none) until ``reached(table)``; False if the
    hand ended first."""
    while not reached(table):
        if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return False
        if table.phase is Phase.DEALING:
            table.apply(DealAll())
            continue
        seat = table.to_act()[0]
        table.apply(choose_action(table.seat_view(seat), "basic", rng) or Pass(seat=seat))
    return True
