"""Fault benchmark: N tables (SQLite and PostgreSQL; human drivers and AI seats) run by a bot process
(``benchmarks/fault_worker.py``) under faults injected for real, one after the other:

- ``pg_restart``: the PostgreSQL server stopped for ``--down`` seconds and started again (``tools.pgcluster``);
- ``sqlite_lock``: a second process holds ``BEGIN EXCLUSIVE`` past the bot's busy timeout (5 s);
- ``kill_commit`` / ``kill_results`` / ``kill_match_end``: the bot SIGKILLs itself right after a commit, after a
  hand-settling move before its result, after the match-ending move before the match row; a new bot starts;
- ``draw_stop`` / ``draw_kill``: the drawing process SIGSTOPped for ``--down`` seconds (then SIGCONT), or SIGKILLed;
- ``file_removed`` (SQLite, last): the database file deleted under the running bot;
- ``ai_stop``: one of the bot's two AI worker processes SIGSTOPped for ``--down`` seconds (recovery: every table
  moved while it stays stopped);
- ``clock_term`` / ``clock_kill`` (SQLite): the bot (``benchmarks/clock_worker.py``: a human who never moves, a
  sheet90 clock shortened to 6 s) SIGTERMed or SIGKILLed with its clock running, down 10 s (longer than the
  clock), started again: ``penalty`` counts 超时 penalties or 托管 that the downtime caused (seen within 1 s of the
  restart), ``clock_left`` what the clock has then (recovery: the restart until it reports);
- ``full_disk`` (needs root to mount a tmpfs): ``bot.py offline`` with its database, then its output folder, on a
  full 1 MB filesystem: one line, exit code 1, the database whole (recovery: the time to exit).

Figures: ``injected`` (faults), ``lost`` (acknowledged human moves not in storage as acknowledged — after
``file_removed``, every move acknowledged after the removal), ``duplicated`` (a table's hand results, match rows or
ladder counts recorded more than once), ``frozen`` (tables in play with no progress for ``--frozen-s`` seconds
after the fault cleared), ``recover_s_max`` (fault cleared → every table in play moved again). Run under the
shared machine's load, the times are noisy. ``--json``: one JSON object on the last line.

    .venv/bin/python benchmarks/faults.py --tables 8 --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.stop_faults import clock_downtime, full_disk
from data.database import Database
from tools.pgcluster import PgCluster
from tools.sqlitelock import hold_lock

WORKER = Path(__file__).resolve().parent / "fault_worker.py"


@dataclass
class Worker:
    """A running bot process and what it said."""

    proc: asyncio.subprocess.Process
    tick: dict[int, int] = field(default_factory=dict)
    finished: set[int] = field(default_factory=set)
    waiting: list[int] = field(default_factory=list)
    acks: list[tuple[int, int, Any, float]] = field(default_factory=list)
    refused: int = 0
    killed: str | None = None
    reader: asyncio.Task[None] | None = None

    @property
    def gone(self) -> bool:
        """The process ended (or closed its output: it was killed)."""
        return self.proc.returncode is not None or (self.reader is not None and self.reader.done())

    async def follow(self) -> None:
        assert self.proc.stdout is not None
        async for line in self.proc.stdout:
            with contextlib.suppress(ValueError):
                self._take(json.loads(line))

    def _take(self, msg: dict[str, Any]) -> None:
        if "tick" in msg:
            self.tick = {int(k): v for k, v in msg["tick"].items()}
            self.finished, self.waiting = set(msg["finished"]), msg["waiting"]
        elif "ack" in msg:
            tid, seq, action = msg["ack"]
            self.acks.append((tid, seq, action, time.monotonic()))
        elif "refused" in msg:
            self.refused += 1
        elif "killed" in msg:
            self.killed = msg["killed"]


@dataclass
class Run:
    """One backend's run: its database, its bot process, the figures so far."""

    target: str
    tables: int
    frozen_s: float
    cluster: PgCluster | None = None
    worker: Worker | None = None
    acks: list[tuple[int, int, Any, float]] = field(default_factory=list)
    injected: int = 0
    frozen: int = 0
    recover: list[float] = field(default_factory=list)
    faults: list[dict[str, Any]] = field(default_factory=list)
    file_removed_at: float | None = None
    penalty: int = 0  # 超时 penalties or 托管 caused by the bot's own downtime

    async def start(self, *extra: str) -> Worker:
        note(f"starting a bot {' '.join(extra)}")
        proc = await asyncio.create_subprocess_exec(sys.executable, str(WORKER), self.target, "--tables",
                                                    str(self.tables), *extra, stdout=subprocess.PIPE)
        w = self.worker = Worker(proc)
        w.reader = asyncio.create_task(w.follow())
        await until(lambda: len(w.tick) >= self.tables or w.gone, 120)
        return w

    async def stop(self) -> None:
        w, self.worker = self.worker, None
        if w is None:
            return
        children = spawned(w.proc.pid) if w.proc.returncode is None else []
        if w.proc.returncode is None:
            w.proc.kill()
        for pid in children:  # its drawing process and resource tracker (they outlive a SIGKILL, holding its pipe)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(w.proc.wait(), 10)
        if w.reader is not None:
            w.reader.cancel()  # an orphan may hold the pipe open: no end of file to wait for
            with contextlib.suppress(asyncio.CancelledError):
                await w.reader
        self.acks += w.acks

    async def watch(self, name: str, cleared: float) -> None:
        """After a fault cleared at ``cleared``: until every table in play moved (recovery), or ``frozen_s``."""
        note(f"{name}: cleared, watching")
        w = self.worker
        assert w is not None
        start = dict(w.tick)
        moved: set[int] = set()
        recover = 0.0
        while time.monotonic() - cleared < self.frozen_s and w.proc.returncode is None:
            moved |= {t for t, v in w.tick.items() if v != start.get(t)} | w.finished
            if len(moved) >= len(w.tick):
                recover = time.monotonic() - cleared
                break
            await asyncio.sleep(0.1)
        frozen = sorted(set(w.tick) - moved) if not recover else []
        self.injected += 1
        self.frozen += len(frozen)
        self.recover.append(recover if not frozen else self.frozen_s)
        self.faults.append({"fault": name, "recover_s": round(recover, 2), "frozen": frozen,
                            "refused": w.refused, "waiting_without_timer": w.waiting})
        note(f"{name}: {self.faults[-1]}")


def note(text: str) -> None:
    """Progress on stderr (the figures go to stdout)."""
    print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


async def until(done: Callable[[], bool], patience: float) -> bool:
    end = time.monotonic() + patience
    while time.monotonic() < end and not done():
        await asyncio.sleep(0.05)
    return done()


def spawned(worker_pid: int) -> list[int]:
    """The worker's child processes (its drawing process, multiprocessing's resource tracker)."""
    out: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{worker_pid}/task").iterdir():
            out += [int(c) for c in (task / "children").read_text().split()]
    return out


def drawing_process(worker_pid: int) -> int | None:
    """The worker's drawing process (a spawned child that is not multiprocessing's resource tracker)."""
    for child in spawned(worker_pid):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                return child
    return None


# -- the faults -------------------------------------------------------------------------------------------------
async def pg_restart(run: Run, down: float) -> None:
    assert run.cluster is not None
    await asyncio.to_thread(run.cluster.halt)
    await asyncio.sleep(down)
    await asyncio.to_thread(run.cluster.resume)
    await run.watch("pg_restart", time.monotonic())


async def sqlite_lock(run: Run, down: float) -> None:
    locker = await asyncio.to_thread(hold_lock, run.target, max(down, 7.0))
    assert locker.stdout is not None
    await asyncio.to_thread(locker.stdout.readline)
    await asyncio.to_thread(locker.wait)
    await run.watch("sqlite_lock", time.monotonic())


async def kill_stage(run: Run, stage: str) -> None:
    await run.stop()
    w = await run.start("--kill-at", stage)
    await until(lambda: w.gone, 300)
    if not w.gone:  # the stage never came: not a fault injected
        await run.stop()
        await run.start()
        return
    await run.stop()
    cleared = time.monotonic()
    await run.start()  # the restart: the fault is cleared when the new bot has restored its tables
    await run.watch(f"kill_{stage}", cleared)


async def draw_fault(run: Run, how: str, down: float) -> None:
    await run.stop()
    w = await run.start("--draw")
    await asyncio.sleep(2.0)
    pid = drawing_process(w.proc.pid)
    if pid is None:
        run.faults.append({"fault": f"draw_{how}", "error": "no drawing process found"})
        return
    os.kill(pid, signal.SIGSTOP if how == "stop" else signal.SIGKILL)
    if how == "stop":
        await asyncio.sleep(down)
        os.kill(pid, signal.SIGCONT)
    await run.watch(f"draw_{how}", time.monotonic())
    await run.stop()
    await run.start()


async def file_removed(run: Run) -> None:
    w = run.worker
    assert w is not None
    run.file_removed_at = time.monotonic()
    os.remove(run.target)
    await asyncio.sleep(5.0)
    run.injected += 1
    run.faults.append({"fault": "file_removed", "refused": w.refused,
                       "acked_after": sum(a[3] > run.file_removed_at for a in w.acks)})


async def ai_stop(run: Run, down: float) -> None:
    """One of two AI workers stopped: the tables must go on meanwhile (the pool's timeout and fallback)."""
    await run.stop()
    w = await run.start("--ai", "2")
    await asyncio.sleep(3.0)
    workers = [pid for pid in spawned(w.proc.pid) if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    if not workers:
        run.faults.append({"fault": "ai_stop", "error": "no AI worker found"})
        return
    os.kill(workers[0], signal.SIGSTOP)
    try:
        await run.watch("ai_stop", time.monotonic())  # while it stays stopped
        await asyncio.sleep(max(0.0, down - run.recover[-1]))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(workers[0], signal.SIGCONT)
    await run.stop()
    await run.start()


async def check(run: Run, acks: list[tuple[int, int, Any, float]], db: Database) -> tuple[int, int]:
    """(lost, duplicated) of the acknowledged moves and recorded results."""
    lost = 0
    for tid, seq, action, _at in acks:
        stored = await db.actions_between(tid, seq - 1, seq)
        lost += stored != [action]
    duplicated = 0
    for rec in await db.list_tables(("lobby", "playing", "finished", "ended")):
        tid = rec.table_id
        hands = await db.fetchone("SELECT COUNT(*) FROM hand_results WHERE table_id = ?", (tid,))
        matches = await db.fetchone("SELECT COUNT(*) FROM matches WHERE table_id = ?", (tid,))
        stats = await db.player_stats(1, rec.host_id)
        played_hands = sum(getattr(stats, c) for c in ("hands_won_dealer", "hands_won_defender", "hands_lost_dealer",
                                                        "hands_lost_defender")) if stats else 0
        played_matches = stats.matches_won + stats.matches_lost if stats else 0
        n_hands, n_matches = (int(hands[0]) if hands else 0), (int(matches[0]) if matches else 0)
        duplicated += played_hands > n_hands or played_matches > n_matches or n_matches > 1
    return lost, duplicated


async def check_now(run: Run) -> tuple[int, int]:
    """``check`` on a connection of its own (the bot may run on: what it acknowledged is stored by now)."""
    db = await Database.open(run.target)
    try:
        return await check(run, run.acks + (run.worker.acks if run.worker else []), db)
    finally:
        await db.close()


async def backend(kind: str, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """Every fault on one backend; its figures."""
    cluster = PgCluster.start() if kind == "postgresql" else None
    target = cluster.create_database("faults") if cluster else str(folder / "faults.db")
    run = Run(target, args.tables, args.frozen_s, cluster)
    try:
        await run.start()
        await asyncio.sleep(2.0)
        if not args.new_only:
            await (pg_restart(run, args.down) if cluster is not None else sqlite_lock(run, args.down))
            for stage in ("commit", "results", "match_end"):
                await kill_stage(run, stage)
        if not args.new_only:
            for how in ("stop", "kill"):
                await draw_fault(run, how, args.down)
        await ai_stop(run, args.down)
        lost, duplicated = await check_now(run)
        if cluster is None:
            for how in ("term", "kill"):
                fault = await clock_downtime(folder, how)
                note(f"clock_{how}: {fault}")
                run.faults.append(fault)
                run.injected += 1
                run.penalty += fault["penalty"]
                run.frozen += len(fault["frozen"])
                run.recover.append(fault["recover_s"])
            for fault in await asyncio.to_thread(full_disk, folder):
                run.faults.append(fault)
                if "error" not in fault:
                    run.injected += 1
                    run.frozen += len(fault["frozen"])
                    run.recover.append(fault["recover_s"])
                    lost += fault["database_whole"] is False
            await file_removed(run)
            lost += run.faults[-1]["acked_after"]
    finally:
        await run.stop()
        if cluster is not None:
            cluster.stop()
    return {"backend": kind, "injected": run.injected, "lost": lost, "duplicated": duplicated,
            "frozen": run.frozen, "recover_s_max": round(max(run.recover, default=0.0), 2), "penalty": run.penalty,
            "acked": len(run.acks), "faults": run.faults}


async def main(args: argparse.Namespace) -> dict[str, Any]:
    results = []
    with tempfile.TemporaryDirectory(prefix="tractor-faults-") as folder:
        for kind in args.backends:
            result = await backend(kind, args, Path(folder))
            results.append(result)
            if not args.json:
                print(json.dumps(result, indent=1))
    return {"tables": args.tables, "injected": sum(r["injected"] for r in results),
            "lost": sum(r["lost"] for r in results), "duplicated": sum(r["duplicated"] for r in results),
            "frozen": sum(r["frozen"] for r in results), "penalty": sum(r["penalty"] for r in results),
            "recover_s_max": max((r["recover_s_max"] for r in results), default=0.0),
            "backends": results}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--down", type=float, default=6.0, help="seconds a fault lasts (server down, lock, SIGSTOP)")
    parser.add_argument("--frozen-s", type=float, default=30.0)
    parser.add_argument("--backends", nargs="+", default=["sqlite", "postgresql"], choices=("sqlite", "postgresql"))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--new-only", action="store_true",
                        help="only the newest faults (ai_stop, clock_term/kill, full_disk) and file_removed")
    figures = asyncio.run(main(parser.parse_args()))
    if parser.parse_args().json:
        for r in figures["backends"]:
            print(json.dumps(r), file=sys.stderr)
    print(json.dumps(figures) if parser.parse_args().json else json.dumps(
        {k: v for k, v in figures.items() if k != "backends"}))
