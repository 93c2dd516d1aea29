"""The strong player's bury (扣底) by sampled rollouts: candidates from the rule of thumb, its own choice first;
a legal bury, deterministic with a fixed number of deals, decided from the seat's view only."""

from __future__ import annotations

import random
from collections import Counter

from engine.actions import Bury
from engine.ai import choose_action
from engine.ai.bury import choose_bury
from engine.ai.bury_search import _best, bury_candidates, deal_others
from engine.cards import parse_cards
from engine.rules import Rules
from engine.table import Table
from engine.trump import trump_context
from engine.views import Phase
from tests.ai.test_peeking import _swap_hidden_cards
from tests.helpers.basic_play import play_basic_until

HAND = parse_cards("BJ SJ 2H 2S 2C AH KH QH JH 10H 9H 8H 7H 6H 5H AS KS 9S 8S KC 10C 5C AD QD JD 10D 9D 8D 7D "
                   "6D 4D 3D 3D")


def _burying(seed: int) -> Table:
    table = Table.new(Rules.from_preset("standard"), seed)
    assert play_basic_until(table, random.Random(0), lambda t: t.phase is Phase.BURYING)
    return table


def test_the_candidates_start_with_the_rule_of_thumbs_bury_and_are_distinct_buries_of_the_hand() -> None:
    ctx = trump_context("2", "H", Rules())
    cands = bury_candidates(HAND, ctx, 6)
    assert list(cands[0]) == list(choose_bury(HAND, ctx))
    assert len({tuple(sorted(c.index for c in b)) for b in cands}) == len(cands) >= 2
    for bury in cands:
        assert len(bury) == 8 and not Counter(bury) - Counter(HAND)


def test_sampled_deals_give_the_other_seats_the_unseen_cards_and_the_shown_ones_first() -> None:
    shown = [Counter(), Counter(parse_cards("2D 2D")), Counter(), Counter()]
    hands = deal_others(HAND, 0, shown, random.Random(4))
    assert [sum(h) for h in hands] == [0, 25, 25, 25]
    assert hands[1][parse_cards("2D")[0].index] == 2
    for i in range(len(hands[1])):
        assert sum(h[i] for h in hands) + sum(1 for c in HAND if c.index == i) == 2


def test_the_strong_bury_is_legal_deterministic_and_sees_only_its_view() -> None:
    for seed in (1, 2, 3):
        table = _burying(seed)
        seat = table.to_act()[0]
        view = table.seat_view(seat)
        a = choose_action(view, "strong", random.Random(5), iterations=8)
        b = choose_action(view, "strong", random.Random(5), iterations=8)
        assert isinstance(a, Bury) and a == b
        assert len(a.cards) == 8 and not Counter(a.cards) - Counter(view.hand)
        other = _swap_hidden_cards(table, seat)
        assert other.seat_view(seat) == view
        assert choose_action(other.seat_view(seat), "strong", random.Random(5), iterations=8) == a
        table.apply(a)  # the table accepts it


def test_a_bury_overrides_the_rule_of_thumb_only_with_a_clear_margin() -> None:
    assert _best([[], [0.1, -0.1, 0.1, -0.1]], 2.0) == 0  # no significant gain
    assert _best([[], [0.5, 0.6, 0.4, 0.5], [0.1, 0.2, 0.1, 0.2]], 2.0) == 1
    assert _best([[], [-0.5, -0.6, -0.4]], 2.0) == 0

