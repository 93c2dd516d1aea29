"""Announcements at tables of other shapes (issue 54): a fixed team of three or four is named whole (a timeout's
penalty, a referee's ruling), a 找朋友 dealer's calls and each friend revealed are announced with the card, the
dealer's team as it stands and each player's own level by name."""

from __future__ import annotations

from data.records import Seat, TableRecord
from engine.cards import Card
from engine.events import FriendJoined, FriendsCalled
from engine.friends import FriendCall, Friends
from engine.rules import Rules
from runtime.announce.events import calls_param, from_events
from runtime.announce.procedures import team_names


def _record(**shape: object) -> TableRecord:
    rules = Rules.from_preset("standard", **shape)
    seats = tuple(Seat(f"p{i}", user_id=i + 1) for i in range(rules.players))
    return TableRecord(table_id=1, guild_id=1, channel_id=1, host_id=1, rules=rules, seats=seats)


def test_a_fixed_team_of_three_is_named_whole() -> None:
    rec = _record(players=6)
    assert team_names(rec, 0) == {"a": "p0, p2", "b": "p4"} and team_names(rec, 1) == {"a": "p1, p3", "b": "p5"}
    assert team_names(_record(), 1) == {"a": "p1", "b": "p3"}  # four seats as before


def test_friend_calls_and_a_friend_revealed_are_announced_with_the_card() -> None:
    rec = _record(players=6, mode="friends")
    called, = from_events(rec, [FriendsCalled(2, (("KC", 2), ("AH", 1)))])
    assert called.key == "announce.friends_called" and called.params == {"name": "p2", "calls": "KC:2 AH:1"}
    friends = Friends.start(2, [FriendCall(Card("K", "C"), 2)]).after_trick([(4, [Card("K", "C")])], rec.rules)
    friends = friends.after_trick([(5, [Card("K", "C")])], rec.rules)
    assert friends.team == (2, 5)
    view = type("View", (), {"friends": friends})()
    joined, = from_events(rec, [FriendJoined(5, Card("K", "C"), 2, 3)], view)  # type: ignore[arg-type]
    assert joined.key == "announce.friend_joined"
    assert joined.params == {"name": "p5", "call": calls_param([("KC", 2)]), "dealer": "p2", "team": "p2, p5"}
    alone, = from_events(rec, [FriendsCalled(2, ())])
    assert alone.key == "announce.friends_none"
