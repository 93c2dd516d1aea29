"""A bot process killed with SIGKILL in a 找朋友 hand (friends called, one revealed) loses nothing acknowledged: the
game service's recovery path (``GameService.restore_all``) rebuilds the six-seat table exactly as its committed
log replays, records any settled hand the kill cut short once, and the match then runs to its end with every
player's own level on the shape's ladder. On SQLite and PostgreSQL.

The child (``python -m tests.data.test_friends_kill TARGET``) opens the table through the service and plays it
(three AI seats, the three humans making the service's suggested move), printing ``ack VERSION`` after each move
returned and ``revealed VERSION`` once the first friend is revealed; the parent kills it a few moves later.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine.actions import action_from_json
from engine.levels import level_index
from engine.table import Table
from engine.views import Phase
from tests.data.test_shape_restarts import (
    HUMANS,
    KEY,
    ladder_of,
    one_friend_revealed,
    open_friends_table,
    play_until,
    table_of,
)
from tests.helpers.runtime_support import make_service

ROOT = Path(__file__).resolve().parents[2]
MOVES_AFTER = 4  # moves acknowledged after the reveal before the kill


async def child(target: str) -> None:
    service, _db, _ = await make_service(target)
    tid = await open_friends_table(service)
    print(f"table {tid}", flush=True)
    revealed = False

    def report(table: Table) -> bool:
        nonlocal revealed
        print(f"ack {table.version}", flush=True)
        if not revealed and one_friend_revealed(table):
            revealed = True
            print(f"revealed {table.version}", flush=True)
        return table.phase is Phase.MATCH_OVER

    await play_until(service, tid, report, pause=0.002)
    await asyncio.sleep(3600)  # the parent kills it before


def run_and_kill(target: str) -> tuple[int, int, int]:
    """(table id, version at the reveal, last acknowledged version) of a child killed after the reveal."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.data.test_friends_kill", target], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    tid = reveal = acked = after = 0
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and not (reveal and after >= MOVES_AFTER):
            line = proc.stdout.readline()
            if not line:
                break
            word, number = line.split()
            if word == "table":
                tid = int(number)
            elif word == "revealed":
                reveal = int(number)
            elif word == "ack":
                acked, after = int(number), after + bool(reveal)
        os.kill(proc.pid, signal.SIGKILL)
        for line in proc.stdout.read().splitlines():  # acknowledged before the kill, still in the pipe
            if line.startswith("ack "):
                acked = max(acked, int(line.split()[1]))
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == -signal.SIGKILL and reveal, "the child never revealed a friend"
    return tid, reveal, acked


async def test_a_kill_after_a_friend_is_revealed_loses_nothing(db_target: str) -> None:
    tid, reveal, acked = run_and_kill(db_target)
    service, db, _ = await make_service(db_target)
    try:
        record = await db.get_table(tid)
        log = await db.actions_between(tid)
        assert len(log) >= acked >= reveal + MOVES_AFTER  # nothing acknowledged is lost
        assert await service.restore_all() == [tid]
        table = table_of(service, tid)
        fresh = Table.replay(record.rules, record.seed, (action_from_json(a) for a in log))
        assert table.to_json() == fresh.to_json() and table.version == len(log)
        reveal_hand = Table.replay(record.rules, record.seed, (action_from_json(a) for a in log[:reveal])).hand_number
        assert table.hand_number >= 2 and table.results  # a hand settled before; the next one's calls and friend kept
        if table.hand_number == reveal_hand and table.phase is Phase.PLAYING:
            friends = table.hand.friends
            assert friends is not None and len(friends.team) >= 2
        ladder = await ladder_of(db)  # every settled hand recorded once (the kill may have cut one short)
        assert all(dealt + defended == len(table.results) for _, dealt, defended in ladder.values())
        assert len(await db.hand_history(tid)) == len(table.results)

        await play_until(service, tid, lambda t: t.phase is Phase.MATCH_OVER)
        table = table_of(service, tid)
        for seat, user in HUMANS.items():
            progress, dealt, defended = (await ladder_of(db))[user]
            assert progress == level_index(table.levels[seat]) and dealt + defended == len(table.results)
        [match] = await db.match_history(1, shape=KEY)
        assert table.match_winner in match.winners
    finally:
        await service.close()
        await db.close()


if __name__ == "__main__":
    asyncio.run(child(sys.argv[1]))
