"""The offline tournament: a whole tournament of AI teams through the same services as the bot (tables,
storage, renderer), without Discord.

Each team's two players (user ids ``1000 + 2i`` and ``1001 + 2i``) sign up, and at every table hand their
seats to the AI (托管), so every game is stored and laddered like any other (guild 0). Written to
``out_dir``: ``tournament1_bracket.png``, ``tournament1_standings.png`` (the final pictures) and
``tournament_log.txt``; ``report.json()`` is the one-line summary of ``--json``.

Run: ``python bot.py tournament --teams 9 --format knockout --seed 1 [--end-level R] [--rounds N] [--json]``
(or ``python -m cli.offline.tournament`` with the same options).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cli.common import SHORT_END_LEVEL, end_level_for, presets_help
from cli.offline.job import output_error
from data import Database
from data.errors import DataError
from data.records import Mode, TableOptions
from data.targets import MEMORY, database_target
from engine.ai.levels import AiLevel
from engine.errors import NotAllowed
from engine.tournament import Config, Format, Tournament
from engine.tournament import Status as TStatus
from engine.tournament.model import MAX_TEAMS, How
from engine.tournament.report import report
from i18n import LOCALES
from i18n import t as tr
from runtime import GameService, ImagePolicy, RecordingTournamentPresenter, TournamentService, TournamentUpdate

log = logging.getLogger(__name__)

GUILD = 0
ORGANISER = 999


class _NullTables:
    async def table_changed(self, update: object) -> None:
        return None


class _LogPresenter(RecordingTournamentPresenter):
    def __init__(self, out_dir: Path, locale: str, echo: bool) -> None:
        super().__init__(out_dir)
        self.locale = locale
        self.echo = echo
        self.lines: list[str] = []
        self.failure: OSError | None = None  # a picture that could not be written (a full disk): the run stops

    async def tournament_changed(self, update: TournamentUpdate) -> None:
        if self.failure is None:
            try:
                await super().tournament_changed(update)
            except OSError as exc:  # one line at the end, not a traceback per picture
                self.failure = exc
        for note in update.announcements:
            line = tr(note.key, self.locale, **note.params)
            self.lines.append(line)
            if self.echo:
                print(line, flush=True)


@dataclass(frozen=True)
class TournamentReport:
    tournament: Tournament
    seconds: float
    files: tuple[Path, ...] = field(default_factory=tuple)

    def json(self) -> dict[str, Any]:
        """``{"format", "teams", "rounds", "matches", "champion", "champion_by_lot", "matches_by_lot",
        "standings": [{"team", "rank", "points", "level_diff", "by_lot"}], "report": …}``: ``by_lot`` marks what the
        lot decided (抽签: a place tied on every tie-break, a knock-out game); ``report`` is
        ``engine.tournament.report`` (every round's pairings, byes and results, by team id, for an outside check
        of the pairing and bye rules)."""
        t = self.tournament
        champion = t.champion
        standings = t.standings()
        matches = [m for r in t.rounds for m in r.matches if not m.is_bye]
        return {
            "format": t.config.format.value, "teams": len(t.teams), "rounds": len(t.rounds),
            "matches": len(matches),
            "champion": t.team(champion).name if champion is not None else None,
            "champion_by_lot": bool(champion is not None and standings[0].by_lot),
            "matches_by_lot": sum(1 for m in matches if m.decided_by == How.LOT.value),
            "standings": [{"team": t.team(s.team_id).name, "rank": s.rank, "points": s.points,
                           "level_diff": s.level_diff, "by_lot": s.by_lot} for s in standings],
            "report": report(t),
        }


@contextlib.contextmanager
def _out_folder(out_dir: Path) -> Iterator[None]:
    """Create ``out_dir`` for the run; a run refused or failed before writing anything removes the folder it
    created (no empty ``offline_tournament/`` left behind)."""
    created = not out_dir.exists()
    out_dir.mkdir(parents=True, exist_ok=True)
    try:
        yield
    except BaseException:
        if created and not any(out_dir.iterdir()):
            out_dir.rmdir()
        raise


async def run_offline_tournament(out_dir: Path, *, teams: int = 9, fmt: Format = Format.KNOCKOUT, seed: int = 1,
                                 end_level: str | None = "4", rounds: int = 0, best_of_three: int = 0,
                                 preset: str = "standard", db_path: str | Path | None = None, locale: str = "en",
                                 ai_level: str = "random", echo: bool = False, third_place: bool = False,
                                 rank_levels: bool = False, units: int = 0, unit_limit: int = 0,
                                 units_apart: bool = False, cross_tables: bool = False) -> TournamentReport:
    """Run the tournament to its end; ``db_path`` None = an in-memory database. ``units`` K: team i enters for
    unit ``i % K + 1`` (单位; 0: no units)."""
    started = time.monotonic()
    out_dir = Path(out_dir)
    with _out_folder(out_dir):
        db = await Database.open(str(db_path) if db_path is not None else ":memory:")
        game = GameService(db, _NullTables(), rng_seed=seed, images=ImagePolicy.NONE, locale=locale,
                           takeover_level=AiLevel(ai_level), ai_budget=0.05, autorun=False)
        presenter = _LogPresenter(out_dir, locale, echo)
        service = TournamentService(game, presenter, table_options=TableOptions.instant(), mode=Mode.ASYNC,
                                    ai_level=ai_level, autopilot=True, rng_seed=seed)
        try:
            config = Config(format=fmt, preset=preset, end_level=end_level, rounds=rounds, best_of_three=best_of_three,
                            third_place=third_place, rank_levels=rank_levels, unit_limit=unit_limit,
                            units_apart=units_apart, cross_tables=cross_tables)
            tour = await service.create(guild_id=GUILD, channel_id=0, organiser_id=ORGANISER, name="Offline Cup",
                                        config=config, locale=locale, seed=seed)
            for i in range(teams):
                a, b = 1000 + 2 * i, 1001 + 2 * i
                unit = i % units + 1 if units else None
                await service.join(tour.tournament_id, a, f"P{2 * i + 1}", b, f"P{2 * i + 2}", f"Team {i + 1}",
                                   unit=unit, unit_name=f"Unit {unit}" if unit else "")
            await service.start(tour.tournament_id, ORGANISER)
            while tour.status is TStatus.RUNNING and presenter.failure is None:
                if not await game.run_until_idle(200):
                    log.error("tournament %d is stuck: no timer is due", tour.tournament_id)
                    break
            try:
                if presenter.failure is not None:
                    raise presenter.failure
                (out_dir / "tournament_log.txt").write_text("\n".join(presenter.lines) + "\n", encoding="utf-8")
            except OSError as exc:
                raise output_error(out_dir, exc, kept=False) from exc
            return TournamentReport(tour, time.monotonic() - started, tuple(presenter.files.values()))
        finally:  # the database closed even when closing the service failed (a full disk): else its threads
            try:  # keep the process from exiting
                await game.close()
            finally:
                await db.close()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python bot.py tournament`` (and ``python -m cli.offline.tournament``)."""
    parser.add_argument("--teams", type=int, default=9, help=f"teams of two AI players, 2 to {MAX_TEAMS} (default 9)")
    parser.add_argument("--format", dest="fmt", default="knockout", choices=[f.value for f in Format],
                        help="knockout, swiss, groups (round-robin groups, then a knock-out) or duplicate (复式: "
                             "every table plays the same deals); default knockout")
    parser.add_argument("--seed", type=int, default=1, help="the draw's and the deals' seed (default 1)")
    parser.add_argument("--end-level", default=None,
                        help=f"a match ends when a team passes this level (default: the preset's own, else "
                             f"{SHORT_END_LEVEL}; the same in offline; duplicate plays its 16 deals)")
    parser.add_argument("--rounds", type=int, default=0,
                        help="Swiss/duplicate rounds (0: ⌈log2 teams⌉; Swiss at most teams - 1)")
    parser.add_argument("--best-of-three", type=int, default=0, help="last knock-out rounds played best of three")
    parser.add_argument("--third-place", action="store_true",
                        help="the semi-final losers play a third-place match (三四名决赛)")
    parser.add_argument("--rank-levels", action="store_true",
                        help="teams level on points: the higher level won at ranks first (按级别)")
    parser.add_argument("--units", type=int, default=0, help="team i enters for unit i %% K + 1 (单位; 0: none)")
    parser.add_argument("--unit-limit", type=int, default=0, help="at most this many teams per unit (限报)")
    parser.add_argument("--units-apart", action="store_true",
                        help="a unit's teams kept apart in the group draw and round 1")
    parser.add_argument("--cross-tables", action="store_true",
                        help="duplicate: each team compared with its cards' holders at the other tables (复式)")
    parser.add_argument("--preset", default="standard",
                        help=f"rules preset of every table: {presets_help()} (default standard)")
    parser.add_argument("--ai", default="random", choices=("random", "basic", "strong"),
                        help="the AI level of every player (default random: fast)")
    parser.add_argument("--out", type=Path, default=Path("offline_tournament"),
                        help="folder of the pictures and the log (default offline_tournament)")
    parser.add_argument("--db", default=None, metavar="PATH",
                        help="SQLite file or postgresql:// URL (default: TRACTOR_DB, else in memory)")
    parser.add_argument("--locale", default="en", choices=LOCALES,
                        help="language of the log and the pictures (default en)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the result")


def run_from_args(args: argparse.Namespace) -> int:
    """Run the offline tournament of parsed ``args``; print the log (or, with ``--json``, the summary line)."""
    if not 2 <= args.teams <= MAX_TEAMS:
        raise NotAllowed("tournament.offline_teams", max=MAX_TEAMS)
    target = database_target(args.db) if args.db is not None else MEMORY  # data.unknown_scheme for mysql://…
    db_path = None if str(target) == MEMORY else target
    report = asyncio.run(run_offline_tournament(
        args.out, teams=args.teams, fmt=Format(args.fmt), seed=args.seed,
        end_level=end_level_for(args.preset, args.end_level),
        rounds=args.rounds, best_of_three=args.best_of_three, preset=args.preset, db_path=db_path,
        locale=args.locale, ai_level=args.ai, echo=not args.json, third_place=args.third_place,
        rank_levels=args.rank_levels, units=max(0, args.units), unit_limit=args.unit_limit,
        units_apart=args.units_apart, cross_tables=args.cross_tables))
    if args.json:
        print(json.dumps(report.json(), ensure_ascii=False), flush=True)
    else:
        print(tr("tournament.offline_done", args.locale, seconds=f"{report.seconds:.1f}",
                 out=str(Path(args.out).resolve())), flush=True)
    return 0 if report.tournament.status is TStatus.FINISHED else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run an offline 双升 tournament of AI teams.")
    add_arguments(parser)
    logging.basicConfig(level=logging.WARNING)
    try:
        return run_from_args(parser.parse_args(argv))
    except (NotAllowed, DataError) as exc:
        print(tr(exc.key, "en", **exc.params), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
