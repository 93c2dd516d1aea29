"""hand_order: trumps first (jokers, main level, off levels, trump suit high→low), then plain suits alternating
red and black; before a trump is known, jokers and level cards first."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest

from engine.cards import RED_SUITS, parse_cards
from engine.handorder import TRUMP_GROUP, hand_groups, hand_order, plain_suit_order
from engine.trump import trump_context
from engine.views import Phase
from render.samples import seat_view


def _view(cards: str, trump: str | None, level: str = "7"):
    base = seat_view(25, trump=trump)
    public = replace(base.public, level=level, trump=trump, declaration=None,
                     phase=Phase.PLAYING if trump else Phase.DEALING)
    return replace(base, hand=parse_cards(cards), public=public)


def test_trumps_first_in_rule_order() -> None:
    view = _view("3S 7D BJ AH 7H 2C SJ 7S KH 5D AS", "H")
    assert [str(c) for c in hand_order(view)] == ["BJ", "SJ", "7H", "7S", "7D", "AH", "KH", "AS", "3S", "5D",
                                                  "2C"]


@pytest.mark.parametrize("trump", ["S", "H", "C", "D", "NT", None])
def test_plain_suits_alternate_colours(trump: str | None) -> None:
    order = plain_suit_order(trump)
    assert sorted(order) == sorted(s for s in "SHCD" if s != trump)
    colours = [s in RED_SUITS for s in order]
    assert all(a != b for a, b in itertools.pairwise(colours))


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("trump", ["S", "H", "C", "D", "NT"])
def test_order_is_a_permutation_grouped_by_effective_suit(seed: int, trump: str) -> None:
    view = seat_view(33, seed=seed, trump=trump)
    order = hand_order(view)
    assert Counter(order) == Counter(view.hand)
    ctx = trump_context(view.public.level, trump, view.public.rules)
    groups = hand_groups(view.hand, view.public)
    assert [c for _, g in groups for c in g] == order
    for name, cards in groups:
        assert {ctx.suit_of(c) for c in cards} == {name}
        assert [ctx.sort_key(c) for c in cards] == sorted(ctx.sort_key(c) for c in cards)
    assert groups[0][0] == TRUMP_GROUP or not any(ctx.is_trump(c) for c in view.hand)


def test_undecided_trump_puts_jokers_and_level_cards_first() -> None:
    view = _view("3S 7D BJ AH 7H 2C SJ 7S KH 5D AS", None)
    assert [str(c) for c in hand_order(view)] == ["BJ", "SJ", "7S", "7H", "7D", "AS", "3S", "AH", "KH", "2C",
                                                  "5D"]


def test_standing_declaration_sorts_by_its_trump() -> None:
    view = _view("3S 7D BJ AH 7H 2C SJ 7S KH 5D AS", None)
    declared = replace(view, public=replace(view.public, declaration=seat_view().public.declaration))
    assert [str(c) for c in hand_order(declared)][:6] == ["BJ", "SJ", "7H", "7S", "7D", "AH"]
