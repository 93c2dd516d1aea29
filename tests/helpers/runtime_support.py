"""Helpers shared by the runtime tests (no tests here): a fake clock, a service on a database with one
human (user 100, seat 0) and three AI seats, and drivers that play the human's turns."""

from __future__ import annotations

from pathlib import Path

from data import Database
from data.records import Mode, TableOptions
from engine.rules import Rules
from engine.views import Phase
from runtime.pictures.imaging import ImagePolicy
from runtime.presenter import RecordingPresenter
from runtime.service.game import GameService

HUMAN = 100
HOST = HUMAN
TIMEOUT = 100.0
REMIND = 30.0
WINDOW = 50.0


class StepClock:
    """Unix seconds that move only when a test says so."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def options(**changes: object) -> TableOptions:
    base = dict(ai_delay=0.0, deal_delay=0.0, next_hand_delay=0.0, turn_timeout=TIMEOUT, reminder_before=REMIND,
                declare_window=WINDOW, forced_autoplay=False, ai_declare_wait=0.0)
    base.update(changes)
    return TableOptions(**base)  # type: ignore[arg-type]


async def make_service(db_path: Path | str = ":memory:", clock: StepClock | None = None,
                       presenter: RecordingPresenter | None = None) -> tuple[GameService, Database, RecordingPresenter]:
    db = await Database.open(str(db_path))
    presenter = presenter or RecordingPresenter()
    service = GameService(db, presenter, clock=clock or StepClock(), rng_seed=7, images=ImagePolicy.NONE,
                          autorun=False)
    return service, db, presenter


async def human_table(service: GameService, *, seed: int = 11, mode: Mode = Mode.ASYNC, ai: str = "basic",
                      end_level: str = "3", **option_changes: object) -> int:
    """A started table: the human in seat 0, AIs in seats 1–3; timers not yet run."""
    rec = await service.open_table(guild_id=1, channel_id=2, host_id=HOST, host_name="Hu",
                                   rules=Rules.from_preset("standard", end_level=end_level), mode=mode,
                                   options=options(**option_changes), seed=seed)
    for seat in (1, 2, 3):
        await service.add_ai(rec.table_id, HOST, seat, ai)
    await service.start(rec.table_id, HOST)
    return rec.table_id


def phase(service: GameService, tid: int) -> Phase:
    table = service.session(tid).table
    assert table is not None
    return table.phase


def human_to_act(service: GameService, tid: int) -> bool:
    table = service.session(tid).table
    assert table is not None
    return 0 in table.to_act() and table.phase not in (Phase.DEALING, Phase.HAND_OVER, Phase.MATCH_OVER)


async def play_human(service: GameService, tid: int) -> None:
    """The human makes the suggested move."""
    await service.act(tid, HUMAN, service.suggest(tid, HUMAN))


async def until(service: GameService, tid: int, done, max_steps: int = 5000) -> None:  # type: ignore[no-untyped-def]
    """Fire due timers one at a time; when none is due, play the human's turn (the suggested move);
    until ``done()``."""
    for _ in range(max_steps):
        if done():
            return
        if await service.run_until_idle(1):
            continue
        if not human_to_act(service, tid):
            raise AssertionError("nothing left to do before the condition was met")
        await play_human(service, tid)
    raise AssertionError("condition not met")


async def until_the_human_follows(service: GameService, tid: int) -> None:
    """Play on until another seat led the current trick and the human (seat 0) still has to follow."""
    table = service.session(tid).table
    assert table is not None
    await until(service, tid, lambda: table.phase is Phase.PLAYING and table.hand.trick
                and 0 not in [s for s, _ in table.hand.trick] and 0 not in table.to_act())
