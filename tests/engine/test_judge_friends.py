"""The judge's v3 hand questions (docs/JUDGE.md): ``friends``, ``settle`` per seat in 找朋友 and with N decks,
``bid`` with the table's shape."""

from __future__ import annotations

import json
from typing import Any

from engine.judge import answer

FRIENDS6 = {"mode": "friends", "players": 6, "decks": 3}
TRICK = [[2, ["AS"]], [3, ["3S"]], [4, ["4S"]], [5, ["6S"]], [0, ["7S"]], [1, ["8S"]]]


def _ask(**query: Any) -> dict[str, Any]:
    return answer(json.dumps(query))


def test_the_friends_example_of_judge_md() -> None:
    got = _ask(q="friends", rules=FRIENDS6, level="5", trump="H", dealer=0,
               calls=[{"card": "AS", "ordinal": 1}, {"card": "KC", "ordinal": 2}], tricks=[TRICK])
    assert got == {"team": [0, 2], "open": [{"card": "KC", "ordinal": 2, "skip": 1}]}


def test_friends_refuses_what_cannot_be() -> None:
    base = {"q": "friends", "rules": FRIENDS6, "level": "5", "trump": "H", "dealer": 0,
            "calls": [{"card": "AS", "ordinal": 1}], "tricks": [TRICK]}
    for change in ({"rules": "standard"}, {"dealer": 6}, {"calls": [{"card": "AS", "ordinal": 4}]},
                   {"calls": [{"card": "AH", "ordinal": 1}]}, {"tricks": [[[2, ["AS"]], [2, ["3S"]]]]},
                   {"tricks": [TRICK, TRICK, TRICK, TRICK]}):  # four AS in three decks
        assert "error" in answer(json.dumps({**base, **change})), change


def test_settle_per_seat_in_friends_mode() -> None:
    """§14 example 46: seat 0 (5) → 7, seat 2 (9) → J, seat 1 (3) → 5; next dealer seat 1."""
    query = {"q": "settle", "rules": FRIENDS6, "level": "5", "trump": "H", "dealer": 0,
             "levels": ["5", "3", "9", "2", "2", "2"], "team": [0, 2, 1], "points": 50,
             "kitty": ["3C", "4C", "6D", "7D", "8D", "9D"], "last": ["AS"], "last_winner": 0}
    assert answer(json.dumps(query)) == {"kitty_bonus": 0, "defender_points": 50, "next_dealer": 1,
                                         "levels": ["7", "5", "J", "2", "2", "2"], "match_winner": None}
    lost = answer(json.dumps({**query, "points": 130}))
    assert lost["levels"] == query["levels"] and lost["next_dealer"] == 3
    assert "error" in answer(json.dumps({**query, "team": [2, 1]}))  # the dealer is on its own team
    assert "error" in answer(json.dumps({**query, "levels": ["5", "3"]}))


def test_settle_reads_the_deck_count() -> None:
    query = {"q": "settle", "rules": {"decks": 3}, "level": "2", "trump": "S", "dealer": 0, "levels": ["2", "2"],
             "points": 115, "kitty": ["3C", "4C", "6D", "7D", "8D", "9D"], "last": ["AS"], "last_winner": 0}
    assert answer(json.dumps(query))["levels"] == ["3", "2"]  # §12.5: 60-115 → +1 with three decks
    assert answer(json.dumps({**query, "points": 120}))["next_dealer"] == 1  # 120 上台
    assert "error" in answer(json.dumps({**query, "kitty": ["3C"] * 8}))  # three decks: a kitty of 6


def test_bid_takes_seats_and_copies_of_the_shape() -> None:
    query = {"q": "bid", "rules": {"players": 6, "decks": 3}, "level": "2", "current": None, "seat": 5,
             "cards": ["2H"], "first_hand": False}
    assert answer(json.dumps(query)) == {"legal": True, "trump": "H"}
    assert "error" in answer(json.dumps({**query, "seat": 6}))
    assert "error" in answer(json.dumps({**query, "rules": "standard"}))  # four seats: no seat 5


def test_example_39_a_triple_on_the_last_trick() -> None:
    """§14 example 39: three decks, the defenders win the last trick on a led triple, kitty 30 points: doubling
    ×8 → +240; by_cards ×6 → +180; power ×8 → +240."""
    query = {"q": "settle", "level": "2", "trump": "S", "dealer": 0, "levels": ["2", "2"], "points": 0,
             "kitty": ["KH", "10D", "5S", "5C", "4C", "6D"], "last": ["8C", "8C", "8C"], "last_winner": 1}
    bonuses = [answer(json.dumps({**query, "rules": {"decks": 3, "kitty_multiplier": m}}))["kitty_bonus"]
               for m in ("doubling", "by_cards", "power")]
    assert bonuses == [240, 180, 240]
