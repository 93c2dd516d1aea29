"""Trump order (RULES §3, §11.1): effective suits, strength inside a suit, display order."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, RANKS, Card, parse_cards
from engine.errors import EngineError
from engine.rules import Rules
from engine.trump import TrumpContext, trump_context


def cards(text: str) -> tuple[Card, ...]:
    """Compact notation: ``'KSKSQS'`` or ``'KS KS QS'``."""
    return parse_cards(re.findall(r"10[SHCD]|[2-9JQKA][SHCD]|SJ|BJ", text))


def ranking(ctx: TrumpContext, text: str) -> list[list[str]]:
    """Group the cards of ``text`` into equal-strength classes, strongest first."""
    cs = cards(text)
    levels = sorted({ctx.strength(c) for c in cs}, reverse=True)
    return [[str(c) for c in cs if ctx.strength(c) == lv] for lv in levels]


def test_example_1_order_at_10_spades() -> None:
    """§11.1: BJ > SJ > 10S > 10H = 10C = 10D > AS > KS > … > JS > 9S > … > 2S."""
    ctx = TrumpContext("10", "S")
    text = "BJ SJ 10S 10H 10C 10D AS KS QS JS 9S 8S 7S 6S 5S 4S 3S 2S"
    assert ranking(ctx, text) == [["BJ"], ["SJ"], ["10S"], ["10H", "10C", "10D"], *[[r + "S"] for r in
                                  ["A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"]]]
    assert all(ctx.is_trump(c) and ctx.suit_of(c) == "T" for c in cards(text))


def test_plain_suits_skip_the_level_rank() -> None:
    ctx = TrumpContext("10", "S")
    hearts = [c for c in cards("AH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2H")]
    assert [ctx.strength(c) for c in hearts] == list(range(11, -1, -1))
    assert not any(ctx.is_trump(c) for c in hearts)
    assert {ctx.suit_of(c) for c in hearts} == {"H"}
    assert ctx.strength(cards("JH")[0]) == ctx.strength(cards("9H")[0]) + 1  # J and 9 adjacent at level 10


def test_no_trump_order() -> None:
    ctx = TrumpContext("2", "NT")
    assert ranking(ctx, "BJ SJ 2S 2H 2C 2D") == [["BJ"], ["SJ"], ["2S", "2H", "2C", "2D"]]
    assert not ctx.is_trump(cards("AS")[0])
    assert ctx.suit_of(cards("3D")[0]) == "D"


def test_fixed_trump_ranks_rank_below_off_level_cards() -> None:
    """常主 2 at level 10, trump ♠: 10S > 10H/C/D > 2S > 2H/C/D > AS."""
    ctx = TrumpContext("10", "S", Rules.from_preset("standard", fixed_trump_ranks=["2"]))
    assert ranking(ctx, "BJ SJ 10S 10H 10C 10D 2S 2H 2C 2D AS KS 3S") == [
        ["BJ"], ["SJ"], ["10S"], ["10H", "10C", "10D"], ["2S"], ["2H", "2C", "2D"], ["AS"], ["KS"], ["3S"]]
    assert ctx.is_trump(cards("2H")[0])
    assert ctx.strength(cards("3H")[0]) == 0  # hearts now start at 3


def test_sort_hand_puts_trumps_first_then_suits_high_to_low() -> None:
    ctx = TrumpContext("10", "H")
    hand = cards("2S 10S AS BJ 3H AH 10H KD 5C SJ 10D QC")
    assert [str(c) for c in ctx.sort_hand(hand)] == [
        "BJ", "SJ", "10H", "10S", "10D", "AH", "3H", "AS", "2S", "QC", "5C", "KD"]


@pytest.mark.parametrize("trump", ["S", "H", "C", "D", "NT"])
@pytest.mark.parametrize("level", ["2", "7", "A"])
def test_sort_key_is_a_total_order_consistent_with_strength(level: str, trump: str) -> None:
    ctx = trump_context(level, trump)
    keys = [ctx.sort_key(c) for c in ALL_CARDS]
    assert len(set(keys)) == len(ALL_CARDS)
    ordered = ctx.sort_hand(ALL_CARDS)
    trumps = [c for c in ordered if ctx.is_trump(c)]
    assert ordered[: len(trumps)] == trumps
    assert [ctx.strength(c) for c in trumps] == sorted((ctx.strength(c) for c in trumps), reverse=True)
    n_trumps = 2 + (4 if trump == "NT" else 4 + 12)
    assert len(trumps) == n_trumps


def test_trump_context_is_cached_and_validates() -> None:
    assert trump_context("5", "S") is trump_context("5", "S", Rules())
    assert trump_context("5", "S") == TrumpContext("5", "S")
    with pytest.raises(EngineError):
        TrumpContext("1", "S")
    with pytest.raises(EngineError):
        TrumpContext("5", "X")


@given(st.sampled_from(RANKS), st.sampled_from(["S", "H", "C", "D", "NT"]), st.sampled_from(ALL_CARDS),
       st.sampled_from(ALL_CARDS))
@settings(max_examples=200, deadline=None)
def test_strength_matches_an_independent_reading_of_section_3(level: str, trump: str, a: Card, b: Card) -> None:
    """Cross-check strength against the §3 order written out directly."""
    ctx = trump_context(level, trump)

    def key(c: Card) -> tuple[int, int]:
        if c.is_joker:
            return (1, 100 if c.rank == "BJ" else 99)
        if c.rank == level:
            return (1, 98 if c.suit == trump else 97)
        if c.suit == trump:
            return (1, RANKS.index(c.rank))
        return (0, RANKS.index(c.rank))

    assume(ctx.suit_of(a) == ctx.suit_of(b))
    assert (ctx.strength(a) > ctx.strength(b)) == (key(a) > key(b))
    assert (ctx.strength(a) == ctx.strength(b)) == (key(a) == key(b))
