"""The ``strong`` player: determinized Monte Carlo (确定化蒙特卡洛) over the hidden hands.

For a play decision, the candidates are ``basic``'s play (the play policy, ``engine.ai.policy``) and a few
other plays the broader rule-of-thumb rankings propose; then, until the CPU-time budget, a target number
of deals, or a fixed number of iterations is reached, a deal consistent with everything seen is sampled
(weighed by whether the others' recent plays are the policy's on it: ``engine.ai.inference``) and every
surviving candidate is played out to the end of the hand on that same deal, every seat playing
the play policy from what it may know (common random numbers: candidates are compared on identical deals);
with 4 cards or fewer per hand the rest is solved exactly (``endgame``). The result is the level change the
settlement would give (点数 as a tie-break), from the player's team's point of view. ``basic``'s choice is
overridden only by a candidate whose gain, re-checked on fresh deals, stays above zero by one standard
error (guarded override). Forced plays are not searched. The bury is searched the same way over the best
few buries of the rule of thumb and a few near voids (``engine.ai.bury_search``); declaring is delegated to
``basic``. In 找朋友 a seat that can fill an open friend call with its own copies and is not revealed yet (a hidden
friend, ``hidden_friend``) plays ``basic``'s play: measured, its overrides there each gained against basic's rest of
the hand, yet the seat's own later searches did not play that rest and it lost levels to basic, while elsewhere in
找朋友 the search gains (benchmarks/README, "找朋友: the hidden friend")."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass

from engine.actions import Action, Bury, Play
from engine.ai.basic import basic_action
from engine.ai.bury_search import search_bury
from engine.ai.determinize import Sampler, World
from engine.ai.endgame import EXACT_CARDS, Endgame, hands_of
from engine.ai.fasttables import SUIT_INDEX
from engine.ai.follows import rank_follows
from engine.ai.leads import rank_leads
from engine.ai.playout import Gains, Playout, no_gc
from engine.ai.playstate import dealer_utility, to_cards, to_counts
from engine.ai.policy import choose_play
from engine.ai.situation import Situation, situation_from_view
from engine.cards import Card
from engine.throws import check_throw, throw_penalty
from engine.units import decompose_lead
from engine.vectors import i64, vec
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)

MAX_CANDIDATES = 8  # a follow's candidates (5 before: measured, 8 gain +0.063 / +0.073 / +0.089 levels per hand and
# team in follows at the arena's 0.2 s, three sets of 8 deals, benchmarks/ai_regret.py --kinds follow --variant)
LEAD_CANDIDATES = 8  # a lead's candidates (5 before: measured, 8 gain about +0.025 levels per searched lead at
# the arena's 0.2 s, 24 of 57 leads changed, 8 deals; 12 gain as much on fewer deals per decision)
MIN_WORLDS = 16  # no candidate is dropped on fewer deals (the test is looked at after every deal)
DROP_Z = 2.0  # a candidate this many standard errors below the first choice is dropped (1.5 tried: +0.045 levels per
# hand and team in follows by benchmarks/ai_regret.py --variant, but the 400-deal arena did not confirm it, -0.037 ±
# 0.105 levels per deal against 2.0 on the same deals; docs/MODULES.md)
SAME_WORLDS = 16  # so is one that gave exactly the first choice's result on this many deals (no gain to find)
SAME_CHAINED = 4  # (this many times as many deals of a chain, whose neighbours are alike: ``Gains``)
Z_MARGIN = 1.0  # a candidate must beat the heuristic's choice by this many standard errors
SAFETY = 0.98  # share of the budget spent thinking (the rest covers set-up and one late deal)
TARGET_WORLDS = 2000  # enough deals: stop searching even with budget left (400 before: measured, the search
# gains +0.08 levels per hand and team by spending the rest of its budget, benchmarks/ai_regret.py --variant)
RECHECK_SHARE = 0.3  # share of the budget kept to re-check an override on fresh deals
HIDDEN_FRIEND_SEARCH = False  # a hidden friend searches too (read at each decision: benchmarks/friends_search.py
# --hidden-search measures it: such seats lost levels to basic in the same seat)
RECHECK_Z = 1.0  # an override needs its gain's one-sided 84% lower bound above zero (1.645 before: measured,
# the re-check's few deals turned down too many real gains, benchmarks/ai_regret.py --variant)


def candidates(sit: Situation, k: int = MAX_CANDIDATES) -> list[tuple[Card, ...]]:
    """``k`` distinct plays: the play policy's choice (``basic``'s play) first, then the best others of the
    broader rule-of-thumb rankings (``engine.ai.follows`` / ``leads``, which score every legal follow and
    every unit of the hand)."""
    first = choose_play(sit)
    ranked = rank_follows(sit) if sit.trick else rank_leads(sit)
    out: list[tuple[Card, ...]] = [first]
    seen: set[tuple[int, ...]] = {tuple(sorted(c.index for c in first))}
    for _, play in ranked:
        if len(out) >= k:
            break
        ident = tuple(sorted(c.index for c in play))
        if ident not in seen:
            seen.add(ident)
            out.append(play)
    return out


def start_state(sit: Situation, world: World) -> Playout:
    """The position of ``sit`` on the deal ``world``, ready to play out (clone it for each candidate)."""
    trick = [(s, tuple(c.index for c in cards)) for s, cards in sit.trick]
    leader = trick[0][0] if trick else sit.seat
    voids = [{SUIT_INDEX[s] for s in v} for v in sit.mem.voids]
    return Playout(sit.ctx, world.hands, leader, trick, sit.mem.played, voids, sit.dealer_team, sit.defender_points,
                   to_cards(world.kitty), sit.kitty_holder, teams=sit.sides().copy())


def exact_shape(sit: Situation) -> bool:
    """Whether the exact endgame solver (four seats, fixed partners, two decks) fits the table's shape; elsewhere
    the endgame is played out like the rest."""
    return sit.ctx.rules.shape.is_standard


@dataclass(frozen=True)
class Plan:
    """A candidate play as the playouts need it, worked out once per decision."""

    cards: tuple[Card, ...]
    indices: tuple[int, ...]
    throw: bool  # a lead of several units (甩牌): checked against each deal's other hands


def plan(sit: Situation, play: tuple[Card, ...]) -> Plan:
    throw = not sit.trick and len(play) > 1 and decompose_lead(play, sit.ctx).is_throw
    return Plan(play, tuple(c.index for c in play), throw)


def simulate(sit: Situation, world: World, play: tuple[Card, ...], solver: Endgame | None = None,
             start: Playout | None = None) -> float:
    """Play ``play`` then the rest of the hand on ``world`` (``start``: its position, as ``start_state``
    gives, shared by the candidates); the result for ``sit.seat``'s team. With at most ``EXACT_CARDS``
    cards per hand the rest is solved exactly (``solver``: one per world, shared by the candidates)."""
    return play_out(sit, start or start_state(sit, world), plan(sit, play), solver)


def play_out(sit: Situation, start: Playout, candidate: Plan, solver: Endgame | None = None,
             utility: dict[int, float] | None = None, last: bool = False) -> float:
    """``simulate`` from a start position and a planned candidate (``utility``: results by points, kept
    across the deals of one decision; ``last``: no other candidate plays from ``start``, so it is played
    out itself instead of a copy)."""
    ctx = sit.ctx
    out = start if last else start.clone()
    indices = candidate.indices
    if candidate.throw:
        hands = out.hands
        players = len(hands)
        others = [to_cards([i for i in range(len(h)) for _ in range(h[i])]) for h in
                  (hands[(sit.seat + k) % players] for k in range(1, players))]
        check = check_throw(candidate.cards, others, ctx)
        if check.failed:
            penalty = throw_penalty(len(indices), len(indices) - len(check.forced), ctx.rules)
            out.points += penalty if sit.is_dealer_team else -penalty
            indices = tuple(c.index for c in check.forced)
    out.apply(sit.seat, indices)
    if len(sit.hand) <= EXACT_CARDS and exact_shape(sit):  # the endgame (残局) solved exactly on this deal
        solver = solver or Endgame(ctx, sit.dealer_team, out.kitty)
        points = out.points + solver.solve(hands_of(out.hands), tuple(out.trick), out.leader)
    else:
        points = out.run()
    dealer_side = out.teams.side[sit.seat] == 1  # (找朋友: the side the seat ends on in this deal)
    value = utility.get(points) if utility is not None else None
    if value is None:
        value = dealer_utility(points, ctx)
        if utility is not None:
            utility[points] = value
    return value if dealer_side else -value


@dataclass
class SearchStats:
    """What one decision's search did (for the arena's figures): deals sampled, re-check deals included."""

    worlds: int = 0
    playouts: int = 0  # candidate playouts (or exact solves): a world plays out every surviving candidate
    rechecked: int = 0
    overridden: bool = False
    gain: float = 0.0  # an override's mean gain over basic's play on the re-check's deals
    settled: bool = False  # every alternative was dropped before the deadline: a clear choice needs fewer deals


def choose_play_mc(sit: Situation, rng: random.Random, budget_s: float = 1.0, iterations: int | None = None,
                   k: int | None = None, stats: SearchStats | None = None,
                   read: Mapping[int, str] | None = None) -> tuple[Card, ...]:
    """``basic``'s choice, unless another candidate is significantly better on sampled deals.

    Budget: CPU time (``time.process_time``, so a busy machine does not shrink the search) and at most
    ``TARGET_WORLDS`` deals; or exactly ``iterations`` deals (deterministic for a given ``rng``). Forced and
    trivial plays are not searched. Candidates clearly worse than the first choice (by ``DROP_Z`` standard
    errors, after ``MIN_WORLDS`` deals) or equal to it on each of the first ``SAME_WORLDS`` deals stop being
    simulated. With no candidate ahead after ``1 - RECHECK_SHARE`` of the budget, the comparison goes on to
    half of the rest. A winner other than the first choice is re-checked on fresh deals (the rest of the
    budget, or ``iterations`` deals) and overrides ``basic``'s choice only if the lower confidence bound of
    its gain there is above zero."""
    start = time.process_time()
    stats = stats if stats is not None else SearchStats()
    cands = candidates(sit, k or (MAX_CANDIDATES if sit.trick else LEAD_CANDIDATES))
    if len(cands) == 1 or len(sit.hand) == 1 or (hidden_friend(sit) and not HIDDEN_FRIEND_SEARCH):
        return cands[0]
    search = _Search(sit, rng, cands, stats, read)
    budget = budget_s * SAFETY
    chained = search.sampler.reading is not None  # (the deals of a chain: ``Gains``)
    diffs = {i: Gains(chained) for i in range(1, len(cands))}
    best = 0
    for share in (1 - RECHECK_SHARE, 1 - RECHECK_SHARE / 2):  # undecided at the first: search on
        search.compare(diffs, iterations, start + budget * share)
        best = pick(diffs)
        if best or iterations is not None:
            break
    if best == 0:
        return cands[0]
    check = search.compare({best: Gains(chained)}, iterations, start + budget, dropping=False)[best]
    stats.rechecked = len(check)
    stats.overridden = confirmed(check)
    stats.gain = check.mean_se()[0]
    log.debug("strong: %d worlds, best %s, re-check on %d deals: %s", stats.worlds, cands[best], len(check),
              stats.overridden)
    return cands[best] if stats.overridden else cands[0]


def hidden_friend(sit: Situation) -> bool:
    """找朋友: whether the seat is a hidden friend (暗朋友): not on the dealer's side as the table knows it, but holding
    more copies of an open call's card than the call still skips, so its own copy can fill the call and its play
    policy already plays for the dealer (``engine.ai.teams.Teams.for_seat``). Its search is not trusted there:
    measured in 6-player 找朋友, its overrides estimated +1.34 levels and gained +0.77 on the true deal with basic
    playing the rest of the hand, but its own next searches did not play that rest, and such seats lost 0.58 levels
    to ``basic`` in the same seat (benchmarks/README, "找朋友: the hidden friend")."""
    teams = sit.sides()
    if not teams.calls or teams.side[sit.seat]:
        return False
    return teams.for_seat(sit.seat, vec[i64](to_counts(sit.hand))).side[sit.seat] == 1


def confirmed(check: Gains) -> bool:
    """An override stands when its gains re-checked on fresh deals stay ``RECHECK_Z`` standard errors above zero
    (read at each call: ``benchmarks/ai_regret.py --variant`` changes it)."""
    if len(check) < 2:
        return False
    mean, se = check.mean_se()
    return mean - RECHECK_Z * se > 0


class _Search:
    """Paired comparisons of candidates against the first one on freshly sampled deals."""

    def __init__(self, sit: Situation, rng: random.Random, cands: list[tuple[Card, ...]],
                 stats: SearchStats, read: Mapping[int, str] | None = None) -> None:
        self.sit = sit
        self.rng = rng
        self.cands = cands
        self.stats = stats
        exact = len(sit.hand) <= EXACT_CARDS and exact_shape(sit)
        self.exact = Endgame(sit.ctx, sit.dealer_team, ()) if exact else None
        self.per_world = 0.0
        self.plans = [plan(sit, c) for c in cands]
        self.sampler = Sampler(sit, read)
        self.utility: dict[int, float] = {}

    def compare(self, diffs: dict[int, Gains], iterations: int | None, deadline: float,
                dropping: bool = True) -> dict[int, Gains]:
        """Add the gains of the candidates of ``diffs`` over candidate 0, deal by deal, until the deadline
        (CPU time), the target number of deals, or ``iterations`` deals; ``dropping``: hopeless candidates
        stop being simulated."""
        alive = [i for i in diffs if not (dropping and len(diffs[i]) >= MIN_WORLDS and _hopeless(diffs[i]))]
        with no_gc():
            self._deals(alive, diffs, iterations, deadline, dropping)
        return diffs

    def _deals(self, alive: list[int], diffs: dict[int, Gains], iterations: int | None, deadline: float,
               dropping: bool) -> None:
        worlds = 0
        while alive:
            if iterations is not None:
                if worlds >= iterations:
                    break
            elif len(diffs[alive[0]]) >= TARGET_WORLDS or (worlds and time.process_time() + self.per_world > deadline):
                break
            worlds += 1
            self._one_world(alive, diffs)
            if dropping and len(diffs[alive[0]]) >= MIN_WORLDS:
                alive = [i for i in alive if not _hopeless(diffs[i])]
                self.stats.settled = not alive

    def _one_world(self, alive: list[int], diffs: dict[int, Gains]) -> None:
        t0 = time.process_time()
        world = self.sampler.sample(self.rng)
        self.stats.worlds += 1
        self.stats.playouts += 1 + len(alive)
        solver = self.exact.fork(to_cards(world.kitty)) if self.exact is not None else None
        start = start_state(self.sit, world)
        final = alive[-1] if alive else 0  # (the last candidate plays out the start position itself)
        base = play_out(self.sit, start, self.plans[0], solver, self.utility, final == 0)
        for i in alive:
            diffs[i].add(play_out(self.sit, start, self.plans[i], solver, self.utility, i == final) - base)
        self.per_world = max(self.per_world * 0.8, time.process_time() - t0)


def _hopeless(values: Gains) -> bool:
    """Clearly worse than the first choice, or so far exactly as good on every deal."""
    if len(values) >= (SAME_WORLDS * SAME_CHAINED if values.chained else SAME_WORLDS) and not values.nonzero:
        return True
    mean, se = values.mean_se()
    return mean + DROP_Z * se < 0


def pick(diffs: dict[int, Gains], z: float = Z_MARGIN) -> int:
    """The candidate whose mean gain over the first choice (paired on the same deals) is largest, if
    that gain exceeds ``z`` standard errors; else the first choice (0)."""
    best, best_gain = 0, 0.0
    for i, values in diffs.items():
        if len(values) < 2:
            continue
        mean, se = values.mean_se()
        if mean > z * se and mean > best_gain:
            best, best_gain = i, mean
    return best


def strong_action(view: SeatView, rng: random.Random, budget_s: float = 1.0,
                  iterations: int | None = None, stats: SearchStats | None = None,
                  read: Mapping[int, str] | None = None) -> Action | None:
    """The strong player's action: Monte Carlo for plays and the bury (``engine.ai.bury_search``), ``basic``
    otherwise (``stats``: filled in; ``read``: the seats whose plays its search reads, with their AI levels, 读牌).
    A hidden friend in 找朋友 plays as ``basic`` (``hidden_friend``)."""
    if view.public.phase is Phase.BURYING:
        cards, worlds = search_bury(view, rng, budget_s, iterations)
        if stats is not None:
            stats.worlds = worlds
        return Bury(seat=view.seat, cards=cards)
    if view.public.phase is not Phase.PLAYING:
        return basic_action(view)
    sit = situation_from_view(view)
    return Play(seat=view.seat, cards=choose_play_mc(sit, rng, budget_s, iterations, stats=stats,
                                                     read=read))
