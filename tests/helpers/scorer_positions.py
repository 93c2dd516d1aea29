"""Positions for the follow scorer's tests: a real seat of every preset, its hand's counts redrawn at random,
a single card led by the next seat."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.ai.fastfollow import FollowScorer
from engine.ai.playstate import POLICY_CURRENT, PlayState
from engine.ai.policy import seat_state
from engine.ai.situation import situation_from_view
from engine.randomplay import random_action
from engine.rules import PRESETS, Rules
from engine.table import Table
from engine.views import Phase


def single_lead_scorers(rng: random.Random, per_preset: int,
                        counts: tuple[int, ...]) -> Iterator[tuple[str, PlayState, FollowScorer]]:
    """``per_preset`` positions for each preset (in name order): the seat to act once a random hand is
    playing, each card's count in its hand drawn from ``counts``, a random single card led by the next seat;
    with the ``FollowScorer`` of that seat."""
    for preset in sorted(PRESETS):
        table = Table.new(Rules.from_preset(preset), rng.randrange(1000))
        while table.phase is not Phase.PLAYING:
            table.apply(random_action(table, rng))
        sit = situation_from_view(table.seat_view(table.to_act()[0]))
        for _ in range(per_preset):
            p = seat_state(sit, POLICY_CURRENT)
            hand = p.hands[sit.seat]
            for i in range(len(hand)):
                hand[i] = rng.choice(counts)
            p.trick = [((sit.seat + 1) % 4, (rng.randrange(54),))]
            p.led, p.win_k = p.t.suit[p.trick[0][1][0]], 0
            yield preset, p, FollowScorer(p, sit.seat)
