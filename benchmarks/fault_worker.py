"""The bot side of ``benchmarks/faults.py``: a game service on a real clock (its timer loop and watchdog running),
``--tables`` tables on one database, restored if they exist. Odd table ids have a human driver (seat 0, the
host) who plays the suggested move when it is their turn; even ones are played by the AI alone (their human under
托管). Pictures are drawn in one drawing process (``--draw``), as the bot does.

Prints one JSON object a line: ``{"ack": [table, seq, action]}`` after each acknowledged human move (the player
would see "Played …"), ``{"refused": table}`` when a move is refused, and every 0.25 s
``{"tick": {table: version}, "finished": [...], "waiting": [...]}`` (``waiting``: in play, needing a timer and
having none). ``--kill-at STAGE`` SIGKILLs the process itself at one stage of a move: ``commit`` (right after a
commit returned), ``results`` (a hand settled, before its result is recorded), ``match_end`` (the match-ending
move stored, before the match row).

    .venv/bin/python benchmarks/fault_worker.py DB --tables 8 [--kill-at results]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data.database import Database
from data.errors import DataError
from data.records import Mode, Status, TableOptions
from engine.errors import EngineError
from engine.rules import Rules
from runtime.aipool import AiPool
from runtime.pictures.imaging import ImagePolicy
from runtime.pictures.renderqueue import QUEUE
from runtime.presenter import RecordingPresenter
from runtime.service.game import GameService
from runtime.service.watchdog import waiting_without_timers

OPTIONS = TableOptions(ai_delay=0.05, deal_delay=0.0, next_hand_delay=0.2, turn_timeout=3600.0, reminder_before=0.0,
                       declare_window=1.0, forced_autoplay=False, ai_declare_wait=0.0)


def say(obj: dict[str, Any]) -> None:
    print(json.dumps(obj, separators=(",", ":")), flush=True)


class Presenter(RecordingPresenter):
    """Keeps nothing (a long run would hold every update)."""

    async def table_changed(self, update: Any) -> None:
        return None


async def open_tables(service: GameService, count: int) -> None:
    """Open tables until ``count`` are in play; each has a host of its own (user ``1000 + n``: its ladder rows
    are its table's alone)."""
    ever = len(await service.db.list_tables(("lobby", "playing", "finished", "ended")))
    for i in range(ever, ever + count - len(service.sessions)):
        user = 1000 + i
        rec = await service.open_table(guild_id=1, channel_id=2, host_id=user, host_name=f"p{i}",
                                       rules=Rules.from_preset("standard", end_level="4"), mode=Mode.ASYNC,
                                       options=OPTIONS, seed=i)
        for seat in (1, 2, 3):
            await service.add_ai(rec.table_id, user, seat, "basic")
        await service.start(rec.table_id, user)
        if i % 2:
            await service.go_away(rec.table_id, user)


async def drive(service: GameService, tid: int) -> None:
    """The human of table ``tid``: plays the suggested move on their turn (a refused move is tried again)."""
    rng = random.Random(tid)
    while True:
        await asyncio.sleep(0.05 + rng.random() * 0.1)
        session = service.sessions.get(tid)
        if session is None or session.record.status is not Status.PLAYING:
            return
        user = session.record.host_id
        table = session.table
        if table is None or session.record.seat_of(user) not in table.to_act() or session.stale:
            continue
        try:
            action = service.suggest(tid, user)
            outcome = await service.act(tid, user, action, version=table.version)
        except DataError as exc:
            if exc.key.startswith("faults."):
                say({"refused": tid})
            continue
        except EngineError:
            continue
        say({"ack": [tid, outcome.version, outcome.action.to_json()]})


def kill_at(db: Database, service: GameService, stage: str) -> None:
    """Wrap the storage step the stage names: SIGKILL this process there (for real)."""
    def die() -> None:
        say({"killed": stage})
        os.kill(os.getpid(), signal.SIGKILL)

    if stage == "commit":
        original = db.append_action
        calls = [0]

        async def commit(*args: Any, **kwargs: Any) -> Any:
            await original(*args, **kwargs)
            calls[0] += 1
            if calls[0] >= 200:
                die()
        db.append_action = commit  # type: ignore[method-assign]
        return
    name = "record_hand" if stage == "results" else "record_match"
    method = getattr(db, name)

    async def before(*args: Any, **kwargs: Any) -> Any:
        die()
        return await method(*args, **kwargs)
    setattr(db, name, before)


async def main(args: argparse.Namespace) -> None:
    db = await Database.open(args.db)
    if args.draw:
        QUEUE.use_processes(1)
    service = GameService(db, Presenter(), rng_seed=7, images=ImagePolicy.EVERY_ACTION if args.draw else
                          ImagePolicy.NONE, ai_pool=AiPool(args.ai) if args.ai else None)
    await service.restore_all()
    await open_tables(service, args.tables)
    if args.kill_at:
        kill_at(db, service, args.kill_at)
    drivers = [asyncio.create_task(drive(service, tid)) for tid in service.sessions if tid % 2 == 1]
    say({"ready": sorted(service.sessions), "pid": os.getpid()})
    while True:
        await asyncio.sleep(0.25)
        try:
            with_timers = await db.tables_with_timers()
        except Exception:
            with_timers = set(service.sessions)  # storage down: nothing to say about timers now
        say({"tick": {tid: s.table.version if s.table is not None else 0 for tid, s in service.sessions.items()},
             "finished": [tid for tid, s in service.sessions.items() if s.record.status is not Status.PLAYING],
             "waiting": waiting_without_timers(service.sessions, with_timers, time.time()),
             "drivers": sum(not d.done() for d in drivers)})


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--kill-at", choices=("commit", "results", "match_end"))
    parser.add_argument("--draw", action="store_true")
    parser.add_argument("--ai", type=int, default=0, help="AI worker processes (0: AI in threads)")
    asyncio.run(main(parser.parse_args()))
