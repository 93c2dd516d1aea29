"""The fast playout plays legal cards, finds the same trick winners as the rules, and scores like settlement."""

from __future__ import annotations

import random

import pytest

from engine.ai.playout import Playout
from engine.ai.playstate import dealer_utility, to_cards, to_counts
from engine.cards import shuffled_deck
from engine.follow import follow_is_legal
from engine.rules import PRESETS, Rules
from engine.throws import check_throw
from engine.trick import trick_winner
from engine.trump import trump_context
from engine.units import decompose_lead


class CheckedPlayout(Playout):
    """A playout that checks every play and every trick against the rule functions."""

    checked_tricks = 0

    def apply(self, seat: int, play: tuple[int, ...]) -> None:
        hand = to_cards([i for i in range(len(self.hands[seat])) for _ in range(self.hands[seat][i])])
        cards = to_cards(play)
        if self.trick:
            assert follow_is_legal(to_cards(self.trick[0][1]), hand, cards, self.ctx), (hand, cards)
        else:
            lead = decompose_lead(cards, self.ctx)
            if lead.is_throw:
                others = [to_cards([i for i in range(54) for _ in range(self.hands[(seat + k) % 4][i])])
                          for k in (1, 2, 3)]
                assert not check_throw(cards, others, self.ctx).failed
        super().apply(seat, play)

    def finish_trick(self) -> None:
        assert self.win_k == trick_winner([to_cards(p) for _, p in self.trick], self.ctx)
        CheckedPlayout.checked_tricks += 1
        super().finish_trick()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_playouts_are_legal_and_agree_with_the_rules(preset: str) -> None:
    rules = Rules.from_preset(preset)
    rng = random.Random(preset)
    for seed in range(6):
        deck = shuffled_deck(seed + 100 * len(preset))
        level = rng.choice(["2", "5", "10", "A"])
        trump = rng.choice(["S", "H", "C", "D", "NT"])
        ctx = trump_context(level, trump, rules)
        hands = [to_counts(deck[s * 25:(s + 1) * 25]) for s in range(4)]
        kitty = deck[100:]
        out = CheckedPlayout(ctx, hands, seed % 4, [], [0] * 54, [set(), set(), set(), set()], seed % 2, 0, kitty)
        points = out.run()
        assert out.cards_left == 0 and all(sum(h) == 0 for h in out.hands)
        assert points >= 0
        assert isinstance(dealer_utility(points, ctx), float)
    assert CheckedPlayout.checked_tricks >= 60  # throws (甩牌) make some hands shorter than 25 tricks
