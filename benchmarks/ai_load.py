"""``bot_load.py --ai strong``: N tables, each one human and three strong AI seats (0.2 s budget), playing
for real (wall-clock timers) while the human of every table answers each turn, and the event loop's lag is
sampled every 10 ms.

SimCord settles the bot (waits for every task and executor job) after each simulated interaction, so a
load that never goes idle — hundreds of AIs thinking — cannot be driven through it. This mode runs the
same ``GameService`` the cogs call (table pipeline, timers, AI, storage, pictures rendered as the bot
renders them) with a presenter that drops the output, and times an interaction as the bot's share of a
click: the panel read, the suggestion and the committed move (``service.act``), from the moment the
human's click would arrive (their turn came up and was shown, and the driver noticed it) to the move shown: the
acknowledged commit with the move's pictures drawn — the live table picture, drawn in the background, counts once
it (or a newer one of the table) is drawn, as the live message's edit waits for it (a click refused because the
table moved on meanwhile counts at the refusal);
``commit_ms``: to the move's commit, before its pictures are drawn and shown (in Discord the click was answered
— deferred — at once).

``--ai-in thread`` runs the AI as before this pool existed (threads sharing the loop's interpreter lock).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import threading
import time
from typing import Any

from data.records import TableOptions
from engine.views import Phase
from runtime.aipool import AiPool
from runtime.pictures.imaging import ImagePolicy
from runtime.pictures.renderqueue import QUEUE
from runtime.presenter import TableUpdate
from runtime.service.game import GameService

GUILD, CHANNEL = 10 << 22, 20


class DropPresenter:
    """Takes every update and keeps only the version each table was last shown at (Discord's side is not what is
    measured here; a person sees their turn once it is shown): an update with a live table picture once its picture
    is drawn (the Discord presenter's edit waits for it), else at once."""

    def __init__(self) -> None:
        self.shown: dict[int, int] = {}
        self.waiters: dict[int, list[tuple[int, asyncio.Future[None]]]] = {}

    async def table_changed(self, update: TableUpdate) -> None:
        tid, version = update.record.table_id, update.version
        picture = getattr(update, "table", None)
        if picture is None:
            self._show(tid, version)
        else:
            picture.add_done_callback(lambda _drawn: self._show(tid, version))

    def _show(self, table_id: int, version: int) -> None:
        self.shown[table_id] = max(version, self.shown.get(table_id, 0))
        waiting = self.waiters.get(table_id, [])
        for entry in [w for w in waiting if w[0] <= self.shown[table_id]]:
            waiting.remove(entry)
            if not entry[1].done():
                entry[1].set_result(None)

    async def until_shown(self, table_id: int, version: int) -> None:
        """Return once the table is shown at ``version`` or later."""
        if self.shown.get(table_id, 0) >= version:
            return
        future = asyncio.get_running_loop().create_future()
        self.waiters.setdefault(table_id, []).append((version, future))
        await future


def shown(service: GameService, table_id: int, version: int) -> bool:
    """The table's state at ``version`` has been shown (a ``DropPresenter``; any other presenter: assumed)."""
    presenter = service.pipeline.presenter
    return not isinstance(presenter, DropPresenter) or presenter.shown.get(table_id, 0) >= version


async def until_shown(service: GameService, table_id: int, version: int) -> None:
    presenter = service.pipeline.presenter
    if isinstance(presenter, DropPresenter):
        await presenter.until_shown(table_id, version)


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2)


COMMITTED: dict[int, float] = {}  # table id -> when its last action was committed (perf_counter)


def watch_commits(db: Any) -> None:
    """Note when each table's actions are committed (``COMMITTED``): a move's commit latency, before its pictures."""
    commit = db.append_action

    async def append_action(table_id: int, *args: Any, **kwargs: Any) -> Any:
        result = await commit(table_id, *args, **kwargs)
        COMMITTED[table_id] = time.perf_counter()
        return result

    db.append_action = append_action


class LagSampler:
    """Event-loop lag, sampled every 10 ms: a thread posts a callback to the loop when a sample is due and the
    callback records how late it ran (ms). A thread, so SimCord's virtual clock does not touch it."""

    def __init__(self, loop: asyncio.AbstractEventLoop, every: float = 0.01) -> None:
        self.loop = loop
        self.every = every
        self.lags: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._post, name="lag-sampler", daemon=True)

    def _post(self) -> None:
        due = time.perf_counter() + self.every
        while not self._stop.wait(max(0.0, due - time.perf_counter())):
            try:  # lag counts from when the sample was due: a thread kept waiting for the GIL counts too
                self.loop.call_soon_threadsafe(self._record, due)
            except RuntimeError:  # loop closed
                return
            due = max(due + self.every, time.perf_counter())

    def _record(self, sent: float) -> None:
        self.lags.append((time.perf_counter() - sent) * 1000.0)

    def __enter__(self) -> LagSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def figures(self) -> dict[str, float | None]:
        return {"loop_lag_ms_p50": round(statistics.median(self.lags), 2) if self.lags else None,
                "loop_lag_ms_p99": pct(self.lags, 0.99), "loop_lag_ms_max": pct(self.lags, 1.0),
                "loop_lag_samples": len(self.lags)}


async def human(service: GameService, table_id: int, user: int, latencies: list[float], stop: asyncio.Event,
                rng: random.Random, committed: list[float] | None = None) -> int:
    """Play the human seat: whenever it is their turn, open the panel, take the suggestion, commit it."""
    moves = 0
    await asyncio.sleep(rng.random())  # spread the 200 drivers
    while not stop.is_set():
        session = service.session(table_id)
        table = session.table
        if table is None or table.phase is Phase.MATCH_OVER:
            return moves
        if 0 in table.to_act() and shown(service, table_id, table.version):  # their turn, on the screen
            started = time.perf_counter()
            try:
                service.panel(table_id, user)
                action = service.suggest(table_id, user)
            except Exception:  # nothing to suggest (cards still being dealt): look again at a person's pace (a
                await asyncio.sleep(0.25 + 0.1 * rng.random())  # 20 Hz retry here starved 500-table processes)
                continue
            try:
                version = table.version
                await service.act(table_id, user, action, version=version)
                commit_at = COMMITTED.get(table_id)  # the last commit before act returned: this move
                await until_shown(service, table_id, version + 1)  # this move (or a later one) on the screen
            except Exception:  # the table moved on meanwhile (a timer): refused (an answer too); look again
                latencies.append((time.perf_counter() - started) * 1000.0)
                await asyncio.sleep(0.05)
                continue
            latencies.append((time.perf_counter() - started) * 1000.0)
            if committed is not None and commit_at is not None:
                committed.append((commit_at - started) * 1000.0)
            moves += 1
        await asyncio.sleep(0.25 + 0.1 * rng.random())  # the next look (people do not poll faster)
    return moves


async def run(db: Any, tables: int, seconds: float, ai_in: str, budget: float, images: bool,
              processes: int | None, render_processes: int = 0) -> dict[str, Any]:
    pool = AiPool(processes) if ai_in == "pool" else None
    QUEUE.use_processes(render_processes)
    options = TableOptions(ai_delay=0.0, deal_delay=0.0, next_hand_delay=0.5, turn_timeout=3600.0,
                           reminder_before=60.0, declare_window=1.0, ai_declare_wait=0.5)
    service = GameService(db, DropPresenter(), ai_budget=budget, ai_pool=pool, autorun=True, rng_seed=1,
                          images=ImagePolicy.EVERY_ACTION if images else ImagePolicy.NONE)
    await service.restore_all()  # starts the timer task
    if pool is not None:
        await asyncio.gather(*(pool.run(abs, 0) for _ in range(pool.processes)))  # workers up before timing
    if render_processes:
        await asyncio.gather(*(QUEUE.run(abs, 0) for _ in range(render_processes)))
    latencies: list[float] = []
    stop = asyncio.Event()
    sampler = LagSampler(asyncio.get_running_loop()).__enter__()
    ids = []
    for i in range(tables):
        rec = await service.open_table(guild_id=GUILD, channel_id=CHANNEL, host_id=1000 + i, host_name=f"p{i}",
                                       options=options)
        for _ in range(3):
            await service.add_ai(rec.table_id, 1000 + i, level="strong")
        await service.start(rec.table_id, 1000 + i)
        started_at = service.session(rec.table_id).table
        # the host sees the table before the next one starts, as ``start`` itself waited for its picture before the
        # pictures were drawn in the background: the same set-up (else 200 pictures of /start, each marked as an
        # interaction's, would still be queued when the clicks begin)
        await until_shown(service, rec.table_id, started_at.version if started_at is not None else 0)
        ids.append(rec.table_id)
    versions = {tid: 0 for tid in ids}
    drawn, superseded = QUEUE.drawn, QUEUE.superseded
    started = time.perf_counter()
    rng = random.Random(2)
    committed: list[float] = []
    watch_commits(db)
    drivers = [asyncio.create_task(human(service, tid, 1000 + i, latencies, stop, rng, committed))
               for i, tid in enumerate(ids)]
    await asyncio.sleep(seconds)
    stop.set()
    elapsed = time.perf_counter() - started
    human_moves = sum(await asyncio.gather(*drivers))
    drawn, superseded = QUEUE.drawn - drawn, QUEUE.superseded - superseded
    sampler.__exit__()
    await service.close()
    if pool is not None:
        pool.close()
    for tid in ids:
        table = service.session(tid).table
        versions[tid] = table.version if table is not None else 0
    total = sum(versions.values())
    return {
        "mode": "ai", "ai": "strong", "ai_in": ai_in, "ai_budget_s": budget, "tables": tables,
        "seconds": round(elapsed, 1), "actions": total, "human_moves": human_moves,
        "ai_moves_per_s": round((total - human_moves) / elapsed, 1),
        "interactions": len(latencies), "latency_ms_p50": pct(latencies, 0.5), "latency_ms_p99": pct(latencies, 0.99),
        "latency_ms_max": pct(latencies, 1.0),
        "commit_ms_p50": pct(committed, 0.5), "commit_ms_p99": pct(committed, 0.99),
        **sampler.figures(), "pictures_per_s": round(drawn / elapsed, 1), "pictures_drawn": drawn,
        "pictures_superseded": superseded, "images": images, "render_processes": render_processes,
        "backend": db.dialect,
    }
