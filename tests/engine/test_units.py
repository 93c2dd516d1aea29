"""Units, tractors and lead decomposition (RULES §4, §11.2–3), the format ladder (§7) and shape fitting."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Card, parse_cards
from engine.errors import IllegalAction
from engine.rules import Rules
from engine.trump import TrumpContext, trump_context
from engine.units import (
    UnitKind,
    decompose_lead,
    find_pairs,
    find_tractors,
    fits,
    format_ladder,
    is_tractor,
    splits,
)


def cards(text: str) -> tuple[Card, ...]:
    """Compact notation: ``'KSKSQS'`` or ``'KS KS QS'``."""
    return parse_cards(re.findall(r"10[SHCD]|[2-9JQKA][SHCD]|SJ|BJ", text))


def strs(cs: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(c) for c in cs]


@pytest.mark.parametrize(("text", "expected"), [
    ("3S3S5S5S", True), ("AS AS 4H4H", True), ("4H4H 4S4S", True), ("4H4H 4D4D", False),
    ("AS AS 4S4S", False), ("4S4S SJSJ", True), ("AS AS 4H4H 4S4S SJ SJ BJ BJ", True),
])
def test_example_2_tractors_at_level_4_spades(text: str, expected: bool) -> None:
    assert is_tractor(cards(text), TrumpContext("4", "S")) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("SJ SJ BJ BJ", True), ("2H2H SJ SJ", True), ("AS AS 2S2S", False), ("2H2H 2S2S", False),
])
def test_example_3_tractors_in_no_trump(text: str, expected: bool) -> None:
    assert is_tractor(cards(text), TrumpContext("2", "NT")) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("KSKSQSQS", True), ("JSJS9S9S", True), ("5S5S4S4S3S3S", True),
    ("5S5S4S", False), ("5S4S4S", False), ("5S5S3S3S", False), ("JSJSQS", False),
    ("10S10S10C10C", False), ("JSJS10S10S", False), ("ASAS2S2S", False),
])
def test_seed_tractor_examples_at_level_10(text: str, expected: bool) -> None:
    assert is_tractor(cards(text), TrumpContext("10", "H")) is expected


def test_tractor_through_level_false_isolates_off_level_pairs() -> None:
    ctx = TrumpContext("4", "S", Rules.from_preset("renda"))
    assert not is_tractor(cards("AS AS 4H4H"), ctx)
    assert not is_tractor(cards("4H4H 4S4S"), ctx)
    assert is_tractor(cards("4S4S SJ SJ BJ BJ"), ctx)
    assert is_tractor(cards("3S3S5S5S"), ctx)
    assert not is_tractor(cards("AS AS 4S4S"), ctx)


def test_judge_parse_example() -> None:
    lead = decompose_lead(cards("3H 3H 5H 5H KH"), TrumpContext("4", "S"))
    assert lead.suit == "H" and lead.is_throw
    assert [(u.kind, strs(u.cards)) for u in lead.units] == [
        (UnitKind.TRACTOR, ["5H", "5H", "3H", "3H"]), (UnitKind.SINGLE, ["KH"])]
    assert lead.shape == (2, 0)


def test_throw_units_longest_first_then_high_to_low() -> None:
    lead = decompose_lead(cards("9D 8D8D 4D4D"), TrumpContext("2", "S"))
    assert [strs(u.cards) for u in lead.units] == [["8D", "8D"], ["4D", "4D"], ["9D"]]
    lead = decompose_lead(cards("AS KS KS"), TrumpContext("7", "H"))
    assert [strs(u.cards) for u in lead.units] == [["KS", "KS"], ["AS"]]
    assert [u.pairs for u in lead.units] == [1, 0]


def test_longest_tractor_is_taken_first_through_the_trump_chain() -> None:
    lead = decompose_lead(cards("AS AS 4H 4H 4D 4D 4S 4S 3S"), TrumpContext("4", "S"))
    assert lead.suit == "T"
    assert [strs(u.cards) for u in lead.units] == [
        ["4S", "4S", "4H", "4H", "AS", "AS"], ["4D", "4D"], ["3S"]]


def test_ties_take_the_higher_tractor_first() -> None:
    # 7-7-8-8-9-9 is one tractor; with 5-5-6-6 beside it the longest comes first either way
    lead = decompose_lead(cards("5H5H6H6H 8H8H9H9H QH"), TrumpContext("2", "S"))
    assert [strs(u.cards) for u in lead.units] == [["9H", "9H", "8H", "8H"], ["6H", "6H", "5H", "5H"], ["QH"]]


def test_mixed_and_empty_leads_are_illegal() -> None:
    ctx = TrumpContext("2", "S")
    with pytest.raises(IllegalAction) as info:
        decompose_lead(cards("AH KD"), ctx)
    assert info.value.key == "play.mixed_suits"
    with pytest.raises(IllegalAction) as info:
        decompose_lead((), ctx)
    assert info.value.key == "play.empty"
    assert decompose_lead(cards("2H AS BJ"), ctx).suit == "T"  # all trumps: one effective suit


def test_format_ladder_examples() -> None:
    assert format_ladder((3,)) == ((3,), (2, 1), (1, 1, 1), (1, 1, 0, 0), (1, 0, 0, 0, 0), (0,) * 6)
    assert format_ladder((1,)) == ((1,), (0, 0))
    assert format_ladder((0,)) == ((0,),)
    assert format_ladder((2, 0)) == ((2, 0), (1, 1, 0), (1, 0, 0, 0), (0,) * 5)


def test_find_pairs_and_tractors() -> None:
    ctx = TrumpContext("2", "H")
    hand = cards("9C9C JC JC 10C 10C 3C 4D 4D")
    assert [strs(u.cards) for u in find_pairs(hand, ctx)] == [["JC", "JC"], ["10C", "10C"], ["9C", "9C"],
                                                                ["4D", "4D"]]
    assert [strs(u.cards) for u in find_tractors(hand, ctx)] == [
        ["JC", "JC", "10C", "10C", "9C", "9C"], ["JC", "JC", "10C", "10C"], ["10C", "10C", "9C", "9C"]]


def test_splits_list_every_reading() -> None:
    ctx = TrumpContext("2", "H")
    options = splits(cards("9H9H8H8H"), (1, 0, 0), ctx)
    assert sorted(strs(s[0].cards) for s in options) == [["8H", "8H"], ["9H", "9H"]]
    assert splits(cards("9H9H8H7H"), (2,), ctx) == []


# -- properties ------------------------------------------------------------------------------------

CONTEXTS = st.builds(trump_context, st.sampled_from(["2", "4", "10", "A"]),
                     st.sampled_from(["S", "H", "NT"]),
                     st.sampled_from([Rules(), Rules.from_preset("renda")]))


@st.composite
def one_suit(draw: st.DrawFn) -> tuple[TrumpContext, list[Card]]:
    ctx = draw(CONTEXTS)
    suit = draw(st.sampled_from(sorted({ctx.suit_of(c) for c in ALL_CARDS})))
    pool = [c for c in ALL_CARDS if ctx.suit_of(c) == suit]
    distinct = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8, unique=True))
    doubled = draw(st.lists(st.booleans(), min_size=len(distinct), max_size=len(distinct)))
    cs = [c for c, twice in zip(distinct, doubled, strict=True) for _ in range(2 if twice else 1)]
    return ctx, draw(st.permutations(cs))


@given(one_suit())
@settings(max_examples=150, deadline=None)
def test_decompose_lead_preserves_the_cards_and_yields_valid_units(case: tuple[TrumpContext, list[Card]]) -> None:
    ctx, cs = case
    lead = decompose_lead(cs, ctx)
    assert Counter(lead.cards) == Counter(cs)
    for u in lead.units:
        assert [ctx.rank_key(c) for c in u.cards] == sorted((ctx.rank_key(c) for c in u.cards), reverse=True)
        if u.kind == UnitKind.PAIR:
            assert u.cards[0] == u.cards[1]
        if u.kind == UnitKind.TRACTOR:
            assert is_tractor(u.cards, ctx)
    assert [u.pairs for u in lead.units] == sorted((u.pairs for u in lead.units), reverse=True)
    # longest first: no tractor in the lead is longer than the first unit
    longest = find_tractors(cs, ctx)
    assert lead.units[0].pairs == (longest[0].pairs if longest else min(1, lead.units[0].pairs))
    # greedy to the end: the leftover pairs hold no tractor
    loose = [c for u in lead.units if u.kind == UnitKind.PAIR for c in u.cards]
    assert not find_tractors(loose, ctx)


def _brute_fits(cs: list[Card], shape: tuple[int, ...], ctx: TrumpContext) -> bool:
    """Independent oracle: try every sub-multiset for the first unit of the shape, recursively."""
    if not shape:
        return not cs
    k, rest = shape[0], shape[1:]
    size = 1 if k == 0 else 2 * k
    from itertools import combinations

    for idx in set(combinations(range(len(cs)), size)):
        part = [cs[i] for i in idx]
        ok = (k == 0 or (k == 1 and part[0] == part[1]) or (k >= 2 and is_tractor(part, ctx)))
        if ok and _brute_fits([c for i, c in enumerate(cs) if i not in idx], rest, ctx):
            return True
    return False


@given(one_suit(), st.sampled_from([(0,), (1,), (2,), (1, 0), (1, 1), (2, 0), (2, 1), (1, 0, 0), (2, 2), (3,),
                                    (1, 1, 0), (3, 0), (2, 0, 0)]))
@settings(max_examples=150, deadline=None)
def test_fits_agrees_with_a_brute_force_partition(case: tuple[TrumpContext, list[Card]],
                                                  shape: tuple[int, ...]) -> None:
    ctx, cs = case
    size = sum(2 * k if k else 1 for k in shape)
    cs = cs[:size]
    assert fits(cs, shape, ctx) == (len(cs) == size and _brute_fits(cs, shape, ctx))


def test_interpretations_where_rules_md_is_silent() -> None:
    """RULES §4 does not spell these out; we follow the uniqueness principle of the 人民大学 sheet and
    treat fixed trump ranks (常主) like the level rank one step lower."""
    renda_nt = TrumpContext("2", "NT", Rules.from_preset("renda"))
    # no trump + uniqueness: SJ-SJ's lower neighbour (any of four level pairs) is not unique → no link
    assert not is_tractor(cards("2H2H SJ SJ"), renda_nt)
    assert is_tractor(cards("SJ SJ BJ BJ"), renda_nt)
    fixed = TrumpContext("10", "S", Rules.from_preset("standard", fixed_trump_ranks=["2"]))
    # … A-A of ♠ → off 2 pair → ♠2 pair → off 10 pair → ♠10 pair → SJ-SJ
    assert is_tractor(cards("AS AS 2H 2H 2S 2S 10D 10D 10S 10S SJ SJ"), fixed)
    assert not is_tractor(cards("2H 2H 2D 2D"), fixed)
    assert not is_tractor(cards("AS AS 2S 2S"), fixed)
