"""Reviewing a play (复盘点评): would the strong AI have played otherwise, and what did the play cost?

``review_play`` judges one play from the ``SeatView`` of the seat at the moment it played (nothing else: the
no-peeking rule of ``engine.ai``). The strong AI chooses its play (``strong.choose_play_mc``, a fixed number of
sampled deals: deterministic for a given RNG); if that is the play made, there is nothing to say. Otherwise both
plays are played out to the end of the hand on the same ``worlds`` freshly sampled deals (every seat then plays
the play policy), and the cost is the mean, over those deals, of what the AI's play gave minus what the played
move gave, for the player's team: ``levels`` in the AI's own evaluation (``playstate.dealer_utility``: the level
change the settlement would give × 0.3 plus the defenders' points at 40 points a level × 0.7), and ``points`` the
card points (分) the team lost (defenders' points: the defenders want more, the dealer's team fewer). A cost can
be zero or negative: the AI prefers its play, but on these deals the played move did as well or better.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass

from engine.ai.determinize import Sampler
from engine.ai.endgame import EXACT_CARDS, Endgame
from engine.ai.playout import Playout
from engine.ai.playstate import to_cards
from engine.ai.situation import Situation, situation_from_view
from engine.ai.strong import Plan, choose_play_mc, exact_shape, plan, play_out, start_state
from engine.cards import Card
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PlayReview:
    """The strong AI's other choice for one play and the estimated cost of the play made."""

    choice: tuple[Card, ...]
    levels: float  # mean utility of the AI's play minus the played move's, in levels, for the player's team
    points: float  # mean card points the player's team lost with the played move (negative: gained)
    worlds: int


def review_play(view: SeatView, played: tuple[Card, ...], rng: random.Random, worlds: int) -> PlayReview | None:
    """The review of ``played`` by ``view.seat`` (``None``: the strong AI would have played the same, or there
    was no choice). ``worlds`` deals for the AI's search and as many for the comparison."""
    if view.public.phase is not Phase.PLAYING:
        return None
    sit = situation_from_view(view)
    choice = choose_play_mc(sit, rng, iterations=worlds)
    if sorted(c.index for c in choice) == sorted(c.index for c in played):
        return None
    sampler = Sampler(sit)
    mine, theirs = plan(sit, choice), plan(sit, played)
    exact = Endgame(sit.ctx, sit.dealer_team, ()) if len(sit.hand) <= EXACT_CARDS and exact_shape(sit) else None
    sign = 1 if sit.is_dealer_team else -1
    levels = points = 0.0
    for _ in range(worlds):
        world = sampler.sample(rng)
        start = start_state(sit, world)
        solver = exact.fork(to_cards(world.kitty)) if exact is not None else None
        (a, value_a), (b, value_b) = _result(sit, start, mine, solver), _result(sit, start, theirs, solver)
        levels += value_a - value_b  # already the player's team's
        points += sign * (b - a)  # defenders' points: the dealer's team loses what they gain
    return PlayReview(choice, levels / worlds, points / worlds, worlds)


def _result(sit: Situation, start: Playout, candidate: Plan, solver: Endgame | None) -> tuple[int, float]:
    """The defenders' final points and the player's team's utility of one playout (``play_out`` notes the
    points it reached in its ``utility`` table: a fresh one holds exactly them)."""
    seen: dict[int, float] = {}
    value = play_out(sit, start, candidate, solver, seen)
    (points,) = seen
    return points, value
