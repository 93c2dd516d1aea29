"""Seasons benchmark: a server with 10,000 ladder players, on SQLite and on PostgreSQL.

Prints, per backend:
- the public ladder page (``web.ladder_page``) rendered without its cache (p50 / max over ``--runs``): the current
  season's first page, its last page, an archived season's first page (podium and hall of fame), and a cached hit;
- a season's end at that size (p50 / max over ``--ends`` seasons, each filled with ``--players`` rows first): the
  archive in storage (``end_season``) alone, and the whole end as the bot does it (``SeasonService.end``: the
  archive, the names and the final standings picture).
``--json``: the last line is one JSON object.

    .venv/bin/python benchmarks/season_bench.py [--players 10000] [--runs 20] [--ends 3]
        [--backend sqlite|postgres|both] [--json]

PostgreSQL runs on a throwaway cluster (``tools.pgcluster``) removed at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from data.database import Database
from engine.rating import DEFAULT_MU, DEFAULT_SIGMA
from runtime.clock.registry import TimerRegistry
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import RecordingPresenter
from runtime.records.seasons import SeasonOver, SeasonService
from runtime.service.game import GameService
from tools.pgcluster import PgCluster
from web.ladder_page import LadderPages

log = logging.getLogger("season_bench")
GUILD = 42
TOKEN = "bench-ladder-page-token"


class Silent:
    """A presenter that drops the announcement (the benchmark times the service, not Discord)."""

    async def season_over(self, over: SeasonOver) -> None:
        return None


async def fill(db: Database, season: int, players: int, seed: int) -> None:
    """``players`` ladder rows in ``season`` of ``GUILD``; names for all of them (stored once)."""
    now = time.time()
    rows = [(GUILD, season, 10**15 + i, (i * 7 + seed) % 40, DEFAULT_MU, DEFAULT_SIGMA, 30.0 - ((i * 7919 + seed) %
             players) / 500, i % 23, i % 17, (i % 9) - 4, now) for i in range(players)]
    async with db.transaction() as tx:
        for start in range(0, len(rows), 1000):
            await tx.executemany(
                "INSERT INTO ladder (guild_id, season, user_id, progress, mu, sigma, ordinal, matches_won,"
                " matches_lost, streak, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows[start:start + 1000])
        if seed == 0:
            await tx.executemany(
                "INSERT INTO player_names (guild_id, user_id, name, seen_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING", [(GUILD, 10**15 + i, f"Player {i}", now) for i in range(players)])


def ms(values: list[float]) -> dict[str, float]:
    return {"p50": round(statistics.median(values) * 1000, 2), "max": round(max(values) * 1000, 2)}


async def timed(runs: int, call: Any) -> dict[str, float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        await call()
        times.append(time.perf_counter() - started)
    return ms(times)


async def measure(db: Database, args: argparse.Namespace) -> dict[str, Any]:
    await db.open_season(GUILD)
    await fill(db, 1, args.players, 0)
    service = SeasonService(db, Silent(), time.time, TimerRegistry())
    await service.standings(GUILD, await db.open_season(GUILD), "en")  # fonts loaded, as at the bot's start
    archive: list[float] = []
    whole: list[float] = []
    for i in range(args.ends):  # season 1..ends: each ended with `players` rows; the last by the service
        if i:
            await fill(db, i + 1, args.players, i)
        started = time.perf_counter()
        if i % 2 == 0:
            assert await db.end_season(GUILD, time.time()) is not None
            archive.append(time.perf_counter() - started)
        else:
            await service.end(GUILD, True, "en")
            whole.append(time.perf_counter() - started)
    await fill(db, args.ends + 1, args.players, args.ends)
    await db.set_ladder_page(GUILD, TOKEN, time.time())
    pages = LadderPages(GameService(db, RecordingPresenter(), images=ImagePolicy.NONE, autorun=False))
    last = -(-args.players // 100)
    out: dict[str, Any] = {
        "players": args.players,
        "page_first_ms": await timed(args.runs, lambda: pages.render(GUILD, None, 1, "en", TOKEN)),
        "page_last_ms": await timed(args.runs, lambda: pages.render(GUILD, None, last, "zh-CN", TOKEN)),
        "page_archived_ms": await timed(args.runs, lambda: pages.render(GUILD, 1, 1, "en", TOKEN)),
        "season_end_archive_ms": ms(archive),
        "season_end_whole_ms": ms(whole) if whole else None,
    }
    await pages.page(GUILD, None, 1, "en", TOKEN)
    out["page_cached_ms"] = await timed(args.runs, lambda: pages.page(GUILD, None, 1, "en", TOKEN))
    return out


async def run(backend: str, args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="season_bench_"))
    cluster = PgCluster.start(durable=True) if backend == "postgres" else None
    target = cluster.create_database("bench") if cluster is not None else str(workdir / "bench.sqlite3")
    db = await Database.open(target)
    try:
        out = {"backend": backend, **await measure(db, args)}
        out["load_average"] = round(os.getloadavg()[0], 1)  # the shared machine's load while measuring
        return out
    finally:
        await db.close()
        if cluster is not None:
            cluster.stop()


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--players", type=int, default=10_000)
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--ends", type=int, default=5, help="seasons ended (alternately by storage and by the service)")
    p.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="both")
    p.add_argument("--json", action="store_true")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    logging.basicConfig(level=logging.WARNING)
    backends = ("sqlite", "postgres") if args.backend == "both" else (args.backend,)
    results = [asyncio.run(run(b, args)) for b in backends]
    for r in results:
        print(f"{r['backend']}: {r['players']} players (load average {r['load_average']})")
        print(f"  ladder page (uncached) first {r['page_first_ms']} last {r['page_last_ms']} "
              f"archived {r['page_archived_ms']} ms; cached {r['page_cached_ms']} ms")
        print(f"  season end: archive {r['season_end_archive_ms']} ms; whole (archive, names, picture) "
              f"{r['season_end_whole_ms']} ms")
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
