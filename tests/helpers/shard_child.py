"""One shard process of a two-process cluster (for ``tests/faults/test_shard_processes.py``): opens the shared
database, claims its shard, restores its tables and lets their AI seats play on wall-clock timers until it is
killed. ``python -m tests.helpers.shard_child DB SHARD_COUNT SHARD`` prints ``ready ID ID …`` once restored."""

from __future__ import annotations

import asyncio
import sys

from data.database import Database
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import TableUpdate
from runtime.service.game import GameService


class Quiet:
    async def table_changed(self, update: TableUpdate) -> None:
        return None


async def main(target: str, count: int, shard: int) -> None:
    db = await Database.open(target)
    await db.claim_shards(count, [shard])
    service = GameService(db, Quiet(), images=ImagePolicy.NONE, ai_budget=0.05, autorun=True)
    ids = await service.restore_all()
    print("ready", *sorted(ids), flush=True)
    await asyncio.Event().wait()  # plays until killed


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
