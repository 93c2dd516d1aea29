"""Cluster benchmark: ``--processes`` shard processes on one PostgreSQL database, each running the game service for
the tables of its guilds (one human seat answered by a driver, three basic AI seats), moves flowing on wall-clock
timers. Halfway through, one process is killed with SIGKILL and restarted.

Every process prints each action it committed (``a TABLE SEQ``, after ``append_action`` returned) and the latency of
each human move (``l MS``: the service's share of a click, see ``ai_load.py``) and its event loop's lag (``g MS``,
sampled twice a second: a saturated loop delays every click whatever the database does). At the end the database
must hold every acknowledged action (``lost`` = acknowledged but missing) and no slot twice (``duplicated`` = one
``(table, seq)`` acknowledged more than once, e.g. by two processes). ``restart_s``: from the restart of the killed
process to its tables restored and running. ``--json``: one JSON object on the last line.

    .venv/bin/python benchmarks/cluster_load.py --processes 4 --tables 2000 --json [--url postgresql://…]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.ai_load import DropPresenter, human, pct
from data.database import Database
from data.records import TableOptions
from runtime.pictures.imaging import ImagePolicy
from runtime.service.game import GameService
from tools.pgcluster import PgCluster

ROOT = Path(__file__).resolve().parents[1]
HOST = 1  # the human of every table (one user id is enough: each driver acts at its own table)


def options(ai_delay: float) -> TableOptions:
    return TableOptions(ai_delay=ai_delay, deal_delay=0.0, next_hand_delay=1.0, turn_timeout=3600.0,
                        reminder_before=60.0, declare_window=2.0, ai_declare_wait=0.0)


async def child(url: str, count: int, shard: int, ai_delay: float, priority_pool: int) -> None:
    """One shard process: claim, restore, print every commit, drive the human seats until killed."""
    db = await Database.open(url, pool_size=8, priority_pool_size=priority_pool)
    await db.claim_shards(count, [shard])
    commit = db.append_action

    async def append_action(table_id: int, seq: int, action: dict[str, Any]) -> None:
        await commit(table_id, seq, action)
        sys.stdout.write(f"a {table_id} {seq}\n")

    db.append_action = append_action  # type: ignore[method-assign]
    service = GameService(db, DropPresenter(), images=ImagePolicy.NONE, autorun=True, ai_budget=0.05)
    ids = await service.restore_all()
    print("ready", len(ids), flush=True)
    latencies: list[float] = []
    stop = asyncio.Event()
    rng = random.Random(shard)
    drivers = [asyncio.create_task(human(service, tid, HOST, latencies, stop, rng)) for tid in ids]
    while drivers:
        slept = time.perf_counter()
        await asyncio.sleep(0.5)
        lag = (time.perf_counter() - slept - 0.5) * 1000.0  # the event loop's lag, sampled twice a second
        lines = f"g {lag:.2f}\n" + "".join(f"l {x:.2f}\n" for x in latencies)
        latencies.clear()
        sys.stdout.write(lines)
        sys.stdout.flush()


async def create_tables(url: str, tables: int, ai_delay: float) -> None:
    """``tables`` started tables in as many guilds (one per table), spread over every shard."""
    db = await Database.open(url, pool_size=4)
    service = GameService(db, DropPresenter(), images=ImagePolicy.NONE, autorun=False, rng_seed=5)
    pace = random.Random(7)
    for i in range(tables):  # each table its own AI pace (0.5-1.5 x): tables started together do not move in step
        rec = await service.open_table(guild_id=(1000 + i) << 22, channel_id=i, host_id=HOST, host_name="H",
                                       options=options(ai_delay * pace.uniform(0.5, 1.5)))
        for _ in range(3):
            await service.add_ai(rec.table_id, HOST)
        await service.start(rec.table_id, HOST)
    await db.close()


class Process:
    """A child process and a thread reading what it prints."""

    def __init__(self, url: str, count: int, shard: int, args: argparse.Namespace, acks: Counter[tuple[int, int]],
                 latencies: list[float], lags: list[float]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--child", url, str(count), str(shard), str(args.ai_delay),
             str(args.priority_pool)], cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.ready = threading.Event()
        self.acks, self.latencies, self.lags = acks, latencies, lags
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            kind, _, rest = line.partition(" ")
            if kind == "a":
                tid, seq = rest.split()
                self.acks[(int(tid), int(seq))] += 1
            elif kind == "l":
                self.latencies.append(float(rest))
            elif kind == "g":
                self.lags.append(float(rest))
            elif kind == "ready":
                self.ready.set()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.reader.join(5)


async def check(url: str, acks: Counter[tuple[int, int]]) -> tuple[int, int, int]:
    """(lost, duplicated, gaps): acknowledged actions missing from the database, slots acknowledged twice, and
    tables whose log is not 1..last."""
    db = await Database.open(url, pool_size=2)
    try:
        rows = await db.fetchall("SELECT table_id, COUNT(*), MAX(seq) FROM actions GROUP BY table_id")
        last = {int(r[0]): int(r[2]) for r in rows}
        gaps = sum(1 for r in rows if int(r[1]) != int(r[2]))
    finally:
        await db.close()
    lost = sum(1 for (tid, seq) in acks if seq > last.get(tid, 0))
    duplicated = sum(n - 1 for n in acks.values() if n > 1)
    return lost, duplicated, gaps


async def main(args: argparse.Namespace) -> dict[str, Any]:
    cluster = PgCluster.start(durable=True, max_connections=100) if not args.url else None
    url = args.url or cluster.create_database("cluster")  # type: ignore[union-attr]
    try:
        t0 = time.perf_counter()
        await create_tables(url, args.tables, args.ai_delay)
        setup_s = time.perf_counter() - t0
        acks: Counter[tuple[int, int]] = Counter()
        latencies: list[float] = []
        lags: list[float] = []
        procs = [Process(url, args.processes, s, args, acks, latencies, lags) for s in range(args.processes)]
        for p in procs:
            p.ready.wait(300)
        started = time.perf_counter()
        await asyncio.sleep(args.seconds / 2)
        victim = procs[args.kill]
        victim.kill()
        t1 = time.perf_counter()
        procs[args.kill] = Process(url, args.processes, args.kill, args, acks, latencies, lags)
        procs[args.kill].ready.wait(300)
        restart_s = time.perf_counter() - t1
        await asyncio.sleep(args.seconds / 2)
        elapsed = time.perf_counter() - started
        for p in procs:
            p.kill()
        lost, duplicated, gaps = await check(url, acks)
        return {
            "processes": args.processes, "tables": args.tables, "seconds": round(elapsed, 1),
            "actions": sum(acks.values()), "actions_per_s": round(sum(acks.values()) / elapsed, 1),
            "lost": lost, "duplicated": duplicated, "log_gaps": gaps, "human_moves": len(latencies),
            "latency_ms_p50": pct(latencies, 0.5), "latency_ms_p99": pct(latencies, 0.99),
            "loop_lag_ms_p50": pct(lags, 0.5), "loop_lag_ms_p99": pct(lags, 0.99),
            "restart_s": round(restart_s, 2), "setup_s": round(setup_s, 1), "ai_delay_s": args.ai_delay,
            "priority_pool": args.priority_pool,
        }
    finally:
        if cluster is not None:
            cluster.stop()


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--processes", type=int, default=4)
    p.add_argument("--tables", type=int, default=2000)
    p.add_argument("--seconds", type=float, default=40.0, help="moves flowing (the kill is halfway)")
    p.add_argument("--ai-delay", type=float, default=5.0, help="seconds before each AI move (the load's pace)")
    p.add_argument("--kill", type=int, default=1, help="which shard process is killed")
    p.add_argument("--url", help="PostgreSQL URL (default: a throwaway cluster)")
    p.add_argument("--priority-pool", type=int, default=4,
                   help="connections of each process kept for clicks (TRACTOR_DB_PRIORITY_POOL; 0 = one pool of 8)")
    p.add_argument("--json", action="store_true")
    return p.parse_args(argv)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        asyncio.run(child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])))
        sys.exit(0)
    ns = parse()
    result = asyncio.run(main(ns))
    for key, value in result.items():
        print(f"{key:>16}: {value}")
    if ns.json:
        print(json.dumps(result))
