"""The bot side of ``benchmarks/faults.py``'s downtime fault: a game service on a real clock with one table whose
human (seat 0) never moves, on a sheet90 time control shortened to ``--clock`` seconds per turn (the 20-point
超时 penalty, then 托管). It opens the table (or restores it), and prints one JSON object a line every 0.25 s:
``{"tid", "restored", "sanctions", "away", "to_act", "clock_left"}`` (``clock_left``: seconds until the human's
stored clock ends, its reminder's lead included). The faults run kills or stops it, and starts it again later.

    .venv/bin/python benchmarks/clock_worker.py DB --clock 6
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cli.serve import stop_on_signals
from data.database import Database
from data.records import Mode, TableOptions
from engine.rules import Rules
from engine.views import Phase
from runtime.clock.timers import decode
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import RecordingPresenter
from runtime.procedures import TIME_CONTROLS
from runtime.service.game import GameService

HOST = 1000


async def clock_left(db: Database, tid: int, now: float, default_before: float) -> float | None:
    ends = [t.due_at + spec.lead(default_before) for t in await db.table_timers(tid, "turn")
            if (spec := decode(t.kind, t.payload)) is not None]
    return round(min(ends) - now, 2) if ends else None


async def main(args: argparse.Namespace) -> None:
    db = await Database.open(args.db)
    service = GameService(db, RecordingPresenter(), rng_seed=7, images=ImagePolicy.NONE)
    restored = await service.restore_all()
    if not restored:
        options = TableOptions.from_json({**TableOptions.instant().to_json(), **TIME_CONTROLS["sheet90"],
                                          "bury_time": args.clock, "lead_time": args.clock,
                                          "follow_time": args.clock, "declare_time": args.clock})
        options = replace(options, reminder_before=args.clock / 2, turn_timeout=args.clock)
        rec = await service.open_table(guild_id=1, channel_id=2, host_id=HOST, host_name="p", mode=Mode.ASYNC,
                                       rules=Rules.from_preset("standard", end_level="4"), options=options, seed=3)
        for seat in (1, 2, 3):
            await service.add_ai(rec.table_id, HOST, seat, "basic")
        await service.start(rec.table_id, HOST)
    tid = min(service.sessions)
    stop = asyncio.Event()
    with stop_on_signals(stop):
        while not stop.is_set():
            session = service.sessions[tid]
            table = session.table
            to_act = bool(table is not None and 0 in table.to_act() and table.phase is not Phase.DEALING)
            print(json.dumps({"tid": tid, "restored": bool(restored), "sanctions": len(table.sanctions) if table else 0,
                              "away": session.record.seats[0].away if session.record.seats[0] else None,
                              "to_act": to_act, "clock_left": await clock_left(
                                  db, tid, time.time(), session.record.options.reminder_before)}), flush=True)
            with __import__("contextlib").suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.25)
    await service.close()
    await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("--clock", type=float, default=6.0)
    asyncio.run(main(parser.parse_args()))
