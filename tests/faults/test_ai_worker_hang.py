"""An AI worker process that hangs (SIGSTOP) as a fault meets it: every AI table keeps moving, the
stopped worker is killed and replaced (its move: the basic AI's, in a thread), and a click at a table whose AI
waits for it is served at once (no table lock is held while an AI decides, declarations in a live deal too).

Real worker processes, really stopped; the timers run as the bot runs them (each due timer in its own task)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from data.records import AiLevel, Mode
from engine.actions import Declare, Pass
from engine.errors import EngineError
from engine.rules import Rules
from engine.views import Phase
from runtime.aipool import AiPool
from runtime.errors import ServiceError
from runtime.service.game import GameService
from tests.helpers.runtime_support import HUMAN, human_table, make_service, options

BUDGET = 0.2  # a strong AI's thought (s)
GRACE = 2.0  # beyond twice the budget: the worker counts as hung (the bot's default is longer)
WITHIN_S = 90.0  # a generous bound for a loaded machine: new workers start and import the engine
MOVES = 4  # each table's moves after the stop

pytestmark = [pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the worker processes"),
              pytest.mark.xdist_group("cpu")]


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def alive(pid: int) -> bool:
    """Running or stopped (a zombie has died)."""
    try:
        return _stat(pid)[0] not in ("Z", "X")
    except OSError:
        return False


def workers() -> list[int]:
    """This process's living multiprocessing workers (spawned: ``spawn_main`` in their command line)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if int(_stat(int(entry.name))[1]) != os.getpid():
                continue
            command = (entry / "cmdline").read_bytes()
        except (OSError, ValueError):
            continue
        if b"spawn_main" in command and alive(int(entry.name)):
            found.append(int(entry.name))
    return sorted(found)


async def _until(condition: object, within: float = WITHIN_S) -> bool:
    deadline = time.monotonic() + within
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        await asyncio.sleep(0.05)
    return bool(condition())  # type: ignore[operator]


async def _service(pool: AiPool) -> GameService:
    service, _db, _ = await make_service()
    service.ai_pool, service.ai_budget = pool, BUDGET
    return service


def _version(service: GameService, table_id: int) -> int:
    table = service.session(table_id).table
    assert table is not None
    return table.version


@pytest.fixture
def pool():
    before = set(workers())
    pool = AiPool(2)
    pool.grace_s = GRACE
    yield pool
    pool.close()
    for pid in set(workers()) - before:  # a stopped worker the pool left behind: not for the next test
        os.kill(pid, signal.SIGKILL)


async def test_a_stopped_worker_is_replaced_and_every_ai_table_keeps_moving(pool: AiPool) -> None:
    """Two workers, three tables of four strong AIs (both workers busy): either worker stopped, every table goes
    on within the hang's timeout, and the stopped one is killed."""
    others = set(workers())
    service = await _service(pool)
    tables = []
    for i in range(3):
        rec = await service.open_table(guild_id=1, channel_id=2 + i, host_id=HUMAN, host_name="Hu", host_seat=None,
                                       rules=Rules.from_preset("standard", end_level="A"), options=options(),
                                       seed=i + 1)
        for _ in range(4):
            await service.add_ai(rec.table_id, HUMAN, level=AiLevel.STRONG)
        await service.start(rec.table_id, HUMAN)
        tables.append(rec.table_id)
    service.scheduler.start()
    try:
        assert await _until(lambda: all(_version(service, t) > 20 for t in tables))  # warm: every table plays
        for victim in (0, 1):
            assert await _until(lambda: len(set(workers()) - others) == 2)
            stopped = sorted(set(workers()) - others)[victim]
            os.kill(stopped, signal.SIGSTOP)
            at = {t: _version(service, t) for t in tables}
            moved = await _until(lambda: all(_version(service, t) >= at[t] + MOVES for t in tables))  # noqa: B023
            assert moved, ({t: _version(service, t) - at[t] for t in tables}, victim)
            assert await _until(lambda: not alive(stopped), 30), "the stopped worker was left behind"  # noqa: B023
    finally:
        await service.close()
        await service.db.close()


async def test_a_click_is_served_while_the_tables_ai_waits_for_a_stopped_worker(pool: AiPool) -> None:
    """Every worker stopped during a live deal: the AI seats' declarations wait for them, the human's click at the
    table is answered at once; then the hung workers are replaced and the deal goes on."""
    others = set(workers())
    await asyncio.gather(pool.run(os.getpid), pool.run(os.getpid))
    stopped = sorted(set(workers()) - others)
    assert len(stopped) == 2
    service = await _service(pool)
    tid = await human_table(service, seed=3, mode=Mode.LIVE)
    session = service.session(tid)
    table = session.table
    assert table is not None
    try:
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        service.scheduler.start()
        # dealt until an AI seat may declare: its decision now waits for a stopped worker
        assert await _until(lambda: any(isinstance(a, Declare) for s in (1, 2, 3) for a in table.legal_actions(s)))
        started = time.monotonic()
        with pytest.raises((ServiceError, EngineError)):  # answered (not the human's turn to act), not kept waiting
            await asyncio.wait_for(service.act(tid, HUMAN, Pass()), 5)
        assert time.monotonic() - started < 5
        assert await _until(lambda: table.phase is not Phase.DEALING), "the deal stopped"
        assert await _until(lambda: not any(alive(pid) for pid in stopped), 30)
    finally:
        await service.close()
        await service.db.close()
