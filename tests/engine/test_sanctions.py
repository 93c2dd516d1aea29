"""Penalties, warnings, awarded hands and disqualifications (engine.sanctions): pure, serialized with the
table, rebuilt exactly by replaying the action log."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.actions import AwardHand, Disqualify, Penalize, action_from_json
from engine.errors import EngineError, IllegalAction
from engine.events import Disqualified, HandAwarded, HandSettled, MatchOver, Penalized
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase


def table_at(phase: Phase, seed: int = 3, hand: int = 1) -> Table:
    """A random table driven until ``phase`` of hand ``hand``."""
    table, rng = Table.new(Rules.from_preset("standard"), seed), random.Random(seed)
    for _ in range(5000):
        if table.phase is phase and table.hand.number == hand:
            return table
        table.apply(random_action(table, rng))
    raise AssertionError("phase not reached")


@pytest.mark.parametrize("team", [0, 1])
def test_a_penalty_moves_the_defenders_points_toward_the_other_side(team: int) -> None:
    table = table_at(Phase.PLAYING)
    dealer_team = table.hand.dealer % 2
    before = table.hand.defender_points
    events = table.apply(Penalize(team=team, points=20, reason="timeout"))
    expected = before + 20 if team == dealer_team else before - 20
    assert table.hand.defender_points == expected
    assert events == [Penalized(team, 20, "timeout", 1, expected)]
    assert [(s.team, s.points, s.kind) for s in table.public_view().sanctions] == [(team, 20, "penalty")]


def test_a_warning_is_recorded_only_and_allowed_between_hands() -> None:
    table = table_at(Phase.HAND_OVER)
    points = table.hand.defender_points
    table.apply(Penalize(team=1, points=0, reason="referee"))
    assert table.hand.defender_points == points
    assert table.sanctions[-1].kind == "warning"
    with pytest.raises(IllegalAction) as info:  # points need a hand in play
        table.apply(Penalize(team=1, points=10, reason="referee"))
    assert info.value.key == "sanction.no_hand"


def test_bad_sanctions_are_refused_and_change_nothing() -> None:
    table = table_at(Phase.PLAYING)
    state, version = table.to_json(), table.version
    for action, key in ((Penalize(team=2, points=10), "sanction.bad_team"),
                        (Penalize(team=0, points=7), "sanction.bad_points"),
                        (Penalize(team=0, points=-5), "sanction.bad_points")):
        with pytest.raises(IllegalAction) as info:
            table.apply(action)
        assert info.value.key == key
    assert table.to_json() == state and table.version == version
    first = table_at(Phase.DECLARING)  # the first hand: no dealer yet
    with pytest.raises(IllegalAction):
        first.apply(Penalize(team=0, points=10))
    with pytest.raises(IllegalAction):
        first.apply(AwardHand(team=0))


@pytest.mark.parametrize("to_dealers", [True, False])
def test_an_awarded_hand_climbs_the_dealers_one_level_or_gives_the_defenders_the_stage(to_dealers: bool) -> None:
    table = table_at(Phase.PLAYING, seed=8)
    dealer = table.hand.dealer
    team = dealer % 2 if to_dealers else 1 - dealer % 2
    events = table.apply(AwardHand(team=team, reason="referee"))
    assert isinstance(events[0], HandAwarded) and isinstance(events[1], HandSettled)
    result = events[1].result
    assert table.phase is Phase.HAND_OVER
    if to_dealers:
        assert result.level_gains[team] == 1 and not result.defenders_take_over
        assert result.next_dealer % 2 == team
    else:
        assert result.defenders_take_over and result.level_gains == (0, 0)
        assert result.next_dealer % 2 == team
    assert table.sanctions[-1].kind == "award" and table.sanctions[-1].team == 1 - team
    table.apply(random_action(table, random.Random(1)))  # the next hand starts as usual
    assert table.hand.number == 2


def test_disqualification_ends_the_match_for_the_other_team() -> None:
    table = table_at(Phase.BURYING)
    events = table.apply(Disqualify(team=0))
    assert events[0] == Disqualified(0, "referee")
    assert isinstance(events[1], MatchOver) and events[1].winner == 1 and events[1].reason == "disqualified"
    assert table.phase is Phase.MATCH_OVER


def test_sanction_actions_round_trip_and_malformed_ones_are_refused() -> None:
    for action in (Penalize(team=1, points=20, reason="timeout"), AwardHand(team=0), Disqualify(team=1)):
        assert action_from_json(action.to_json()) == action
    for bad in ({"type": "penalize", "team": 3, "points": 5, "reason": "referee"},
                {"type": "penalize", "team": 0, "points": True, "reason": "referee"},
                {"type": "award_hand", "team": 0, "reason": "whim"}):
        with pytest.raises(EngineError):
            action_from_json(bad)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(50, 400), sanction_rate=st.floats(0.01, 0.2))
def test_replay_and_snapshot_restore_sanctions_exactly(seed: int, steps: int, sanction_rate: float) -> None:
    rng = random.Random(seed)
    table = Table.new(Rules.from_preset("standard"), seed)
    sanctioned = 0
    for _ in range(steps):
        if table.phase is Phase.MATCH_OVER:
            break
        if rng.random() < sanction_rate:
            choice = rng.choice([Penalize(team=rng.randrange(2), points=rng.choice([0, 10, 20, 80])),
                                 AwardHand(team=rng.randrange(2), reason="timeout")])
            try:
                table.apply(choice)
                sanctioned += 1
            except IllegalAction:
                pass
            continue
        table.apply(random_action(table, rng))
    assume(sanctioned > 0)
    replayed = Table.replay_json(table.rules.to_json(), seed, table.actions_json())
    assert replayed.to_json() == table.to_json()
    assert Table.from_json(table.to_json()).to_json() == table.to_json()
    assert replayed.sanctions == table.sanctions


def test_undo_takes_back_the_latest_play_only_and_replays() -> None:
    from engine.actions import Play, Undo
    from engine.events import PlayUndone

    table = table_at(Phase.PLAYING, seed=12)
    rng = random.Random(2)
    while len(table.hand.trick) != 2:  # the middle of a trick
        table.apply(random_action(table, rng))
    seat, cards = table.hand.trick[-1]
    before_points, size = table.hand.defender_points, len(table.hand.hands[seat])
    with pytest.raises(IllegalAction) as info:  # only the seat that played last
        table.apply(Undo(seat=(seat + 1) % 4))
    assert info.value.key == "undo.not_possible"
    assert table.apply(Undo(seat=seat)) == [PlayUndone(seat, cards)]
    assert table.to_act() == (seat,) and len(table.hand.hands[seat]) == size + len(cards)
    assert table.hand.defender_points == before_points
    assert table.legal_actions(seat)  # to play again
    table.apply(Play(seat=seat, cards=cards))
    replayed = Table.replay_json(table.rules.to_json(), table.seed, table.actions_json())
    assert replayed.to_json() == table.to_json()
    assert action_from_json(Undo(seat=2).to_json()) == Undo(seat=2)
