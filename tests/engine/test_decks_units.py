"""Units, following and winning with one to four decks (RULES §12.2, §12.4): §14's worked examples 1–32 (each
test or case named ``example_N``), the
format ladders of §12.4's table (and rbtying's own ladder cases), throws with tuples and ``ladder_protected``."""

from __future__ import annotations

import re

import pytest

from engine.cardrules.ladder import full_ordering, ladder
from engine.cardrules.tuples import unit_code
from engine.cards import Card, parse_cards
from engine.follow import follow_error
from engine.rules import Rules
from engine.throws import check_throw
from engine.trick import trick_points, trick_winner, winning_unit
from engine.trump import TrumpContext, trump_context
from engine.units import UnitKind, decompose_lead


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(re.findall(r"10[SHCD]|[2-9JQKA][SHCD]|SJ|BJ", text))


def ctx_of(level: str, trump: str, decks: int = 3, **options: object) -> TrumpContext:
    return trump_context(level, trump, Rules.from_preset("standard", decks=decks, **options))


def units(text: str, ctx: TrumpContext) -> list[tuple[str, int, int, list[str]]]:
    """The lead's units as (kind, width, length, cards high→low)."""
    return [(str(u.kind), u.width, u.length, [str(c) for c in u.cards]) for u in decompose_lead(cards(text), ctx).units]


FIVE_S = ("5", "S")


# -- §14 decomposition (§12.2) ------------------------------------------------------------------------

def test_example_1_a_triple() -> None:
    assert units("KH KH KH", ctx_of(*FIVE_S)) == [("triple", 3, 1, ["KH"] * 3)]


def test_example_2_a_tractor_of_triples() -> None:
    assert units("KH KH KH QH QH QH", ctx_of(*FIVE_S)) == [("tractor", 3, 2, ["KH"] * 3 + ["QH"] * 3)]


def test_example_3_the_level_rank_is_skipped() -> None:
    assert units("6H 6H 6H 4H 4H 4H", ctx_of(*FIVE_S)) == [("tractor", 3, 2, ["6H"] * 3 + ["4H"] * 3)]


def test_example_4_the_trump_chain_of_triples() -> None:
    ctx = ctx_of("2", "H")
    assert units("AH AH AH 2S 2S 2S", ctx)[0][:3] == ("tractor", 3, 2)
    assert [u[:3] for u in units("2S 2S 2S 2D 2D 2D", ctx)] == [("triple", 3, 1)] * 2  # off level: never adjacent
    assert units("2H 2H 2H 2S 2S 2S", ctx)[0][:3] == ("tractor", 3, 2)
    assert units("BJ BJ BJ SJ SJ SJ", ctx_of("2", "NT"))[0][:3] == ("tractor", 3, 2)


def test_example_5_the_largest_unit_decides_then_the_lowest_card() -> None:
    ctx = ctx_of(*FIVE_S)
    assert units("KH KH KH QH QH", ctx) == [("tractor", 2, 2, ["KH", "KH", "QH", "QH"]), ("single", 1, 1, ["KH"])]
    assert units("KH KH KH QH QH QH JH JH", ctx) == [("tractor", 3, 2, ["KH"] * 3 + ["QH"] * 3),
                                                     ("pair", 2, 1, ["JH", "JH"])]
    assert units("7D 7D 5D 5D 5D 4D 4D 4D", ctx_of("6", "H")) == [
        ("tractor", 2, 3, ["7D", "7D", "5D", "5D", "4D", "4D"]), ("single", 1, 1, ["5D"]), ("single", 1, 1, ["4D"])]


def test_example_6_tractor_and_singles_triple_and_pair() -> None:
    ctx = ctx_of(*FIVE_S)
    assert [u[:3] for u in units("AH AH AH KH KH 8H", ctx)] == [("tractor", 2, 2), ("single", 1, 1), ("single", 1, 1)]
    assert [u[:3] for u in units("9H 9H 9H 7H 7H", ctx)] == [("triple", 3, 1), ("pair", 2, 1)]
    assert [u[:3] for u in units("KH KH QH QH QH JH JH JH 10H 10H", ctx)] == [
        ("tractor", 2, 4), ("single", 1, 1), ("single", 1, 1)]


def test_example_7_a_quadruple_and_its_rungs() -> None:
    ctx = ctx_of(*FIVE_S, decks=4)
    assert units("AH AH AH AH", ctx) == [("quadruple", 4, 1, ["AH"] * 4)]
    # T+1 → [2-2] → P+P → P+1+1 → singles
    assert ladder((unit_code(4),))[1:] == (((3,), (1,)), ((2, 2),), ((2,), (2,)), ((2,), (1,), (1,)),
                                           ((1,),) * 4)


# -- the §12.4 ladder table ---------------------------------------------------------------------------

T, P, S = (3,), (2,), (1,)


@pytest.mark.parametrize(("lead", "rungs"), [
    ((unit_code(3),), [(P, S), (S, S, S)]),
    ((unit_code(3), unit_code(2)), [(P, P, S), (P, S, S, S), (S,) * 5]),
    ((unit_code(3), 0), [(P, S, S), (S,) * 4]),
    ((unit_code(3, 2),), [(T, T), ((3, 2), S), (T, P, S), (T, S, S, S), ((2, 2, 2),), ((2, 2), P), (P, P, P),
                          ((2, 2), S, S), (P, P, S, S), (P, S, S, S, S), (S,) * 6]),
    ((unit_code(3), unit_code(3)), [(T, P, S), (P, P, S, S), (P, S, S, S, S), (S,) * 6]),
    ((1,), [(S, S)]),
    ((2,), [(P, P), (P, S, S), (S,) * 4]),
])
def test_the_ladders_that_matter_in_three_decks(lead: tuple[int, ...],
                                                rungs: list[tuple[tuple[int, ...], ...]]) -> None:
    """§12.4's table (``[3-2]`` and ``[2-3]`` are one rung: a triple and a pair on neighbouring ranks, either way)."""
    assert list(ladder(lead)[1:]) == rungs


def test_rbtying_orderings_of_six_cards_and_of_a_mixed_throw() -> None:
    assert full_ordering(6)[:6] == [((6,),), ((5,), S), ((4, 2),), ((4,), P), ((4,), S, S), ((3, 3),)]
    assert len(full_ordering(6)) == 17
    lead = (unit_code(2, 2), unit_code(3), unit_code(2))  # rbtying: [[2, 2], [3], [2]]
    assert list(ladder(lead)[1:]) == [(T, P, P, P), (T, P, P, S, S), (P, P, P, S, S, S), (P, P) + (S,) * 5,
                                      (P,) + (S,) * 7, (S,) * 9]


# -- §14 following (§12.4), N = 3, 5/S, hearts led ----------------------------------------------------

def legal(lead: str, hand: str, play: str, ctx: TrumpContext) -> bool:
    return follow_error(cards(lead), cards(hand), cards(play), ctx) is None


FOLLOWING = [
    (8, "KH KH KH", "QH QH 9H 4H 3C", "QH QH 9H", True),
    (8, "KH KH KH", "QH QH 9H 4H 3C", "QH 9H 4H", False),
    (9, "KH KH KH", "JH JH JH 3H 3H 4C", "JH JH JH", True),
    (9, "KH KH KH", "JH JH JH 3H 3H 4C", "3H 3H JH", False),
    (10, "KH KH KH", "9H 8H 4H", "9H 8H 4H", True),
    (11, "KH KH KH", "9H 9H 3C 4D", "9H 9H 3C", True),
    (12, "KH KH", "QH QH QH 4H 3C", "QH QH", True),
    (12, "KH KH", "QH QH QH 4H 3C", "QH 4H", False),
    (13, "KH KH KH QH QH QH", "9H 9H 9H 7H 7H 6H 6H 3H 2C", "9H 9H 9H 7H 7H 6H", True),
    (13, "KH KH KH QH QH QH", "9H 9H 9H 7H 7H 6H 6H 3H 2C", "7H 7H 6H 6H 9H 3H", False),
    (14, "KH KH KH QH QH QH", "8H 8H 7H 7H 6H 6H 3H", "8H 8H 7H 7H 6H 6H", True),
    (14, "KH KH KH QH QH QH", "8H 8H 7H 7H 6H 6H 3H", "8H 8H 7H 7H 6H 3H", False),
    (15, "KH KH KH QH QH QH", "9H 9H 9H 8H 8H 3H", "9H 9H 9H 8H 8H 3H", True),
    (16, "KH KH KH QH QH QH", "JH JH JH 8H 8H 8H 3H", "JH JH JH 8H 8H 8H", True),
    (16, "KH KH KH QH QH QH", "JH JH JH 8H 8H 8H 3H", "JH JH JH 8H 8H 3H", False),
    (17, "KH KH KH QH QH QH", "JH JH JH 10H 10H 10H 3H", "JH JH JH 10H 10H 10H", True),
    (17, "KH KH KH QH QH QH", "JH JH JH 10H 10H 10H 3H", "JH JH JH 10H 10H 3H", False),
    (18, "9H 9H 9H 7H 7H", "QH QH 8H 8H 3H 2C", "QH QH 8H 8H 3H", True),
    (18, "9H 9H 9H 7H 7H", "QH QH 8H 8H 3H 2C", "QH QH 8H 3H 2C", False),
    (19, "KH KH QH QH", "9H 9H 9H 8H 8H 8H 3H", "9H 9H 8H 8H", True),
    (20, "KH KH QH QH", "9H 9H 9H 3H 3H 4H", "9H 9H 3H 3H", True),
    (20, "KH KH QH QH", "9H 9H 9H 3H 3H 4H", "9H 9H 9H 4H", False),
    (21, "AH AH AH KH KH 8H", "QH QH JH JH 9H 9H 9H 2C", "QH QH JH JH 9H 9H", True),
    (21, "AH AH AH KH KH 8H", "QH QH JH JH 9H 9H 9H 2C", "QH QH JH JH 9H 2C", False),
]


@pytest.mark.parametrize(("number", "lead", "hand", "play", "ok"), FOLLOWING,
                         ids=[f"example_{n}_{'legal' if ok else 'illegal'}" for n, *_, ok in FOLLOWING])
def test_following_examples_8_to_21(number: int, lead: str, hand: str, play: str, ok: bool) -> None:
    assert legal(lead, hand, play, ctx_of(*FIVE_S)) is ok, number


def test_example_12_under_ladder_protected_the_triple_stays_whole() -> None:
    ctx = ctx_of(*FIVE_S, follow_policy="ladder_protected")
    assert legal("KH KH", "QH QH QH 4H 3C", "QH 4H", ctx)
    assert legal("KH KH", "QH QH QH 4H 3C", "QH QH", ctx)  # breaking it stays allowed


def test_example_22_four_decks() -> None:
    ctx = ctx_of(*FIVE_S, decks=4)
    assert legal("AH AH AH AH", "QH QH QH JH JH 3H", "QH QH QH 3H", ctx)
    assert not legal("AH AH AH AH", "QH QH QH JH JH 3H", "QH QH JH JH", ctx)
    assert legal("AH AH AH AH", "QH QH JH JH 9H 9H", "QH QH JH JH", ctx)
    assert not legal("AH AH AH AH", "QH QH JH JH 9H 9H", "QH QH 9H 9H", ctx)


# -- §14 winning (§12.4) -------------------------------------------------------------------------------

def trick(plays: list[str], ctx: TrumpContext) -> tuple[int, int]:
    cs = [cards(p) for p in plays]
    return trick_winner(cs, ctx), trick_points(cs)


ALL = {"throw_compare": "all"}


WINNING = [
    (23, ["KH KH KH", "AH AH 4H", "3S 3S 3S", "QH QH QH"], 2, 30),
    (24, ["KH KH KH", "3S 3S 4S", "AH AH 2H", "9H 9H 9H"], 0, 30),
    (25, ["9H 9H 9H", "5C 5C 5C", "JH JH JH", "5S 5S 5S"], 3, 30),
    (26, ["KH KH KH", "SJ SJ BJ", "5H 5H 5H", "5S 5S 5D"], 2, 60),
    (27, ["KH KH KH QH QH QH", "3S 3S 3S 4S 4S 4S", "AH AH JH JH 10H 10H", "6S 6S 6S 8S 8S 8S"], 1, 50),
    (27, ["KH KH KH QH QH QH", "3S 3S 4S 4S 6S 6S", "7S 7S 7S 8S 8S 8S", "6S 6S 6S 8S 8S 8S"], 2, 30),
    (28, ["AC AC AC KC", "3S 3S 3S 7S", "4S 4S 9S 9S", "2C 3C 4C 6C"], 1, 10),
    (29, ["AC AC AC KC", "3S 3S 3S 7S", "4S 4S 4S 2S", "2C 3C 4C 6C"], 1, 10),
    (30, ["9H 9H 9H 7H 7H", "KS KS KS QS QS", "AS AS AS 2S 2S", "4H 4H 3H 3H 2H"], 1, 30),
    (31, ["AH AH AH KH KH 8H", "3S 3S 4S 4S 6S 7S", "9S 9S 9S 8S 8S 7S", "2C 3C 4C 6C 7C 8C"], 2, 20),
]


@pytest.mark.parametrize(("number", "plays", "winner", "points"), WINNING,
                         ids=[f"example_{n}_seat_{w}" for n, _, w, _ in WINNING])
def test_winning_examples_23_to_31(number: int, plays: list[str], winner: int, points: int) -> None:
    assert trick(plays, ctx_of(*FIVE_S, **ALL)) == (winner, points), number


def test_example_29_and_example_30_under_largest() -> None:
    ctx = ctx_of(*FIVE_S)
    assert trick(["AC AC AC KC", "3S 3S 3S 7S", "4S 4S 4S 2S", "2C 3C 4C 6C"], ctx)[0] == 2
    assert trick(["9H 9H 9H 7H 7H", "KS KS KS QS QS", "AS AS AS 2S 2S", "4H 4H 3H 3H 2H"], ctx)[0] == 2


def test_example_31_the_largest_unit_has_four_cards() -> None:
    ctx = ctx_of(*FIVE_S, **ALL)
    lead = cards("AH AH AH KH KH 8H")
    assert max(u.size for u in decompose_lead(lead, ctx).units) == 4
    assert winning_unit(lead, cards("9S 9S 9S 8S 8S 7S"), ctx).kind is UnitKind.TRACTOR


def test_example_32_one_deck() -> None:
    ctx = ctx_of("2", "S", decks=1, **ALL)
    assert trick(["AD KD", "3S 4S", "QD 5D", "2H 9C"], ctx)[0] == 1
    assert trick(["AD KD", "3S 4S", "QD 5D", "2H 5S"], ctx)[0] == 3


# -- throws with tuples (§12.2) -----------------------------------------------------------------------

def test_a_triple_is_beaten_by_a_higher_triple_or_quadruple_not_by_a_pair() -> None:
    ctx = ctx_of(*FIVE_S)
    lead = cards("9H 9H 9H AH")
    assert not check_throw(lead, [cards("KH KH 3C"), cards("2H"), cards("QH QH")], ctx).failed
    result = check_throw(lead, [cards("KH KH 3C"), cards("10H 10H 10H"), cards("2H")], ctx)
    assert result.failed and sorted(map(str, result.forced)) == ["9H", "9H", "9H"]


def test_a_tractor_of_triples_is_beaten_only_by_one_as_wide_and_as_long() -> None:
    ctx = ctx_of(*FIVE_S)
    lead = cards("7H 7H 7H 6H 6H 6H AH")
    assert not check_throw(lead, [cards("KH KH QH QH JH JH"), cards("9H 9H 9H 2C"), cards("3C")], ctx).failed
    result = check_throw(lead, [cards("9H 9H 9H 8H 8H 8H"), cards("2C"), cards("3C")], ctx)
    assert result.failed and len(result.forced) == 6


def test_a_failed_throw_forces_the_smallest_beaten_unit_single_before_pair_before_triple() -> None:
    """§12.2: the lowest highest card first; at an equal top card single < pair < triple."""
    ctx = ctx_of(*FIVE_S)
    lead = cards("QH QH QH 9H 9H 3H")
    result = check_throw(lead, [cards("KH KH KH 10H 10H 4H"), cards("2C"), cards("3C")], ctx)
    assert result.failed and list(map(str, result.forced)) == ["3H"]
    lead = cards("QH QH QH 9H 9H")
    result = check_throw(lead, [cards("KH KH KH 10H 10H"), cards("2C"), cards("3C")], ctx)
    assert result.failed and list(map(str, result.forced)) == ["9H", "9H"]
    result = check_throw(lead, [cards("KH KH KH 2C"), cards("2C"), cards("3C")], ctx)  # a triple beats a pair too
    assert result.failed and list(map(str, result.forced)) == ["9H", "9H"]
    result = check_throw(lead, [cards("AH AH AH"), cards("10H 10H 2C"), cards("3C")], ctx)
    assert result.failed and list(map(str, result.forced)) == ["9H", "9H"]
