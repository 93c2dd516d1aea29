"""Helpers of the tournament tests: build a tournament, play its rounds with drawn results."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.tournament import Config, Format, GameResult, Status, Tournament


def make(n: int, fmt: Format = Format.KNOCKOUT, seed: int = 1, **config: object) -> Tournament:
    """A tournament of ``n`` teams (team i has players 100+2i and 101+2i), not started."""
    t = Tournament(tournament_id=1, guild_id=1, channel_id=1, organiser_id=1, name="Cup",
                   config=Config(format=fmt, **config), seed=seed)  # type: ignore[arg-type]
    for i in range(n):
        t.add_team(f"Team {i + 1}", (100 + 2 * i, 101 + 2 * i), (f"p{2 * i}", f"p{2 * i + 1}"))
    return t


def random_result(rng: random.Random) -> GameResult:
    winner = rng.choice((0, 1, None))
    diff = rng.randint(0, 6) * (1 if winner == 0 else -1 if winner == 1 else 0)
    return GameResult(winner=winner, diff=diff, score=(rng.randint(0, 12), rng.randint(0, 12)))


def play_out(t: Tournament, rng: random.Random, on_round: Callable[[Tournament], None] | None = None,
             max_rounds: int = 60) -> None:
    """Start (if needed) and play every round with random results until the tournament ends."""
    if t.status is Status.SIGNUP:
        t.start()
    for _ in range(max_rounds):
        if t.status is not Status.RUNNING:
            return
        if on_round is not None:
            on_round(t)
        assert t.current is not None
        for m in t.current.matches:
            while not t.match(m.match_id).decided:
                t.record(m.match_id, random_result(rng))
        t.draw_next()
    raise AssertionError("the tournament did not end")
