"""Declaring, overcalling and reinforcing (RULES §5) with the §9 options that touch them."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, RANKS, SUITS, Card, parse_cards
from engine.declaring import (
    check_declaration,
    declaration_kind,
    declaration_options,
    declaration_strength,
)
from engine.errors import IllegalAction
from engine.rules import Rules
from engine.undeclared import trump_when_undeclared
from engine.views import DeclarationView
from i18n import MESSAGES, t

STD = Rules()
ORDERED = Rules(overcall_suit_order="SHCD")
DAIWANG = Rules.from_preset("daiwang")


def cur(seat: int, text: str, level: str = "2", rules: Rules = STD) -> DeclarationView:
    cards = parse_cards(text)
    return DeclarationView(seat, cards, check_declaration(None, seat, cards, level, rules.with_options(
        direct_no_trump=True), False))


def check(current: DeclarationView | None, seat: int, text: str, level: str = "2", rules: Rules = STD,
          first_hand: bool = False) -> str:
    return check_declaration(current, seat, parse_cards(text), level, rules, first_hand)


def error_key(current: DeclarationView | None, seat: int, text: str, level: str = "2", rules: Rules = STD) -> str:
    with pytest.raises(IllegalAction) as info:
        check(current, seat, text, level, rules)
    return info.value.key


# -- the judge's bid example and plain declarations ---------------------------------------------------

def test_judge_bid_example() -> None:
    """JUDGE.md ``bid``: a pair of 2♠ overcalls seat 1's single 2♥ and sets ♠."""
    assert check(cur(1, "2H"), 3, "2S 2S") == "S"


@pytest.mark.parametrize("suit", SUITS)
def test_single_level_card_declares_its_suit(suit: str) -> None:
    assert check(None, 0, f"7{suit}", level="7") == suit


@pytest.mark.parametrize("text,trump", [("SJ SJ", "NT"), ("BJ BJ", "NT"), ("QD QD", "D")])
def test_pairs_declare(text: str, trump: str) -> None:
    assert check(None, 2, text, level="Q") == trump


@pytest.mark.parametrize("text,key", [
    ("", "declare.empty"),
    ("3H", "declare.not_level_card"),
    ("2H 3H", "declare.not_level_card"),
    ("SJ", "declare.single_joker"),
    ("BJ", "declare.single_joker"),
    ("SJ BJ", "declare.not_identical"),
    ("2H 2S", "declare.not_identical"),
    ("2H 2H 2H", "declare.too_many_cards"),
    ("SJ 2H", "declare.joker_with_level"),
    ("BJ BJ 2H", "declare.joker_with_level"),
])
def test_malformed_declarations(text: str, key: str) -> None:
    assert error_key(None, 0, text) == key


def test_fixed_trump_ranks_do_not_declare() -> None:
    """常主 ranks are trump in play, but only the hand's level rank declares."""
    rules = Rules(fixed_trump_ranks=("2",))
    assert error_key(None, 0, "2H", level="5", rules=rules) == "declare.not_level_card"
    assert check(None, 0, "5H", level="5", rules=rules) == "H"


# -- strength order and overcalls ---------------------------------------------------------------------

@pytest.mark.parametrize("weaker,stronger", [
    ("2H", "2S 2S"), ("2H", "2H 2H"), ("2D", "SJ SJ"), ("2C 2C", "SJ SJ"), ("SJ SJ", "BJ BJ"), ("2H", "BJ BJ"),
])
def test_stronger_overcalls_and_weaker_does_not(weaker: str, stronger: str) -> None:
    assert check(cur(0, weaker), 1, stronger) in ("S", "H", "C", "D", "NT")
    with pytest.raises(IllegalAction) as info:
        check(cur(0, stronger), 1, weaker)
    assert info.value.key == "declare.too_weak"


@pytest.mark.parametrize("first,second", [("2H", "2S"), ("2H 2H", "2S 2S"), ("2D 2D", "2S 2S")])
def test_equal_strength_never_overcalls_without_suit_order(first: str, second: str) -> None:
    assert error_key(cur(0, first), 1, second) == "declare.too_weak"


def test_partner_may_overcall() -> None:
    assert check(cur(0, "2H"), 2, "2C 2C") == "C"


# -- overcall_suit_order -------------------------------------------------------------------------------

@pytest.mark.parametrize("order,low,high", [
    ("SHCD", "2D 2D", "2C 2C"), ("SHCD", "2C 2C", "2H 2H"), ("SHCD", "2H 2H", "2S 2S"),
    ("SHDC", "2C 2C", "2D 2D"), ("SHDC", "2D 2D", "2H 2H"),
])
def test_suit_order_lets_higher_equal_pair_overcall(order: str, low: str, high: str) -> None:
    rules = Rules(overcall_suit_order=order)
    assert check(cur(0, low, rules=rules), 1, high, rules=rules) == high[1]
    assert error_key(cur(0, high, rules=rules), 1, low, rules=rules) == "declare.too_weak"


def test_suit_order_does_not_reorder_singles() -> None:
    """RULES: "an equal-size *pair* of a higher suit" overcalls; read literally, equal singles never do."""
    assert error_key(cur(0, "2D", rules=ORDERED), 1, "2S", rules=ORDERED) == "declare.too_weak"


def test_suit_order_keeps_kinds_first() -> None:
    assert error_key(cur(0, "2D 2D", rules=ORDERED), 1, "2S", rules=ORDERED) == "declare.too_weak"
    assert check(cur(0, "2S 2S", rules=ORDERED), 1, "SJ SJ", rules=ORDERED) == "NT"


def test_shown_pair_falls_to_a_higher_suit_pair_but_a_reinforced_one_does_not() -> None:
    """RULES §5 v2: a pair shown at once is overcalled (with ``overcall_suit_order``) by a higher-suit pair;
    a reinforced pair only by a stronger kind, whatever the suit order (v1 let 2S2S overcall it)."""
    standing = DeclarationView(0, parse_cards("2H 2H"), "H")
    assert check(standing, 1, "2S 2S", rules=ORDERED) == "S"
    assert error_key(standing, 1, "2S 2S") == "declare.too_weak"
    reinforced = DeclarationView(0, parse_cards("2D 2D"), "D", reinforced=True)
    assert error_key(reinforced, 1, "2S 2S", rules=ORDERED) == "declare.too_weak"
    assert check(reinforced, 1, "SJ SJ", rules=ORDERED) == "NT"


# -- own declaration and reinforcing -------------------------------------------------------------------

def test_reinforce_single_into_identical_pair() -> None:
    standing = cur(1, "2H")
    assert check(standing, 1, "2H 2H") == "H"
    assert declaration_kind(standing, 1, parse_cards("2H 2H")) == "reinforce"


@pytest.mark.parametrize("text", ["2S 2S", "2H", "SJ SJ", "BJ BJ", "2S"])
def test_cannot_overcall_own_declaration(text: str) -> None:
    assert error_key(cur(1, "2H"), 1, text) == "declare.own_declaration"


def test_reinforced_pair_only_falls_to_a_stronger_kind() -> None:
    reinforced = DeclarationView(1, parse_cards("2H 2H"), "H")
    assert error_key(reinforced, 3, "2S 2S") == "declare.too_weak"
    assert error_key(reinforced, 1, "2H 2H") == "declare.own_declaration"
    assert check(reinforced, 0, "SJ SJ") == "NT"


def test_declaration_kinds() -> None:
    cards = parse_cards("2S 2S")
    assert declaration_kind(None, 0, cards) == "declare"
    assert declaration_kind(cur(1, "2H"), 0, cards) == "overcall"


# -- direct_no_trump -----------------------------------------------------------------------------------

def test_no_direct_no_trump_joker_pairs_only_overcall() -> None:
    national = Rules.from_preset("national")
    assert error_key(None, 0, "BJ BJ", rules=national) == "declare.no_direct_no_trump"
    assert error_key(None, 0, "SJ SJ", rules=national) == "declare.no_direct_no_trump"
    assert check(cur(1, "2H", rules=national), 0, "SJ SJ", rules=national) == "NT"
    assert check(None, 0, "BJ BJ") == "NT"


# -- 带王亮主 (joker_single_with_level) -------------------------------------------------------------------

@pytest.mark.parametrize("text,trump", [("BJ 2H", "H"), ("BJ 2D", "D"), ("SJ 2S", "S"), ("SJ 2C 2C", "C")])
def test_daiwang_joker_with_level_cards(text: str, trump: str) -> None:
    """Seed 004: 大王配红桃、方块，小王配黑桃、梅花."""
    assert check(None, 0, text, rules=DAIWANG) == trump


@pytest.mark.parametrize("text,key", [
    ("2H", "declare.needs_joker"),
    ("2H 2H", "declare.needs_joker"),
    ("SJ 2H", "declare.wrong_joker"),
    ("BJ 2S", "declare.wrong_joker"),
    ("BJ", "declare.single_joker"),
    ("BJ BJ", "declare.no_direct_no_trump"),
    ("SJ SJ", "declare.no_direct_no_trump"),
    ("BJ SJ 2H", "declare.one_joker"),
    ("BJ 2H 2D", "declare.not_identical"),
    ("BJ 3H", "declare.not_level_card"),
])
def test_daiwang_malformed(text: str, key: str) -> None:
    assert error_key(None, 0, text, rules=DAIWANG) == key


def test_daiwang_more_level_cards_overcall() -> None:
    """Seed 004: 用王带两张相同花色的级牌 … 反已亮王带单张级牌; 反主只能反别人."""
    standing = cur(0, "BJ 2H", rules=DAIWANG)
    assert check(standing, 1, "SJ 2S 2S", rules=DAIWANG) == "S"
    assert error_key(standing, 1, "SJ 2S", rules=DAIWANG) == "declare.too_weak"
    assert error_key(cur(0, "BJ 2H 2H", rules=DAIWANG), 1, "SJ 2S 2S", rules=DAIWANG) == "declare.too_weak"


def test_daiwang_reinforce_keeps_the_joker() -> None:
    """Seed 004 防反: the declarer adds a newly drawn level card of the declared suit."""
    standing = cur(0, "BJ 2H", rules=DAIWANG)
    assert check(standing, 0, "BJ 2H 2H", rules=DAIWANG) == "H"
    assert error_key(standing, 0, "BJ 2D 2D", rules=DAIWANG) == "declare.own_declaration"


def test_daiwang_with_suit_order() -> None:
    rules = DAIWANG.with_options(overcall_suit_order="SHDC")
    assert check(cur(0, "BJ 2H 2H", rules=rules), 1, "SJ 2S 2S", rules=rules) == "S"
    assert error_key(cur(0, "BJ 2H", rules=rules), 1, "SJ 2S", rules=rules) == "declare.too_weak"


# -- options for the buttons / AI ----------------------------------------------------------------------

def test_options_strongest_first() -> None:
    hand = parse_cards("2H 2H 2S SJ SJ BJ 5C")
    assert declaration_options(hand, None, 0, "2", STD, True) == [
        parse_cards("SJ SJ"), parse_cards("2H 2H"), parse_cards("2S"), parse_cards("2H"),
    ]


def test_options_against_standing_and_reinforce() -> None:
    hand = parse_cards("2H 2H 2S 2S BJ")
    assert declaration_options(hand, cur(1, "2D"), 0, "2", STD, False) == [parse_cards("2S 2S"), parse_cards("2H 2H")]
    assert declaration_options(hand, cur(0, "2H"), 0, "2", STD, False) == [parse_cards("2H 2H")]
    assert declaration_options(hand, cur(1, "SJ SJ"), 0, "2", STD, False) == []


def test_options_daiwang() -> None:
    hand = parse_cards("BJ SJ 2H 2H 2S 2D")
    assert declaration_options(hand, None, 0, "2", DAIWANG, False) == [
        parse_cards("BJ 2H 2H"), parse_cards("SJ 2S"), parse_cards("BJ 2H"), parse_cards("BJ 2D"),
    ]


card_lists = st.lists(st.sampled_from(ALL_CARDS), max_size=12)
levels = st.sampled_from(RANKS)
rule_sets = st.sampled_from([STD, ORDERED, DAIWANG, Rules.from_preset("national"), Rules(overcall_suit_order="SHDC")])


@settings(max_examples=200, deadline=None)
@given(hand=card_lists, level=levels, rules=rule_sets, seat=st.integers(0, 3), standing_seat=st.integers(0, 3),
       standing_hand=card_lists)
def test_options_are_exactly_the_legal_subsets(hand: list[Card], level: str, rules: Rules, seat: int,
                                               standing_seat: int, standing_hand: list[Card]) -> None:
    """Every option is legal and a sub-multiset of the hand; every legal 1–3 card subset is an option."""
    first = declaration_options(standing_hand, None, standing_seat, level, rules, True)
    current = DeclarationView(standing_seat, first[0], check_declaration(
        None, standing_seat, first[0], level, rules, True)) if first else None
    options = declaration_options(hand, current, seat, level, rules, False)
    assert len(options) == len(set(options))
    strengths = [declaration_strength(o, level, rules) for o in options]
    assert strengths == sorted(strengths, reverse=True)
    legal = set()
    for n in (1, 2, 3):
        for combo in combinations(sorted(hand, key=lambda c: c.index), n):
            try:
                check_declaration(current, seat, combo, level, rules, False)
            except IllegalAction:
                continue
            legal.add(tuple(sorted(combo, key=lambda c: c.index)))
    assert {tuple(sorted(o, key=lambda c: c.index)) for o in options} == legal


# -- no declaration in a later hand --------------------------------------------------------------------

KITTY = parse_cards("9D SJ BJ SJ 4C 7H 8H 9H")


@pytest.mark.parametrize("policy,kitty,trump", [
    ("kitty_first", "9D SJ BJ SJ 4C 7H 8H 9H", "D"),
    ("kitty_first", "BJ 9D 4C 7H 8H 9H 3S 3S", "NT"),
    ("kitty_third", "9D 3S 4C 7H 8H 9H 3S 3S", "C"),
    ("kitty_third", "9D SJ BJ SJ 4C 7H 8H 9H", "C"),
    ("kitty_third", "9D 3S BJ SJ BJ 7H 8H 9H", "H"),
    ("no_trump", "9D 3S 4C 7H 8H 9H 3S 3S", "NT"),
])
def test_no_declaration_policies(policy: str, kitty: str, trump: str) -> None:
    assert trump_when_undeclared(parse_cards(kitty), Rules(no_declaration=policy)) == trump


def test_no_declaration_redeal() -> None:
    assert trump_when_undeclared(KITTY, Rules(no_declaration="redeal")) is None


def test_kitty_third_all_jokers_is_no_trump() -> None:
    """RULES is silent when no card from the third on is plain (only a short kitty allows it); seed 000
    plays no trump on a joker third card, so we do."""
    assert trump_when_undeclared(parse_cards("2S 3S SJ BJ"), Rules(no_declaration="kitty_third")) == "NT"


@settings(max_examples=300, deadline=None)
@given(shown=st.lists(st.sampled_from(ALL_CARDS), max_size=4), standing=card_lists, level=levels, rules=rule_sets,
       seat=st.integers(0, 3))
def test_every_error_has_a_message_in_both_locales(shown: list[Card], standing: list[Card], level: str, rules: Rules,
                                                   seat: int) -> None:
    """Whatever is shown, the answer is a trump or an ``IllegalAction`` whose key reads in en and zh-CN."""
    first = declaration_options(standing, None, 1, level, rules, True)
    current = None
    if first:
        current = DeclarationView(1, first[-1], check_declaration(None, 1, first[-1], level, rules, True))
    try:
        trump = check_declaration(current, seat, shown, level, rules, False)
    except IllegalAction as exc:
        assert exc.key in MESSAGES
        for locale in ("en", "zh-CN"):
            text = t(exc.key, locale, **exc.params)
            assert text != exc.key and "{" not in text
    else:
        assert trump in ("S", "H", "C", "D", "NT")
