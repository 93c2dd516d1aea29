"""What the strong player's sampled deals and playouts take from a 找朋友 hand (RULES §13.4-§13.5): the sides and
open calls replay exactly as the table reveals friends (``engine.ai.teams``), and another seat's deals never give
the dealer more copies of a called card than its call says it held (``engine.ai.determinize.dealer_caps``); the strong
player searches there, but a hidden friend plays basic's play."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.ai import choose_action
from engine.ai.determinize import Sampler, World, dealer_caps
from engine.ai.playstate import to_counts
from engine.ai.situation import situation_from_view
from engine.ai.strong import start_state
from engine.ai.teams import Teams, fixed_teams, friends_teams
from engine.cards import Card
from engine.friends import Friends
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase


def _play(rules: Rules, seed: int, tricks: int | None = None) -> Table:
    """``basic`` at every seat until the hand is over (or ``tricks`` tricks are done)."""
    table = Table.new(rules, seed)
    rng = random.Random(seed)
    while table.phase is not Phase.HAND_OVER:
        if tricks is not None and table.phase is Phase.PLAYING and len(table.hand.tricks) >= tricks:
            break
        seats = table.to_act()
        if table.phase is Phase.DEALING or not seats:
            table.apply(random_action(table, rng))
            continue
        action = choose_action(table.seat_view(seats[0]), "basic", rng)
        table.apply(action if action is not None else random_action(table, rng))
    return table


@settings(max_examples=20, deadline=None)
@given(players=st.integers(4, 8), decks=st.integers(1, 4), seed=st.integers(0, 10**6),
       double_join=st.sampled_from(["consumes", "ignored"]))
def test_the_playouts_sides_reveal_friends_as_the_table_does(players: int, decks: int, seed: int,
                                                            double_join: str) -> None:
    rules = Rules.from_preset("standard", players=players, decks=decks, mode="friends", double_join=double_join)
    table = _play(rules, seed)
    pub = table.public_view()
    result = pub.last_result
    assert result is not None and pub.friends is not None
    assume(not pub.penalties)  # (a failed throw's penalty counts by the thrower's team: not replayed here)
    start = Friends.start(result.dealer, [c.call for c in pub.friends.calls])
    teams = friends_teams(start, [0] * players, rules)
    points = 0
    for trick in pub.tricks:
        assert trick.winner is not None
        plays = [(seat, tuple(c.index for c in cards)) for seat, cards in trick.plays]
        points += teams.after_trick(plays, trick.winner, trick.points)
    assert {s for s in range(players) if teams.side[s]} == set(result.team)
    assert points == result.trick_points
    assert all(set(teams.opps[s]).isdisjoint(teams.mates[s]) for s in range(players))


@settings(max_examples=15, deadline=None)
@given(players=st.integers(4, 8), seed=st.integers(0, 10**6), tricks=st.integers(0, 4))
def test_another_seats_deals_give_the_dealer_no_more_copies_than_its_calls_said(players: int, seed: int,
                                                                               tricks: int) -> None:
    rules = Rules.from_preset("standard", players=players, mode="friends")
    table = _play(rules, seed, tricks)
    assume(table.phase is Phase.PLAYING)
    seat = table.to_act()[0]
    dealer = table.hand.dealer
    assume(seat != dealer)
    sit = situation_from_view(table.seat_view(seat))
    caps = dealer_caps(sit)
    assert dealer is not None and caps  # the AI dealer calls copies others must play: it held k - 1 of each
    hand = table.hand.hands[dealer]
    assert all(hand.count(c) <= most for c in hand for i, most in caps if c.index == i)  # true of the real deal
    sampler = Sampler(sit)
    rng = random.Random(seed)
    for _ in range(20):
        world = sampler.sample(rng)
        assert all(world.hands[dealer][i] <= most for i, most in caps)
        assert sum(world.hands[dealer]) == len(hand)


def test_the_dealer_samples_freely_and_fixed_partners_have_no_caps() -> None:
    table = _play(Rules.from_preset("standard", players=6, mode="friends"), 5, 2)
    dealer = table.hand.dealer
    assert dealer is not None
    assert dealer_caps(situation_from_view(table.seat_view(dealer))) == []
    fixed = _play(Rules.from_preset("standard", players=6), 5, 2)
    assert dealer_caps(situation_from_view(fixed.seat_view(fixed.to_act()[0]))) == []


def test_a_seat_that_can_fill_a_call_with_its_own_copies_plays_as_the_dealers_side() -> None:
    ah = Card("A", "H").index
    teams = Teams([1, 0, 0, 0, 0, 0], [[ah, 1, 0]], [0] * 6)  # the second AH to be played (one copy to skip)
    one, two = [0] * 54, [0] * 54
    one[ah], two[ah] = 1, 2
    assert teams.for_seat(3, one) is teams  # one copy: the first one played is skipped
    view = teams.for_seat(3, two)  # two: its second copy fills the call
    assert view.side == [1, 0, 0, 1, 0, 0] and view.mates[3] == (0,) and view.opps[3] == (4, 5, 1, 2)
    assert teams.side[3] == 0 and teams.opps[4] == (0,)  # the others still read it as a defender
    assert fixed_teams(4, 0).for_seat(1, two) is fixed_teams(4, 0)


def _positions(players: int, seeds: range, tricks: range) -> list[tuple[Table, int]]:
    """找朋友 positions with basic at every seat: (table, seat to play) for each seed and tricks played."""
    out = []
    for seed in seeds:
        for n in tricks:
            table = _play(Rules.from_preset("standard", players=players, mode="friends"), seed, n)
            if table.phase is Phase.PLAYING:
                out.append((table, table.to_act()[0]))
    return out


def _fills_a_call(table: Table, seat: int) -> bool:
    """The seat is not on the dealer's team yet and holds more copies of an open call's card than it skips."""
    friends = table.public_view().friends
    assert friends is not None
    hand = table.hand.hands[seat]
    return seat not in friends.team and any(hand.count(c.call.card) > c.skip for c in friends.open_calls)


def test_a_hidden_friend_plays_basics_play_and_the_others_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """In 找朋友 the strong player searches, except as a hidden friend (暗朋友): holding the copy that fills an open
    call before it is revealed, it plays basic's play without sampling a deal (``engine.ai.strong.hidden_friend``)."""
    from engine.ai import strong
    from engine.ai.basic import basic_action
    from engine.ai.strong import SearchStats, hidden_friend, strong_action

    hidden = searched = 0
    for table, seat in _positions(6, range(24), range(10)):
        view = table.seat_view(seat)
        sit = situation_from_view(view)
        assert hidden_friend(sit) == _fills_a_call(table, seat)
        if not hidden_friend(sit) and searched >= 4:
            continue
        stats = SearchStats()
        action = strong_action(view, random.Random(1), iterations=6, stats=stats)
        if hidden_friend(sit):
            hidden += 1
            assert action == basic_action(view) and stats.worlds == 0
            monkeypatch.setattr(strong, "HIDDEN_FRIEND_SEARCH", True)  # (benchmarks/friends_search.py --hidden-search)
            strong_action(view, random.Random(1), iterations=6, stats=stats)
            monkeypatch.undo()
            assert stats.worlds > 0 or len(view.hand) == 1
        elif stats.worlds:
            searched += 1
    assert hidden >= 4 and searched >= 4  # (both kinds of position occur in these hands)
    calls = Teams([1, 0, 0, 0], [[Card("A", "H").index, 0, 0]], [0] * 4)
    assert calls.for_seat(2, to_counts([Card("A", "H")])).side[2] == 1  # (the rule hidden_friend reads)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(4, 8), decks=st.integers(1, 4), seed=st.integers(0, 10**6), tricks=st.integers(0, 6))
def test_a_playout_of_the_true_deal_is_the_hand_basic_plays(players: int, decks: int, seed: int, tricks: int) -> None:
    """Every seat of a playout plays basic's policy from what it may know, the sides and calls changing as at the
    table: played out from the real deal, it ends with the table's points and the dealer's team."""
    rules = Rules.from_preset("standard", players=players, decks=decks, mode="friends")
    table = _play(rules, seed, tricks)
    assume(table.phase is Phase.PLAYING)
    sit = situation_from_view(table.seat_view(table.to_act()[0]))
    hand = table.hand
    playout = start_state(sit, World([to_counts(cards) for cards in hand.hands], [c.index for c in hand.kitty]))
    points = playout.run()
    rest = _play(rules, seed)  # (the same hand played on to its end: basic is deterministic)
    result = rest.results[-1]
    assume(not rest.public_view().penalties)
    assert points == result.trick_points + result.kitty_bonus
    assert {s for s in range(players) if playout.teams.side[s]} == set(result.team)
