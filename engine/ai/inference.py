"""Inference from play (读牌): a sampled deal is weighed by whether the others' plays in the current and the last
trick are what the play policy (``engine.ai.policy``, the one ``basic`` plays and every seat of a playout plays)
would have played there on that deal.

Each such play is replayed: the seat's sampled hand plus the cards it has played since, the trick as it stood,
the cards played, the voids known and the defenders' points then. A deal on which the policy would have made that
play keeps its weight; each play it would not have made multiplies the weight by ``MISMATCH_WEIGHT`` (the sampler
keeps such a deal with that probability). The weight is soft because a person (or a searching AI) does not always
play as the policy: when nobody does, every deal is kept alike and nothing is inferred.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final

from engine.ai.fasttables import SUIT_INDEX, N, fast_tables
from engine.ai.playstate import POLICY_CURRENT, PlayState, to_cards
from engine.ai.policy import policy_play
from engine.ai.situation import Situation

log = logging.getLogger(__name__)

MISMATCH_WEIGHT = 0.3  # a deal's weight is multiplied by this for each play the policy would not have made
# (read at each decision: ``benchmarks/ai_regret.py --variant MISMATCH_WEIGHT=1.0`` turns the inference off)
MAX_REJECTS: Final = 6  # deals turned down for their plays per sample, at most (then the next one is kept)


Plays = list[tuple[int, tuple[int, ...]]]


class PlayCheck:
    """One earlier play of the current or the last trick, as the seat that made it saw the position."""

    def __init__(self, sit: Situation, trick: Plays, k: int, later: Plays, start_voids: list[set[str]],
                 points: int) -> None:
        """The play ``trick[k]``: ``later``, the plays made after ``trick`` (the current trick's, for the last
        trick); ``start_voids``, the voids known when ``trick`` was led; ``points``, the defenders' then."""
        self.seat = trick[k][0]
        self.prefix = trick[:k]
        self.actual = tuple(sorted(trick[k][1]))
        self.points = points
        self.back = [0] * N  # the cards this seat has played since (this play on): back in its hand
        played = list(sit.mem.played)
        voids = [{SUIT_INDEX[s] for s in v} for v in start_voids]
        lead = trick[0][1]
        suit = fast_tables(sit.ctx).suit
        led = suit[lead[0]]
        for j in range(1, k):  # (the voids shown by the plays before this one)
            seat, cards = trick[j]
            if sum(1 for i in cards if suit[i] == led) < len(lead):
                voids[seat].add(led)
        for seat, cards in trick[k:] + later:
            for i in cards:
                played[i] -= 1
                if seat == self.seat:
                    self.back[i] += 1
        self.played = played
        self.voids = voids
        # the position with this seat's hand left empty: each deal fills it in (``seat_state``); the policy only
        # reads a state. The seat that buried the kitty sees it: its state is built for each deal's kitty.
        self.template = None if self.seat == sit.kitty_holder else self.state(sit, [0] * N, [])

    def state(self, sit: Situation, own: list[int], kitty: list[int]) -> PlayState:
        """The position as the seat saw it, holding ``own`` (and with ``kitty``, if it buried it)."""
        empty = [0] * N
        seat = self.seat
        state = PlayState(sit.ctx, [own if s == seat else empty for s in range(4)],
                          self.prefix[0][0] if self.prefix else seat, list(self.prefix), self.played,
                          [set(v) for v in self.voids], sit.dealer_team, self.points,
                          to_cards(kitty) if seat == sit.kitty_holder else (), sit.kitty_holder)
        state.version = POLICY_CURRENT
        return state

    def seat_state(self, sit: Situation, hands: list[list[int]], kitty: list[int]) -> PlayState:
        """The position on the deal ``hands``: the seat's hand there plus the cards it has played since."""
        hand = hands[self.seat]
        back = self.back
        state = self.template
        if state is None:
            return self.state(sit, [hand[i] + back[i] for i in range(N)], kitty)
        seat = self.seat
        own = state.hands[seat]
        held = state.held[seat]
        suit = state.t.suit
        for s in range(5):
            held[s] = 0
        size = 0
        for i in range(N):
            n = hand[i] + back[i]
            own[i] = n
            if n:
                held[suit[i]] = held[suit[i]] + n
                size += n
        state.sizes[seat] = size
        state.cards_left = size
        return state


def play_checks(sit: Situation) -> list[PlayCheck]:
    """The others' plays of the current trick and of the last one, to weigh deals by (none when the inference is
    off)."""
    if MISMATCH_WEIGHT >= 1.0:
        return []
    current = [(s, tuple(c.index for c in cards)) for s, cards in sit.trick]
    last = [(s, tuple(c.index for c in cards)) for s, cards in sit.last_trick]
    checks = [PlayCheck(sit, current, k, [], sit.mem.trick_voids, sit.defender_points) for k in range(len(current))]
    checks += [PlayCheck(sit, last, k, current, sit.mem.last_voids, sit.defender_points - sit.last_points)
               for k in range(len(last)) if last[k][0] != sit.seat]
    return checks


def play_weight(sit: Situation, checks: list[PlayCheck], hands: list[list[int]], kitty: list[int]) -> float:
    """The weight of the deal ``hands`` (and ``kitty``): ``MISMATCH_WEIGHT`` to the number of ``checks`` the play
    policy would have played otherwise."""
    weight = 1.0
    for check in checks:
        if not agrees(sit, check, hands, kitty):
            weight *= MISMATCH_WEIGHT
    return weight


def keep_deal(sit: Situation, checks: list[PlayCheck], hands: list[list[int]], kitty: list[int],
              rand: Callable[[], float]) -> bool:
    """Whether the sampler keeps the deal ``hands``: with probability ``play_weight`` (``rand`` uniform in [0, 1)),
    one draw per play the policy would not have made, stopping at the first that turns it down (the plays after it
    are not replayed)."""
    return all(agrees(sit, check, hands, kitty) or rand() < MISMATCH_WEIGHT for check in checks)


def agrees(sit: Situation, check: PlayCheck, hands: list[list[int]], kitty: list[int]) -> bool:
    """Whether the play policy, given the checked seat's hand of the deal ``hands`` as it was then, plays as it
    did."""
    return tuple(sorted(policy_play(check.seat_state(sit, hands, kitty), check.seat))) == check.actual
