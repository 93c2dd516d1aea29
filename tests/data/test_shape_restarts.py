"""A restart in the middle of a 找朋友 hand (friends called, one of them revealed) loses nothing: the game service's
recovery path (``GameService.restore_all``) rebuilds the six-seat table exactly — calls, the revealed friend, every
player's own level — and its records: the settled hand's ladder rows on the shape's ladder are neither lost nor
counted again, and the match goes on to its end on the same ladder. The same for a three-deck table of four seats
(39-card hands, the tractor-3d4p ladder). On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping

from data.database import Database
from engine.levels import level_index
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from runtime import GameService
from tests.helpers.runtime_support import make_service, options

G, HOST = 1, 101
HUMANS = {0: 101, 2: 102, 3: 103}  # seats 1, 4 and 5 are AI
KEY = "friends-3d6p"


def table_of(service: GameService, tid: int) -> Table:
    table = service.session(tid).table
    assert table is not None
    return table


async def play_until(service: GameService, tid: int, done: Callable[[Table], bool], steps: int = 20_000,
                     pause: float = 0.0, humans: Mapping[int, int] = HUMANS) -> None:
    """Fire due timers one at a time; when none is due, the human to act makes the suggested move; until ``done``
    (asked after every move; ``pause`` seconds between moves)."""
    for _ in range(steps):
        table = table_of(service, tid)
        if done(table):
            return
        if pause:
            await asyncio.sleep(pause)
        if await service.run_until_idle(1):
            continue
        seat = next(s for s in table.to_act() if s in humans)
        await service.act(tid, humans[seat], service.suggest(tid, humans[seat]))  # a dealer's hint names its calls
    raise AssertionError("condition not met")


def one_friend_revealed(table: Table) -> bool:
    """A hand after a settled one in play, its calls made and exactly one friend revealed, a trick under way (the
    first such hand: which one depends on how the AI seats play)."""
    friends = table.hand.friends
    return (bool(table.results) and table.phase is Phase.PLAYING and friends is not None
            and len(friends.team) == 2 and len(friends.open_calls) == 1 and bool(table.hand.trick))


async def ladder_of(db: Database, humans: Mapping[int, int] = HUMANS,
                    key: str = KEY) -> dict[int, tuple[int, int, int]]:
    """user -> (progress, hands on the dealer's side, hands defending) on the ``key`` ladder."""
    rows = {}
    for user in humans.values():
        stats = await db.player_stats(G, user, shape=key)
        assert stats is not None
        rows[user] = (stats.progress, stats.hands_won_dealer + stats.hands_lost_dealer,
                      stats.hands_won_defender + stats.hands_lost_defender)
    return rows


async def open_friends_table(service: GameService) -> int:
    """A started six-seat 找朋友 table (three decks, two calls), humans in seats 0, 2 and 3, AI in 1, 4 and 5."""
    rules = Rules.from_preset("standard", players=6, mode="friends", end_level="4")
    rec = await service.open_table(guild_id=G, channel_id=2, host_id=HOST, host_name="Hu", rules=rules,
                                   options=options(), seed=21, host_seat=0)
    for seat, user in HUMANS.items():
        if user != HOST:
            await service.sit(rec.table_id, user, f"P{user}", seat)
    for seat in (1, 4, 5):
        await service.add_ai(rec.table_id, HOST, seat, "basic")
    await service.start(rec.table_id, HOST)
    return rec.table_id


async def test_a_restart_mid_hand_in_friends_loses_nothing(db_target: str) -> None:
    service, db, _ = await make_service(db_target)
    tid = await open_friends_table(service)
    await play_until(service, tid, one_friend_revealed)
    table = table_of(service, tid)
    state, levels, seats = table.to_json(), tuple(table.levels), service.record(tid).seats
    friends = table.hand.friends
    assert friends is not None and table.results
    ladder = await ladder_of(db)  # the settled hands moved every human on the 找朋友 ladder, from its own level
    assert {u: p for u, (p, _, _) in ladder.items()} == {u: level_index(levels[s]) for s, u in HUMANS.items()}
    await service.close()
    await db.close()

    service, db, _ = await make_service(db_target)
    assert await service.restore_all() == [tid]
    table = table_of(service, tid)
    assert table.to_json() == state  # the calls, the revealed friend, the trick and each player's level
    assert table.hand.friends == friends and tuple(table.levels) == levels
    assert service.record(tid).seats == seats and len(seats) == 6
    assert await ladder_of(db) == ladder  # the settled hand is neither lost nor counted twice
    assert len(await db.hand_history(tid)) == len(table.results)

    await play_until(service, tid, lambda t: t.phase is Phase.MATCH_OVER)
    table = table_of(service, tid)
    assert service.record(tid).status.value == "finished"
    for seat, user in HUMANS.items():  # every hand counted once, each player at its own level
        progress, dealt, defended = (await ladder_of(db))[user]
        assert progress == level_index(table.levels[seat]) and dealt + defended == len(table.results)
    [match] = await db.match_history(G)
    assert match.shape == KEY and table.match_winner in match.winners
    assert [h.result for h in await db.hand_history(tid)] == table.results
    await service.close()
    await db.close()


async def test_a_restart_mid_hand_at_a_three_deck_four_seat_table_loses_nothing(db_target: str) -> None:
    humans = {0: 101, 2: 102}
    service, db, _ = await make_service(db_target)
    rules = Rules.from_preset("standard", decks=3, end_level="4")
    rec = await service.open_table(guild_id=G, channel_id=2, host_id=HOST, host_name="Hu", rules=rules,
                                   options=options(), seed=8, host_seat=0)
    await service.sit(rec.table_id, 102, "P102", 2)
    for seat in (1, 3):
        await service.add_ai(rec.table_id, HOST, seat, "basic")
    await service.start(rec.table_id, HOST)
    tid = rec.table_id
    await play_until(service, tid, lambda t: t.hand_number == 2 and t.phase is Phase.PLAYING and len(t.hand.tricks) >= 3
                     and bool(t.hand.trick), humans=humans)
    state, ladder = table_of(service, tid).to_json(), await ladder_of(db, humans, "tractor-3d4p")
    assert len(table_of(service, tid).hand.hands[0]) < 39  # 39-card hands, some played
    await service.close()
    await db.close()

    service, db, _ = await make_service(db_target)
    assert await service.restore_all() == [tid]
    assert table_of(service, tid).to_json() == state
    assert await ladder_of(db, humans, "tractor-3d4p") == ladder and await db.ladder_shapes(G) == ["tractor-3d4p"]
    await play_until(service, tid, lambda t: t.phase is Phase.MATCH_OVER, humans=humans)
    table = table_of(service, tid)
    for seat, user in humans.items():  # partners share their team's level
        progress, dealt, defended = (await ladder_of(db, humans, "tractor-3d4p"))[user]
        assert progress == level_index(table.levels[seat % 2]) and dealt + defended == len(table.results)
    [match] = await db.match_history(G, shape="tractor-3d4p")
    winner = table.match_winner
    assert winner is not None and match.winner_team == winner and set(match.winners) == {winner, winner + 2}
    await service.close()
    await db.close()
