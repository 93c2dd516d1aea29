"""Winning a trick (RULES §7, §11.6–7, §11.10): format, ruffs, throws and ``throw_compare``."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import RANKS, Card, parse_cards, shuffled_deck
from engine.follow import enumerate_follows
from engine.rules import Rules
from engine.trick import has_format, trick_points, trick_winner, winning_play_units, winning_unit
from engine.trump import TrumpContext, trump_context
from engine.units import UnitKind, decompose_lead, find_pairs, find_tractors


def cards(text: str) -> tuple[Card, ...]:
    """Compact notation: ``'KSKSQS'`` or ``'KS KS QS'``."""
    return parse_cards(re.findall(r"10[SHCD]|[2-9JQKA][SHCD]|SJ|BJ", text))


def winner(ctx: TrumpContext, *plays: str) -> int:
    return trick_winner([cards(p) for p in plays], ctx)


ALL_COMPARE = TrumpContext("2", "H", Rules.from_preset("standard", throw_compare="all"))


def test_example_6_an_off_level_card_beats_a_low_trump() -> None:
    ctx = TrumpContext("2", "H")
    assert winner(ctx, "AC", "3H", "2S", "KC") == 2
    assert trick_points([cards(p) for p in ("AC", "3H", "2S", "KC")]) == 10


def test_example_7_two_single_trumps_do_not_beat_a_pair() -> None:
    ctx = TrumpContext("2", "H")
    assert winner(ctx, "QD QD", "3H 4H", "5D 6D", "9C 9C") == 0
    assert winner(ctx, "QD QD", "3H 4H", "3H 3H", "AD AD") == 2


def test_example_10_a_ruff_must_match_every_unit_of_a_throw() -> None:
    ctx = TrumpContext("3", "H")
    assert winner(ctx, "AS KS 5S5S4S4S", "9H9H8H8H 7H 2H", "QS JS 9S 8S 7S 6S", "2C 2C 4D 5D 6D 7D") == 1
    assert winner(ctx, "AS AS 5S5S4S4S", "9H9H8H8H 7H 2H", "QS JS 9S 8S 7S 6S", "2C 2C 4D 5D 6D 7D") == 0


def test_seed_trumps_998872_ruff_ak5544_but_not_aa5544() -> None:
    ctx = TrumpContext("J", "D")
    assert winner(ctx, "AC KC 5C5C4C4C", "9D9D8D8D7D2D") == 1
    assert winner(ctx, "AC AC 5C5C4C4C", "9D9D8D8D7D2D") == 0


def test_pairs_and_tractors_compare_by_top_card_ties_to_the_earlier() -> None:
    ctx = TrumpContext("2", "H")
    assert winner(ctx, "8S 8S", "9S 9S", "JS QS", "AH AH") == 3
    assert winner(ctx, "2S 2S", "2C 2C", "3H 3H") == 0  # off level pairs are equal: the earlier wins
    assert winner(ctx, "2S 2S", "2C 2C", "2H 2H") == 2
    assert winner(ctx, "5S5S6S6S", "9S9S10S10S", "3H3H4H4H", "AH AH KH QH") == 2
    assert winner(ctx, "5S5S6S6S", "9S9S JS JS") == 0  # two pairs are not a tractor
    assert winner(ctx, "AS", "AS", "KS") == 0


def test_no_follow_in_the_led_suit_beats_a_throw() -> None:
    ctx = TrumpContext("2", "H")
    assert winner(ctx, "AS 5S 5S", "KS 9S 9S", "3H 3H 4H") == 2
    assert winner(ctx, "BJ 3H 3H", "SJ 4H 4H", "AS AS KS") == 0  # a trump throw cannot be ruffed


@pytest.mark.parametrize(("ctx", "expected"), [(TrumpContext("2", "H"), 2), (ALL_COMPARE, 1)])
def test_throw_compare_largest_and_all(ctx: TrumpContext, expected: int) -> None:
    # ruff 1: 5H5H + BJ; ruff 2: 6H6H + 4H (higher pair, lower single)
    assert winner(ctx, "KS KS AS", "5H 5H BJ", "6H 6H 4H", "3S 4S 6S") == expected


def test_throw_compare_all_reads_plays_in_their_best_split() -> None:
    # lead pair + two singles; QH QH 10H 10H reads as QQ + 10 + 10 or as 1010 + Q + Q
    lead = "KS KS AS QS"
    assert winner(ALL_COMPARE, lead, "9H 9H JH 3H", "QH QH 10H 10H") == 2  # only 1010 + Q + Q beats it
    assert winner(ALL_COMPARE, lead, "9H 9H AH 3H", "QH QH 10H 10H") == 1
    assert winner(ALL_COMPARE, lead, "7H 7H 6H 3H", "9H 9H 8H 8H") == 2


def test_partial_tricks() -> None:
    ctx = TrumpContext("2", "H")
    assert winner(ctx, "AC") == 0
    assert winner(ctx, "AC", "3H") == 1
    assert winner(ctx, "AC", "3H", "2S") == 2


def test_winning_unit_reads_the_play_in_the_lead_format() -> None:
    ctx = TrumpContext("3", "H")
    lead = decompose_lead(cards("AS KS 5S5S4S4S"), ctx)
    unit = winning_unit(lead, cards("9H9H8H8H 7H 2H"), ctx)
    assert unit.kind == UnitKind.TRACTOR and unit.pairs == 2
    pairs_lead = cards("AS AS 6S 6S")  # two pairs, not a tractor
    unit = winning_unit(pairs_lead, cards("9H9H8H8H"), ctx)
    assert unit.kind == UnitKind.PAIR and [str(c) for c in unit.cards] == ["9H", "9H"]
    assert winning_unit(cards("7C7C8C8C"), cards("7C7C8C8C"), TrumpContext("2", "S")).pairs == 2
    assert [u.kind for u in winning_play_units(lead, cards("AS KS 5S5S4S4S"), ctx)] == [
        UnitKind.TRACTOR, UnitKind.SINGLE, UnitKind.SINGLE]


# -- properties on realistic tricks ----------------------------------------------------------------

def _random_trick(seed: int) -> tuple[TrumpContext, list[tuple[Card, ...]]]:
    rng = random.Random(seed)
    deck = shuffled_deck(seed)
    hands = [deck[i * 25:(i + 1) * 25] for i in range(4)]
    rules = Rules.from_preset("standard", throw_compare=rng.choice(["largest", "all"]))
    ctx = trump_context(rng.choice(RANKS), rng.choice(["S", "H", "C", "D", "NT"]), rules)
    suit = rng.choice(sorted({ctx.suit_of(c) for c in hands[0]}))
    mine = [c for c in hands[0] if ctx.suit_of(c) == suit]
    options = [u.cards for u in find_tractors(mine, ctx)] + [u.cards for u in find_pairs(mine, ctx)]
    options += [(c,) for c in mine]
    lead = list(rng.choice(options))
    if rng.random() < 0.4:  # a throw: add another disjoint unit of the suit
        extra = rng.choice(options)
        if all(lead.count(c) + extra.count(c) <= mine.count(c) for c in extra):
            lead += extra
    plays = [tuple(lead)]
    for hand in hands[1:]:
        plays.append(rng.choice(enumerate_follows(lead, hand, ctx, limit=30)))
    return ctx, plays


SUIT_PERMS = st.permutations(["S", "H", "C", "D"])


@given(st.integers(0, 10_000), SUIT_PERMS)
@settings(max_examples=80, deadline=None)
def test_trick_winner_is_invariant_under_renaming_suits(seed: int, perm: list[str]) -> None:
    ctx, plays = _random_trick(seed)
    rename = dict(zip(["S", "H", "C", "D"], perm, strict=True))
    moved = [tuple(Card(c.rank, rename.get(c.suit, "")) for c in p) for p in plays]
    ctx2 = trump_context(ctx.level, rename.get(ctx.trump, "NT"), ctx.rules)
    assert trick_winner(moved, ctx2) == trick_winner(plays, ctx)


@given(st.integers(0, 10_000))
@settings(max_examples=80, deadline=None)
def test_winner_has_the_format_and_later_plays_only_take_over(seed: int) -> None:
    ctx, plays = _random_trick(seed)
    lead = decompose_lead(plays[0], ctx)
    previous = 0
    for k in range(1, len(plays) + 1):
        w = trick_winner(plays[:k], ctx)
        assert w in (previous, k - 1)
        assert w == 0 or has_format(lead, plays[w], ctx)
        previous = w


@given(st.sampled_from(RANKS), st.sampled_from(["S", "H", "C", "D", "NT"]),
       st.lists(st.sampled_from([c for c in shuffled_deck(0)]), min_size=4, max_size=4))
@settings(max_examples=150, deadline=None)
def test_single_card_tricks_follow_the_section_3_order(level: str, trump: str, four: list[Card]) -> None:
    ctx = trump_context(level, trump)

    def key(c: Card) -> tuple[int, int]:  # §3 written out: trumps above everything, then the led suit
        if c.is_joker:
            return (3, 100 if c.rank == "BJ" else 99)
        if c.rank == level:
            return (3, 98 if c.suit == trump else 97)
        if c.suit == trump:
            return (3, RANKS.index(c.rank))
        return (2, RANKS.index(c.rank)) if c.suit == four[0].suit and not ctx.is_trump(four[0]) else (0, 0)

    keys = [key(c) if (ctx.is_trump(c) or ctx.suit_of(c) == ctx.suit_of(four[0])) else (0, 0) for c in four]
    best = max(keys)
    assert trick_winner([(c,) for c in four], ctx) == keys.index(best)


def test_seed_ruffs_of_a_singles_throw_compare_their_highest_card() -> None:
    """Seed (001): 若首家出的牌中没有拖拉机或对牌，出现多家毙牌时，毙牌的大小以毙牌中最大牌为准."""
    ctx = TrumpContext("2", "H")
    assert winner(ctx, "AS KS QS", "5H 6H 7H", "AH 3H 4H", "3C 4C 5C") == 2
    assert winner(ALL_COMPARE, "AS KS QS", "5H 6H 7H", "AH 3H 4H", "3C 4C 5C") == 1
