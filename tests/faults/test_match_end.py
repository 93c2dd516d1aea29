"""SIGKILL right after the match-ending move is stored, before its results (issue #23, defect 3).

The child (``python -m tests.faults.test_match_end DB STAGE``) plays a short match (its one human under 托管, so
the AI plays every seat) and kills itself with SIGKILL at one stage of recording the match end: before the final
hand's result (``hand``), before the match row (``match``), or before the ``finished`` status (``status``). The
next start must finish recording exactly once: the hand results, one match row with its ladder changes, the table
``finished`` (no longer counted against its host's open-table limit); a second restart changes nothing.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from data import Database
from data.records import Status
from engine.views import Phase
from runtime.service.game import GameService
from tests.helpers.runtime_support import HUMAN, StepClock, human_table, make_service

ROOT = Path(__file__).resolve().parents[2]
STAGES = ("hand", "match", "status")


async def child(path: str, stage: str) -> None:
    service, db, _ = await make_service(path, StepClock())
    tid = await human_table(service, end_level="3")
    await service.go_away(tid, HUMAN)

    def at_match_over() -> bool:
        table = service.session(tid).table
        return table is not None and table.phase is Phase.MATCH_OVER

    def killing(method: Any, wanted: str) -> Any:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            if at_match_over() and stage == wanted and (wanted != "status" or args[0].status is Status.FINISHED):
                print("killed", flush=True)
                os.kill(os.getpid(), signal.SIGKILL)  # for real: the process dies here, mid-way
            return await method(*args, **kwargs)
        return wrapper

    db.record_hand = killing(db.record_hand, "hand")  # type: ignore[method-assign]
    db.record_match = killing(db.record_match, "match")  # type: ignore[method-assign]
    db.save_table = killing(db.save_table, "status")  # type: ignore[method-assign]
    while service.session(tid).record.status is Status.PLAYING:
        if not await service.run_until_idle(50):
            raise SystemExit("the match stopped before its end")
    raise SystemExit("the match ended without the kill")


async def counts(db: Database, tid: int) -> tuple[int, int, int]:
    hands = await db.fetchone("SELECT COUNT(*) FROM hand_results WHERE table_id = ?", (tid,))
    matches = await db.fetchone("SELECT COUNT(*) FROM matches WHERE table_id = ?", (tid,))
    stats = await db.player_stats(1, HUMAN)
    played = stats.matches_won + stats.matches_lost if stats is not None else 0
    return int(hands[0]) if hands else 0, int(matches[0]) if matches else 0, played


async def restart(path: Path) -> tuple[GameService, Database]:
    service, db, _ = await make_service(path, StepClock())
    await service.restore_all()
    return service, db


@pytest.mark.parametrize("stage", STAGES)
async def test_a_kill_at_match_end_is_finished_exactly_once_by_the_next_start(tmp_path: Path, stage: str) -> None:
    path = tmp_path / "tractor.db"
    done = subprocess.run([sys.executable, "-m", "tests.faults.test_match_end", str(path), stage], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == -signal.SIGKILL, done.stderr[-2000:]
    assert done.stdout.strip().endswith("killed")

    service, db = await restart(path)
    tid = 1
    rec = await db.get_table(tid)
    assert rec.status is Status.FINISHED  # the match end was finished by the start-up
    table = service.session(tid).table
    assert table is not None and table.phase is Phase.MATCH_OVER
    after = await counts(db, tid)
    assert after == (len(table.results), 1, 1)  # every hand, one match, the ladder moved once
    assert not service.tables(1)  # no longer an open table: the host's limits are free again
    assert not await db.table_timers(tid)
    await db.close()

    service, db = await restart(path)  # a second start changes nothing
    assert await counts(db, tid) == after
    assert tid not in service.sessions or not service.session(tid).record.active
    await db.close()


if __name__ == "__main__":
    asyncio.run(child(sys.argv[1], sys.argv[2]))
