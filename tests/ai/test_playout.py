"""The fast playout plays legal cards, finds the same trick winners as the rules, and scores like settlement."""

from __future__ import annotations

import gc
import random

import pytest

from engine.ai.playout import Playout, no_gc
from engine.ai.playstate import dealer_utility, to_cards, to_counts
from engine.ai.policy import policy_play
from engine.cards import Card, shuffled_deck
from engine.follow import follow_is_legal
from engine.rules import PRESETS, Rules
from engine.throws import check_throw
from engine.trick import trick_winner
from engine.trump import trump_context
from engine.units import decompose_lead


def _hand(state: Playout, seat: int) -> tuple[Card, ...]:
    return to_cards([i for i in range(54) for _ in range(state.hands[seat][i])])


def _checked_run(state: Playout) -> int:
    """Play the hand out as ``Playout.run`` does, checking every play and every trick against the rule
    functions (the play policy's plays are legal, the state's trick winner is the rules' winner)."""
    tricks = 0
    while state.trick or state.cards_left:
        seat = (state.leader + len(state.trick)) % 4
        play = policy_play(state, seat)
        cards = to_cards(play)
        if state.trick:
            assert follow_is_legal(to_cards(state.trick[0][1]), _hand(state, seat), cards, state.ctx), cards
        elif decompose_lead(cards, state.ctx).is_throw:
            others = [_hand(state, (seat + k) % 4) for k in (1, 2, 3)]
            assert not check_throw(cards, others, state.ctx).failed
        if len(state.trick) == 3:
            plays = [to_cards(p) for _, p in state.trick] + [cards]
            winner = (state.leader + trick_winner(plays, state.ctx)) % 4
            state.apply(seat, play)
            assert state.leader == winner
            tricks += 1
        else:
            state.apply(seat, play)
    return tricks


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_playouts_are_legal_and_agree_with_the_rules(preset: str) -> None:
    rules = Rules.from_preset(preset)
    rng = random.Random(preset)
    checked = 0
    for seed in range(6):
        deck = shuffled_deck(seed + 100 * len(preset))
        level = rng.choice(["2", "5", "10", "A"])
        trump = rng.choice(["S", "H", "C", "D", "NT"])
        ctx = trump_context(level, trump, rules)
        hands = [to_counts(deck[s * 25:(s + 1) * 25]) for s in range(4)]
        kitty = deck[100:]
        state = Playout(ctx, hands, seed % 4, [], [0] * 54, [set(), set(), set(), set()], seed % 2, 0, kitty)
        same = state.clone()
        if hasattr(state, "__dict__"):  # (interpreted, not compiled: every attribute is copied)
            assert vars(same) == vars(state)
        checked += _checked_run(state)
        assert state.cards_left == 0 and all(sum(h) == 0 for h in state.hands)
        assert state.points >= 0
        assert same.run() == state.points  # (the policy is deterministic; a clone is independent)
        assert isinstance(dealer_utility(state.points, ctx), float)
    assert checked >= 60  # throws (甩牌) make some hands shorter than 25 tricks


def test_the_garbage_collector_is_back_as_it_was_after_playouts() -> None:
    """``no_gc`` pauses the collector while a search plays out its deals and restores it, even when the block
    raises; a collector already off stays off."""
    assert gc.isenabled()
    with no_gc():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), no_gc():
        raise ValueError
    assert gc.isenabled()
    gc.disable()
    try:
        with no_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
