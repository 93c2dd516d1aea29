"""``engine.builders`` makes the very objects the constructors make: equal, same hash, repr, every field set, the
same wire form and pickle (the hot path builds them field by field, without the dataclass ``__init__``)."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine import builders
from engine.actions import Declare, Pass, Play
from engine.cards import ALL_CARDS
from engine.events import CardsDealt, Passed, Played, TrickWon
from engine.units import Unit, UnitKind, pair_unit, single_unit
from engine.views import TrickView

cards = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8).map(tuple)
seats = st.integers(0, 3)


def same(built: Any, made: Any) -> None:
    assert type(built) is type(made)
    for f in dataclasses.fields(made):  # every field is set (an unset slot raises here)
        assert getattr(built, f.name) == getattr(made, f.name), f.name
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
    assert pickle.loads(pickle.dumps(built)) == made
    if hasattr(made, "to_json"):
        assert built.to_json() == made.to_json()
    with_dict = hasattr(made, "__dict__") and not hasattr(type(made), "__slots__")  # (a compiled class has neither)
    assert not with_dict or vars(built) == vars(made)


@given(seats, cards)
def test_a_play_and_its_event(seat: int, shown: tuple[Any, ...]) -> None:
    same(builders.play(seat, shown), Play(seat=seat, cards=shown))
    same(builders.play_of(seat, tuple(c.index for c in shown)), Play(seat=seat, cards=shown))  # (a listing's choice)
    same(builders.played(seat, shown), Played(seat, shown))
    assert builders.played(seat, shown).is_public


@given(seats, st.integers(0, 200), st.integers(-300, 300), st.integers(1, 25))
def test_a_won_trick(seat: int, points: int, defender_points: int, number: int) -> None:
    same(builders.trick_won(seat, points, defender_points, number), TrickWon(seat, points, defender_points, number))


@given(seats, st.lists(st.tuples(seats, cards), max_size=4).map(tuple), st.none() | seats, st.integers(0, 100))
def test_a_trick_view(leader: int, plays: Any, winner: int | None, points: int) -> None:
    same(builders.trick_view(leader, plays, winner, points), TrickView(leader, plays, winner, points))


@given(seats, cards)
def test_a_declaration_and_a_pass(seat: int, shown: tuple[Any, ...]) -> None:
    same(builders.declare(seat, shown), Declare(seat=seat, cards=shown))
    same(builders.pass_turn(seat), Pass(seat=seat))


@given(seats, cards)
def test_a_pass_and_dealt_cards(seat: int, shown: tuple[Any, ...]) -> None:
    same(builders.passed(seat), Passed(seat))
    assert builders.passed(seat).is_public
    same(builders.cards_dealt(seat, shown), CardsDealt(seat, shown, to=seat))
    assert builders.cards_dealt(seat, shown).to == seat


@given(st.sampled_from(ALL_CARDS))
def test_interned_units_are_the_units_their_constructor_makes(card: Any) -> None:
    same(single_unit(card), Unit(UnitKind.SINGLE, (card,)))
    same(pair_unit(card), Unit(UnitKind.PAIR, (card, card)))
    assert single_unit(card) is single_unit(card) and pair_unit(card) is pair_unit(card)

