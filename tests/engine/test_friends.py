"""RULES §13 找朋友 and §14 examples 41-48: friend calls, reveals at the end of a trick, team settlement."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, parse_card, parse_cards
from engine.errors import IllegalAction
from engine.friends import FriendCall, Friends, call_error, check_calls, default_calls
from engine.friends_settlement import defender_points, next_friends_dealer, settle_friends
from engine.rules import Rules

SIX = Rules.from_preset("standard", players=6, mode="friends")  # 3 decks, 2 friends


def _call(card: str, ordinal: int) -> FriendCall:
    return FriendCall(parse_card(card), ordinal)


def _trick(*plays: tuple[int, str]) -> list[tuple[int, tuple]]:
    return [(seat, parse_cards(cards)) for seat, cards in plays]


def _low_spades(leader: int, card: str = "AS") -> list[tuple[int, tuple]]:
    fill = ["3S", "4S", "6S", "7S", "8S"]
    return _trick((leader, card), *(((leader + k) % 6, fill[k - 1]) for k in range(1, 6)))


def test_example_42_two_friends_join_at_the_end_of_their_tricks() -> None:
    """The first AS and the second KC: seat 2 joins in trick 3; seat 4's KC is skipped; seat 1's second KC joins."""
    friends = Friends.start(0, [_call("AS", 1), _call("KC", 2)])
    friends = friends.after_trick(_low_spades(2), SIX)
    assert friends.team == (0, 2) and [c.skip for c in friends.open_calls] == [1]
    friends = friends.after_trick(_trick((4, "KC"), (5, "3C"), (0, "4C"), (1, "5C"), (2, "6C"), (3, "7C")), SIX)
    assert friends.team == (0, 2) and friends.open_calls[0].skip == 0
    before = friends
    friends = friends.after_trick(_trick((1, "KC"), (2, "3C"), (3, "4C"), (4, "5C"), (5, "6C"), (0, "7C")), SIX)
    assert friends.team == (0, 2, 1) and friends.team[len(before.team):] == (1,) and not friends.open_calls
    assert friends.defenders(6) == (3, 4, 5)


def test_example_43_the_dealers_own_copy_consumes_the_call() -> None:
    consumes = Friends.start(0, [_call("AS", 1)]).after_trick(_low_spades(0), SIX)
    assert consumes.team == (0,) and not consumes.open_calls  # filled by the dealer: the team stays smaller
    rules = SIX.with_options(double_join="ignored")
    ignored = Friends.start(0, [_call("AS", 1)]).after_trick(_low_spades(0), rules)
    assert ignored.team == (0,) and ignored.open_calls[0].skip == 0
    assert ignored.after_trick(_low_spades(3), rules).team == (0, 3)


def test_example_44_a_pair_skips_then_joins() -> None:
    friends = Friends.start(0, [_call("KC", 2)])
    friends = friends.after_trick(_trick((3, "AC AC"), (4, "KC KC"), (5, "3C 4C"), (0, "5C 6C"), (1, "7C 8C"),
                                         (2, "9C 9C")), SIX)
    assert friends.team == (0, 4)


def test_example_45_a_copy_in_the_kitty_keeps_the_call_open() -> None:
    friends = Friends.start(0, [_call("QD", 3)])
    for leader in (1, 4):  # the two copies in the hands are played; the third lies in the kitty
        friends = friends.after_trick(_trick(*(((leader + k) % 6, "QD" if k == 0 else "3D") for k in range(6))),
                                      SIX)
    assert friends.team == (0,) and friends.open_calls[0].skip == 0


def test_two_calls_of_one_card_count_the_same_copies() -> None:
    friends = Friends.start(0, [_call("KC", 1), _call("KC", 2)])
    friends = friends.after_trick(_trick((3, "KC"), (4, "KC"), (5, "3C"), (0, "4C"), (1, "5C"), (2, "6C")), SIX)
    assert friends.team == (0, 3, 4)


@pytest.mark.parametrize(("policy", "level", "trump", "card", "allowed"), [
    ("no_trumps", "5", "H", "AS", True), ("no_trumps", "5", "H", "5S", False), ("no_trumps", "5", "H", "3H", False),
    ("no_trumps", "5", "NT", "3H", True), ("no_trumps", "5", "H", "BJ", False), ("trumps_included", "5", "H", "BJ",
                                                                                True),
    ("trumps_included", "5", "H", "5S", True), ("no_highest", "5", "H", "AS", False), ("no_highest", "A", "H", "KS",
                                                                                       False),
    ("no_highest", "5", "H", "KS", True), ("no_points", "5", "H", "10S", False), ("no_points", "5", "H", "KS", False),
    ("no_points", "A", "H", "KS", True), ("no_points", "5", "H", "QS", True), ("no_points", "5", "H", "3H", False),
])
def test_friend_card_policies(policy: str, level: str, trump: str, card: str, allowed: bool) -> None:
    rules = SIX.with_options(friend_cards=policy)
    assert (call_error(_call(card, 1), level, trump, rules) is None) is allowed


def test_calls_are_checked() -> None:
    check_calls([_call("AS", 1), _call("AS", 3)], "5", "H", SIX)  # one card, two ordinals
    for calls, key in (([_call("AS", 1)], "friends.wrong_count"),
                       ([_call("AS", 1), _call("AS", 1)], "friends.duplicate"),
                       ([_call("AS", 1), _call("KC", 4)], "friends.bad_ordinal"),
                       ([_call("AS", 1), _call("KH", 1)], "friends.card_not_allowed")):
        with pytest.raises(IllegalAction) as err:
            check_calls(calls, "5", "H", SIX)
        assert err.value.key == key
    with pytest.raises(IllegalAction) as err:
        check_calls([_call("AS", 1)], "5", "H", Rules())
    assert err.value.key == "friends.not_friends_mode"


def test_example_46_levels_rise_from_each_players_own() -> None:
    levels = ["5", "3", "9", "2", "2", "2"]
    kitty = parse_cards("3C 4C 6D 7D 8D 9D")
    won = settle_friends(rules=SIX, level="5", trump="H", dealer=0, levels=levels, team=[0, 2, 1], trick_points=50,
                         kitty=kitty, last_play=parse_cards("AS"), last_winner=0)
    assert won.levels_after == ("7", "5", "J", "2", "2", "2") and won.next_dealer == 1 and won.kitty_bonus == 0
    lost = settle_friends(rules=SIX, level="5", trump="H", dealer=0, levels=levels, team=[0, 2, 1], trick_points=130,
                          kitty=kitty, last_play=parse_cards("AS"), last_winner=0)
    assert lost.levels_after == tuple(levels) and lost.next_dealer == 3 and lost.defenders_take_over


def test_example_43_small_team_bonus_and_example_48_no_pass_of_a() -> None:
    levels = ["5", "A", "2", "2", "2", "2"]
    kitty = parse_cards("3C 4C 6D 7D 8D 9D")
    alone = settle_friends(rules=SIX, level="5", trump="H", dealer=0, levels=levels, team=[0, 1], trick_points=50,
                           kitty=kitty, last_play=parse_cards("AS"), last_winner=0)
    assert alone.levels_after[:2] == ("8", "A") and not alone.winners  # +2 and the bonus; A is not passed at 5
    plain = settle_friends(rules=SIX.with_options(small_team_bonus=False), level="5", trump="H", dealer=0,
                           levels=levels, team=[0, 1], trick_points=50, kitty=kitty, last_play=parse_cards("AS"),
                           last_winner=0)
    assert plain.levels_after[0] == "7"
    at_ace = settle_friends(rules=SIX, level="A", trump="H", dealer=1, levels=levels, team=[1, 0, 2],
                            trick_points=50, kitty=kitty, last_play=parse_cards("AS"), last_winner=0)
    assert at_ace.winners == (1,)


def test_the_kitty_counts_for_a_defender_winning_the_last_trick() -> None:
    kitty = parse_cards("5C 10C 6D 7D 8D 9D")  # 15 points, a single ×2
    result = settle_friends(rules=SIX, level="5", trump="H", dealer=0, levels=["5"] * 6, team=[0, 2, 1],
                            trick_points=100, kitty=kitty, last_play=parse_cards("AS"), last_winner=4)
    assert (result.kitty_bonus, result.defender_points, result.defenders_take_over) == (30, 130, True)


def test_example_47_next_dealer() -> None:
    seven = Rules.from_preset("standard", players=7, mode="friends")
    assert next_friends_dealer(2, (2, 5, 0), True, 7, seven) == 5
    assert next_friends_dealer(2, (2, 5, 0), False, 7, seven) == 3
    assert next_friends_dealer(2, (2,), True, 7, seven) == 2


def test_points_travel_with_the_friend() -> None:
    """§13.5: a friend's points won before its reveal count for the dealer's team; penalties by final team."""
    won = {0: 20, 1: 30, 2: 40, 3: 10, 4: 0, 5: 0}
    assert defender_points(won, {}, [0, 2, 1]) == 10
    assert defender_points(won, {1: 10, 3: 20}, [0, 2, 1]) == 10 + 10 - 20


@given(st.integers(4, 8), st.integers(0, 7), st.lists(st.tuples(st.sampled_from(ALL_CARDS[:52]), st.integers(1, 3)),
                                                      min_size=1, max_size=3, unique=True),
       st.lists(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=3), min_size=4, max_size=40),
       st.sampled_from(["consumes", "ignored"]))
def test_teams_partition_the_seats(players: int, dealer: int, calls: list[tuple], plays: list[list],
                                   double_join: str) -> None:
    assume(dealer < players and len(calls) < players - 1)
    rules = Rules.from_preset("standard", players=players, mode="friends", decks=3, friends=len(calls),
                              double_join=double_join)
    friends = Friends.start(dealer, [FriendCall(c, k) for c, k in calls])
    for start in range(0, len(plays) - players + 1, players):
        friends = friends.after_trick([((dealer + i) % players, plays[start + i]) for i in range(players)], rules)
    team, defenders = friends.team, friends.defenders(players)
    assert team[0] == dealer and len(set(team)) == len(team) <= len(calls) + 1
    assert sorted(team + defenders) == list(range(players))
    assert len(friends.open_calls) + len(team) - 1 <= len(calls)


def test_default_calls_skip_the_dealers_own_copies() -> None:
    """The stated heuristic: the top allowed card of the dealer's shortest suits, the first copy it does not hold."""
    hand = parse_cards("AS AS KS 3C 4C 5C 6C 7C 8C 9D 9D 10D JD QD 2H")
    calls = default_calls(hand, "5", "H", SIX)
    assert calls == (FriendCall(parse_card("AS"), 3), FriendCall(parse_card("AD"), 1))  # spades 3, diamonds 5
    check_calls(calls, "5", "H", SIX)
