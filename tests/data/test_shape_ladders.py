"""Ladders per table shape (RULES §12.6, §13.7): shape keys, a 找朋友 match's per-player levels stored and read back,
and a three-deck ladder apart from the two-deck one — on SQLite and PostgreSQL."""

from __future__ import annotations

import random

import pytest

from data.database import Database
from data.errors import DataError
from data.records import Seat, Status, TableRecord
from data.replay import commit_action, export_hand, replay_export
from data.shapes import DEFAULT_SHAPE, key_shape, shape_key
from engine.actions import StartHand
from engine.cards import parse_cards
from engine.levels import level_index
from engine.randomplay import random_action
from engine.rules import Rules
from engine.shape import Mode, TableShape
from engine.table import Table
from engine.views import HandResult, Phase
from tests.helpers.records import new_record

G = 1
FRIENDS = Rules.from_preset("standard", mode="friends", players=6, end_level="3")
HUMANS = {0: 101, 2: 102, 3: 103}  # seats 1, 4 and 5 are AI


def six_seats() -> tuple[Seat | None, ...]:
    return tuple(Seat.human(HUMANS[i]) if i in HUMANS else Seat.bot() for i in range(6))


def test_shape_keys_round_trip_and_the_default_keeps_its_key() -> None:
    assert shape_key(TableShape()) == DEFAULT_SHAPE == "tractor"
    assert shape_key(FRIENDS.shape) == "friends-3d6p"
    assert shape_key(TableShape.of(3, 4)) == "tractor-3d4p"
    assert shape_key(TableShape.of(2, 4, kitty=12)) == "tractor"  # the kitty size makes no other ladder
    for shape in (TableShape(), TableShape.of(1, 4), TableShape.of(4, 8, Mode.FRIENDS), TableShape.of(2, 5, "friends")):
        back = key_shape(shape_key(shape))
        assert (back.decks, back.players, back.mode) == (shape.decks, shape.players, shape.mode)
    for bad in ("tractor-2d4p", "friends-3d9p", "tractor-2d5p", "3d6p", "friends-0d4p", ""):
        with pytest.raises(DataError) as err:
            key_shape(bad)
        assert err.value.key == "data.bad_shape"


async def play_friends_match(db: Database, seed: int = 3) -> tuple[int, Table]:
    """A stored 6-seat 找朋友 table played to its match's end by random legal play, every action committed and
    every settled hand and the match recorded as the runtime records them."""
    rec = await db.create_table(TableRecord(table_id=0, guild_id=G, channel_id=2, host_id=101, rules=FRIENDS,
                                            seed=seed, seats=six_seats()))
    table, rng = Table.new(FRIENDS, seed), random.Random(seed)
    while table.phase is not Phase.MATCH_OVER:
        action = StartHand() if table.phase is Phase.HAND_OVER else random_action(table, rng)
        table.apply(action)
        await commit_action(db, rec.table_id, table, action)
        if table.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            await db.record_hand(G, rec.table_id, rec.seats, table.results[-1])
    assert await db.record_match(G, rec.table_id, rec.seats, table.match_winner) is not None
    return rec.table_id, table


async def test_a_friends_match_stores_every_players_own_level(db: Database) -> None:
    table_id, table = await play_friends_match(db)
    assert (await db.get_table(table_id)).seats == six_seats()
    assert len(set(table.levels)) > 1 or len(table.results) > 1  # players climbed apart (or over several hands)
    key = "friends-3d6p"
    assert await db.ladder_shapes(G) == [key]
    assert await db.leaderboard(G) == []  # the two-deck four-seat ladder is another one
    board = await db.leaderboard(G, by="level", limit=None, shape=key)
    assert {p.user_id for p in board} == set(HUMANS.values()) and {p.shape for p in board} == {key}
    hands = len(table.results)
    for seat, user in HUMANS.items():
        stats = await db.player_stats(G, user, shape=key)
        assert stats is not None and stats.level == table.levels[seat]  # climbed from its own level (§13.7)
        assert stats.progress == level_index(table.levels[seat])
        assert stats.hands_won_dealer + stats.hands_lost_dealer + stats.hands_won_defender \
            + stats.hands_lost_defender == hands
        assert await db.player_stats(G, user) is None
    [match] = await db.match_history(G)
    assert match.shape == key and match.winner_team is None and table.match_winner in match.winners
    last = table.results[-1]
    assert set(match.winners) <= {last.dealer, *last.team}
    rows = await db.fetchall("SELECT seat, team, won, level, progress_after FROM match_players WHERE match_id = ?"
                             " ORDER BY seat", (match.id,))
    assert [r["seat"] for r in rows] == sorted(HUMANS)
    for r in rows:
        assert r["team"] is None and r["level"] == table.levels[r["seat"]]
        assert bool(r["won"]) == (r["seat"] in match.winners)
        assert r["progress_after"] == level_index(table.levels[r["seat"]])
        won = await db.player_stats(G, HUMANS[r["seat"]], shape=key)
        assert won is not None and (won.matches_won, won.matches_lost) == ((1, 0) if r["won"] else (0, 1))
    history = await db.hand_history(table_id)
    assert [h.result for h in history] == table.results and {h.shape for h in history} == {key}
    for result in table.results:  # every hand's export replays to its settlement (calls and friends in the log)
        replayed = replay_export(await export_hand(db, table_id, result.hand_number))
        assert replayed.results[-1] == result
    assert await db.level_history(G, HUMANS[0], 1) == []  # the default shape's chart
    assert await db.level_history(G, HUMANS[0], 1, shape=key) == [level_index(table.levels[0])]


async def test_a_three_deck_ladder_is_not_the_two_deck_one(db: Database) -> None:
    three = Rules.from_preset("standard", decks=3)
    users = [201, None, 202, None]
    for rules in (Rules.from_preset("standard"), three, three):
        rec = await db.create_table(new_record(G, 2, 3, rules, seed=1, status="playing", seats=users))
        table, rng = Table.new(rules, 5), random.Random(5)
        while table.phase is not Phase.HAND_OVER:
            table.apply(random_action(table, rng))
        await db.record_hand(G, rec.table_id, rec.seats, table.results[-1])
        await db.record_match(G, rec.table_id, rec.seats, 0)
    assert await db.ladder_shapes(G) == ["tractor", "tractor-3d4p"]
    assert await db.ladder_shapes(G, user_id=999) == []
    two, three_stats = await db.player_stats(G, 201), await db.player_stats(G, 201, shape="tractor-3d4p")
    assert two is not None and three_stats is not None
    assert (two.matches_won, three_stats.matches_won) == (1, 2)
    assert [m.shape for m in await db.match_history(G)] == ["tractor-3d4p", "tractor-3d4p", "tractor"]
    assert all(m.winners == (0, 2) and m.winner_team == 0 and m.won_by(201) for m in await db.match_history(G))


async def test_seat_counts_follow_the_shape(db: Database) -> None:
    with pytest.raises(DataError) as err:  # a six-player table with four seats
        await db.create_table(TableRecord(table_id=0, guild_id=G, channel_id=2, host_id=1, rules=FRIENDS,
                                          seats=(None,) * 4))
    assert err.value.key == "data.bad_seats" and err.value.params == {"count": 4, "players": 6}
    rec = await db.create_table(TableRecord(table_id=0, guild_id=G, channel_id=2, host_id=1, rules=FRIENDS,
                                            seats=()))
    assert rec.seats == (None,) * 6 and len(rec.seats) == rec.rules.players
    with pytest.raises(DataError) as err:  # a hand of a six-seat table recorded with four seats
        await db.record_hand(G, rec.table_id, [1, 2, 3, 4], random_hand_result())
    assert err.value.key == "data.bad_seats"


def random_hand_result() -> HandResult:
    table, rng = Table.new(Rules.from_preset("standard"), 1), random.Random(1)
    while table.phase is not Phase.HAND_OVER:
        table.apply(random_action(table, rng))
    return table.results[-1]


async def test_a_season_of_friends_alone_was_played_and_is_archived(db: Database) -> None:
    await play_friends_match(db)
    archived, new = await db.start_season(G, "Autumn", None, opened_by=101, now=1000.0)
    assert archived is not None and archived.number == 1 and new.number == 2  # not taken over as if unplayed
    assert await db.ladder_shapes(G) == [] and await db.ladder_shapes(G, season=1) == ["friends-3d6p"]
    stats = await db.player_stats(G, HUMANS[0], season=1, shape="friends-3d6p")
    assert stats is not None and stats.season == 1


async def test_every_seat_of_a_six_seat_table_queues_a_play(db: Database) -> None:
    rec = await db.create_table(TableRecord(table_id=0, guild_id=G, channel_id=2, host_id=1, rules=FRIENDS,
                                            seats=six_seats(), status=Status.PLAYING))
    for seat in range(6):
        await db.set_queued_play(rec.table_id, seat, parse_cards("3D 3D"), seat + 1)
    assert {s: (q.cards, q.version) for s, q in (await db.queued_plays(rec.table_id)).items()} == {
        s: (parse_cards("3D 3D"), s + 1) for s in range(6)}
    with pytest.raises(DataError) as err:
        await db.set_queued_play(rec.table_id, 6, parse_cards("3D"), 9)
    assert (err.value.key, err.value.params) == ("data.bad_seat", {"seat": 6, "last": 5})
