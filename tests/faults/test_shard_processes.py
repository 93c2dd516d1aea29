"""Two shard processes share one database; one is killed (SIGKILL) mid-game: only its own tables pause, the
other process's keep playing and never touch them, and the restarted process resumes exactly its tables
(contiguous logs, nothing lost or written twice)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from data.database import Database
from data.records import TableOptions
from engine.actions import action_from_json
from engine.table import Table
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import RecordingPresenter
from runtime.service.game import GameService

ROOT = Path(__file__).resolve().parents[2]
COUNT = 2
GUILDS = {0: 6 << 22, 1: 7 << 22}  # guild of shard 0, guild of shard 1
OPTIONS = TableOptions(ai_delay=0.05, deal_delay=0.0, next_hand_delay=0.05, declare_window=0.2,
                       ai_declare_wait=0.0, turn_timeout=3600.0)


async def ai_tables(target: str) -> dict[int, list[int]]:
    """Two started four-AI tables per shard; shard -> table ids."""
    db = await Database.open(target)
    service = GameService(db, RecordingPresenter(), images=ImagePolicy.NONE, autorun=False, rng_seed=3)
    out: dict[int, list[int]] = {}
    for shard, guild in GUILDS.items():
        for n in range(2):
            rec = await service.open_table(guild_id=guild, channel_id=n, host_id=9, host_name="H", host_seat=None,
                                           options=OPTIONS)
            for _ in range(4):
                await service.add_ai(rec.table_id, 9)
            await service.start(rec.table_id, 9)
            out.setdefault(shard, []).append(rec.table_id)
    await db.close()
    return out


def spawn(target: str, shard: int) -> tuple[subprocess.Popen[str], list[int]]:
    proc = subprocess.Popen([sys.executable, "-m", "tests.helpers.shard_child", target, str(COUNT), str(shard)],
                            cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().split()
    assert line and line[0] == "ready", line
    return proc, [int(x) for x in line[1:]]


async def versions(db: Database, ids: list[int]) -> dict[int, int]:
    return {tid: await db.last_seq(tid) for tid in ids}


async def wait_until(check: Callable[[], object], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not await check():  # type: ignore[misc]
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)


async def test_killing_one_shard_process_pauses_only_its_tables(db_target: str) -> None:
    tables = await ai_tables(db_target)
    mine, theirs = tables[0], tables[1]
    a, a_ids = spawn(db_target, 0)
    b, b_ids = spawn(db_target, 1)
    db = await Database.open(db_target)  # the test's own look at the shared database (no shard claimed)
    try:
        assert (sorted(a_ids), sorted(b_ids)) == (sorted(mine), sorted(theirs))  # each restored only its own
        start = await versions(db, mine + theirs)

        async def all_moved() -> bool:
            now = await versions(db, mine + theirs)
            return all(now[t] > start[t] + 5 for t in now)

        await wait_until(all_moved)
        a.send_signal(signal.SIGKILL)
        a.wait()
        paused = await versions(db, mine)
        other = await versions(db, theirs)
        await asyncio.sleep(1.5)
        assert await versions(db, mine) == paused  # the killed process's tables wait: nobody plays them
        later = await versions(db, theirs)
        assert all(later[t] > other[t] for t in theirs)  # the other shard plays on

        a, a_ids = spawn(db_target, 0)  # restarted: resumes exactly its own tables
        assert sorted(a_ids) == sorted(mine)

        async def resumed() -> bool:
            now = await versions(db, mine)
            return all(now[t] > paused[t] + 5 for t in mine)

        await wait_until(resumed)
        for tid in mine + theirs:  # nothing lost or doubled: every log is contiguous and replays
            last = await db.last_seq(tid)  # (the tables still play: read up to one point)
            log = await db.actions_between(tid, upto=last)
            record = await db.get_table(tid)
            fresh = Table.replay(record.rules, record.seed, (action_from_json(x) for x in log))
            assert len(log) == last == fresh.version
    finally:
        for proc in (a, b):
            proc.kill()
            proc.wait()
        await db.close()
