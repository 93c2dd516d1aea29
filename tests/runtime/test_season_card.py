"""A player's /stats card across seasons: the chosen season's row, the level after each of its matches (the chart),
the all-time line once there are several seasons, and the best season."""

from __future__ import annotations

from typing import Any

import i18n
from data.database import Database
from runtime.records.ladder_views import player_card
from tests.data.test_seasons import OTHERS, SEATS, G, play


async def test_the_card_of_a_past_season_and_of_the_current_one(db: Database, drawn_stats_cards: list[Any]) -> None:
    await play(db, SEATS, 2, True)
    await play(db, SEATS, 3, True)
    await play(db, OTHERS, 1, True)
    _archived, summer = await db.start_season(G, "Summer", None, opened_by=1, now=100.0)
    await play(db, SEATS, 1, False)
    await player_card(db, G, 101, "alice", "en")
    now = drawn_stats_cards[-1]
    assert (now.season, now.level, now.matches_lost, now.levels) == ("Summer", "2", 1, (0,))
    assert now.all_time == i18n.t("season.all_time", "en", seasons=2, won=2, lost=1, streak=2)
    assert now.best_season == i18n.t("season.best", "en", season="Season 1", place=1)
    first = await db.find_season(G, "1")
    await player_card(db, G, 101, "alice", "zh-CN", first)
    past = drawn_stats_cards[-1]
    assert (past.season, past.level, past.matches_won, past.levels) == ("第1赛季", "7", 2, (2, 5))
    assert (await player_card(db, G, 999, "nobody", "en")).image is None and len(drawn_stats_cards) == 2
    assert summer.number == 2
