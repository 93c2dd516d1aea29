"""The strong player: deals sampled consistently with what the seat saw, deterministic with fixed iterations,
within its time budget."""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.determinize import sample_world, shuffle
from engine.ai.playout import Gains, mean_se
from engine.ai.situation import Situation, situation_from_view
from engine.ai.strong import (
    LEAD_CANDIDATES,
    MAX_CANDIDATES,
    MIN_WORLDS,
    SearchStats,
    _hopeless,
    candidates,
    choose_play_mc,
    confirmed,
    pick,
)
from engine.cards import ALL_CARDS
from engine.follow import follow_is_legal
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from tests.helpers.basic_play import play_basic_until


def _situation(seed: int = 1, tricks: int = 8, cards: int = 25) -> Situation:
    """A real position: basic players a few tricks into a hand (and down to ``cards`` cards), a follower
    to act."""
    table = Table.new(Rules.from_preset("standard"), seed)

    def reached(t: Table) -> bool:
        pub = t.public_view()
        return (t.phase is Phase.PLAYING and len(pub.tricks) >= tricks and pub.trick is not None
                and bool(pub.trick.plays) and len(t.seat_view(t.to_act()[0]).hand) <= cards)

    assert play_basic_until(table, random.Random(0), reached)
    return situation_from_view(table.seat_view(table.to_act()[0]))


def test_sampled_deals_respect_voids_pairs_and_card_counts() -> None:
    rng = random.Random(3)
    void_checks = pair_checks = 0
    for seed in range(1, 6):
        sit = _situation(seed, tricks=10)
        for _ in range(20):
            world = sample_world(sit, rng)
            assert [sum(h) for h in world.hands] == [sit.hand_sizes[s] for s in range(4)]
            assert len(world.kitty) == 8
            total = [sum(h[i] for h in world.hands) + world.kitty.count(i) + sit.mem.played[i] for i in range(54)]
            assert total == [2] * 54
            for seat in range(4):
                if seat == sit.seat or not sit.mem.voids[seat]:
                    continue
                void_checks += 1
                for i, n in enumerate(world.hands[seat]):
                    if n:
                        assert sit.ctx.suit_of(ALL_CARDS[i]) not in sit.mem.voids[seat]
            for seat in range(4):
                if seat == sit.seat or not sit.mem.no_pairs[seat]:
                    continue
                pair_checks += 1
                for i, n in enumerate(world.hands[seat]):
                    assert n < 2 or sit.ctx.suit_of(ALL_CARDS[i]) not in sit.mem.no_pairs[seat]
    assert void_checks
    assert pair_checks


@given(st.integers(0, 2**64), st.integers(0, 120))
@settings(max_examples=200, deadline=None)
def test_the_samplers_shuffle_is_the_generators(seed: int, length: int) -> None:
    """The sampler's own shuffle gives ``random.Random.shuffle``'s permutation and leaves the same state
    (so a seeded search samples the same deals, compiled or not)."""
    mine, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(length)), list(range(length))
    shuffle(mine, a)
    theirs.shuffle(b)
    assert a == b and mine.getstate() == theirs.getstate()


def test_fixed_iterations_are_deterministic_and_legal() -> None:
    sit = _situation()
    one = choose_play_mc(sit, random.Random(5), iterations=6)
    two = choose_play_mc(sit, random.Random(5), iterations=6)
    assert one == two
    assert follow_is_legal(sit.trick[0][1], sit.hand, one, sit.ctx)


def test_time_budget_is_honoured() -> None:
    # the budget is CPU time (time.process_time): a busy machine slows the clock, not the search's share
    sit = _situation(2, tricks=3)
    start = time.process_time()
    stats = SearchStats()
    choose_play_mc(sit, random.Random(1), budget_s=0.1, stats=stats)
    assert time.process_time() - start < 0.1 * 1.1 + 0.05


def test_fixed_iterations_count_the_deals_and_recheck_overrides() -> None:
    for seed in (1, 2, 3):
        sit = _situation(seed, tricks=6)
        stats = SearchStats()
        play = choose_play_mc(sit, random.Random(seed), iterations=8, stats=stats)
        assert stats.worlds == 8 + stats.rechecked
        assert stats.rechecked in (0, 8)  # a re-check on 8 fresh deals only when a candidate beat the heuristic
        if stats.rechecked == 0 or not stats.overridden:
            assert play == candidates(sit)[0]


def _lead(seed: int) -> Situation:
    """A real lead early in a hand (basic players, a trick or two played, the leader to act)."""
    table = Table.new(Rules.from_preset("standard"), seed)

    def reached(t: Table) -> bool:
        pub = t.public_view()
        return t.phase is Phase.PLAYING and len(pub.tricks) >= 2 and (pub.trick is None or not pub.trick.plays)

    assert play_basic_until(table, random.Random(0), reached)
    return situation_from_view(table.seat_view(table.to_act()[0]))


def test_a_lead_and_a_follow_search_their_own_number_of_candidates() -> None:
    """A lead plays out ``LEAD_CANDIDATES`` candidates on its first deal (measured: the 6th-8th of the lead
    ranking are often the best), a follow ``MAX_CANDIDATES`` (measured the same way: 8, not 5)."""
    assert LEAD_CANDIDATES >= 8 and MAX_CANDIDATES >= 8
    for seed in (1, 2):
        lead = _lead(seed)
        assert not lead.trick and len(candidates(lead, 20)) >= LEAD_CANDIDATES
        stats = SearchStats()
        choose_play_mc(lead, random.Random(seed), iterations=1, stats=stats)
        assert (stats.worlds, stats.playouts) == (1, LEAD_CANDIDATES)
    follow = _situation(4)  # a follow with 20 legal, distinct candidates (more than MAX_CANDIDATES)
    assert follow.trick and len(candidates(follow, 20)) > MAX_CANDIDATES
    stats = SearchStats()
    choose_play_mc(follow, random.Random(1), iterations=1, stats=stats)
    assert (stats.worlds, stats.playouts) == (1, MAX_CANDIDATES)


def test_forced_plays_are_not_searched() -> None:
    sit = _situation(1, cards=1)  # the last trick: one card each
    stats = SearchStats()
    assert len(sit.hand) == 1
    assert choose_play_mc(sit, random.Random(1), iterations=50, stats=stats) == tuple(sit.hand)
    assert stats.worlds == 0


def test_pick_needs_a_clear_margin() -> None:
    assert pick({1: Gains.of([0.1, -0.1, 0.05, -0.05])}) == 0
    assert pick({1: Gains.of([0.3, 0.35, 0.32, 0.31]), 2: Gains.of([0.1, 0.12, 0.11, 0.1])}) == 1


def _dropped_share(outcomes: tuple[int, ...], weights: tuple[float, ...], searches: int = 400,
                   deals: int = 200) -> float:
    """The share of simulated searches in which a candidate whose per-deal gains over the first choice are
    drawn from ``outcomes`` is dropped (``_hopeless``, looked at after every deal as ``compare`` does)."""
    rng = random.Random(7)
    dropped = 0
    for _ in range(searches):
        gains = Gains()
        for _ in range(deals):
            gains.add(rng.choices(outcomes, weights)[0])
            if len(gains) >= MIN_WORLDS and _hopeless(gains):
                dropped += 1
                break
    return dropped / searches


def test_a_better_candidate_is_rarely_dropped() -> None:
    """Better by 0.1 level per deal (worse on 30% of deals, better on 40%): the sequential drop test, looked
    at after every deal, must not discard it early (with 4 deals and 1.5 standard errors it did in 18%; with 16
    deals and 2.0, ``DROP_Z``, in 3%; 1.5 drops it in 9%, 1.0 in 22%)."""
    assert _dropped_share((-1, 0, 1), (0.3, 0.3, 0.4)) <= 0.06


def test_a_clearly_worse_candidate_is_still_dropped() -> None:
    """Worse by 0.3 level per deal: dropped, so its playouts go to the candidates still in the running."""
    assert _dropped_share((-1, 0, 1), (0.5, 0.3, 0.2)) >= 0.95


def _overridden_share(outcomes: tuple[int, ...], weights: tuple[float, ...], deals: int = 120,
                      checks: int = 400) -> float:
    """The share of simulated re-checks on ``deals`` fresh deals that confirm an override whose per-deal gains
    over the first choice are drawn from ``outcomes``."""
    rng = random.Random(11)
    return sum(confirmed(Gains.of([float(rng.choices(outcomes, weights)[0]) for _ in range(deals)]))
               for _ in range(checks)) / checks


def test_a_better_play_is_confirmed_by_the_recheck_more_often_than_not() -> None:
    """Better by 0.1 level per deal: the re-check's few deals confirmed it in about 37% of searches when it
    asked for a one-sided 95% bound (RECHECK_Z 1.645), turning down real gains; now in most."""
    assert _overridden_share((-1, 0, 1), (0.3, 0.3, 0.4)) >= 0.55


def test_an_equal_play_is_seldom_confirmed() -> None:
    assert _overridden_share((-1, 0, 1), (0.35, 0.3, 0.35)) <= 0.21


def test_a_search_is_settled_exactly_when_every_alternative_is_dropped_before_its_deals_run_out() -> None:
    seen = set()
    for seed in range(1, 13):
        sit = _situation(seed, tricks=4)
        stats = SearchStats()
        choose_play_mc(sit, random.Random(seed), iterations=40, stats=stats)
        if not stats.worlds:  # a forced or trivial play: not searched
            continue
        first_stage = stats.worlds - stats.rechecked
        assert stats.settled == (first_stage < 40), (seed, stats)
        if stats.settled:
            assert first_stage >= MIN_WORLDS  # nothing is dropped on fewer deals
        seen.add(stats.settled)
    assert seen == {True, False}  # both kinds occur among these positions


@given(st.lists(st.sampled_from([-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 0.25, -0.5]), min_size=1, max_size=300))
@settings(max_examples=200, deadline=None)
def test_running_gains_give_the_statistic_of_all_the_gains(values: list[float]) -> None:
    """The search's running statistic (``Gains``, updated deal by deal) is the mean and standard error of every
    gain so far, as recomputed from the whole list."""
    gains = Gains.of(values)
    mean, se = gains.mean_se()
    want_mean, want_se = mean_se(values)
    assert len(gains) == len(values)
    assert abs(mean - want_mean) < 1e-9
    assert se == want_se if len(values) < 2 else abs(se - want_se) < 1e-9
    assert gains.nonzero == any(values)
