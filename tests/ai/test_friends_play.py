"""The play policy in 找朋友 (RULES §13.4) on hand-built six-seat, three-deck seat views: what ``basic`` plays
where the friend calls change what a card does (``engine.ai.teams``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Play
from engine.ai.baselines import baseline_action
from engine.ai.basic import basic_action
from engine.cards import parse_cards
from engine.friends import FriendCall, Friends
from engine.rules import Rules
from engine.views import Phase, PublicView, SeatView, TrickView

RULES = Rules.from_preset("standard", players=6, decks=3, mode="friends")
CALLS = (FriendCall(parse_cards("AS")[0], 1), FriendCall(parse_cards("AC")[0], 1))


def friends_view(seat: int, hand: str, tricks: Sequence[Sequence[tuple[int, str]]],
                 trick: Sequence[tuple[int, str]] = (), dealer: int = 0) -> SeatView:
    """A 找朋友 seat view (six seats, three decks, trump hearts, level 2, the dealer's calls ``CALLS``) after
    ``tricks`` (complete, plays as ``(seat, "cards")``), in ``trick``; the friends as those tricks revealed them."""
    friends = Friends.start(dealer, CALLS)
    done = []
    for t in tricks:
        plays = tuple((s, parse_cards(c)) for s, c in t)
        friends = friends.after_trick(plays, RULES)
        done.append(TrickView(t[0][0], plays, None, 0, players=6))
    current = TrickView(trick[0][0] if trick else seat, tuple((s, parse_cards(c)) for s, c in trick), None, 0,
                        players=6)
    own = parse_cards(hand)
    pub = PublicView(
        rules=RULES, hand_number=2, phase=Phase.PLAYING, levels=("2",) * 6, dealer=dealer, level="2", trump="H",
        declaration=None, to_act=(seat,), hand_sizes=(len(own),) * 6, cards_dealt=162, trick=current,
        tricks=tuple(done), defender_points=0, penalties=(), kitty_holder=dealer, last_result=None, results=(),
        match_winner=None, friends=friends)
    return SeatView(seat=seat, public=pub, hand=own)


def plays(seat_view: SeatView, v2: bool = False) -> list[str]:
    """The cards ``basic`` (``basic_v2`` if ``v2``) plays, sorted by name."""
    action = baseline_action(seat_view, "basic_v2") if v2 else basic_action(seat_view)
    assert isinstance(action, Play)
    return sorted(str(c) for c in action.cards)


# seat 2 takes the first trick with the first AS played: it is the dealer's friend, and the call of AC is open
FIRST = [[(0, "3S"), (1, "4S"), (2, "AS"), (3, "5S"), (4, "6S"), (5, "7S")]]


def test_a_revealed_friend_does_not_lead_a_called_card_that_would_fill_the_call_with_nobody_new() -> None:
    v = friends_view(2, "AC 4D 6D 8D 9S JS", FIRST)
    assert v.public.friends is not None and v.public.friends.team == (0, 2)
    assert plays(v, v2=True) == ["AC"]  # a sure winner, but the team would stay at two (double_join: consumes)
    assert "AC" not in plays(v)


def test_a_revealed_friend_does_not_win_with_a_called_card_that_would_fill_the_call_with_nobody_new() -> None:
    # seat 2 follows a club lead: the AC it holds would win the trick, and the second friend's call with it
    v = friends_view(2, "AC 4C 6D 8D 9S JS", FIRST, trick=[(0, "3C"), (1, "9C")])
    assert plays(v, v2=True) == ["AC"]
    assert plays(v) == ["4C"]


def test_a_seat_not_revealed_yet_still_wins_with_a_called_card() -> None:
    # seat 3 holds an AC: playing it makes seat 3 the second friend (no double join)
    v = friends_view(3, "AC 4C 6D 8D 9S JS", FIRST, trick=[(2, "3C")])
    assert plays(v) == ["AC"]


def test_the_dealer_leads_a_low_single_into_a_called_suit_it_holds_no_called_card_of() -> None:
    # the dealer (seat 0) called AS and AC and holds neither: a low spade or club lets a friend win it with the
    # called ace (and so reveal itself); the shortest suit alone (3D) would not
    v = friends_view(0, "3D 4S 5S 9S 4C 6C 8C 9C", [])
    assert plays(v, v2=True) == ["3D"]
    assert plays(v) == ["4S"]


def test_the_dealer_leads_a_single_not_a_pair_into_a_called_suit() -> None:
    # a pair led would need a pair to win it: the friend's single ace could not take the trick
    v = friends_view(0, "3S 3S 9S 4D 7D 10D JD", [])
    assert plays(v, v2=True) == ["3S", "3S"]
    assert plays(v) == ["9S"]


def test_a_hidden_friend_plays_the_called_card_that_reveals_it() -> None:
    # seat 1 holds an AC, the first copy to be played fills the open call: the dealer's QC already takes the trick
    # (only its friend, seat 2, plays after), yet the ace reveals seat 1 to its side (暗朋友 no more)
    v = friends_view(1, "AC 3C 6D 8D 9S JS", FIRST, trick=[(3, "6C"), (4, "7C"), (5, "8C"), (0, "QC")])
    assert plays(v, v2=True) == ["3C"]
    assert plays(v) == ["AC"]


def test_a_defender_does_not_feed_points_to_a_friend_revealed_by_the_copy_it_just_played() -> None:
    # the dealer leads a low spade and seat 1 wins it with the first AS: seat 1 joins the dealer's side when the
    # trick ends, but everyone has seen the copy, so seat 2 (a defender) keeps its KS and plays its low spade
    v = friends_view(2, "KS 4S 6D 8D 9C JC", [], trick=[(0, "3S"), (1, "AS")])
    assert plays(v) == ["4S"]


def test_the_dealer_feeds_points_to_a_friend_revealed_by_the_copy_it_just_played() -> None:
    # seat 4 leads a spade, seat 5 wins it with the first AS: the dealer (seat 0) knows it for its friend and gives
    # it the KS (10 points) rather than a low spade, though seat 5 is revealed only when the trick ends
    v = friends_view(0, "KS 6S 4D 7D 10D JD", [], trick=[(4, "4S"), (5, "AS")])
    assert plays(v) == ["KS"]


def test_a_call_filled_earlier_in_the_trick_reveals_nobody_else() -> None:
    # seat 1 has filled the AC call with the first copy: seat 2's AC would neither reveal it nor win (equal
    # cards: the first played wins), so it keeps the ace and follows low
    v = friends_view(2, "AC 4C 6D 8D 9S JS", [], trick=[(0, "3C"), (1, "AC")])
    assert plays(v) == ["4C"]
