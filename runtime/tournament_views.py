"""What the tournament service hands to an interface, and the tournament's pictures.

``TournamentUpdate`` carries the tournament, the reason (``created joined left started round table
result round_closed replaced finished cancelled``), announcements (``tournament.*`` keys of
``i18n/tournament.py``), pictures (bracket and standings, with ``draw``), and for ``table`` the new
table and its match. ``pictures`` turns a tournament into the renderer's plain rows.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from engine.cards import RANKS
from i18n import t as tr
from render.tournament import BracketBox, BracketColumn, StandingLine, render_bracket, render_standings
from runtime.presenter import Announcement, Image
from runtime.tournament import Format, Match, Stage, Tournament

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


def _box(t: Tournament, m: Match, locale: str) -> BracketBox:
    a_score, b_score = _scores(t, m, locale)
    winner = None if not m.decided or m.winner is None else (0 if m.winner == m.a else 1)
    return BracketBox(a=t.team(m.a).name, b=t.team(m.b).name if m.b is not None else None, a_score=a_score,
                      b_score=b_score, winner=winner, decided=m.decided)


def bracket_columns(t: Tournament, locale: str) -> list[BracketColumn]:
    """One column per round (Swiss and duplicate: the pairings of each round)."""
    out: list[BracketColumn] = []
    for rnd in t.rounds:
        title = tr("tournament.pic.round", locale, round=rnd.number)
        if rnd.stage is Stage.GROUP:
            title = tr("tournament.pic.group_round", locale, round=rnd.number)
        if rnd.stage is Stage.KNOCKOUT and sum(len(m.teams) for m in rnd.matches) == 2:
            title = tr("tournament.pic.final", locale)
        out.append(BracketColumn(title=title, boxes=tuple(_box(t, m, locale) for m in rnd.matches)))
    return out


def standing_lines(t: Tournament, locale: str) -> list[StandingLine]:
    lines = []
    for s in t.standings():
        team = t.team(s.team_id)
        points = f"{s.points:g}"
        note = ""
        if s.group is not None:
            note = tr("tournament.pic.group", locale, group=chr(ord("A") + s.group))
        if team.withdrawn:
            note = tr("tournament.pic.withdrawn", locale)
        lines.append(StandingLine(rank=s.rank, team=team.name, players=tr("render.pair", locale, a=team.names[0],
                                                                          b=team.names[-1]),
                                  points=points, record=f"{s.wins}–{s.draws}–{s.losses}", level_diff=s.level_diff,
                                  note=note))
    return lines


def _title(t: Tournament, locale: str) -> str:
    fmt = tr(f"tournament.format.{t.config.format.value}", locale)
    return f"{t.name} · {fmt}"


async def pictures(t: Tournament, locale: str) -> tuple[Image, ...]:
    """The bracket (Swiss/duplicate: the pairings of each round) and the standings, as PNGs."""
    images: list[Image] = []
    title = _title(t, locale)
    if bracket_columns(t, locale):
        png = await asyncio.to_thread(render_bracket, bracket_columns(t, locale), title=title, locale=locale)
        images.append(Image(BRACKET, f"tournament{t.tournament_id}_bracket.png", png))
    big = t.config.format is Format.DUPLICATE
    png = await asyncio.to_thread(render_standings, standing_lines(t, locale), title=title, locale=locale,
                                  big_points=big)
    images.append(Image(STANDINGS, f"tournament{t.tournament_id}_standings.png", png))
    return tuple(images)
