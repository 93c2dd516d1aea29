"""A server's seasons (赛季) and their archive: starting, ending, listing, the hall of fame and all-time records.

Rules:
- a server always has one open season (``data.ladder.current_season`` opens season 1 on first use); every hand
  and match is recorded in it;
- ``start_season`` opens a named season (with an optional end date): a running season opened by a command must be
  ended first (``data.season_running``); an unnamed running season opened by itself is archived (if anybody
  played in it) or taken over (if nobody did);
- ``end_season`` archives the open season (it is closed: its ladder rows are never written again, so they are its
  final levels, ratings and records) with its podium — the top three by rating — and opens the next, where everyone
  starts from the starting level and a fresh rating; a season is ended once (a second end finds it closed);
- all-time records add up a player's rows of every season.
Ladders are keyed by shape (``DEFAULT_SHAPE``: two decks, four seats, fixed partners).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from data.connection import Connection, Row, Tx
from data.errors import DataError
from data.ladder import PlayerStats, current_season
from data.shapes import DEFAULT_SHAPE

log = logging.getLogger(__name__)

PODIUM = 3  # places archived (and shown in the hall of fame)
MAX_SEASON_NAME = 40


@dataclass(frozen=True)
class Place:
    """One podium place of an archived season: the player's final rating, level and record."""

    place: int
    user_id: int
    rating: float
    level: str
    laps: int
    matches_won: int
    matches_lost: int
    name: str | None = None  # the player's name as last seen on the server when the season ended

    def to_json(self) -> dict[str, Any]:
        return {"place": self.place, "user": self.user_id, "rating": self.rating, "level": self.level,
                "laps": self.laps, "won": self.matches_won, "lost": self.matches_lost, "name": self.name}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Place:
        return cls(int(obj["place"]), int(obj["user"]), float(obj["rating"]), str(obj["level"]), int(obj["laps"]),
                   int(obj["won"]), int(obj["lost"]), obj.get("name"))

    @classmethod
    def of(cls, place: int, stats: PlayerStats, name: str | None = None) -> Place:
        return cls(place, stats.user_id, stats.rating, stats.level, stats.laps, stats.matches_won,
                   stats.matches_lost, name)


@dataclass(frozen=True)
class Season:
    """A season of a server: ``number`` 1, 2, …; ``name`` ``None`` for one opened by itself."""

    guild_id: int
    number: int
    name: str | None
    started_at: float
    ended_at: float | None
    ends_at: float | None
    opened_by: int | None
    podium: tuple[Place, ...]

    @property
    def open(self) -> bool:
        return self.ended_at is None

    @classmethod
    def from_row(cls, row: Row) -> Season:
        podium = tuple(Place.from_json(p) for p in json.loads(row["podium"])) if row["podium"] else ()
        return cls(int(row["guild_id"]), int(row["season"]), row["name"], float(row["started_at"]), row["ended_at"],
                   row["ends_at"], row["opened_by"], podium)


@dataclass(frozen=True)
class SeasonEnd:
    """What ``end_season`` did: the archived season (with its podium) and the one opened after it."""

    ended: Season
    next: Season


@dataclass(frozen=True)
class AllTime:
    """A player's records over every season of a server."""

    seasons: int
    matches_won: int
    matches_lost: int
    hands_won: int
    hands_lost: int
    kitty_bonuses: int
    best_streak: int
    best_season: int | None  # the season of their best final place (ties: the higher rating), closed seasons only
    best_place: int | None


def clean_name(name: str) -> str:
    """A season name as stored: spaces collapsed, at most ``MAX_SEASON_NAME`` characters; refused if empty or
    only digits (numbers name seasons by their number)."""
    name = " ".join(name.split())[:MAX_SEASON_NAME]
    if not name or name.isdigit():
        raise DataError("data.season_bad_name")
    return name


_NAMED = "LEFT JOIN player_names n ON n.guild_id = l.guild_id AND n.user_id = l.user_id"


@dataclass(frozen=True)
class LadderPage:
    """One page of a season's ladder by rating: the rows with each player's last seen name (``None``: never seen),
    and how many players the season has."""

    rows: tuple[tuple[PlayerStats, str | None], ...]
    players: int


async def _season(tx: Tx, guild_id: int, number: int) -> Season:
    row = await tx.fetchone("SELECT * FROM seasons WHERE guild_id = ? AND season = ?", (guild_id, number))
    assert row is not None, (guild_id, number)
    return Season.from_row(row)


async def _anybody_played(tx: Tx, guild_id: int, number: int) -> bool:
    """Whether a season has a ladder row, of any table shape (a season of 找朋友 alone was played too)."""
    row = await tx.fetchone("SELECT 1 FROM ladder WHERE guild_id = ? AND season = ? LIMIT 1", (guild_id, number))
    return row is not None


async def _close(tx: Tx, guild_id: int, number: int, now: float, shape: str) -> bool:
    """Archive season ``number`` with its podium; False if it was not open (ended meanwhile)."""
    rows = await tx.fetchall(
        f"SELECT l.*, n.name AS player_name FROM ladder l {_NAMED}"
        " WHERE l.guild_id = ? AND l.season = ? AND l.shape = ?"
        " ORDER BY l.ordinal DESC, l.progress DESC, l.user_id LIMIT ?", (guild_id, number, shape, PODIUM))
    podium = [Place.of(i, PlayerStats.from_row(r), r["player_name"]).to_json() for i, r in enumerate(rows, start=1)]
    changed = await tx.execute(
        "UPDATE seasons SET ended_at = ?, podium = ? WHERE guild_id = ? AND season = ? AND ended_at IS NULL",
        (now, json.dumps(podium), guild_id, number))
    return bool(changed)


class SeasonsMixin(Connection):
    """Seasons: start, end (archive), list, hall of fame, all-time records."""

    async def open_season(self, guild_id: int) -> Season:
        """The open season (season 1 is opened on first use)."""
        async with self.transaction() as tx:
            return await _season(tx, guild_id, await current_season(tx, guild_id))

    async def start_season(self, guild_id: int, name: str | None, ends_at: float | None, opened_by: int,
                           now: float, shape: str = DEFAULT_SHAPE) -> tuple[Season | None, Season]:
        """Open a season named ``name`` ending at ``ends_at`` (see the module rules); ``(archived, new)`` —
        ``archived`` is the unnamed season this closed, if anybody had played in it."""
        name = None if name is None else clean_name(name)
        if ends_at is not None and ends_at <= now:
            raise DataError("data.season_ends_past")
        async with self.transaction() as tx:
            running = await _season(tx, guild_id, await current_season(tx, guild_id))
            if running.opened_by is not None:
                raise DataError("data.season_running", season=running.name or running.number)
            if name is not None and await tx.fetchone("SELECT 1 FROM seasons WHERE guild_id = ? AND name = ?",
                                                      (guild_id, name)):
                raise DataError("data.season_name_taken", name=name)
            archived: Season | None = None
            number = running.number
            if await _anybody_played(tx, guild_id, number):
                await _close(tx, guild_id, number, now, shape)
                archived = await _season(tx, guild_id, number)
                number += 1
                await tx.execute("INSERT INTO seasons (guild_id, season, started_at) VALUES (?, ?, ?)",
                                 (guild_id, number, now))
            await tx.execute("UPDATE seasons SET name = ?, ends_at = ?, opened_by = ?, started_at = ?"
                             " WHERE guild_id = ? AND season = ?", (name, ends_at, opened_by, now, guild_id, number))
            new = await _season(tx, guild_id, number)
        log.info("guild %d: season %d (%s) started by %d, ends %s", guild_id, new.number, name, opened_by, ends_at)
        return archived, new

    async def end_season(self, guild_id: int, now: float, number: int | None = None,
                         shape: str = DEFAULT_SHAPE) -> SeasonEnd | None:
        """Archive the open season (only if it is season ``number``, when given) and open the next; ``None`` if
        there was nothing to end (already ended: a timer and a command at once end it once)."""
        async with self.transaction() as tx:
            current = await current_season(tx, guild_id)
            if number is not None and current != number:
                return None
            if not await _close(tx, guild_id, current, now, shape):
                return None
            ended = await _season(tx, guild_id, current)
            await tx.execute("INSERT INTO seasons (guild_id, season, started_at) VALUES (?, ?, ?)",
                             (guild_id, current + 1, now))
            nxt = await _season(tx, guild_id, current + 1)
        log.info("guild %d: season %d ended (%d on the podium)", guild_id, current, len(ended.podium))
        return SeasonEnd(ended, nxt)

    async def season_list(self, guild_id: int) -> list[Season]:
        """Every season of a server, oldest first."""
        rows = await self.fetchall("SELECT * FROM seasons WHERE guild_id = ? ORDER BY season", (guild_id,))
        return [Season.from_row(r) for r in rows]

    async def find_season(self, guild_id: int, key: str) -> Season:
        """A season by its name (any case) or number; ``data.season_not_found`` otherwise."""
        key = " ".join(key.split())
        if key.isdigit() and len(key) < 10:
            row = await self.fetchone("SELECT * FROM seasons WHERE guild_id = ? AND season = ?", (guild_id, int(key)))
        else:
            row = await self.fetchone("SELECT * FROM seasons WHERE guild_id = ? AND LOWER(name) = LOWER(?)",
                                      (guild_id, key))
        if row is None:
            raise DataError("data.season_not_found", name=key[:MAX_SEASON_NAME])
        return Season.from_row(row)

    async def hall_of_fame(self, guild_id: int) -> list[Season]:
        """The ended seasons with a podium, newest first."""
        rows = await self.fetchall("SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NOT NULL"
                                   " ORDER BY season DESC", (guild_id,))
        return [s for s in (Season.from_row(r) for r in rows) if s.podium]

    async def season_players(self, guild_id: int, number: int, shape: str = DEFAULT_SHAPE) -> int:
        """How many players have a ladder row in a season."""
        row = await self.fetchone("SELECT COUNT(*) FROM ladder WHERE guild_id = ? AND season = ? AND shape = ?",
                                  (guild_id, number, shape))
        return int(row[0]) if row is not None else 0

    async def ladder_page(self, guild_id: int, number: int, limit: int, offset: int,
                          shape: str = DEFAULT_SHAPE) -> LadderPage:
        """A page of season ``number``'s ladder by rating with names and the season's player count, in one
        statement (the public page's: one round trip to the database)."""
        rows = await self.fetchall(
            f"SELECT l.*, n.name AS player_name, (SELECT COUNT(*) FROM ladder c WHERE c.guild_id = ?"
            f" AND c.season = ? AND c.shape = ?) AS players FROM ladder l {_NAMED}"
            " WHERE l.guild_id = ? AND l.season = ? AND l.shape = ?"
            " ORDER BY l.ordinal DESC, l.progress DESC, l.user_id LIMIT ? OFFSET ?",
            (guild_id, number, shape, guild_id, number, shape, limit, offset))
        players = int(rows[0]["players"]) if rows else await self.season_players(guild_id, number, shape)
        return LadderPage(tuple((PlayerStats.from_row(r), r["player_name"]) for r in rows), players)

    async def all_time(self, guild_id: int, user_id: int, shape: str = DEFAULT_SHAPE) -> AllTime | None:
        """A player's records over every season here; ``None`` if they never played here."""
        row = await self.fetchone(
            "SELECT COUNT(*) AS n, SUM(matches_won) AS mw, SUM(matches_lost) AS ml,"
            " SUM(hands_won_dealer + hands_won_defender) AS hw, SUM(hands_lost_dealer + hands_lost_defender) AS hl,"
            " SUM(kitty_bonuses) AS kb, MAX(best_streak) AS bs FROM ladder WHERE guild_id = ? AND user_id = ?"
            " AND shape = ?", (guild_id, user_id, shape))
        if row is None or not row["n"]:
            return None
        best = await self.fetchone(
            "SELECT season, place FROM (SELECT l.season, l.user_id, l.ordinal, RANK() OVER (PARTITION BY l.season"
            " ORDER BY l.ordinal DESC, l.progress DESC) AS place FROM ladder l JOIN seasons s"
            " ON s.guild_id = l.guild_id AND s.season = l.season"
            " WHERE l.guild_id = ? AND l.shape = ? AND s.ended_at IS NOT NULL) ranked"
            " WHERE user_id = ? ORDER BY place, ordinal DESC, season LIMIT 1", (guild_id, shape, user_id))
        return AllTime(int(row["n"]), int(row["mw"]), int(row["ml"]), int(row["hw"]), int(row["hl"]),
                       int(row["kb"]), int(row["bs"]), None if best is None else int(best["season"]),
                       None if best is None else int(best["place"]))

    async def level_history(self, guild_id: int, user_id: int, season: int, limit: int = 50,
                            shape: str = DEFAULT_SHAPE) -> list[int]:
        """A player's ladder progress after each of their latest ``limit`` rated matches of a shape in a season,
        oldest first (matches recorded before levels were kept are left out)."""
        rows = await self.fetchall(
            "SELECT p.progress_after FROM match_players p JOIN matches m ON m.id = p.match_id"
            " WHERE m.guild_id = ? AND m.season = ? AND m.shape = ? AND p.user_id = ? AND p.progress_after IS NOT NULL"
            " ORDER BY m.finished_at DESC, m.id DESC LIMIT ?", (guild_id, season, shape, user_id, limit))
        return [int(r[0]) for r in reversed(rows)]

    async def dated_seasons(self) -> list[Season]:
        """Every open season with an end date, of every server (their timers are checked at start-up)."""
        rows = await self.fetchall("SELECT * FROM seasons WHERE ended_at IS NULL AND ends_at IS NOT NULL"
                                   " ORDER BY guild_id")
        return [Season.from_row(r) for r in rows]

    async def timer_payloads(self, kind: str) -> list[dict[str, Any]]:
        """The payloads of the stored timers of ``kind`` (of no table)."""
        rows = await self.fetchall("SELECT payload FROM timers WHERE kind = ? AND table_id IS NULL", (kind,))
        return [json.loads(r[0]) for r in rows]

    # -- the public ladder page ---------------------------------------------------------------------------
    async def set_ladder_page(self, guild_id: int, token: str | None, now: float) -> None:
        """Turn a server's public ladder page on with ``token`` (replacing an older one) or off (``None``)."""
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM ladder_pages WHERE guild_id = ?", (guild_id,))
            if token is not None:
                await tx.execute("INSERT INTO ladder_pages (guild_id, token, created_at) VALUES (?, ?, ?)",
                                 (guild_id, token, now))

    async def ladder_page_guild(self, token: str) -> int | None:
        """The server whose page ``token`` opens, ``None`` if no page has it (off, replaced, never made)."""
        row = await self.fetchone("SELECT guild_id FROM ladder_pages WHERE token = ?", (token,))
        return None if row is None else int(row[0])

    async def ladder_page_token(self, guild_id: int) -> str | None:
        row = await self.fetchone("SELECT token FROM ladder_pages WHERE guild_id = ?", (guild_id,))
        return None if row is None else str(row[0])
