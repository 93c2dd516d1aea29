"""AI players (电脑玩家). Each sees only a ``SeatView`` (its own hand and public history), never the table.

Levels: ``random`` (uniform legal action), ``basic`` (rules of thumb with card memory: the play policy of
``engine.ai.policy``), ``strong`` (determinized Monte Carlo over hidden hands, every seat of its playouts
playing that same policy; CPU-time-budgeted).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.actions import Action, Bury
from engine.ai.baselines import BASELINES, baseline_action
from engine.ai.basic import basic_action
from engine.ai.calls import choose_calls
from engine.ai.levels import LEVELS
from engine.ai.random_ai import random_action
from engine.cards import remove_cards
from engine.views import SeatView

if TYPE_CHECKING:
    from engine.ai.strong import SearchStats

log = logging.getLogger(__name__)

ARENA_LEVELS: tuple[str, ...] = (*LEVELS, *BASELINES, "strong_blind")  # also for measuring (not
# offered to players; ``strong_blind``: ``strong`` reading no seat's play)
READ_LEVELS: tuple[str, ...] = ("basic", "strong", "strong_blind")  # the AI levels whose plays the strong player
# reads (读牌): ``basic`` plays today's play policy exactly, ``strong`` the policy but for its search's overrides


def read_seats(levels: Sequence[str | None]) -> dict[int, str]:
    """The seats whose plays the strong player reads, each with its AI level: the AI seats of ``READ_LEVELS``
    (``levels[seat]``: the seat's AI level, ``None`` for a person, whose play no model here describes)."""
    return {seat: level for seat, level in enumerate(levels) if level is not None and level in READ_LEVELS}


def choose_action(view: SeatView, level: str, rng: random.Random, budget_s: float = 1.0,
                  iterations: int | None = None, stats: SearchStats | None = None,
                  read: Mapping[int, str] | None = None) -> Action | None:
    """The action of an AI of ``level`` for ``view``; ``None`` only while dealing with nothing to declare.

    ``budget_s`` bounds the strong AI's thinking (CPU) time; ``iterations`` (if given) fixes its number of
    sampled deals instead, which makes it deterministic for a given ``rng`` seed; ``stats`` receives what
    its search did; ``read``: the seats whose plays the strong AI reads, with their levels (``read_seats``).
    The extra levels of ``engine.ai.baselines`` (earlier basic rules) and ``strong_blind`` are for measuring.
    In 找朋友 every level's dealer calls its friends with the bury by ``engine.ai.calls.choose_calls`` (the top
    allowed card of a suit it is short in, a copy it does not hold itself: the friend is another player)."""
    if level == "random":
        action = random_action(view, rng)
    elif level == "basic":
        action = basic_action(view)
    elif level in BASELINES:
        action = baseline_action(view, level)
    elif level in ("strong", "strong_blind"):
        from engine.ai.strong import strong_action

        seats = read if level == "strong" else None
        action = strong_action(view, rng, budget_s=budget_s, iterations=iterations, stats=stats, read=seats)
    else:
        raise ValueError(f"unknown AI level {level!r}")
    return _with_calls(view, action)


def _with_calls(view: SeatView, action: Action | None) -> Action | None:
    """A 找朋友 dealer's bury with its friend calls (RULES §13.3); any other action as it is."""
    pub = view.public
    if type(action) is not Bury or pub.rules.shape.fixed_partners or action.calls:
        return action
    kept = remove_cards(view.hand, action.cards)
    return Bury(seat=action.seat, cards=action.cards,
                calls=choose_calls(kept, action.cards, pub.level, pub.trump or "NT", pub.rules))


def suggest(view: SeatView) -> Action | None:
    """A quick hint for a human player (basic quality); a 找朋友 dealer's bury names its friend calls."""
    return _with_calls(view, basic_action(view))


__all__ = ["ARENA_LEVELS", "LEVELS", "READ_LEVELS", "choose_action", "read_seats", "suggest"]
