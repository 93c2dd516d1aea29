"""Burying by sampled rollouts (扣底 by 模拟): the strong player's bury.

The candidates are the best few buries of the rule of thumb (``engine.ai.bury``: every void-first bury,
ranked by its score), plus the best few "near voids" (a suit emptied except its ace, kept as a sure winner
(保留大牌)), which the rule of thumb's void bonus never ranks high, plus the best few point-free buries (every
point kept in hand: a kitty the defenders win counts at least double, 抠底). On each sampled deal of the unseen
cards to the other three hands (cards a seat showed while declaring go to it), every candidate's hand is played out
from the first lead to settlement, every seat playing the play policy (``engine.ai.policy``) with the
candidate as the kitty (common random numbers: all candidates on the same deals); a candidate clearly worse
than the leader stops being played out. The rule of thumb's bury is kept unless another candidate's mean
gain in level units (``dealer_utility``) is significantly above zero (``Z_MARGIN`` standard errors) — the
same guarded override as the play search. Among the candidates that pass and that the deals cannot tell
from the best (within ``TIE_Z`` standard errors), the one giving up the fewest trumps, then aces, is chosen:
where the rollouts are indifferent, the expert's rule (never bury trumps or aces) decides.
"""

from __future__ import annotations

import logging
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

from engine.ai.basic import known_trump
from engine.ai.bury import _Scorer, void_first
from engine.ai.calls import choose_calls
from engine.ai.determinize import shuffle
from engine.ai.fasttables import N
from engine.ai.memory import memory_from_view
from engine.ai.playout import Playout, mean_se
from engine.ai.playstate import dealer_utility
from engine.ai.teams import Teams, fixed_teams, friends_teams
from engine.cards import Card, remove_cards
from engine.friends import Friends
from engine.trump import TrumpContext, trump_context
from engine.views import SeatView

log = logging.getLogger(__name__)

CANDIDATES: Final = 6  # as measured: 6 candidate buries, the rule of thumb's first
NEAR_VOIDS: Final = 3  # plus this many near voids (a suit emptied but for its ace)
POINT_FREE = 2  # plus this many point-free buries (保分底; a plain global: ai_regret --variant changes it)
Z_MARGIN: Final = 2.0  # a bury must beat the rule of thumb's by this many standard errors
TIE_Z: Final = 1.0  # candidates within this many standard errors of the best count as tied
MIN_WORLDS: Final = 24  # no candidate is dropped on fewer deals
DROP_Z: Final = 3.0  # a candidate this many standard errors below the leader stops being played out
MAX_WORLDS: Final = 600
SAFETY: Final = 0.95
BUDGET_SHARE: Final = 2.5  # the bury, one decision per hand that decides a void and the kitty's points, thinks
# this many times a play's budget (the arena's 0.2 s: 0.5 s; once in about 30 decisions of a seat, so the 95th
# percentile of the decision times is a play's)


def bury_candidates(hand: Sequence[Card], ctx: TrumpContext, k: int = CANDIDATES, near: int = NEAR_VOIDS,
                    free: int | None = None) -> list[tuple[Card, ...]]:
    """The ``k`` best distinct buries of the rule of thumb, its choice (``choose_bury``) first, then the
    ``near`` best distinct near voids (``near_voids``), then the ``free`` (``POINT_FREE``) best distinct
    point-free buries (``point_free``)."""
    sc = _Scorer(hand, ctx)
    order = sc.fill_order(hand)
    ranked = [chosen for _, chosen in void_first(sc.plain, order, sc.ctx.rules.shape.kitty)]
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for group, limit in ((ranked, k), (near_voids(sc, order), k + near)):
        _add_best(sc, group, limit, out, seen)
    _add_best(sc, point_free(sc, order), len(out) + (POINT_FREE if free is None else free), out, seen)
    return out


def _add_best(sc: _Scorer, group: Sequence[Sequence[Card]], limit: int, out: list[tuple[Card, ...]],
              seen: set[tuple[int, ...]]) -> None:
    """Append the best-scored buries of ``group`` not ``seen`` yet to ``out``, until it holds ``limit``."""
    scored = sorted(((sc.score(chosen), i, chosen) for i, chosen in enumerate(group)), key=lambda b: (b[0], b[1]))
    for _, _, chosen in scored:
        if len(out) >= limit:
            break
        ident = tuple(sorted(c.index for c in chosen))
        if ident not in seen:
            seen.add(ident)
            out.append(tuple(chosen))


def near_voids(sc: _Scorer, order: Sequence[Card]) -> list[list[Card]]:
    """The void-first buries with one emptied suit keeping its top card (the ace; its copies too), filled up
    from ``order`` (cheapest first)."""
    out = []
    size = sc.ctx.rules.shape.kitty
    for combo, _ in void_first(sc.plain, order, size):
        for suit in combo:
            keep = [c for c in sc.plain[suit] if sc.ctx.strength(c) == sc.top[suit]]
            if not keep or len(keep) == len(sc.plain[suit]):
                continue
            emptied = [c for s in combo for c in sc.plain[s] if c not in keep]
            rest = [c for c in order if c not in keep]
            for c in emptied:
                rest.remove(c)
            out.append(emptied + rest[:size - len(emptied)])
    return out


def point_free(sc: _Scorer, order: Sequence[Card]) -> list[list[Card]]:
    """The void-first buries (``void_first``) that bury no point card, filled up from ``order`` without its
    point cards: the points stay in hand instead of in a kitty the defenders may win at ×2 or more (抠底).
    None when the hand has fewer than 8 cards without points."""
    cheap = [c for c in order if not c.points]
    size = sc.ctx.rules.shape.kitty
    if len(cheap) < size:
        return []
    plain = {s: cards for s, cards in sc.plain.items() if not any(c.points for c in cards)}
    return [chosen for _, chosen in void_first(plain, cheap, size)]


def deal_others(hand: Sequence[Card], seat: int, shown: Sequence[Counter[Card]],
                rng: random.Random, decks: int = 2) -> list[list[int]]:
    """Count vectors of every hand (one per entry of ``shown``) after the bury: the unseen cards (``decks`` copies
    of each card in play) dealt evenly to the other seats (the cards a seat showed first); ``seat``'s own vector
    left empty."""
    players = len(shown)
    unseen = [decks] * N
    for c in hand:
        unseen[c.index] -= 1
    hands = [[0] * N for _ in range(players)]
    others = [s for s in range(players) if s != seat]
    room = {s: 0 for s in others}
    total = sum(unseen)
    for s in others:
        room[s] = total // len(others)
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
                 cands: Sequence[tuple[Card, ...]] | None = None,
                 teams_for: Callable[[Sequence[Card]], Teams] | None = None) -> None:
        """``teams_for``: the sides a playout starts from, given the hand kept (找朋友: the friend calls the dealer
        makes with it); fixed partners by default."""
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
        self.teams: list[Teams] = []
        players = len(shown)
        for bury in self.cands:
            kept = list(own)
            for c in bury:
                kept[c.index] -= 1
            self.kept.append(kept)
            self.teams.append(teams_for(remove_cards(hand, bury)) if teams_for is not None
                              else fixed_teams(players, dealer_team))
        self.sign = 1.0 if self.teams and self.teams[0].side[seat] else -1.0  # (the burier's side)
        self.utility: dict[int, float] = {}

    def values(self, rng: random.Random, alive: Sequence[int] | None = None) -> list[float]:
        """The results of the candidates ``alive`` (all by default) on one freshly sampled deal (level units,
        for ``seat``'s team)."""
        hands = deal_others(self.hand, self.seat, self.shown, rng, self.ctx.rules.decks)
        out = []
        for i in alive if alive is not None else range(len(self.cands)):
            deal = [list(h) for h in hands]
            deal[self.seat] = list(self.kept[i])
            game = Playout(self.ctx, deal, self.leader, [], [0] * N, [set() for _ in deal], self.dealer_team,
                           0, self.cands[i], self.seat, teams=self.teams[i].copy())
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
        rows: list[list[float]] = [[] for _ in self.cands]  # each candidate's results, on the deals it played
        alive = list(range(len(self.cands)))
        worlds = 0
        while True:
            if iterations is not None:
                if worlds >= iterations:
                    break
            elif worlds >= MAX_WORLDS or (worlds >= 2 and time.process_time() > deadline):
                break
            for i, value in zip(alive, self.values(rng, alive), strict=True):
                rows[i].append(value)
            worlds += 1
            if worlds >= MIN_WORLDS:
                alive = _alive(rows, alive)
        return self.cands[pick_bury(rows, [given_up(c, self.ctx) for c in self.cands], z)], worlds


def _gain(better: Sequence[float], worse: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of ``better - worse`` on the deals both were played on (the first ones)."""
    n = min(len(better), len(worse))
    return mean_se([better[j] - worse[j] for j in range(n)])


def _alive(rows: list[list[float]], alive: list[int]) -> list[int]:
    """The candidates still played out: the rule of thumb's (0) always, the others unless ``DROP_Z``
    standard errors below the leader."""
    leader = max(alive, key=lambda i: sum(rows[i]) / len(rows[i]))
    out = []
    for i in alive:
        mean, se = _gain(rows[leader], rows[i])
        if i == 0 or i == leader or mean <= DROP_Z * se:
            out.append(i)
    return out


def given_up(bury: Sequence[Card], ctx: TrumpContext) -> tuple[int, int]:
    """What a bury gives up, for the tie rule: its trumps, then its aces."""
    return (sum(1 for c in bury if ctx.is_trump(c)), sum(1 for c in bury if c.rank == "A" and not ctx.is_trump(c)))


def pick_bury(rows: list[list[float]], cost: Sequence[tuple[int, int]], z: float = Z_MARGIN,
              tie_z: float = TIE_Z) -> int:
    """The candidate chosen from each one's results on the same deals (``rows[0]``: the rule of thumb's).

    Those whose gain over candidate 0 exceeds ``z`` standard errors pass; none: 0. Among those that pass,
    the ones within ``tie_z`` standard errors of the best one's results are tied, and the one with the least
    ``cost`` (trumps, aces buried) wins the tie, the larger gain breaking equal costs."""
    gains = {i: _gain(rows[i], rows[0]) for i in range(1, len(rows)) if len(rows[i]) >= 2}
    passing = [i for i, (mean, se) in gains.items() if mean > z * se]
    if not passing:
        return 0
    best = max(passing, key=lambda i: gains[i][0])
    tied = [i for i in passing if i == best or _within(_gain(rows[best], rows[i]), tie_z)]
    return min(tied, key=lambda i: (cost[i], -gains[i][0]))


def _within(gain: tuple[float, float], z: float) -> bool:
    """A gain (mean, standard error) not above ``z`` standard errors: the deals cannot tell the two apart."""
    mean, se = gain
    return mean <= z * se


def search_bury(view: SeatView, rng: random.Random, budget_s: float, iterations: int | None = None,
                k: int = CANDIDATES) -> tuple[tuple[Card, ...], int]:
    """The bury for ``view`` (phase BURYING) by rollouts, and the number of deals sampled (CPU time:
    ``BUDGET_SHARE`` times a play's ``budget_s``)."""
    pub = view.public
    ctx = trump_context(pub.level, known_trump(view), pub.rules)
    shown = memory_from_view(view, ctx).shown
    dealer = pub.dealer if pub.dealer is not None else view.seat
    teams_for = None
    if not pub.rules.shape.fixed_partners:  # 找朋友: each candidate's playouts with the calls made with it
        def teams_for(kept: Sequence[Card]) -> Teams:
            buried = remove_cards(view.hand, kept)
            calls = choose_calls(kept, buried, pub.level, ctx.trump, pub.rules)
            return friends_teams(Friends.start(dealer, calls), [0] * len(pub.hand_sizes), pub.rules)
    search = BurySearch(view.hand, ctx, view.seat, dealer, dealer % 2, shown, k, teams_for=teams_for)
    return search.choose(rng, budget_s * BUDGET_SHARE, iterations)
