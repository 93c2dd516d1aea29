"""The rollout speed-ups of branch ``rollout4`` compute exactly what the code they replaced computed:
``FollowScorer.best_fill`` picks its options by a scan in the order ``sorted(..., reverse=True)`` gave,
``fastlead._throw`` takes the units longest first as the stable sort did, and ``cardrules.trick.beats``
answers the same with its split vectors remembered (for every shape and both throw comparisons)."""

from __future__ import annotations

import random

from engine.ai.fastfollow import FollowScorer
from engine.ai.fastlead import _throw
from engine.cardrules.tables import RuleTables, _make_tables
from engine.cardrules.trick import _dominates, beats, vectors
from engine.rules import PRESETS, Rules
from engine.trump import TrumpContext
from tests.helpers.scorer_positions import single_lead_scorers


def sorted_fill(sc: FollowScorer, k: int, w: float, allowed: list[int]) -> list[int]:
    """``best_fill`` as it was written before: every option scored, sorted, taken greedily."""
    options = []
    for i in allowed:
        options.append((sc.card_score(i, w), 1, i))
        if sc.hand[i] >= 2:
            options.append((sc.card_score(i, w, 2), 2, i))
    options.sort(reverse=True)
    out: list[int] = []
    used: set[int] = set()
    for _, n, i in options:
        if i in used or len(out) + n > k:
            continue
        used.add(i)
        out.extend([i] * n)
        if len(out) == k:
            break
    for i in allowed:
        while len(out) < k and out.count(i) < sc.hand[i]:
            out.append(i)
    return out


def test_best_fill_takes_the_options_in_sorted_order() -> None:
    rng = random.Random(4)
    checked = 0
    for preset, _, sc in single_lead_scorers(rng, 60, (0, 0, 0, 1, 2)):
        hand = sc.hand
        allowed = [i for i in range(len(hand)) if hand[i]]
        for k in (1, 2, 3, 5, 8):
            for w in (0.0, rng.random(), 1.0):  # (w = 0.5 scores points 0: many equal scores)
                assert sc.best_fill(k, w, allowed) == sorted_fill(sc, k, w, allowed), (preset, k, w)
                checked += 1
        assert sc.best_fill(2, 0.5, allowed) == sorted_fill(sc, 2, 0.5, allowed)
    assert checked >= 1000


def test_throw_takes_units_longest_first_as_the_stable_sort() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        units: list[tuple[float, tuple[int, ...]]] = []
        for _ in range(rng.randrange(7)):
            i = rng.randrange(12)
            size = rng.choice((1, 1, 2, 4))
            play: tuple[int, ...] = (i,) if size == 1 else (i, i) if size == 2 else (i, i, i + 1, i + 1)
            units.append((rng.random(), play))
        expected: list[int] = []
        used: dict[int, int] = {}
        for _, play in sorted(units, key=lambda u: -len(u[1])):
            if all(used.get(i, 0) + play.count(i) <= 2 for i in set(play)):
                for i in play:
                    used[i] = used.get(i, 0) + 1
                expected.extend(play)
        assert _throw(units) == tuple(expected), units


def plain_beats(r: RuleTables, shape: tuple[int, ...], challenger: tuple[int, ...], winner: tuple[int, ...]) -> bool:
    """``beats`` as written before its vectors were remembered."""
    mine, theirs = vectors(r, challenger, shape), vectors(r, winner, shape)
    if not mine:
        return False
    if not theirs:
        return True
    if not r.compare_all:
        return max(v[0][0] for v in mine) > max(v[0][0] for v in theirs)
    return any(all(_dominates(m, t) for t in theirs) for m in mine)


def test_beats_with_remembered_vectors_answers_as_before() -> None:
    rng = random.Random(11)
    shapes = [(1, 0), (1, 0, 0), (1, 1), (2, 0), (0, 0), (2, 1, 0), (1, 1, 0, 0)]
    compared = 0
    for preset in sorted(PRESETS):
        ctx = TrumpContext("2", rng.choice("SHCD"), Rules.from_preset(preset))
        r = _make_tables(ctx)  # (fresh tables: an empty memo)
        trumps = [i for i in range(54) if r.suit[i] == 4]
        for _ in range(400):
            shape = rng.choice(shapes)
            n = sum(2 * k if k else 1 for k in shape)
            plays = [tuple(sorted(rng.choices(trumps[:8], k=n))) for _ in range(2)]
            for _ in range(2):  # (the second time from the memo)
                assert beats(r, shape, plays[0], plays[1]) == plain_beats(r, shape, plays[0], plays[1])
                compared += 1
        assert r.vectors
    assert compared >= 2000
