"""engine.cards and engine.rules: notation (RULES §2), the two decks (§3), options and presets (§9–10)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import (
    ALL_CARDS,
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    card_points,
    format_cards,
    is_sub_multiset,
    parse_card,
    parse_cards,
    remove_cards,
    shuffled_deck,
    two_decks,
)
from engine.errors import InvalidCard, RulesError
from engine.rules import OPTION_NAMES, PRESETS, V3_OPTIONS, Rules, option_choices


def test_two_decks_have_108_cards_and_200_points() -> None:
    deck = two_decks()
    assert len(deck) == 108
    assert set(Counter(deck).values()) == {2}
    assert card_points(deck) == 200
    assert len(ALL_CARDS) == 54


@pytest.mark.parametrize(("text", "card"), [
    ("10H", Card("10", "H")), ("AS", Card("A", "S")), ("2C", Card("2", "C")), ("SJ", SMALL_JOKER),
    ("BJ", BIG_JOKER), ("th", Card("10", "H")), ("♥10", Card("10", "H")), ("小王", SMALL_JOKER),
    ("大王", BIG_JOKER), ("qd", Card("Q", "D")),
])
def test_parse_card_accepts_canonical_and_lenient_forms(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1H", "11S", "ZZ", "10", "H"])
def test_parse_card_rejects_non_cards(text: str) -> None:
    with pytest.raises(InvalidCard) as info:
        parse_card(text)
    assert info.value.key == "card.invalid"


def test_output_is_canonical() -> None:
    assert format_cards(parse_cards("th, ♠a 小王")) == ["10H", "AS", "SJ"]
    assert [str(c) for c in ALL_CARDS[:2]] == ["2S", "3S"]


@given(st.integers(min_value=0, max_value=2**32))
@settings(max_examples=30, deadline=None)
def test_every_card_round_trips_and_shuffles_are_permutations(seed: int) -> None:
    deck = shuffled_deck(seed)
    assert Counter(deck) == Counter(two_decks())
    assert deck == shuffled_deck(seed)
    assert parse_cards(format_cards(deck)) == tuple(deck)


def test_points_and_multisets() -> None:
    assert card_points(parse_cards("5H 10S KD AS BJ")) == 25
    hand = list(parse_cards("AS AS KS 5H"))
    assert is_sub_multiset(parse_cards("AS AS"), hand)
    assert not is_sub_multiset(parse_cards("KS KS"), hand)
    assert remove_cards(hand, parse_cards("AS 5H")) == list(parse_cards("AS KS"))
    with pytest.raises(InvalidCard):
        remove_cards(hand, parse_cards("QS"))


def test_rules_defaults_are_the_standard_preset() -> None:
    rules = Rules()
    assert rules == Rules.from_preset("standard") == Rules.from_json(None) == Rules.from_json("standard")
    assert rules.follow_policy == "ladder" and rules.throw_compare == "largest"
    assert rules.throw_penalty == "per_card_returned" and rules.tractor_through_level is True
    assert rules.fixed_trump_ranks == ()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_round_trip_through_json(name: str) -> None:
    rules = Rules.from_preset(name)
    assert Rules.from_json(rules.to_json()) == rules


def test_preset_differences_follow_rules_section_10() -> None:
    assert Rules.from_preset("renda").tractor_through_level is False
    assert Rules.from_preset("aihua").must_play == ("J", "A")
    assert Rules.from_preset("duplicate").overcall_suit_order == "SHCD"
    assert Rules.from_preset("tournament").end_level == "10"


def test_options_are_validated() -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_json({"preset": "standard", "follow_policy": "nonsense"})
    assert info.value.key == "rules.bad_value"
    with pytest.raises(RulesError) as info:
        Rules.from_json({"no_such_option": 1})
    assert info.value.key == "rules.unknown_option"
    with pytest.raises(RulesError):
        Rules.from_json("no_such_preset")
    rules = Rules.from_json({"preset": "aihua", "throw_compare": "all", "fixed_trump_ranks": ["2"]})
    assert rules.preset == "aihua" and rules.throw_compare == "all" and rules.fixed_trump_ranks == ("2",)
    assert rules.with_options(follow_policy="suit_only").follow_policy == "suit_only"


def test_every_option_has_a_default_and_choices_where_closed() -> None:
    defaults = Rules().to_json()
    for name in OPTION_NAMES:  # v3 options (§12.6) stay out of the default JSON: stored states keep their bytes
        if name in V3_OPTIONS:
            defaults[name] = getattr(Rules(), name)
        assert name in defaults
        choices = option_choices(name)
        if choices is not None:
            assert defaults[name] in choices
