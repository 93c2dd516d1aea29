"""Throws (甩牌, RULES §4, §11.8–9): validity, the forced unit of a failed throw, the penalty option."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Card, parse_cards
from engine.rules import Rules
from engine.throws import check_throw, throw_penalty
from engine.trump import TrumpContext, trump_context
from engine.units import UnitKind, decompose_lead, is_tractor


def cards(text: str) -> tuple[Card, ...]:
    """Compact notation: ``'KSKSQS'`` or ``'KS KS QS'``."""
    return parse_cards(re.findall(r"10[SHCD]|[2-9JQKA][SHCD]|SJ|BJ", text))


def strs(cs: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cs]


def check(lead: str, others: list[str], ctx: TrumpContext) -> tuple[bool, list[str]]:
    result = check_throw(cards(lead), [cards(o) for o in others], ctx)
    assert result.forced == result.beaten_unit or not result.failed
    return result.failed, sorted(strs(result.forced))


def test_example_8_ace_king_king_stands_whatever_the_others_hold() -> None:
    ctx = TrumpContext("7", "H")
    assert check("AS KS KS", ["QS QS JS JS", "10S 9S 9S", "BJ BJ 2S"], ctx) == (False, ["AS", "KS", "KS"])


def test_example_9_and_seed_nine_eight_eight_four_four() -> None:
    ctx = TrumpContext("2", "S")
    lead = "9D 8D8D 4D4D"
    assert check(lead, ["3C", "JD", "5H"], ctx) == (True, ["9D"])
    # the seed: QQ beats 9, 88 and 44 → the beaten unit with the lowest top card, 44 (v1 forced the single 9)
    assert check(lead, ["QD QD", "3C", "5H"], ctx) == (True, ["4D", "4D"])
    assert throw_penalty(5, 3, Rules()) == 30
    assert check(lead, ["3C", "5D 5D", "5H"], ctx) == (True, ["4D", "4D"])
    assert check(lead, ["3D 7D", "5D 6D", "7D"], ctx) == (False, sorted(strs(cards(lead))))
    assert throw_penalty(5, 4, Rules()) == 40


def test_tractors_are_beaten_only_by_higher_tractors_of_at_least_as_many_pairs() -> None:
    ctx = TrumpContext("2", "S")
    lead = "AH 5H5H4H4H"
    assert check(lead, ["9H 9H 8H 8H", "", ""], ctx) == (True, ["4H", "4H", "5H", "5H"])
    assert check(lead, ["9H 9H 7H 7H", "KH KH", ""], ctx)[0] is False
    assert check(lead, ["", "", "8H8H7H7H6H6H"], ctx)[0] is True
    assert check("AH 7H7H6H6H5H5H", ["", "", "KH KH QH QH"], ctx)[0] is False  # shorter: no


def test_the_smallest_beaten_unit_is_forced() -> None:
    ctx = TrumpContext("2", "S")
    # the beaten unit whose highest card is lowest (v1: singles first, so these forced 9H and KH)
    assert check("KH 9H 6H6H", ["AH", "", "QH QH"], ctx) == (True, ["6H", "6H"])
    assert check("QH QH 9H 9H", ["", "AH AH", ""], ctx) == (True, ["9H", "9H"])
    assert check("QH QH 9H 9H KH", ["", "AH AH", ""], ctx) == (True, ["9H", "9H"])
    assert check("KH 9H 6H6H", ["AH", "", ""], ctx) == (True, ["9H"])
    # an equal highest card: a single before a pair before a tractor
    assert check("2H 2D 2D", ["2S 2S", "", ""], ctx) == (True, ["2H"])
    assert check("AS AS 2H 2H 2D 2D", ["SJ SJ BJ BJ", "", ""], ctx) == (True, ["2D", "2D"])
    # equal ranks: ♠ ♥ ♦ ♣ order (off level cards at level 2, trump ♠)
    assert check("2D 2C 2H", ["2S", "", ""], ctx) == (True, ["2H"])
    assert check("2D 2C", ["", "2S", ""], ctx) == (True, ["2D"])


def test_a_single_unit_always_stands() -> None:
    ctx = TrumpContext("2", "S")
    assert check("5H 5H", ["AH AH", "KH KH", ""], ctx) == (False, ["5H", "5H"])
    assert check("3H", ["AH", "", ""], ctx) == (False, ["3H"])


def test_throws_in_trumps_use_the_trump_order() -> None:
    ctx = TrumpContext("4", "S")
    lead = "BJ 4H4H AS AS"  # not a tractor of 3: 4H4H AS AS is a tractor, BJ a single
    assert [u.kind for u in decompose_lead(cards(lead), ctx).units] == [UnitKind.TRACTOR, UnitKind.SINGLE]
    assert check(lead, ["4S 4S SJ SJ", "", ""], ctx) == (True, ["4H", "4H", "AS", "AS"])
    assert check(lead, ["4D 4D KS KS", "", ""], ctx)[0] is False


@pytest.mark.parametrize(("option", "attempted", "returned", "expected"), [
    ("per_card_returned", 5, 4, 40), ("per_card_attempted", 5, 4, 50), ("attempted_minus_one", 5, 4, 40),
    ("none", 5, 4, 0), ("per_card_returned", 6, 0, 0), ("per_card_attempted", 3, 1, 30),
    ("attempted_minus_one", 2, 1, 10),
])
def test_throw_penalty_options(option: str, attempted: int, returned: int, expected: int) -> None:
    assert throw_penalty(attempted, returned, Rules.from_preset("standard", throw_penalty=option)) == expected


# -- property: validity against a brute-force reading of §4 ------------------------------------------

def _beats_brute(unit_cards: tuple[Card, ...], kind: UnitKind, hand: list[Card], ctx: TrumpContext) -> bool:
    top = max(ctx.strength(c) for c in unit_cards)
    suit = ctx.suit_of(unit_cards[0])
    same = [c for c in hand if ctx.suit_of(c) == suit]
    if kind == UnitKind.SINGLE:
        return any(ctx.strength(c) > top for c in same)
    if kind == UnitKind.PAIR:
        return any(n >= 2 and ctx.strength(c) > top for c, n in Counter(same).items())
    for size in range(len(unit_cards), len(same) + 1, 2):
        for combo in itertools.combinations(same, size):
            if is_tractor(combo, ctx) and max(ctx.strength(c) for c in combo) > top:
                return True
    return False


@st.composite
def throw_case(draw: st.DrawFn) -> tuple[TrumpContext, list[Card], list[list[Card]]]:
    ctx = trump_context(draw(st.sampled_from(["2", "8"])), draw(st.sampled_from(["S", "NT"])))
    suit = draw(st.sampled_from(["H", "T"]))
    pool = [c for c in ALL_CARDS if ctx.suit_of(c) == suit][-8:]
    deck = [c for c in pool for _ in range(2)]
    order = draw(st.permutations(deck))
    k = draw(st.integers(2, 6))
    cut = sorted(draw(st.lists(st.integers(k, len(deck)), min_size=3, max_size=3)))
    others = [list(order[k:cut[0]]), list(order[cut[0]:cut[1]]), list(order[cut[1]:cut[2]])]
    return ctx, list(order[:k]), others


@given(throw_case())
@settings(max_examples=150, deadline=None)
def test_throw_validity_matches_a_brute_force_reading(case: tuple[TrumpContext, list[Card], list[list[Card]]]) -> None:
    ctx, lead, others = case
    units = decompose_lead(lead, ctx).units
    result = check_throw(lead, others, ctx)
    beaten = [u for u in units if any(_beats_brute(u.cards, u.kind, h, ctx) for h in others)]
    assert result.failed == (len(units) > 1 and bool(beaten))
    if result.failed:
        assert result.forced in [u.cards for u in beaten]
        assert not Counter(result.forced) - Counter(lead)
        forced_kind = min(beaten, key=lambda u: (ctx.strength(u.top), u.pairs)).cards
        assert sorted(ctx.strength(c) for c in forced_kind) == sorted(ctx.strength(c) for c in result.forced)
    else:
        assert Counter(result.forced) == Counter(lead) and result.beaten_unit == ()
