"""Migrations 0014 (table shapes) and 0015 (queued plays at 8 seats) on a database holding games recorded before them:
the games replay unchanged, queued plays are kept, and their matches, hands and ladder rows read as the default
shape's, exactly as before — on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random
import time

from data.database import Database
from data.migrate import load_migrations
from data.replay import commit_action, export_hand, replay_export, restore_table
from engine.actions import StartHand
from engine.cards import parse_cards
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from engine.wire import result_to_json
from tests.helpers.records import new_record

SHAPES = next(m.version for m in load_migrations() if m.name == "table_shapes")
G = 7
USERS = [301, None, 302, None]


async def play(db: Database, table_id: int, rules: Rules, seed: int, hands: int) -> Table:
    """``hands`` settled hands and the start of the next one, every action committed."""
    table, rng = Table.new(rules, seed), random.Random(seed)
    while len(table.results) < hands or table.phase is Phase.HAND_OVER or table.version % 7:
        action = StartHand() if table.phase is Phase.HAND_OVER else random_action(table, rng)
        table.apply(action)
        await commit_action(db, table_id, table, action)
    return table


async def record_as_before(db: Database, table_id: int, table: Table) -> None:
    """A hand, a finished match and a ladder row written by the statements of schema 13 (no shape columns)."""
    now = time.time()
    seats = json.dumps([{"user": 301}, {"ai": "basic"}, {"user": 302}, {"ai": "basic"}])
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO seasons (guild_id, season, started_at) VALUES (?, 1, ?)", (G, now))
        await tx.executemany(
            "INSERT INTO hand_results (table_id, hand_number, guild_id, season, seats, result, created_at)"
            " VALUES (?, ?, ?, 1, ?, ?, ?)",
            [(table_id, r.hand_number, G, seats, json.dumps(result_to_json(r)), now) for r in table.results])
        match_id = await tx.insert(
            "INSERT INTO matches (guild_id, table_id, season, seats, winner_team, ranked, hands, finished_at)"
            " VALUES (?, ?, 1, ?, 1, 1, ?, ?)", (G, table_id, seats, len(table.results), now))
        await tx.executemany(
            "INSERT INTO match_players (match_id, seat, user_id, team, won, ordinal_before, ordinal_after,"
            " progress_after) VALUES (?, ?, ?, 0, 0, 0.0, -1.5, ?)", [(match_id, 0, 301, 4), (match_id, 2, 302, 4)])
        await tx.executemany(
            "INSERT INTO ladder (guild_id, season, user_id, progress, mu, sigma, ordinal, matches_lost,"
            " hands_won_dealer, streak, updated_at) VALUES (?, 1, ?, 4, 24.0, 8.0, -1.5, 1, 2, -1, ?)",
            [(G, 301, now), (G, 302, now)])


async def test_games_recorded_before_shapes_replay_and_read_unchanged(db_target: str) -> None:
    old = await Database.open(db_target, migrate_to=SHAPES - 1)
    rules = Rules.from_preset("standard", end_level="A")
    rec = await old.create_table(new_record(G, 2, 3, rules, seed=9, status="playing", seats=USERS))
    table = await play(old, rec.table_id, rules, 9, hands=2)
    await record_as_before(old, rec.table_id, table)
    before = {"state": (await restore_table(old, rec.table_id)).to_json(),
              "export": await export_hand(old, rec.table_id, 1), "board": await old.leaderboard(G, limit=None),
              "record": await old.get_table(rec.table_id)}
    assert before["state"] == table.to_json()
    await old.close()

    db = await Database.open(db_target)
    try:
        assert await db.schema_version() >= SHAPES
        assert await db.get_table(rec.table_id) == before["record"]
        assert (await restore_table(db, rec.table_id)).to_json() == before["state"]  # replays unchanged
        export = await export_hand(db, rec.table_id, 1)
        assert export == before["export"] and replay_export(export).results[0] == table.results[0]
        assert await db.leaderboard(G, limit=None) == before["board"]
        assert [p.shape for p in before["board"]] == ["tractor", "tractor"]
        assert await db.ladder_shapes(G) == ["tractor"]
        [match] = await db.match_history(G)
        assert (match.shape, match.winner_team, match.winners, match.won_by(301)) == ("tractor", 1, (1, 3), False)
        assert [h.result for h in await db.hand_history(rec.table_id)] == table.results
        assert {h.shape for h in await db.hand_history(rec.table_id)} == {"tractor"}
        assert await db.level_history(G, 301, 1) == [4]
        rows = await db.fetchall("SELECT seat, team, won, level FROM match_players ORDER BY seat")
        assert [(r["seat"], r["team"], r["won"], r["level"]) for r in rows] == [(0, 0, 0, None), (2, 0, 0, None)]

        # the migrated ladder goes on: a new table's hand and match move the same rows
        nxt = await db.create_table(new_record(G, 2, 3, rules, seed=4, status="playing", seats=USERS))
        later = await play(db, nxt.table_id, rules, 4, hands=1)
        assert await db.record_hand(G, nxt.table_id, nxt.seats, later.results[0])
        assert await db.record_match(G, nxt.table_id, nxt.seats, 0) is not None
        stats = await db.player_stats(G, 301)
        assert stats is not None and (stats.matches_won, stats.matches_lost, stats.streak) == (1, 1, 1)
        assert await db.ladder_shapes(G) == ["tractor"]
        rows = await db.fetchall("SELECT seat, team, won, level FROM match_players WHERE match_id ="
                                 " (SELECT MAX(id) FROM matches) ORDER BY seat")
        level = str(later.results[0].levels_after[0])
        assert [(r["seat"], r["team"], r["won"], r["level"]) for r in rows] == [(0, 0, 1, level), (2, 0, 1, level)]
    finally:
        await db.close()


async def test_queued_plays_stored_before_the_seat_widening_are_kept(db_target: str) -> None:
    widening = next(m.version for m in load_migrations() if m.name == "queued_seats")
    old = await Database.open(db_target, migrate_to=widening - 1)
    rec = await old.create_table(new_record(G, 2, 3, "standard", seed=2, status="playing", seats=USERS))
    await old.set_queued_play(rec.table_id, 2, parse_cards("10H 10H"), 5)
    await old.close()
    db = await Database.open(db_target)
    try:
        [(seat, play)] = (await db.queued_plays(rec.table_id)).items()
        assert (seat, play.cards, play.version) == (2, parse_cards("10H 10H"), 5)
    finally:
        await db.close()
