"""Inference from play (读牌, ``engine.ai.inference``): the strong player's sampled deals are weighed by whether the
others' plays of the current and the last trick are what the play policy would have played on them."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from engine.actions import DealAll, Pass
from engine.ai import choose_action, inference
from engine.ai.determinize import Sampler, World
from engine.ai.fasttables import N
from engine.ai.inference import play_checks, play_weight
from engine.ai.policy import policy_play
from engine.ai.situation import Situation, situation_from_view
from engine.cards import Card
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase


def _real_deal(table: Table) -> World:
    hands = [[0] * N for _ in range(4)]
    for seat in range(4):
        for c in table.seat_view(seat).hand:
            hands[seat][c.index] += 1
    kitty = [c.index for c in table.hand.kitty]
    return World(hands, kitty)


def _decisions(preset: str, seed: int, every: int = 1) -> Iterator[tuple[Table, Situation]]:
    """Every ``every``-th play decision of a basic-played hand after its first play."""
    table = Table.new(Rules.from_preset(preset), seed)
    rng = random.Random(seed)
    k = 0
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if table.phase is Phase.DEALING:
            table.apply(DealAll())
            continue
        seat = table.to_act()[0]
        view = table.seat_view(seat)
        if table.phase is Phase.PLAYING and (view.public.tricks or (view.public.trick is not None
                                              and view.public.trick.plays)):
            if k % every == 0:
                yield table, situation_from_view(view)
            k += 1
        table.apply(choose_action(view, "basic", rng) or Pass(seat=seat))


@pytest.mark.parametrize("preset", ["standard", "national", "tournament"])
def test_the_real_deal_of_basic_players_is_never_weighed_down(preset: str) -> None:
    """Basic plays the policy from its own view: replayed on the real deal, every earlier play of the current and the
    last trick is the policy's play, so the real deal keeps its whole weight (the replay sees what the seat saw
    then: its hand, the trick so far, the cards played, the voids and the points)."""
    checked = 0
    for seed in (3, 11):
        for table, sit in _decisions(preset, seed):
            checks = play_checks(sit)
            others = [s for s, _ in sit.last_trick if s != sit.seat]
            assert [c.seat for c in checks] == [s for s, _ in sit.trick] + others
            assert sit.seat not in [c.seat for c in checks]
            world = _real_deal(table)
            assert play_weight(sit, checks, world.hands, world.kitty) == 1.0
            checked += len(checks)
    assert checked > 150


def test_sampled_deals_agree_with_the_plays_more_than_unweighed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampler keeps deals on which the policy would have played as the others did more often than the same
    sampler without the inference does (the same positions, the same random sequences)."""
    weighed = plain = 0.0
    positions = 0
    for _table, sit in (d for seed in (5, 6) for d in _decisions("standard", seed, every=3)):
        checks = play_checks(sit)
        sampler = Sampler(sit)
        with monkeypatch.context() as off:
            off.setattr(inference, "MISMATCH_WEIGHT", 1.0)
            unweighed = Sampler(sit)
        rng, raw_rng = random.Random(1), random.Random(1)
        for _ in range(12):
            world = sampler.sample(rng)
            weighed += play_weight(sit, checks, world.hands, world.kitty)
            raw = unweighed.sample(raw_rng)
            plain += play_weight(sit, checks, raw.hands, raw.kitty)
        positions += 1
    assert positions > 20
    assert weighed > 1.1 * plain, (weighed, plain, positions)  # (about 1.2; the same sampler without it: 1.0)


def test_the_inference_is_off_at_weight_one(monkeypatch: pytest.MonkeyPatch) -> None:
    _table, sit = next(_decisions("standard", 5))
    assert play_checks(sit)
    monkeypatch.setattr(inference, "MISMATCH_WEIGHT", 1.0)
    assert play_checks(sit) == []


def _shown_by(trick: Sequence[tuple[int, tuple[Card, ...]]], sit: Situation) -> dict[int, str]:
    """The seats that showed a void in ``trick`` (fewer cards of the led suit than led), and the suit."""
    led = sit.ctx.suit_of(trick[0][1][0])
    return {seat: led for seat, cards in trick[1:]
            if sum(1 for c in cards if sit.ctx.suit_of(c) == led) < len(trick[0][1])}


def test_voids_at_a_tricks_lead_leave_out_the_ones_its_plays_show() -> None:
    """``Memory.trick_voids`` and ``last_voids``: what was known when the current (the last) trick was led; a follow
    off suit in it shows a void only afterwards."""
    shown = 0
    for _table, sit in _decisions("standard", 7):
        mem = sit.mem
        after_last = mem.trick_voids if sit.trick else mem.voids
        for seat in range(4):
            if sit.trick:
                extra = mem.voids[seat] - mem.trick_voids[seat]
                assert mem.trick_voids[seat] <= mem.voids[seat]
                assert extra == ({_shown_by(sit.trick, sit)[seat]} - mem.trick_voids[seat]
                                 if seat in _shown_by(sit.trick, sit) else set())
                shown += len(extra)
            if sit.last_trick:
                extra = after_last[seat] - mem.last_voids[seat]
                assert mem.last_voids[seat] <= after_last[seat]
                assert extra == ({_shown_by(sit.last_trick, sit)[seat]} - mem.last_voids[seat]
                                 if seat in _shown_by(sit.last_trick, sit) else set())
                shown += len(extra)
    assert shown > 0


def test_a_checks_reused_position_plays_as_one_built_for_the_deal() -> None:
    """A check fills its one position in with each deal's hand (``PlayCheck.seat_state``): deal after deal, the
    policy plays there as in a position built afresh for that deal."""
    compared = 0
    for _table, sit in _decisions("standard", 9, every=2):
        checks = play_checks(sit)
        sampler = Sampler(sit)
        rng = random.Random(2)
        for _ in range(6):
            world = sampler.sample(rng)
            for check in checks:
                hand = world.hands[check.seat]
                fresh = check.state(sit, [hand[i] + check.back[i] for i in range(N)], world.kitty)
                reused = check.seat_state(sit, world.hands, world.kitty)
                assert policy_play(reused, check.seat) == policy_play(fresh, check.seat)
                assert list(reused.sizes) == list(fresh.sizes) and reused.cards_left == fresh.cards_left
                assert [list(h) for h in reused.held] == [list(h) for h in fresh.held]
                compared += 1
    assert compared > 200
