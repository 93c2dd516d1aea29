"""The bot's timer driver (cogs/timers.py) hears timer changes through data/'s public hook only."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from cogs.timers import TimerDriver
from data.database import Database
from tests.records import new_record

ROOT = Path(__file__).resolve().parent.parent


class _Game:
    """The two things the driver uses of a ``GameService``."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.runs = 0

    async def run_until_idle(self) -> int:
        self.runs += 1
        return 0


async def test_driver_wakes_on_timer_changes_and_stops_listening_when_closed() -> None:
    db = await Database.open(":memory:")
    try:
        game = _Game(db)
        driver = TimerDriver(game, clock=lambda: 0.0)
        tid = (await db.create_table(new_record(1, 2, 3, "standard", seed=1))).table_id
        await db.add_timer("turn", tid, 100.0)
        await driver.run_now()
        assert game.runs == 1
        await db.add_timer("ai", tid, 200.0)
        for _ in range(5):
            await asyncio.sleep(0)
        await driver.run_now()
        assert game.runs >= 2
        await driver.close()
        runs = game.runs
        await db.add_timer("turn", tid, 300.0)
        for _ in range(5):
            await asyncio.sleep(0)
        assert game.runs == runs
        assert isinstance(db.timers_changed, asyncio.Event) and type(db.timers_changed) is asyncio.Event
    finally:
        await db.close()


def test_no_private_attribute_of_data_is_used_outside_data() -> None:
    """runtime/ and cogs/ use data/'s public API only (e.g. ``on_timers_changed``, not ``_timers_changed``)."""
    private = re.compile(r"\bdb\._[a-z]\w*")
    offenders = [f"{path.relative_to(ROOT)}: {m.group(0)}"
                 for folder in ("runtime", "cogs") for path in sorted((ROOT / folder).glob("*.py"))
                 for m in private.finditer(path.read_text(encoding="utf-8"))]
    assert offenders == []
