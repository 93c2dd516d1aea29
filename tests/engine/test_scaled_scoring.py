"""RULES §12.5 (and §14 examples 36-40): the kitty multiplier of wider units and the level tables scaled to the
deck count; two decks keep §8's answers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import parse_cards
from engine.levels import level_gain, two_deck_points
from engine.rules import Rules
from engine.settlement import multiplier_for_unit, next_dealer, settle_hand, unit_shape
from engine.units import Unit, UnitKind

#: §12.5's table: (decks, P) → (gain, defenders take over)
TABLE = {
    (1, 0): (3, False), (1, 5): (2, False), (1, 15): (2, False), (1, 20): (1, False), (1, 35): (1, False),
    (1, 40): (0, True), (1, 55): (0, True), (1, 60): (1, True), (1, 95): (2, True), (1, 100): (3, True),
    (2, 0): (3, False), (2, 35): (2, False), (2, 75): (1, False), (2, 80): (0, True), (2, 120): (1, True),
    (2, 165): (2, True), (2, 235): (3, True),
    (3, 0): (3, False), (3, 55): (2, False), (3, 60): (1, False), (3, 115): (1, False), (3, 120): (0, True),
    (3, 175): (0, True), (3, 180): (1, True), (3, 240): (2, True), (3, 300): (3, True), (3, 355): (3, True),
    (4, 0): (3, False), (4, 75): (2, False), (4, 155): (1, False), (4, 160): (0, True), (4, 240): (1, True),
    (4, 475): (3, True),
}


@pytest.mark.parametrize(("decks", "points"), sorted(TABLE))
def test_steps40_scales_with_the_deck_count(decks: int, points: int) -> None:
    assert level_gain(points, Rules.from_preset("standard", decks=decks)) == TABLE[decks, points]


def test_example_36_one_deck_thresholds() -> None:
    """§14 example 36: one deck, P = 35 → dealer team +1; 40 → the defenders take over, +0; 60 → defenders +1."""
    rules = Rules.from_preset("standard", decks=1)
    assert [level_gain(p, rules) for p in (35, 40, 60)] == [(1, False), (0, True), (1, True)]


def test_example_38_seed_000s_three_deck_table() -> None:
    """§14 example 38: 0 大光 +3; 55 小光 +2; 115 +1; 120 上台; 180 +1; 240 +2; 300 +3."""
    rules = Rules.from_preset("standard", decks=3)
    answers = [level_gain(p, rules) for p in (0, 55, 115, 120, 180, 240, 300)]
    assert answers == [(3, False), (2, False), (1, False), (0, True), (1, True), (2, True), (3, True)]


def test_example_40_four_decks_take_over_at_160() -> None:
    """§14 example 40: four decks, P = 155 → dealer team +1; 160 → the defenders take over."""
    rules = Rules.from_preset("standard", decks=4)
    assert [level_gain(p, rules) for p in (155, 160)] == [(1, False), (0, True)]


def test_the_other_tables_scale_by_half_the_deck_count() -> None:
    """§12.5: ``steps20`` with three decks: steps of 30 from a take-over at 120."""
    rules = Rules.from_preset("standard", decks=3, level_table="steps20")
    assert [level_gain(p, rules) for p in (0, 30, 90, 119, 120, 150, 179)] == [
        (5, False), (4, False), (2, False), (1, False), (0, True), (1, True), (1, True)]


@given(st.integers(0, 500), st.sampled_from(["steps40", "steps20", "steps20b", "steps10"]))
def test_two_decks_read_points_unchanged(points: int, table: str) -> None:
    rules = Rules.from_preset("standard", level_table=table)
    assert two_deck_points(points, 2) == points
    assert level_gain(points, rules) == level_gain(2 * points, rules.with_options(decks=4))


def _unit(text: str) -> Unit:
    cards = parse_cards(text)
    return Unit(UnitKind.SINGLE if len(cards) == 1 else UnitKind.PAIR if len(cards) == 2 else UnitKind.TRACTOR,
                cards)


@pytest.mark.parametrize(("cards", "shape", "doubling", "by_cards", "power", "by_pairs"), [
    ("8C", (1, 1), 2, 2, 2, 2),
    ("8C 8C", (2, 1), 4, 4, 4, 4),
    ("8C 8C 7C 7C", (2, 2), 8, 8, 16, 6),
    ("8C 8C 7C 7C 6C 6C", (2, 3), 16, 12, 64, 8),
    ("8C 8C 8C", (3, 1), 8, 6, 8, 4),  # §14 example 39: kitty 30 → +240 doubling, +180 by_cards, +240 power
    ("8C 8C 8C 8C", (4, 1), 16, 8, 16, 6),
    ("8C 8C 8C 7C 7C 7C", (3, 2), 16, 12, 64, 8),
])
def test_kitty_multiplier_reads_width_and_length(cards: str, shape: tuple[int, int], doubling: int, by_cards: int,
                                                 power: int, by_pairs: int) -> None:
    unit = _unit(cards)
    assert unit_shape(unit.cards) == shape
    got = [multiplier_for_unit(unit, Rules.from_preset("standard", decks=4, kitty_multiplier=m))
           for m in ("doubling", "by_cards", "power", "by_pairs", "flat")]
    assert got == [doubling, by_cards, power, by_pairs, 2]


def test_example_37_one_deck_kitty_bonus_and_take_over() -> None:
    """§14 example 37: one deck, defenders have 35 and win the last trick with a single on a kitty of 10 points:
    +20, P = 55 → the defenders take over at +0. Example 36: 35 alone → dealer team +1."""
    rules = Rules.from_preset("standard", decks=1)
    kitty = parse_cards("5S 5H 3C 4C 6D 7D")
    result = settle_hand(rules=rules, hand_number=2, level="2", trump="S", dealer=0, levels=("2", "2"),
                         trick_points=35, kitty=kitty, last_play=parse_cards("AD"), last_winner=1)
    assert (result.kitty_bonus, result.defender_points, result.defenders_take_over) == (20, 55, True)
    assert result.levels_after == ("2", "2") and result.next_dealer == 1
    kept = settle_hand(rules=rules, hand_number=2, level="2", trump="S", dealer=0, levels=("2", "2"),
                       trick_points=35, kitty=kitty, last_play=parse_cards("AD"), last_winner=0)
    assert kept.levels_after == ("3", "2") and kept.next_dealer == 2


@pytest.mark.parametrize("players", [4, 6, 8])
def test_fixed_partners_deal_on_in_their_team(players: int) -> None:
    """§13.1/§13.8 with fixed partners (even against odd seats): the dealer team wins → its next member after the
    dealer; the defenders win → the seat after the dealer."""
    rules = Rules.from_preset("standard", players=players, decks=2)
    last = players - 1
    assert next_dealer(last, True, rules) == 1 and next_dealer(last, False, rules) == 0
    assert next_dealer(2, True, rules) == (4 if players > 4 else 0)
