"""/ladder and /stats of a table shape (data.shapes): a 找朋友 player's card reads the friends-3d6p ladder — its own
level, its rank there, its level chart, and its recent results won by seat (a 找朋友 match has no winning team) —
while the two-deck four-seat ladder knows nothing of it."""

from __future__ import annotations

from typing import Any

from data.database import Database
from runtime.records.ladder_views import ladder_picture, player_card, recent_results
from tests.data.test_shape_ladders import HUMANS, play_friends_match

KEY = "friends-3d6p"


async def test_a_friends_players_card_reads_its_shapes_ladder(db: Database, drawn_stats_cards: list[Any]) -> None:
    _, table = await play_friends_match(db)
    [match] = await db.match_history(1, shape=KEY)
    assert await db.match_history(1, shape="tractor") == []
    for seat, user in HUMANS.items():
        assert (await player_card(db, 1, user, "p", "en")).image is None  # no two-deck four-seat matches
        assert (await player_card(db, 1, user, "p", "en", shape=KEY)).image is not None
        card = drawn_stats_cards[-1]
        assert card.level == table.levels[seat] and card.recent == (seat in match.winners,)
        assert card.matches_won == int(seat in match.winners) and len(card.levels) == 1
        assert recent_results([match], user) == (seat in match.winners,)
    assert await ladder_picture(db, 1, "level", "en") is None
    assert await ladder_picture(db, 1, "level", "en", shape=KEY) is not None
