"""The offline main job: a whole match of four AI players through the same service code as the bot
(engine → storage → renderer), writing its pictures to a directory and printing a short log.

Four offline players (user ids 1–4) sit down and hand their seats to the AI (托管) at ``ai_level``,
so the match is stored, rated and laddered like any other (guild 0). Files written to ``out_dir``:
``handNN_trickMM.png`` (every completed trick), ``handNN_summary.png`` (each settled hand),
``match_summary.png``, ``ladder.png`` and ``match_log.txt``. A short match by default (``end_level``
``5``: from 2 to 5); ``max_hands`` ends the table early if the match runs longer.

Run: ``python -m runtime.offline [--out DIR] [--seed N] [--preset P] [--ai LEVEL] [--end-level R]
[--hands N] [--db PATH] [--locale en|zh-CN] [--budget S]`` (``bot.py`` calls ``run_offline_match`` without a token).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from data import Database
from engine.rules import Rules
from engine.views import PublicView
from i18n import t
from runtime import imaging
from runtime.imaging import ImagePolicy
from runtime.presenter import RecordingPresenter, TableUpdate
from runtime.records import Mode, Status, TableOptions
from runtime.service import GameService

log = logging.getLogger(__name__)

# Seats 0–3 sit bottom, right, top, left in the pictures and play runs counter-clockwise (RULES §2),
# so the compass names run South → East → North → West.
PLAYERS: tuple[tuple[int, str], ...] = ((1, "South"), (2, "East"), (3, "North"), (4, "West"))
GUILD = 0


@dataclass(frozen=True)
class OfflineReport:
    """What the offline match did."""

    table_id: int
    winner: int | None  # team 0 (seats 0+2) or 1 (seats 1+3); None if stopped by ``max_hands``
    hands: int
    actions: int
    levels: tuple[str, str]
    files: tuple[Path, ...]
    seconds: float


    def describe(self) -> list[str]:
        """A few printable lines (the file list summarized)."""
        where = self.files[0].parent if self.files else "-"
        return [f"table {self.table_id}: {self.hands} hands, {self.actions} actions, levels {' / '.join(self.levels)},"
                f" winner team {self.winner if self.winner is not None else '-'}",
                f"{len(self.files)} pictures in {where} ({self.seconds:.1f} s)"]


class LogPresenter(RecordingPresenter):
    """Writes the pictures, and prints (and keeps) one line per announcement."""

    def __init__(self, out_dir: Path, locale: str, echo: bool = True) -> None:
        super().__init__(out_dir)
        self.locale = locale
        self.echo = echo
        self.lines: list[str] = []

    async def table_changed(self, update: TableUpdate) -> None:
        await super().table_changed(update)
        for note in update.announcements:
            line = t(note.key, self.locale, **note.params)
            self.lines.append(line)
            if self.echo:
                print(line, flush=True)


async def run_offline_match(out_dir: Path, *, seed: int = 1, preset: str = "standard", ai_level: str = "basic",
                            db_path: Path | None = None, end_level: str | None = "5", max_hands: int | None = 30,
                            locale: str = "en", echo: bool = True, ai_budget: float = 0.1) -> OfflineReport:
    """Play the match and write its files; ``db_path`` None = an in-memory database; ``ai_budget`` bounds
    a ``strong`` AI's thinking per move (seconds)."""
    started = time.monotonic()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    overrides = {"end_level": end_level} if end_level else {}
    rules = Rules.from_preset(preset, **overrides)
    db = await Database.open(str(db_path) if db_path is not None else ":memory:")
    presenter = LogPresenter(out_dir, locale, echo)
    service = GameService(db, presenter, rng_seed=seed, images=ImagePolicy.TRICKS, locale=locale,
                          takeover_level=ai_level, ai_budget=ai_budget, autorun=False)
    try:
        host, host_name = PLAYERS[0]
        rec = await service.open_table(guild_id=GUILD, channel_id=0, host_id=host, host_name=host_name, rules=rules,
                                       mode=Mode.ASYNC, options=TableOptions.instant(), seed=seed)
        tid = rec.table_id
        for user, name in PLAYERS[1:]:
            await service.sit(tid, user, name)
        await service.start(tid, host)
        for user, _ in PLAYERS:
            await service.go_away(tid, user)
        while tid in service.sessions and service.record(tid).status is Status.PLAYING:
            if not await service.run_until_idle(1):
                break
            if max_hands is not None and hands_done(service, tid) >= max_hands and tid in service.sessions \
                    and service.record(tid).status is Status.PLAYING:
                await service.end(tid, host)
        session = service.sessions.get(tid)
        table = session.table if session is not None else None
        final = await service.store.load(tid)
        if table is None:
            table = await service.store.load_table(final)
        if table.match_winner is None:  # stopped by ``max_hands``: draw the pictures the match end would have
            await _final_pictures(service, presenter, table.public_view(), final.names, locale)
        report = OfflineReport(
            table_id=tid, winner=table.match_winner, hands=len(table.results), actions=table.version,
            levels=(table.levels[0], table.levels[1]), files=tuple(presenter.files),
            seconds=time.monotonic() - started)
        summary = t("offline.summary", locale, hands=report.hands, actions=report.actions,
                    levels=" / ".join(report.levels), seconds=f"{report.seconds:.1f}",
                    winners=_team(report.winner, locale))
        presenter.lines.append(summary)
        (out_dir / "match_log.txt").write_text("\n".join(presenter.lines) + "\n", encoding="utf-8")
        if echo:
            print(summary, flush=True)
        return report
    finally:
        await service.close()
        await db.close()


async def _final_pictures(service: GameService, presenter: LogPresenter, view: PublicView,
                          names: tuple[str, ...], locale: str) -> None:
    images = [await imaging.match_summary_image(view, names, locale),
              await imaging.ladder_image(await service.db.leaderboard(GUILD), dict(PLAYERS), locale)]
    for image in images:
        path = presenter.out_dir / image.name  # type: ignore[operator]
        path.write_bytes(image.png)
        presenter.files.append(path)


def _team(team: int | None, locale: str) -> str:
    """A team's two players as the pictures name them (``A & B`` / ``A、B``)."""
    if team is None:
        return "-"
    return t("render.pair", locale, a=PLAYERS[team][1], b=PLAYERS[team + 2][1])


def hands_done(service: GameService, table_id: int) -> int:
    session = service.sessions.get(table_id)
    return len(session.table.results) if session is not None and session.table is not None else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play an offline 双升 match of four AI players.")
    parser.add_argument("--out", type=Path, default=Path("offline_match"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--ai", default="basic", choices=("random", "basic", "strong"))
    parser.add_argument("--end-level", default="5")
    parser.add_argument("--hands", type=int, default=30, help="end the table after this many hands")
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--locale", default="en")
    parser.add_argument("--budget", type=float, default=0.1, help="strong AI thinking time per move (s)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    report = asyncio.run(run_offline_match(args.out, seed=args.seed, preset=args.preset, ai_level=args.ai,
                                           db_path=args.db, end_level=args.end_level, max_hands=args.hands,
                                           locale=args.locale, ai_budget=args.budget))
    return 0 if report.hands > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
