"""The offline main job: a whole match of AI players through the same service code as the bot
(engine → storage → renderer), writing its pictures to a directory and printing a short log.

Four offline players (user ids 1–4; as many as the rules' ``players``, 4 to 8, RULES §13: the bot's surfaces
offer four seats of fixed partners only, this job every shape, 找朋友 too) sit down and hand their seats to the
AI (托管) at ``ai_level``, so the match is stored, rated and laddered like any other (guild 0; other shapes than
four seats of fixed partners unranked). Files written to ``out_dir``:
``handNN_trickMM.png`` (every completed trick), ``handNN_summary.png`` (each settled hand),
``match_summary.png``, ``ladder.png`` and ``match_log.txt``. A short match by default (``end_level``
``5``: from 2 to 5); ``max_hands`` ends the table early if the match runs longer.

The files are written to a temporary folder beside ``out_dir`` and swapped in only when the match has been
played to its end: then the pictures a previous run left in ``out_dir`` (the names above) are removed, so the
folder shows one match; a run that fails (a read-only or damaged database, a full disk) leaves them as they were.
With a database file the table is stored there (the README's ``TRACTOR_DB``) and ended even if the job is
interrupted, so a bot later started on the same file never restores it.

Run: ``python bot.py offline --help`` (``cli/offline.py``); ``python bot.py`` without a token plays it too.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import tempfile
import time
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from cli.common import CliError
from cli.offline.matchlog import credits_of, event_lines, hand_line, is_trick_line, lead_line
from data import Database
from data.diskspace import free_bytes, is_disk_full, size_text
from data.records import Mode, Status, TableOptions
from engine.ai.levels import AiLevel
from engine.rules import Rules
from engine.views import PublicView
from i18n import count, t
from i18n.levels import level_short
from runtime import GameService, ImagePolicy, RecordingPresenter, TableUpdate, ladder_image, match_summary_image

log = logging.getLogger(__name__)

# Seats 0–3 sit bottom, right, top, left in the pictures and play runs counter-clockwise (RULES §2),
# so the compass names run South → East → North → West (南 东 北 西 in zh-CN: ``outputs.seat.N``).
PLAYERS: tuple[tuple[int, str], ...] = ((1, "South"), (2, "East"), (3, "North"), (4, "West"))


def players(locale: str, count: int = 4) -> tuple[tuple[int, str], ...]:
    """The offline players (user id, seat name in ``locale``): the compass at four seats, else ``Player 1`` …
    (RULES §13.1: 4 to 8 seats)."""
    if count == len(PLAYERS):
        return tuple((user, t(f"outputs.seat.{seat}", locale)) for seat, (user, _) in enumerate(PLAYERS))
    return tuple((seat + 1, t("outputs.seat.n", locale, n=seat + 1)) for seat in range(count))
GUILD = 0
# the files a run writes (see above): what a new run clears from ``out_dir``
OUTPUT_NAMES = re.compile(r"^(hand\d+_(trick\d+|summary)\.png|match_summary\.png|ladder\.png|match_log\.txt)$")


# announcements the match log writes from the events themselves, in more detail (``cli.offline.matchlog``)
FROM_EVENTS = frozenset({"announce.hand_started", "announce.declare", "announce.overcall", "announce.reinforce",
                         "announce.declaring_closed", "announce.redeal", "announce.throw_failed",
                         "announce.hand_settled", "announce.hand_final", "announce.match_over", "announce.match_won",
                         "announce.match_drawn", "announce.level_gains", "announce.level_gains_none"})


@dataclass(frozen=True)
class OfflineReport:
    """What the offline match did."""

    table_id: int
    winner: int | None  # team 0 (even seats) or 1 (odd seats), 找朋友 a seat; None if stopped by ``max_hands``
    hands: int
    actions: int
    levels: tuple[str, ...]  # the two teams' (找朋友: every seat's)
    files: tuple[Path, ...]
    seconds: float
    locale: str = "en"
    laps: tuple[int, ...] = (0, 0)
    credited: tuple[int, int] | None = None  # the duplicate format: levels credited (the teams do not climb)
    seats: int = 4
    friends: bool = False  # 找朋友: ``winner`` is a seat and ``levels`` are per seat

    def describe(self) -> list[str]:
        """A few printable lines (the file list summarized): the winners by name, never a team index."""
        where = self.files[0].parent if self.files else "-"
        hands = count("outputs.hands", self.hands, self.locale)
        return [t("outputs.describe", self.locale, table=self.table_id, hands=hands, actions=self.actions,
                  levels=levels_text(self.levels, self.laps, self.credited, self.locale),
                  winners=winners_text(self.winner, self.seats, self.friends, self.locale)),
                t("outputs.pictures", self.locale, count=len(self.files), folder=str(where),
                  seconds=f"{self.seconds:.1f}")]


class LogPresenter(RecordingPresenter):
    """Writes the pictures, and prints (and keeps) the match log's lines (``cli.offline.matchlog``)."""

    def __init__(self, out_dir: Path, locale: str, echo: bool = True) -> None:
        super().__init__(out_dir)
        self.locale = locale
        self.echo = echo
        self.lines: list[str] = []
        self.negative_said = False  # levels below 2 are explained once, when the first appears
        self.failure: OSError | None = None  # a picture that could not be written (a full disk): the job stops

    async def table_changed(self, update: TableUpdate) -> None:
        if self.failure is not None:
            return
        try:
            await super().table_changed(update)
        except OSError as exc:  # told once by ``check``, not as a traceback per picture
            self.failure = exc
            return
        names, locale = update.record.names, self.locale
        notes = [t(n.key, locale, **n.params) for n in update.announcements if n.key not in FROM_EVENTS]
        lines = event_lines(update.events, names, locale, update.view)
        if update.view is not None and not self.negative_said and any(level.startswith("-")
                                                                      for level in update.view.levels):
            self.negative_said = True
            notes.append(t("render.match.negative", locale))
        if update.view is not None and update.reason == "started":
            notes += ["", hand_line(update.view, names, locale)]
        elif update.view is not None and (lead := lead_line(update.view, names, locale)) is not None:
            lines.insert(0, lead)
        for line in [*lines, *notes]:
            self.say(line)

    def say(self, line: str) -> None:
        """A line of the log (printed too, but for the tricks: the console tells the story without them)."""
        self.lines.append(line)
        if self.echo and not is_trick_line(line, self.locale):
            print(line, flush=True)


async def run_offline_match(out_dir: Path, *, seed: int = 1, preset: str = "standard", ai_level: str = "basic",
                            db_path: str | Path | None = None, end_level: str | None = "5", max_hands: int | None = 30,
                            locale: str = "en", echo: bool = True, ai_budget: float = 0.1,
                            rules: Rules | None = None) -> OfflineReport:
    """Play the match and write its files; ``db_path`` None = an in-memory database; ``ai_budget`` bounds
    a ``strong`` AI's thinking per move (seconds); ``rules`` (if given) replace ``preset`` and ``end_level``."""
    started = time.monotonic()
    out_dir = Path(out_dir)
    if rules is None:
        rules = Rules.from_preset(preset, **({"end_level": end_level} if end_level else {}))
    db = await Database.open(db_path if db_path is not None else ":memory:")  # refused before any file is touched
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", dir=out_dir.parent))  # swapped in at the end
    except BaseException:
        await db.close()
        raise
    presenter = LogPresenter(work, locale, echo)
    service = GameService(db, presenter, rng_seed=seed, images=ImagePolicy.TRICKS, locale=locale,
                          takeover_level=AiLevel(ai_level), ai_budget=ai_budget, autorun=False)
    tid: int | None = None
    try:
        seats = players(locale, rules.players)
        host, host_name = seats[0]
        rec = await service.open_table(guild_id=GUILD, channel_id=0, host_id=host, host_name=host_name, rules=rules,
                                       mode=Mode.ASYNC, options=TableOptions.instant(), seed=seed)
        tid = rec.table_id
        for user, name in seats[1:]:
            await service.sit(tid, user, name)
        await service.start(tid, host)
        for user, _ in seats:
            await service.go_away(tid, user)
        while service.is_open(tid) and service.record(tid).status is Status.PLAYING:
            if not await service.run_until_idle(1) or presenter.failure is not None:
                break
            if max_hands is not None and hands_done(service, tid) >= max_hands and service.is_open(tid) \
                    and service.record(tid).status is Status.PLAYING:
                presenter.say(t("tricklog.hand_limit_timed" if rules.timed else "tricklog.hand_limit", locale,
                                hands=max_hands))
                await _stop(service, tid, host, rules)
        final, table = await service.final_table(tid)
        if table.match_winner is None and presenter.failure is None:  # stopped by ``max_hands``: the match end's
            await _final_pictures(service, presenter, table.public_view(), final.names, locale,  # pictures too
                                  rules.players)
        seconds = time.monotonic() - started
        levels = tuple(str(level) for level in table.levels)
        laps = (table.laps[0], table.laps[1]) if len(levels) == 2 else (0,) * len(levels)
        friends = not rules.shape.fixed_partners
        hands = count("outputs.hands", len(table.results), locale)
        credited = credits_of(table.public_view())
        summary = t("outputs.offline_summary", locale, hands=hands, actions=table.version,
                    levels=levels_text(levels, laps, credited, locale), seconds=f"{seconds:.1f}",
                    winners=winners_text(table.match_winner, rules.players, friends, locale))
        presenter.lines.append(summary)
        files = write_outputs(presenter, work, out_dir)
        report = OfflineReport(table_id=tid, winner=table.match_winner, hands=len(table.results),
                               actions=table.version, levels=levels, files=files, seconds=seconds, locale=locale,
                               laps=laps, credited=credited, seats=rules.players, friends=friends)
        if echo:
            print(summary, flush=True)
        return report
    finally:
        await clean_up(service, db, tid, work)


async def clean_up(service: GameService, db: Database, tid: int | None, work: Path) -> None:
    """After the match, or a failure: the table ended (an interrupted job leaves no open table in the database),
    the service and database closed and the temporary folder removed — each even when the one before failed (a
    full disk refuses the end: logged in one line; the database must still be closed, or its threads keep the
    process from exiting)."""
    try:
        if tid is not None and service.is_open(tid) and service.record(tid).active:
            try:
                await service.end(tid, PLAYERS[0][0])
            except Exception as exc:
                log.info("the offline table %d could not be ended: %s", tid, exc)
        await service.close()
    finally:
        try:
            await db.close()
        finally:
            shutil.rmtree(work, ignore_errors=True)


def write_outputs(presenter: LogPresenter, work: Path, out_dir: Path) -> tuple[Path, ...]:
    """The match log written beside the pictures and all swapped into ``out_dir`` (``swap_in``); a picture or the
    log that could not be written (a full disk) is one ``CliError``, and ``out_dir`` keeps the previous run's."""
    try:
        if presenter.failure is not None:
            raise presenter.failure
        (work / "match_log.txt").write_text("\n".join(presenter.lines) + "\n", encoding="utf-8")
        return swap_in(work, out_dir, presenter.files)
    except OSError as exc:
        raise output_error(out_dir, exc) from exc


def output_error(folder: Path, exc: OSError, *, kept: bool = True) -> CliError:
    """The one line for pictures that could not be written into ``folder`` (its disk full, or another OS error);
    ``kept``: the previous run's pictures were left as they were (the match's swap), else it says nothing of them."""
    if is_disk_full(exc):
        key = "ops.output_full" if kept else "ops.output_full_here"
        return CliError(key, folder=folder.absolute(), free=size_text(free_bytes(folder)))
    return CliError("ops.output_failed", folder=folder.absolute(), error=exc.strerror or str(exc))


def swap_in(work: Path, out_dir: Path, pictures: list[Path]) -> tuple[Path, ...]:
    """Move this run's files from ``work`` into ``out_dir``, then remove what an earlier run left there (the
    names of ``OUTPUT_NAMES``; other files stay); the pictures' new paths, in the order they were drawn."""
    fresh = {p.name for p in work.iterdir() if p.is_file()}
    for name in sorted(fresh):
        os.replace(work / name, out_dir / name)
    clear_outputs(out_dir, keep=fresh)
    return tuple(out_dir / p.name for p in pictures)


def clear_outputs(out_dir: Path, keep: Collection[str] = ()) -> int:
    """Remove the pictures and log an earlier run left in ``out_dir`` (other files, and ``keep``, stay); how many."""
    stale = [p for p in out_dir.iterdir() if p.is_file() and OUTPUT_NAMES.match(p.name) and p.name not in keep]
    for path in stale:
        path.unlink()
    return len(stale)


async def _final_pictures(service: GameService, presenter: LogPresenter, view: PublicView,
                          names: tuple[str, ...], locale: str, seats: int = 4) -> None:
    board = await service.leaderboard(GUILD, shape=view.rules.shape)  # the shape's own ladder
    images = [await match_summary_image(view, names, locale),
              await ladder_image(board, dict(players(locale, seats)), locale)]
    for image in images:
        path = presenter.out_dir / image.name  # type: ignore[operator]
        path.write_bytes(image.png)
        presenter.files.append(path)


def winners_text(winner: int | None, seats: int = 4, friends: bool = False, locale: str = "en") -> str:
    """The winners by name: a team's two players as the pictures name them (``A & B`` / ``A、B``); a team of
    six or eight seats every one of them; in 找朋友 the seat that passed the end level."""
    if winner is None:
        return t("outputs.no_winner", locale)
    names = [name for _, name in players(locale, seats)]
    if friends:
        return names[winner]
    team = names[winner::2]
    if len(team) == 2:
        return t("render.pair", locale, a=team[0], b=team[1])
    return ", ".join(team)


def levels_text(levels: tuple[str, ...], laps: tuple[int, ...], credited: tuple[int, int] | None = None,
                locale: str = "en") -> str:
    """``5 / 2``, with laps (``timed_laps``) ``1·5 / 2``; the duplicate format's credited levels ``credited 7 / 9``."""
    if credited is not None:
        return t("outputs.credited", locale, a=credited[0], b=credited[1])
    return " / ".join(level_short(level, lap) for level, lap in zip(levels, laps, strict=True))


async def _stop(service: GameService, table_id: int, host: int, rules: Rules) -> None:
    """The hand limit is reached: a timed match (``timed``, ``timed_laps``) has time called — the hand in
    progress is finished and the timed rule names the winners (more laps, higher level, team on stage); any
    other match is ended without a winner."""
    table = service.table_in_play(table_id)
    if rules.timed and table is not None:
        if not table.time_called:
            await service.stop_match(table_id, host)
        return
    await service.end(table_id, host)


def hands_done(service: GameService, table_id: int) -> int:
    table = service.table_in_play(table_id)
    return len(table.results) if table is not None else 0
