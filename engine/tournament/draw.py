"""The draw (抽签), made by the bot from the tournament's seed and announced to everyone.

Seed 000: "每队派一位代表抽签决定对战组别", "以抽签选择分组和对手", "每个单位的选手按抽签比赛，安排东、北、西、南坐序".
The bot draws the groups and round 1's pairings (``bracket``: ``random.Random(f"{seed}:groups:0")`` and
``…:knockout:1``; Swiss round 1 pairs the teams in the order of the lot) and, for every game, which player of each
team takes which of its two seats (team a sits South and North, team b East and West; a knock-out's team a is
itself drawn). Everything follows from the seed, so the same seed and sign-up give the same draw.
"""

from __future__ import annotations

import random

from engine.tournament.bracket import Tournament
from engine.tournament.model import Match, Round


def seat_order(seed: int, match_id: str, game: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """For team a and team b of the match: the player indices at the team's first and second seat (a: seats 0 and
    2; b: seats 1 and 3) in ``game`` (1-based), drawn by lot."""
    rng = random.Random(f"{seed}:seats:{match_id}:{game}")
    a = (0, 1) if rng.random() < 0.5 else (1, 0)
    b = (0, 1) if rng.random() < 0.5 else (1, 0)
    return a, b


def seats(t: Tournament, match: Match, game: int) -> list[tuple[int, int]]:
    """Seats 0–3 of the match's ``game``: each seat's (team id, player index)."""
    assert match.b is not None
    order = seat_order(t.seed, match.match_id, game)
    teams = (match.a, match.b)
    return [(teams[seat % 2], order[seat % 2][seat // 2]) for seat in range(4)]


def first_draw(t: Tournament) -> tuple[list[list[int]], list[tuple[int, int | None]]]:
    """What the lot gave at the start: the groups (groups format) and round 1's pairings (``None``: a bye)."""
    rnd: Round | None = t.rounds[0] if t.rounds else None
    pairs = [(m.a, m.b) for m in rnd.matches] if rnd is not None else []
    return [list(g) for g in t.groups], pairs
