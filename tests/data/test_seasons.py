"""Seasons on both backends: start, end (the archive and its podium), the next season from scratch, all-time
records, the hall of fame, the level history, and the migration keeping an existing ladder as season 1."""

from __future__ import annotations

import pytest

from data.database import Database
from data.errors import DataError
from data.migrate import load_migrations
from tests.data.test_ladder import result, table

G = 1
BEFORE = next(m.version for m in load_migrations() if m.name == "seasons") - 1  # the schema before seasons
SEATS = [101, None, 102, None]
OTHERS = [103, None, 104, None]


async def play(db: Database, seats: list[int | None], gain: int, won: bool) -> None:
    tid = await table(db)
    await db.record_hand(G, tid, seats, result(1, 0, (gain, 0) if won else (0, gain), not won))
    await db.record_match(G, tid, seats, winner_team=0 if won else 1)


async def test_end_archives_the_podium_and_the_next_season_starts_from_scratch(db: Database) -> None:
    await play(db, SEATS, 2, True)
    await play(db, OTHERS, 1, False)
    await play(db, SEATS, 3, True)
    first = await db.open_season(G)
    assert (first.number, first.name, first.opened_by) == (1, None, None)
    end = await db.end_season(G, now=1000.0)
    assert end is not None and end.ended.number == 1 and end.ended.ended_at == 1000.0 and end.next.number == 2
    assert [p.user_id for p in end.ended.podium][:2] in ([101, 102], [102, 101])
    top = end.ended.podium[0]
    assert (top.place, top.level, top.matches_won, top.matches_lost) == (1, "7", 2, 0)  # 2 + 2 + 3 levels: 7
    assert len(end.ended.podium) == 3 and end.ended.podium[2].user_id in (103, 104)
    assert await db.end_season(G, now=1001.0, number=1) is None  # ended once: a timer after the command does nothing
    assert await db.leaderboard(G) == [] and await db.player_stats(G, 101) is None  # season 2: nobody yet
    archived = await db.player_stats(G, 101, season=1)
    assert archived is not None and archived.level == "7"
    await play(db, SEATS, 1, False)
    fresh = await db.player_stats(G, 101)
    assert fresh is not None and (fresh.season, fresh.level, fresh.matches_lost) == (2, "2", 1)
    total = await db.all_time(G, 101)
    assert total is not None and (total.seasons, total.matches_won, total.matches_lost) == (2, 2, 1)
    assert (total.best_season, total.best_place) == (1, 1)
    assert await db.all_time(G, 999) is None
    hall = await db.hall_of_fame(G)
    assert [s.number for s in hall] == [1]


async def test_start_names_a_season_and_refuses_a_second_start(db: Database) -> None:
    await play(db, SEATS, 2, True)
    archived, spring = await db.start_season(G, "  Spring   Cup ", 5000.0, opened_by=7, now=100.0)
    assert archived is not None and archived.number == 1 and archived.podium  # season 1 had players: archived
    assert (spring.number, spring.name, spring.ends_at, spring.opened_by) == (2, "Spring Cup", 5000.0, 7)
    with pytest.raises(DataError) as running:
        await db.start_season(G, "Summer", None, opened_by=7, now=200.0)
    assert running.value.key == "data.season_running"
    assert (await db.find_season(G, "spring cup")).number == 2
    assert (await db.find_season(G, "1")).number == 1
    with pytest.raises(DataError) as missing:
        await db.find_season(G, "Winter")
    assert missing.value.key == "data.season_not_found"
    end = await db.end_season(G, now=300.0)
    assert end is not None and end.ended.name == "Spring Cup" and end.ended.podium == ()
    with pytest.raises(DataError) as taken:
        await db.start_season(G, "SPRING CUP".title(), None, opened_by=7, now=400.0)
    assert taken.value.key == "data.season_name_taken"
    archived, summer = await db.start_season(G, "Summer", None, opened_by=7, now=400.0)
    assert archived is None and summer.number == 3  # the empty season opened by itself is taken over
    assert [s.number for s in await db.season_list(G)] == [1, 2, 3]


@pytest.mark.parametrize("name,ends", [("", None), ("2024", None), ("ok", 50.0)])
async def test_bad_starts_change_nothing(db: Database, name: str, ends: float | None) -> None:
    await play(db, SEATS, 2, True)
    with pytest.raises(DataError):
        await db.start_season(G, name, ends, opened_by=7, now=100.0)
    assert [s.number for s in await db.season_list(G)] == [1]
    assert (await db.open_season(G)).opened_by is None


async def test_level_history_follows_rated_matches(db: Database) -> None:
    await play(db, SEATS, 2, True)
    await play(db, SEATS, 3, True)
    await play(db, SEATS, 1, False)
    assert await db.level_history(G, 101, 1) == [2, 5, 5]
    assert await db.level_history(G, 103, 1) == []


async def test_existing_ladders_stay_season_one(db_target: str) -> None:
    old = await Database.open(db_target, migrate_to=BEFORE)
    await old.execute("INSERT INTO seasons (guild_id, season, started_at) VALUES (?, ?, ?)", (G, 1, 10.0))
    await old.execute("INSERT INTO ladder (guild_id, season, user_id, progress, mu, sigma, ordinal, matches_won,"
                      " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", (G, 1, 101, 4, 30.0, 5.0, 15.0, 3, 10.0))
    await old.close()
    db = await Database.open(db_target)
    try:
        season = await db.open_season(G)
        assert (season.number, season.name, season.open) == (1, None, True)
        stats = await db.player_stats(G, 101)
        assert stats is not None and (stats.level, stats.matches_won, stats.rating) == ("6", 3, 15.0)
        await play(db, SEATS, 1, True)  # the kept row goes on
        stats = await db.player_stats(G, 101)
        assert stats is not None and (stats.level, stats.matches_won) == ("7", 4)
    finally:
        await db.close()


async def test_ladder_page_tokens(db: Database) -> None:
    assert await db.ladder_page_token(G) is None and await db.ladder_page_guild("a" * 24) is None  # off by default
    await db.set_ladder_page(G, "a" * 24, 1.0)
    await db.set_ladder_page(2, "b" * 24, 1.0)
    assert await db.ladder_page_guild("a" * 24) == G and await db.ladder_page_token(2) == "b" * 24
    await db.set_ladder_page(G, "c" * 24, 2.0)  # on again: a new link, the old one is gone
    assert await db.ladder_page_guild("a" * 24) is None and await db.ladder_page_guild("c" * 24) == G
    await db.set_ladder_page(G, None, 3.0)
    assert await db.ladder_page_guild("c" * 24) is None and await db.ladder_page_guild("b" * 24) == 2


async def test_a_ladder_page_has_names_and_the_count_and_the_podium_keeps_names(db: Database) -> None:
    await db.remember_name(G, 101, "Alice")
    await play(db, SEATS, 2, True)
    await play(db, OTHERS, 1, True)
    page = await db.ladder_page(G, 1, 2, 0)
    assert page.players == 4 and len(page.rows) == 2
    assert [p.user_id for p, _ in page.rows] == [p.user_id for p in await db.leaderboard(G, limit=2)]
    names = dict((p.user_id, name) for p, name in (await db.ladder_page(G, 1, 10, 0)).rows)
    assert names[101] == "Alice" and names[103] is None  # never seen: no name
    beyond = await db.ladder_page(G, 1, 10, 100)
    assert beyond.rows == () and beyond.players == 4
    end = await db.end_season(G, now=10.0)
    assert end is not None and {p.user_id: p.name for p in end.ended.podium}.get(101, "Alice") == "Alice"
    assert any(p.name == "Alice" for p in end.ended.podium) == (101 in {p.user_id for p in end.ended.podium})
