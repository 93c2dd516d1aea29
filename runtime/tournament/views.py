"""What the tournament service hands to an interface, and the tournament's pictures.

``TournamentUpdate`` carries the tournament, the reason (``created joined left started round table
result round_closed replaced finished cancelled``), announcements (``tournament.*`` keys of
``i18n/tournament.py``), pictures (bracket and standings, with ``draw``), and for ``table`` the new
table and its match. ``pictures`` turns a tournament into the renderer's plain rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from engine.cards import RANKS
from engine.tournament import Format, Match, Round, Stage, Tournament
from engine.tournament.draw import first_draw, seats
from engine.tournament.duplicate import table_points
from engine.tournament.model import How, Standing
from engine.tournament.placings import THIRD, draw_matches
from engine.tournament.report import stage_label
from i18n import t as tr
from render.tournament import BracketBox, BracketColumn, StandingLine, render_bracket, render_standings
from runtime.pictures.renderqueue import QUEUE
from runtime.presenter import Announcement, Image

BRACKET = "bracket"
STANDINGS = "standings"


@dataclass(frozen=True)
class TournamentUpdate:
    tournament: Tournament
    reason: str
    announcements: tuple[Announcement, ...] = ()
    images: tuple[Image, ...] = ()
    table_id: int | None = None
    match_id: str | None = None


@runtime_checkable
class TournamentPresenter(Protocol):
    """Implemented by the interface; exceptions are logged and swallowed by the service."""

    async def tournament_changed(self, update: TournamentUpdate) -> None: ...


class RecordingTournamentPresenter:
    """Keeps every update (tests, offline job); writes the latest pictures to ``out_dir`` if given."""

    def __init__(self, out_dir: Path | None = None) -> None:
        self.updates: list[TournamentUpdate] = []
        self.out_dir = out_dir
        self.files: dict[str, Path] = {}

    async def tournament_changed(self, update: TournamentUpdate) -> None:
        self.updates.append(update)
        if self.out_dir is not None:
            for image in update.images:
                path = self.out_dir / image.name
                path.write_bytes(image.png)
                self.files[image.name] = path

    def keys(self) -> list[str]:
        return [a.key for u in self.updates for a in u.announcements]


def _level(index: int) -> str:
    return RANKS[index] if 0 <= index < len(RANKS) else str(index + 1)


def _scores(t: Tournament, m: Match, locale: str) -> tuple[str, str]:
    """Each side's score in the box: games won (best of three), big points (duplicate) or final levels."""
    if m.is_bye:
        return tr("tournament.pic.bye", locale), ""
    if not m.games:
        return (tr("tournament.pic.playing", locale), "") if m.current_table else ("", "")
    if m.best_of > 1:
        return str(m.wins[0]), str(m.wins[1])
    g = m.games[-1]
    if g.forfeit:
        w = tr("tournament.pic.forfeit", locale)
        return ("", w) if g.winner == 0 else (w, "")
    if t.big_points:
        return str(g.score[0]), str(g.score[1])
    return _level(g.score[0]), _level(g.score[1])


def _note(t: Tournament, m: Match, locale: str) -> str:
    """How the match was decided (the winner passed the end level, time, lot, forfeit…), or its game in play."""
    if not m.decided:
        if m.current_table is None:
            return tr("tournament.how.waiting", locale)
        playing = tr("tournament.how.playing", locale, table=m.current_table)
        if m.best_of > 1:
            return f"{tr('tournament.how.game_of', locale, game=len(m.games) + 1)} · {playing}"
        return playing
    how = m.decided_by
    if not how:
        return ""
    if how in (How.PASSED, How.TIME, How.ON_STAGE, How.FIRST) and m.winner is not None and m.games:
        g = m.games[-1]
        level = _level(g.score[0] if m.winner == m.a else g.score[1])
        return tr(f"tournament.how.{how}", locale, team=t.team(m.winner).name, level=level)
    return tr(f"tournament.how.{how}", locale)


def _box(t: Tournament, m: Match, locale: str) -> BracketBox:
    a_score, b_score = _scores(t, m, locale)
    winner = None if not m.decided or m.winner is None else (0 if m.winner == m.a else 1)
    return BracketBox(a=t.team(m.a).name, b=t.team(m.b).name if m.b is not None else None, a_score=a_score,
                      b_score=b_score, winner=winner, decided=m.decided, note=_note(t, m, locale))


def round_title(t: Tournament, rnd: Round, locale: str) -> str:
    """Semi-final, Final, Quarter-final (by the teams left in a knock-out round), Groups · round N, Round N."""
    return tr(f"tournament.stage.{stage_label(t, rnd)}", locale, round=rnd.number)


def match_stage(t: Tournament, m: Match, locale: str) -> str:
    """The round's title, and for a best of three the game about to be played: "Final, game 2 of 3"."""
    rnd = next(r for r in t.rounds if r.number == m.round)
    title = tr("tournament.stage.third_place", locale) if m.place == THIRD else round_title(t, rnd, locale)
    if m.best_of == 1:
        return title
    return tr("tournament.stage_game", locale, stage=title, game=len(m.games) + 1, best_of=m.best_of)


def bracket_columns(t: Tournament, locale: str) -> list[BracketColumn]:
    """One column per round (Swiss and duplicate: the pairings of each round); a third-place match in a column
    of its own under the final's, titled 三四名决赛 / Third-place match."""
    columns = []
    for rnd in t.rounds:
        matches = draw_matches(rnd)
        groups = sorted({m.group for m in matches if m.group is not None})
        if rnd.stage is Stage.GROUP and groups:  # one column per group, named: "Group B · round 2"
            columns += [BracketColumn(title=tr("tournament.stage.group_named", locale, group=chr(ord("A") + g),
                                               round=rnd.number),
                                      boxes=tuple(_box(t, m, locale) for m in matches if m.group == g))
                        for g in groups]
            continue
        columns.append(BracketColumn(title=round_title(t, rnd, locale),
                                     boxes=tuple(_box(t, m, locale) for m in matches)))
        placing = tuple(_box(t, m, locale) for m in rnd.matches if m.place == THIRD)
        if placing:
            columns.append(BracketColumn(title=tr("tournament.stage.third_place", locale), boxes=placing))
    return columns


def _standing_note(t: Tournament, team_id: int, eliminated_in: int | None, group: int | None, locale: str,
                   place: int | None = None) -> str:
    """Withdrawn; the place a third-place match gave; a knock-out's champion or the round a team went out in;
    else its group."""
    if t.team(team_id).withdrawn:
        return tr("tournament.pic.withdrawn", locale)
    if place is not None:
        return tr(f"tournament.pic.place{place}", locale)
    if eliminated_in is not None and t.config.format in (Format.KNOCKOUT, Format.GROUPS):
        rnd = next(r for r in t.rounds if r.number == eliminated_in)
        return tr("tournament.pic.out_in", locale, stage=round_title(t, rnd, locale))
    if t.champion == team_id and t.config.format in (Format.KNOCKOUT, Format.GROUPS):
        return tr("tournament.pic.champion", locale)
    if group is not None:
        return tr("tournament.pic.group", locale, group=chr(ord("A") + group))
    return ""


def standing_lines(t: Tournament, locale: str) -> list[StandingLine]:
    lines = []
    for s in t.standings():
        team = t.team(s.team_id)
        lines.append(StandingLine(rank=s.rank, team=team.name, players=tr("render.pair", locale, a=team.names[0],
                                                                          b=team.names[-1]),
                                  points=f"{s.points:g}", record=f"{s.wins}–{s.draws}–{s.losses}",
                                  level_diff=s.level_diff, byes=s.byes,
                                  note=_standing_note(t, s.team_id, s.eliminated_in, s.group, locale,
                                                     s.place)))
    return lines


def draw_announcement(t: Tournament, locale: str) -> Announcement:
    """The draw at the start (抽签), for everyone: the groups, or round 1's pairings in the drawn order, and the seed
    that reproduces them."""
    groups, pairs = first_draw(t)
    if groups:
        parts = [tr("tournament.draw.group", locale, group=chr(ord("A") + i),
                    teams=", ".join(t.team(x).name for x in g)) for i, g in enumerate(groups)]
    else:
        parts = [tr("tournament.draw.pair", locale, n=i + 1, a=t.team(a).name, b=t.team(b).name) if b is not None
                 else tr("tournament.draw.bye", locale, team=t.team(a).name) for i, (a, b) in enumerate(pairs)]
    return Announcement("tournament.draw", {"seed": t.seed, "order": " · ".join(parts)})


def seats_announcement(t: Tournament, m: Match, table_id: int, locale: str) -> Announcement:
    """The seat draw of a game's table (东南西北坐序), for everyone: each seat's player."""
    parts = []
    for seat, (team_id, i) in enumerate(seats(t, m, len(m.games) + 1)):
        team = t.team(team_id)
        name = team.names[i] if i < len(team.names) else team.name
        parts.append(tr("tournament.seat", locale, seat=tr(f"outputs.seat.{seat}", locale), name=name))
    return Announcement("tournament.seats", {"table": table_id, "seats": " · ".join(parts)})


def config_lines(t: Tournament, locale: str) -> list[str]:
    """The placing options of the tournament, one line each, for ``/tractor tournament`` replies."""
    flags = (("third_place", t.config.third_place), ("rank_levels", t.config.rank_levels))
    lines = [tr(f"tournament.line.{key}", locale) for key, on in flags if on]
    if t.config.unit_limit:
        lines.append(tr("tournament.line.unit_limit", locale, limit=t.config.unit_limit))
    more = (("units_apart", t.config.units_apart), ("cross_tables", t.config.cross_tables))
    return lines + [tr(f"tournament.line.{key}", locale) for key, on in more if on]


def cross_announcement(t: Tournament, number: int, locale: str) -> Announcement | None:
    """复式: round ``number``'s teams, best first, with their cross-table scores and big points at their tables."""
    rnd = next((r for r in t.rounds if r.number == number), None)
    rows = [(m.teams[side], g.score[side], table_points(g)[side]) for m in (rnd.matches if rnd else ())
            for g in m.games[:1] if g.how == How.CROSS for side in (0, 1)]
    if not rows:
        return None
    rows.sort(key=lambda r: -r[1])
    lines = "; ".join(tr("tournament.cross_line", locale, team=t.team(x).name, score=score, points=points)
                      for x, score, points in rows)
    return Announcement("tournament.cross_round", {"round": number, "lines": lines})


def _title(t: Tournament, locale: str) -> str:
    fmt = tr(f"tournament.format.{t.config.format.value}", locale)
    return f"{t.name} · {fmt}"


async def pictures(t: Tournament, locale: str) -> tuple[Image, ...]:
    """The bracket (Swiss/duplicate: the pairings of each round) and the standings, as PNGs, drawn through the
    drawing queue (``runtime.pictures.renderqueue``) as every picture is."""
    images: list[Image] = []
    title = _title(t, locale)
    if bracket_columns(t, locale):
        png = await QUEUE.run(render_bracket, bracket_columns(t, locale), title=title, locale=locale)
        images.append(Image(BRACKET, f"tournament{t.tournament_id}_bracket.png", png))
    big = t.config.format is Format.DUPLICATE
    png = await QUEUE.run(render_standings, standing_lines(t, locale), title=title, locale=locale, big_points=big)
    images.append(Image(STANDINGS, f"tournament{t.tournament_id}_standings.png", png))
    return tuple(images)


def lot_notes(t: Tournament, standings: Sequence[Standing]) -> list[Announcement]:
    """One announcement per set of teams the lot ordered (抽签: level on points and on every tie-break), so that a
    champion or a place decided by lot is said, never passed off as played. A knock-out's places are its rounds
    (teams out in one round share them; its champion won the final): nothing to say there."""
    notes: list[Announcement] = []
    if t.config.format in (Format.KNOCKOUT, Format.GROUPS):
        return notes
    i = 0
    while i < len(standings):
        first = standings[i]
        j = i
        while first.by_lot and j + 1 < len(standings) and standings[j + 1].by_lot \
                and (standings[j + 1].points, standings[j + 1].level_diff) == (first.points, first.level_diff):
            j += 1
        if j > i:
            teams = ", ".join(t.team(s.team_id).name for s in standings[i:j + 1])
            key = "tournament.champion_by_lot" if first.rank == 1 else "tournament.places_by_lot"
            notes.append(Announcement(key, {"first": first.rank, "last": standings[j].rank, "teams": teams}))
        i = j + 1
    return notes
