"""Ladders: levels with laps, hand counts, kitty bonuses, openskill ratings, streaks, leaderboards, seasons."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data.database import Database
from data.errors import DataError
from data.tables import Seat
from engine.cards import RANKS
from engine.rating import DEFAULT_MU, advance_progress, level_of
from engine.views import HandResult
from tests.helpers.records import new_record

G = 1


def result(n: int, dealer: int, gains: tuple[int, int], take_over: bool, kitty_bonus: int = 0,
           last_winner: int | None = None) -> HandResult:
    return HandResult(
        hand_number=n, dealer=dealer, level="2", trump="S", kitty=(), kitty_points=kitty_bonus // 2,
        trick_points=60, kitty_multiplier=2 if kitty_bonus else 0, kitty_bonus=kitty_bonus, defender_points=60,
        last_winner=dealer if last_winner is None else last_winner, levels_before=("2", "2"),
        levels_after=("2", "2"), level_gains=gains, defenders_take_over=take_over,
        next_dealer=(dealer + 2) % 4, match_winner=None)


async def table(db: Database) -> int:
    return (await db.create_table(new_record(G, 2, 3, "standard", seed=1, status="playing"))).table_id


async def count_rows(db: Database) -> int:
    row = await db.fetchone("SELECT COUNT(*) FROM ladder")
    return int(row[0]) if row else -1


def test_levels_wrap_into_laps() -> None:
    assert level_of(0) == ("2", 0) and level_of(12) == ("A", 0) and level_of(13) == ("2", 1)
    assert level_of(advance_progress(12, 3)) == ("4", 1)
    assert advance_progress(1, -3) == 0
    assert advance_progress(1, -3, "-2") == -2 and level_of(-2) == ("-2", 0)  # deducted_negative: -2 on the ladder
    assert advance_progress(1, -3, "-5") == -2


async def test_hand_moves_humans_only_and_counts_dealer_hands(db: Database) -> None:
    tid = await table(db)
    seats = [101, Seat.bot("strong"), 102, None]  # None = an AI of the default level
    assert await db.record_hand(G, tid, seats, result(1, 0, (2, 0), False))
    assert await count_rows(db) == 2  # AI seats get no ladder rows
    for user in (101, 102):
        stats = await db.player_stats(G, user)
        assert stats is not None and stats.level == "4" and stats.laps == 0
        assert (stats.hands_won_dealer, stats.hands_lost_dealer, stats.hands_won_defender) == (1, 0, 0)
        assert stats.mu == DEFAULT_MU  # ratings move only with matches
    assert await db.player_stats(G, 999) is None


async def test_a_negative_team_level_goes_onto_the_ladder(db: Database) -> None:
    """deducted_negative (aihua): the dealers fall to level -4; the ladder row of each of them reads -4 (the
    database used to refuse a progress below 0 and the table stopped in the middle of its next move)."""
    tid = await table(db)
    seats = [101, None, 102, None]
    fall = HandResult(hand_number=1, dealer=0, level="2", trump="S", kitty=(), kitty_points=0, trick_points=195,
                      kitty_multiplier=0, kitty_bonus=0, defender_points=195, last_winner=1,
                      levels_before=("2", "2"), levels_after=("-4", "3"), level_gains=(-6, 1),
                      defenders_take_over=True, next_dealer=1, match_winner=None)
    assert await db.record_hand(G, tid, seats, fall)
    for user in (101, 102):
        stats = await db.player_stats(G, user)
        assert stats is not None and stats.level == "-4"
    board = await db.fetchone("SELECT MIN(progress) FROM ladder")
    assert board is not None and int(board[0]) == -4


async def test_defenders_take_over_with_kitty_bonus(db: Database) -> None:
    tid = await table(db)
    seats = [101, 201, 102, 202]
    await db.record_hand(G, tid, seats, result(1, 2, (0, 1), True, kitty_bonus=40, last_winner=3))
    d = await db.player_stats(G, 201)
    dealer = await db.player_stats(G, 102)
    assert d is not None and dealer is not None
    assert (d.hands_won_defender, d.kitty_bonuses, d.kitty_points, d.level) == (1, 1, 40, "3")
    assert (dealer.hands_lost_dealer, dealer.kitty_bonuses, dealer.level) == (1, 0, "2")
    # defenders who win the last trick but do not take over still earn the bonus; the hand is the dealers'
    await db.record_hand(G, tid, seats, result(2, 1, (0, 1), False, kitty_bonus=20, last_winner=0))
    d = await db.player_stats(G, 201)
    a = await db.player_stats(G, 101)
    assert d is not None and a is not None
    assert (d.hands_won_dealer, d.hands_lost_dealer, d.kitty_bonuses, d.level) == (1, 0, 1, "4")
    assert (a.hands_lost_defender, a.kitty_bonuses, a.kitty_points, a.level) == (1, 1, 20, "2")


async def test_passing_ace_starts_a_new_lap_and_hands_count_once(db: Database) -> None:
    tid = await table(db)
    seats = [101, None, 102, None]
    for n in range(1, 6):
        assert await db.record_hand(G, tid, seats, result(n, 0, (3, 0), False))
    assert not await db.record_hand(G, tid, seats, result(5, 0, (3, 0), False))  # a repeat after a restart
    stats = await db.player_stats(G, 101)
    assert stats is not None and (stats.progress, stats.level, stats.laps, stats.hands_won_dealer) == (15, "4", 1, 5)
    assert len(await db.hand_history(tid)) == 5
    assert (await db.hand_history(tid))[0].result == result(1, 0, (3, 0), False)


async def test_match_rates_humans_and_keeps_ai_fixed(db: Database) -> None:
    tid = await table(db)
    seats = [101, Seat.bot("basic"), 102, Seat.bot("basic")]
    match_id = await db.record_match(G, tid, seats, winner_team=0)
    assert match_id is not None
    assert await db.record_match(G, tid, seats, winner_team=1) is None  # recorded once per table
    assert await count_rows(db) == 2
    for user in (101, 102):
        stats = await db.player_stats(G, user)
        assert stats is not None and stats.mu > DEFAULT_MU and stats.matches_won == 1 and stats.streak == 1
        assert stats.rating == pytest.approx(stats.mu - 3 * stats.sigma)
    history = await db.match_history(G, user_id=101)
    assert [m.id for m in history] == [match_id] and history[0].ranked and history[0].team_of(101) == 0
    assert await db.match_history(G, user_id=555) == []
    rows = await db.fetchall("SELECT seat, won, ordinal_before < ordinal_after FROM match_players ORDER BY seat")
    assert [tuple(r) for r in rows] == [(0, 1, 1), (2, 1, 1)]


async def test_beating_strong_ai_is_worth_more_than_random_ai(db: Database) -> None:
    gains = {}
    for guild, level in ((1, "strong"), (2, "random")):
        tid = (await db.create_table(new_record(guild, 2, 3, "standard", seed=1))).table_id
        await db.record_match(guild, tid, [101, Seat.bot(level), 102, Seat.bot(level)], winner_team=0)
        stats = await db.player_stats(guild, 101)
        assert stats is not None
        gains[level] = stats.mu - DEFAULT_MU
    assert gains["strong"] > gains["random"] > 0


async def test_humans_against_humans_and_streaks(db: Database) -> None:
    seats = [101, 201, 102, 202]
    for winner in (0, 0, 1, 0):
        await db.record_match(G, await table(db), seats, winner_team=winner)
    a = await db.player_stats(G, 101)
    b = await db.player_stats(G, 201)
    assert a is not None and b is not None
    assert (a.matches_won, a.matches_lost, a.streak, a.best_streak) == (3, 1, 1, 2)
    assert (b.matches_won, b.matches_lost, b.streak, b.best_streak) == (1, 3, -1, 1)  # a losing streak is negative
    assert a.rating > b.rating
    board = await db.leaderboard(G, by="rating")
    assert [p.user_id for p in board][:2] == [101, 102] and {p.user_id for p in board} == {101, 102, 201, 202}
    assert len(await db.match_history(G)) == 4 and len(await db.match_history(G, limit=2)) == 2
    assert await db.player_rank(G, 201) in (3, 4)


async def test_unranked_when_a_user_holds_two_seats_or_no_winner(db: Database) -> None:
    tid = await table(db)
    await db.record_hand(G, tid, [101, None, 101, None], result(1, 0, (2, 0), False))
    assert await db.record_match(G, tid, [101, None, 101, None], winner_team=0) is not None
    assert await count_rows(db) == 0
    assert not (await db.match_history(G))[0].ranked
    tid2 = await table(db)
    await db.record_match(G, tid2, [101, None, 102, None], winner_team=None)
    assert await count_rows(db) == 0
    tid3 = await table(db)
    await db.record_hand(G, tid3, [101, None, 102, None], result(1, 0, (2, 0), False), ranked=False)
    assert await count_rows(db) == 0 and len(await db.hand_history(tid3)) == 1
    with pytest.raises(DataError) as err:
        await db.record_hand(G, tid3, [101, None], result(2, 0, (2, 0), False))
    assert err.value.key == "data.bad_seats"


async def test_leaderboard_by_level(db: Database) -> None:
    tid = await table(db)
    await db.record_hand(G, tid, [101, 201, 102, 202], result(1, 0, (3, 0), False))
    await db.record_hand(G, tid, [101, 201, 102, 202], result(2, 2, (0, 1), True))
    await db.record_hand(G, await table(db), [301, None, None, None], result(1, 0, (15, 0), False))
    board = await db.leaderboard(G, by="level", limit=3)
    assert [(p.user_id, p.level, p.laps) for p in board] == [(301, "4", 1), (101, "5", 0), (102, "5", 0)]
    with pytest.raises(DataError) as err:
        await db.leaderboard(G, by="luck")
    assert err.value.key == "data.bad_leaderboard"


async def test_season_reset_archives_and_starts_fresh(db: Database) -> None:
    seats = [101, None, 102, None]
    tid = await table(db)
    await db.record_hand(G, tid, seats, result(1, 0, (2, 0), False))
    await db.record_match(G, tid, seats, winner_team=0)
    assert await db.season(G) == 1
    assert (await db.end_season(G, time.time())) is not None and await db.season(G) == 2
    assert await db.season(G) == 2 and await db.season(99) == 1  # other servers keep their season
    assert await db.leaderboard(G) == [] and await db.player_stats(G, 101) is None
    old = await db.player_stats(G, 101, season=1)
    assert old is not None and old.level == "4" and old.matches_won == 1
    assert [p.user_id for p in await db.leaderboard(G, season=1)] == [101, 102]
    await db.record_hand(G, await table(db), seats, result(1, 0, (1, 0), False))
    new = await db.player_stats(G, 101)
    assert new is not None and (new.season, new.level, new.matches_won) == (2, "3", 0)
    seasons = await db.seasons(G)
    assert [(s, e is not None) for s, _, e in seasons] == [(1, True), (2, False)]
    assert (await db.end_season(G, time.time())) is not None and await db.season(G) == 3


@given(st.lists(st.integers(min_value=-3, max_value=8), max_size=40))
def test_progress_is_the_clamped_running_sum_of_gains(gains: list[int]) -> None:
    progress = expected = 0
    for gain in gains:
        progress = advance_progress(progress, gain)
        expected = max(0, expected + gain)
        level, laps = level_of(progress)
        assert progress == expected and laps * 13 + RANKS.index(level) == progress
