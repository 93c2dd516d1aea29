"""RULES §12.3 (and §14 examples 33-35): declaring by count first with N decks; one deck has no overcall and no
joker declaration. Two decks keep §5's order (tests/engine/test_declaring.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, parse_cards
from engine.declaring import check_declaration, declaration_options, declaration_strength
from engine.errors import IllegalAction
from engine.rules import Rules
from engine.views import DeclarationView


def _may(rules: Rules, current: tuple[int, str] | None, seat: int, cards: str, reinforced: bool = False) -> bool:
    standing = None
    if current is not None:
        shown = parse_cards(current[1])
        trump = "NT" if shown[0].is_joker else shown[0].suit
        standing = DeclarationView(current[0], shown, trump, reinforced=reinforced)
    try:
        check_declaration(standing, seat, parse_cards(cards), "7", rules, False)
    except IllegalAction:
        return False
    return True


THREE = Rules.from_preset("standard", decks=3)


def test_example_33_count_first() -> None:
    assert not _may(THREE, (1, "7H 7H 7H"), 2, "BJ BJ")  # fewer cards
    assert not _may(THREE, (1, "7H 7H 7H"), 2, "7S 7S 7S")  # an equal count
    assert _may(THREE, (1, "7H 7H 7H"), 2, "SJ SJ SJ")
    assert _may(THREE, (1, "BJ BJ"), 2, "7S 7S 7S")


def test_example_34_suit_order_and_reinforcing() -> None:
    assert not _may(THREE, (1, "7H 7H"), 3, "7S 7S")
    assert _may(THREE.with_options(overcall_suit_order="SHCD"), (1, "7H 7H"), 3, "7S 7S")
    assert _may(THREE, (1, "7H 7H"), 1, "7H 7H 7H")  # the declarer reinforces
    assert _may(THREE, (1, "7H"), 1, "7H 7H 7H")
    ordered = THREE.with_options(overcall_suit_order="SHCD")
    assert not _may(ordered, (1, "7H 7H 7H"), 3, "7S 7S 7S", reinforced=True)  # only a stronger kind or count
    assert _may(ordered, (1, "7H 7H 7H"), 3, "SJ SJ SJ", reinforced=True)


def test_example_35_one_deck_has_no_overcall_and_no_joker_declaration() -> None:
    one = Rules.from_preset("standard", decks=1)
    hand = parse_cards("7S SJ BJ 3C")
    standing = DeclarationView(1, parse_cards("7H"), "H")
    assert declaration_options(hand, standing, 3, "7", one, False) == []
    assert declaration_options(hand, None, 3, "7", one, False) == [parse_cards("7S")]


def test_three_deck_order() -> None:
    """§12.3: single < pair < SJ SJ < BJ BJ < three level cards < SJ SJ SJ < BJ BJ BJ."""
    order = ["7H", "7H 7H", "SJ SJ", "BJ BJ", "7H 7H 7H", "SJ SJ SJ", "BJ BJ BJ"]
    strengths = [declaration_strength(parse_cards(c), "7", THREE) for c in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
    with pytest.raises(IllegalAction):
        declaration_strength(parse_cards("7H 7H 7H"), "7", Rules())  # two decks: no third copy


@given(st.integers(1, 4), st.lists(st.sampled_from(ALL_CARDS), max_size=30))
def test_options_are_legal_and_strongest_first(decks: int, hand: list) -> None:
    rules = Rules.from_preset("standard", decks=decks)
    hand = [c for c in hand if hand.count(c) <= decks] or hand[:0]
    options = declaration_options(hand, None, 0, "7", rules, False)
    strengths = [declaration_strength(o, "7", rules) for o in options]
    assert strengths == sorted(strengths, reverse=True)
    for option in options:
        assert len(option) <= decks and check_declaration(None, 0, option, "7", rules, False)
