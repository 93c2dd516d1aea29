"""Helpers of the storage-fault tests (no tests here): a service on a real clock with its timer loop and watchdog
running, a table of one human (user 100, seat 0) and three AI seats, and waiting (in real time, generously) for
a table to move on by itself."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from data import Database
from engine.views import Phase
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import RecordingPresenter
from runtime.service.game import GameService
from tests.helpers.runtime_support import HUMAN, human_table
from tools.sqlitelock import hold_lock

__all__ = ["hold_lock"]

PATIENCE_S = 90.0  # how long a test waits for a table to move on by itself (never a measured time)


async def live_service(db: Database) -> GameService:
    """A service as the bot runs it: real clock, timer loop and watchdog started (``restore_all``)."""
    service = GameService(db, RecordingPresenter(), clock=time.time, rng_seed=7, images=ImagePolicy.NONE)
    await service.restore_all()
    return service


async def live_table(service: GameService, ai_delay: float = 0.05) -> int:
    return await human_table(service, ai_delay=ai_delay, turn_timeout=3600.0, reminder_before=0.0,
                             declare_window=ai_delay + 1.0)


async def wait_for(done: Callable[[], bool], patience: float = PATIENCE_S) -> bool:
    """Poll ``done`` every 50 ms for up to ``patience`` seconds (real time)."""
    end = time.monotonic() + patience
    while time.monotonic() < end:
        if done():
            return True
        await asyncio.sleep(0.05)
    return done()


def version(service: GameService, tid: int) -> int:
    table = service.session(tid).table
    return table.version if table is not None else -1


def human_turn(service: GameService, tid: int) -> bool:
    table = service.session(tid).table
    return table is not None and table.phase in (Phase.PLAYING, Phase.BURYING) and 0 in table.to_act()


async def human_moves(service: GameService, tid: int) -> None:
    await service.act(tid, HUMAN, service.suggest(tid, HUMAN))
