"""找朋友 at the table (RULES §13): the dealer calls friends with the bury, friends are revealed publicly at the end
of the trick that shows the called copy, points travel with the players, levels rise per player."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bury, action_from_json
from engine.cards import ALL_CARDS, card_points, parse_card
from engine.errors import IllegalAction
from engine.events import FriendJoined, FriendsCalled, TrickWon
from engine.friends import FriendCall
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase


def _to_bury(table: Table, rng: random.Random) -> None:
    while table.phase is not Phase.BURYING:
        table.apply(random_action(table, rng))


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 8), st.integers(0, 10**6))
def test_a_whole_friends_hand(players: int, seed: int) -> None:
    rules = Rules.from_preset("standard", players=players, mode="friends")
    table, rng = Table.new(rules, seed), random.Random(seed)
    events = []
    while table.phase is not Phase.HAND_OVER:
        if table.phase is Phase.DECLARING:
            assert {len(h) for h in table.hand.hands} == {rules.shape.hand_size}
        events += table.apply(random_action(table, rng))
    hand, result = table.hand, table.results[-1]
    played = [c for t in hand.tricks for _, cards in t.plays for c in cards]
    assert Counter(played + hand.kitty) == Counter({c: rules.decks for c in ALL_CARDS})
    assert sum(hand.won) + card_points(hand.kitty) == 100 * rules.decks  # the points each player carries
    team = result.team
    assert team[0] == result.dealer and len(set(team)) == len(team) <= rules.friend_calls + 1
    joined = [e.seat for e in events if isinstance(e, FriendJoined)]
    assert tuple(joined) == team[1:]
    assert len(result.levels_after) == players and all(e.to is None for e in events
                                                       if isinstance(e, FriendJoined | FriendsCalled))
    assert Table.from_json(table.to_json()).to_json() == table.to_json()


def test_a_friend_is_revealed_after_its_trick_is_won() -> None:
    rules = Rules.from_preset("standard", players=6, mode="friends")
    table, rng = Table.new(rules, 3), random.Random(3)
    found: list[tuple[int, int]] = []
    while table.phase is not Phase.HAND_OVER and not found:
        events = table.apply(random_action(table, rng))
        kinds = [type(e) for e in events]
        if FriendJoined in kinds:
            assert kinds.index(TrickWon) < kinds.index(FriendJoined)  # at the trick's end, not at the play
            joined = next(e for e in events if isinstance(e, FriendJoined))
            trick = table.hand.tricks[joined.trick - 1]
            assert any(seat == joined.seat and joined.card in cards for seat, cards in trick.plays)
            found.append((joined.seat, joined.trick))
    assert found and table.public_view().friends is not None
    assert found[0][0] in table.public_view().friends.team


def test_bad_calls_are_refused_and_change_nothing() -> None:
    rules = Rules.from_preset("standard", players=6, mode="friends")
    table, rng = Table.new(rules, 5), random.Random(5)
    _to_bury(table, rng)
    seat = table.to_act()[0]
    good = table.legal_actions(seat)[0]
    assert isinstance(good, Bury) and len(good.calls) == 2
    before = table.to_json()
    for calls in ((), good.calls[:1], (good.calls[0], good.calls[0]),
                  (good.calls[0], FriendCall(parse_card("BJ"), 1))):
        with pytest.raises(IllegalAction):
            table.apply(Bury(seat=seat, cards=good.cards, calls=calls))
        assert table.to_json() == before
    assert action_from_json(good.to_json()) == good
    table.apply(good)
    assert table.phase is Phase.PLAYING


def test_fixed_partners_take_no_calls_and_keep_their_bury_json() -> None:
    table, rng = Table.new(Rules(), 2), random.Random(2)
    _to_bury(table, rng)
    seat = table.to_act()[0]
    action = table.legal_actions(seat)[0]
    assert isinstance(action, Bury) and "calls" not in action.to_json()
    with pytest.raises(IllegalAction) as err:
        table.apply(Bury(seat=seat, cards=action.cards, calls=(FriendCall(parse_card("AS"), 1),)))
    assert err.value.key == "friends.not_friends_mode"


def test_a_dealer_without_friends_plays_alone() -> None:
    """``friends: 0``: no call, the dealer against everyone (not two fixed teams)."""
    rules = Rules.from_preset("standard", players=5, mode="friends", friends=0)
    table, rng = Table.new(rules, 11), random.Random(11)
    events = []
    while table.phase is not Phase.HAND_OVER:
        events += table.apply(random_action(table, rng))
    result = table.results[-1]
    assert result.team == (result.dealer,)
    assert not any(isinstance(e, FriendJoined) for e in events)
    others = [s for s in range(5) if s != result.dealer]
    assert result.trick_points == sum(table.hand.won[s] for s in others) + sum(
        -abs(p.penalty) if p.seat in others else abs(p.penalty) for p in table.hand.penalties)
