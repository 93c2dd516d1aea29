"""Burying by sampled rollouts (扣底 by 模拟): the strong player's bury.

The candidates are the best few buries of the rule of thumb (``engine.ai.bury``: every void-first bury,
ranked by its score). On each sampled deal of the unseen cards to the other three hands (cards a seat showed
while declaring go to it), every candidate's hand is played out from the first lead to settlement, every
seat playing the play policy (``engine.ai.policy``) with the candidate as the kitty (common random numbers:
all candidates on the same deals). The rule of thumb's bury is kept unless another candidate's mean gain in
level units (``dealer_utility``) is significantly above zero (``Z_MARGIN`` standard errors) — the same
guarded override as the play search.
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Final

from engine.ai.basic import known_trump
from engine.ai.bury import _Scorer, void_first
from engine.ai.determinize import shuffle
from engine.ai.memory import memory_from_view
from engine.ai.playout import Playout
from engine.ai.playstate import N, dealer_utility
from engine.cards import Card
from engine.trump import TrumpContext, trump_context
from engine.views import SeatView

log = logging.getLogger(__name__)

CANDIDATES: Final = 6  # as measured: 6 candidate buries, the rule of thumb's first
Z_MARGIN: Final = 2.0  # a bury must beat the rule of thumb's by this many standard errors
MAX_WORLDS: Final = 200
SAFETY: Final = 0.95


def bury_candidates(hand: Sequence[Card], ctx: TrumpContext, k: int = CANDIDATES) -> list[tuple[Card, ...]]:
    """The ``k`` best distinct buries of the rule of thumb, its choice (``choose_bury``) first."""
    sc = _Scorer(hand, ctx)
    scored = sorted(((sc.score(chosen), i, chosen) for i, (_, chosen) in
                     enumerate(void_first(sc.plain, sc.fill_order(hand)))), key=lambda b: (b[0], b[1]))
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for _, _, chosen in scored:
        ident = tuple(sorted(c.index for c in chosen))
        if ident not in seen:
            seen.add(ident)
            out.append(tuple(chosen))
        if len(out) >= k:
            break
    return out


def deal_others(hand: Sequence[Card], seat: int, shown: Sequence[Counter[Card]],
                rng: random.Random) -> list[list[int]]:
    """Count vectors of the four hands after the bury: the unseen cards dealt evenly to the other seats
    (the cards a seat showed first); ``seat``'s own vector left empty."""
    unseen = [2] * N
    for c in hand:
        unseen[c.index] -= 1
    hands = [[0] * N for _ in range(4)]
    others = [s for s in range(4) if s != seat]
    room = {s: 0 for s in others}
    total = sum(unseen)
    for s in others:
        room[s] = total // 3
        for card, n in shown[s].items():
            take = min(n, unseen[card.index], room[s])
            hands[s][card.index] += take
            unseen[card.index] -= take
            room[s] -= take
    pool = [i for i in range(N) for _ in range(unseen[i])]
    shuffle(rng, pool)
    pos = 0
    for s in others:
        for i in pool[pos:pos + room[s]]:
            hands[s][i] += 1
        pos += room[s]
    return hands


class BurySearch:
    """Paired rollouts of bury candidates for the seat ``seat`` holding ``hand`` (after taking the kitty):
    the rule of thumb's best ``k``, or ``cands`` when given."""

    def __init__(self, hand: Sequence[Card], ctx: TrumpContext, seat: int, leader: int, dealer_team: int,
                 shown: Sequence[Counter[Card]], k: int = CANDIDATES,
                 cands: Sequence[tuple[Card, ...]] | None = None) -> None:
        self.hand = list(hand)
        self.ctx = ctx
        self.seat = seat
        self.leader = leader
        self.dealer_team = dealer_team
        self.shown = shown
        self.cands = list(cands) if cands is not None else bury_candidates(hand, ctx, k)
        own = [0] * N
        for c in hand:
            own[c.index] += 1
        self.kept: list[list[int]] = []
        for bury in self.cands:
            kept = list(own)
            for c in bury:
                kept[c.index] -= 1
            self.kept.append(kept)
        self.sign = 1.0 if seat % 2 == dealer_team else -1.0
        self.utility: dict[int, float] = {}

    def values(self, rng: random.Random) -> list[float]:
        """Each candidate's result on one freshly sampled deal (level units, for ``seat``'s team)."""
        hands = deal_others(self.hand, self.seat, self.shown, rng)
        out = []
        for bury, kept in zip(self.cands, self.kept, strict=True):
            deal = [list(h) for h in hands]
            deal[self.seat] = list(kept)
            game = Playout(self.ctx, deal, self.leader, [], [0] * N, [set(), set(), set(), set()], self.dealer_team,
                           0, bury, self.seat)
            points = game.run()
            value = self.utility.get(points)
            if value is None:
                value = self.utility[points] = self.sign * dealer_utility(points, self.ctx)
            out.append(value)
        return out

    def choose(self, rng: random.Random, budget_s: float, iterations: int | None = None,
               z: float = Z_MARGIN) -> tuple[tuple[Card, ...], int]:
        """The chosen bury and the number of deals it was decided on (CPU-time ``budget_s``, or exactly
        ``iterations`` deals: deterministic for a given ``rng``)."""
        if len(self.cands) == 1:
            return self.cands[0], 0
        deadline = time.process_time() + budget_s * SAFETY
        diffs: list[list[float]] = [[] for _ in self.cands]
        worlds = 0
        while True:
            if iterations is not None:
                if worlds >= iterations:
                    break
            elif worlds >= MAX_WORLDS or (worlds >= 2 and time.process_time() > deadline):
                break
            row = self.values(rng)
            worlds += 1
            for i in range(1, len(row)):
                diffs[i].append(row[i] - row[0])
        return self.cands[_best(diffs, z)], worlds


def _best(diffs: list[list[float]], z: float) -> int:
    """The candidate with the largest mean gain over candidate 0 if above ``z`` standard errors, else 0."""
    best, best_gain = 0, 0.0
    for i, values in enumerate(diffs):
        n = len(values)
        if n < 2:
            continue
        mean = sum(values) / n
        se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
        if mean > z * se and mean > best_gain:
            best, best_gain = i, mean
    return best


def search_bury(view: SeatView, rng: random.Random, budget_s: float, iterations: int | None = None,
                k: int = CANDIDATES) -> tuple[tuple[Card, ...], int]:
    """The bury for ``view`` (phase BURYING) by rollouts, and the number of deals sampled."""
    pub = view.public
    ctx = trump_context(pub.level, known_trump(view), pub.rules)
    shown = memory_from_view(view, ctx).shown
    dealer = pub.dealer if pub.dealer is not None else view.seat
    search = BurySearch(view.hand, ctx, view.seat, dealer, dealer % 2, shown, k)
    return search.choose(rng, budget_s, iterations)
