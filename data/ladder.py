"""Per-server ladders by season: persistent levels with laps, openskill ratings, hand and match records.

``record_hand`` moves every human player by the levels their team earned (``HandResult.level_gains``)
and counts hands won/lost as dealer or defender and kitty bonuses; ``record_match`` rates the match and
counts wins, losses and streaks. Both are idempotent per table (a hand or match recorded twice, e.g.
after a restart, counts once). A hand or match where one user holds several seats, or recorded with
``ranked=False``, is kept in the history but moves no ladder row. AI seats never get ladder rows.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from data.connection import Connection, Row, Tx
from data.errors import DataError
from data.outcomes import final_level, match_winners, seat_outcome, team_column
from data.records import Seat
from data.shapes import DEFAULT_SHAPE, shape_key
from data.tables import seats_to_json
from engine.rating import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Skill,
    advance_progress,
    ai_skill,
    level_of,
    rate_match,
    rate_players,
)
from engine.rules import Rules
from engine.shape import STANDARD_SHAPE, TableShape
from engine.views import HandResult
from engine.wire import result_from_json, result_to_json

log = logging.getLogger(__name__)

SeatInput = int | Seat | None  # a user id, a Seat (human or AI), or None (an AI of the default level)
_ROW = "guild_id = ? AND season = ? AND shape = ? AND user_id = ?"
SHAPE = DEFAULT_SHAPE  # the ladders' key of 2 decks, 4 seats, fixed partners (``data.shapes``)


@dataclass(frozen=True)
class PlayerStats:
    """One ladder row."""

    guild_id: int
    season: int
    user_id: int
    progress: int
    mu: float
    sigma: float
    rating: float  # conservative ordinal mu - 3 sigma
    matches_won: int
    matches_lost: int
    hands_won_dealer: int
    hands_lost_dealer: int
    hands_won_defender: int
    hands_lost_defender: int
    kitty_bonuses: int
    kitty_points: int
    streak: int  # > 0: matches won in a row; < 0: lost in a row
    best_streak: int
    shape: str = DEFAULT_SHAPE  # the ladder's shape key (``data.shapes``)

    @property
    def level(self) -> str:
        return level_of(self.progress)[0]

    @property
    def laps(self) -> int:
        return level_of(self.progress)[1]

    @classmethod
    def from_row(cls, row: Row) -> PlayerStats:
        return cls(
            guild_id=row["guild_id"], season=row["season"], user_id=row["user_id"], progress=row["progress"],
            mu=row["mu"], sigma=row["sigma"], rating=row["ordinal"], matches_won=row["matches_won"],
            matches_lost=row["matches_lost"], hands_won_dealer=row["hands_won_dealer"],
            hands_lost_dealer=row["hands_lost_dealer"], hands_won_defender=row["hands_won_defender"],
            hands_lost_defender=row["hands_lost_defender"], kitty_bonuses=row["kitty_bonuses"],
            kitty_points=row["kitty_points"], streak=row["streak"], best_streak=row["best_streak"],
            shape=row["shape"])


def _seats(seats: Sequence[SeatInput], shape: TableShape) -> list[Seat]:
    if len(seats) != shape.players:
        raise DataError("data.bad_seats", count=len(seats), players=shape.players)
    return [Seat.bot() if s is None else Seat.from_occupant(s) for s in seats]


def _humans(seats: Sequence[Seat]) -> dict[int, int] | None:
    """seat -> user id of the human seats, or ``None`` if a user holds several seats (unranked)."""
    humans = {i: s.user_id for i, s in enumerate(seats) if s.user_id is not None}
    return humans if len(set(humans.values())) == len(humans) else None


async def current_season(tx: Tx, guild_id: int) -> int:
    """The open season of a server (season 1 is opened on first use)."""
    row = await tx.fetchone("SELECT MAX(season) FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,))
    if row is not None and row[0] is not None:
        return int(row[0])
    row = await tx.fetchone("SELECT COALESCE(MAX(season), 0) + 1 FROM seasons WHERE guild_id = ?", (guild_id,))
    season = int(row[0]) if row is not None else 1
    await tx.execute("INSERT INTO seasons (guild_id, season, started_at) VALUES (?, ?, ?)",
                     (guild_id, season, time.time()))
    return season


async def table_shape(tx: Tx, table_id: int | None) -> TableShape:
    """The shape of a stored table's rules; the default shape for a table that is gone (or none)."""
    row = None if table_id is None else await tx.fetchone("SELECT rules FROM game_tables WHERE id = ?", (table_id,))
    return STANDARD_SHAPE if row is None else Rules.from_json(json.loads(row[0])).shape


async def _ensure_rows(tx: Tx, guild_id: int, season: int, shape: str, users: Sequence[int]) -> None:
    now = time.time()
    await tx.executemany(
        "INSERT INTO ladder (guild_id, season, shape, user_id, mu, sigma, ordinal, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [(guild_id, season, shape, u, DEFAULT_MU, DEFAULT_SIGMA, Skill().ordinal, now) for u in users])


async def _progress(tx: Tx, key: tuple[int, int, str], user: int) -> int | None:
    row = await tx.fetchone(f"SELECT progress FROM ladder WHERE {_ROW}", (*key, user))
    return None if row is None else int(row[0])


async def _last_result(tx: Tx, table_id: int | None) -> HandResult | None:
    row = None if table_id is None else await tx.fetchone(
        "SELECT result FROM hand_results WHERE table_id = ? ORDER BY hand_number DESC LIMIT 1", (table_id,))
    return None if row is None else result_from_json(json.loads(row[0]))


def _ratings(shape: TableShape, skills: list[Skill], winners: Sequence[int], winner_team: int) -> list[Skill]:
    """Fixed partners: the winning team against the other; 找朋友: every player alone, the winners first and
    everyone else tied second."""
    if shape.fixed_partners:
        return rate_match(skills, winner_team)
    return rate_players(skills, [0 if s in winners else 1 for s in range(len(skills))])


_MATCH_UPDATE = (
    "UPDATE ladder SET mu = ?, sigma = ?, ordinal = ?, matches_won = matches_won + ?, matches_lost = matches_lost + ?,"
    " streak = CASE WHEN ? THEN (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END)"
    " ELSE (CASE WHEN streak < 0 THEN streak - 1 ELSE -1 END) END,"
    " best_streak = CASE WHEN ? AND (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END) > best_streak"
    " THEN (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END) ELSE best_streak END,"
    f" updated_at = ? WHERE {_ROW}")


class LadderMixin(Connection):
    """Ladders, seasons and the records that feed them."""

    async def season(self, guild_id: int) -> int:
        async with self.transaction() as tx:
            return await current_season(tx, guild_id)

    async def record_hand(self, guild_id: int, table_id: int, seat_users: Sequence[SeatInput],
                          result: HandResult, *, ranked: bool = True, shape: TableShape | None = None) -> bool:
        """Store a settled hand and move the human players' ladder rows of the table's shape (``shape``, else the
        stored table's); False if already recorded."""
        async with self.transaction() as tx:
            shape = shape or await table_shape(tx, table_id)
            seats = _seats(seat_users, shape)
            humans = _humans(seats) if ranked else None
            key = (guild_id, await current_season(tx, guild_id), shape_key(shape))
            new = await tx.execute(
                "INSERT INTO hand_results (table_id, hand_number, guild_id, season, shape, seats, result,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (table_id, result.hand_number, guild_id, key[1], key[2], seats_to_json(seats),
                 json.dumps(result_to_json(result)), time.time()))
            if not new or not humans:
                return bool(new)
            await _ensure_rows(tx, *key, list(humans.values()))
            for seat, user in humans.items():
                line = seat_outcome(shape, result, seat)
                progress = advance_progress(await _progress(tx, key, user) or 0, line.gain, line.level_after)
                column = f"hands_{'won' if line.won else 'lost'}_{'dealer' if line.as_dealer else 'defender'}"
                await tx.execute(
                    f"UPDATE ladder SET progress = ?, {column} = {column} + 1, kitty_bonuses = kitty_bonuses + ?,"
                    f" kitty_points = kitty_points + ?, updated_at = ? WHERE {_ROW}",
                    (progress, int(line.kitty), result.kitty_bonus if line.kitty else 0, time.time(), *key, user))
        return True

    async def record_match(self, guild_id: int, table_id: int | None, seat_users: Sequence[SeatInput],
                           winner_team: int | None, *, ranked: bool = True,
                           shape: TableShape | None = None) -> int | None:
        """Store a finished match of the table's shape (``shape``, else the stored table's); rate it and count
        wins/losses/streaks for the human players. ``winner_team`` is the engine's ``match_winner``: the winning
        team with fixed partners, the winning seat in 找朋友.

        ``winner_team`` ``None`` (stopped, drawn) changes no rating or count. The match id, or ``None``
        if this table's match was already recorded."""
        async with self.transaction() as tx:
            if table_id is not None and await tx.fetchone("SELECT 1 FROM matches WHERE table_id = ?", (table_id,)):
                return None
            shape = shape or await table_shape(tx, table_id)
            seats = _seats(seat_users, shape)
            humans = _humans(seats) if ranked and winner_team is not None else None
            key = (guild_id, await current_season(tx, guild_id), shape_key(shape))
            last = await _last_result(tx, table_id)
            winners = match_winners(shape, winner_team, last)
            row = await tx.fetchone("SELECT COUNT(*) FROM hand_results WHERE table_id = ?", (table_id,))
            match_id = await tx.insert(
                "INSERT INTO matches (guild_id, table_id, season, shape, seats, winner_team, winners, ranked, hands,"
                " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, table_id, key[1], key[2], seats_to_json(seats),
                 winner_team if shape.fixed_partners else None, json.dumps(winners), int(humans is not None),
                 int(row[0]) if row else 0, time.time()))
            before: dict[int, Skill] = {}
            after: dict[int, Skill] = {}
            if humans and winner_team is not None:
                await _ensure_rows(tx, *key, list(humans.values()))
                skills = [ai_skill(s.ai_level) for s in seats]
                for seat, user in humans.items():
                    r = await tx.fetchone(f"SELECT mu, sigma FROM ladder WHERE {_ROW}", (*key, user))
                    skills[seat] = before[seat] = Skill(r["mu"], r["sigma"]) if r else Skill()
                rated = _ratings(shape, skills, winners, winner_team)
                for seat, user in humans.items():
                    after[seat] = new = rated[seat]
                    won = seat in winners
                    await tx.execute(_MATCH_UPDATE, (new.mu, new.sigma, new.ordinal, int(won), int(not won), won, won,
                                                     time.time(), *key, user))
            levels = {seat: await _progress(tx, key, user) for seat, user in (humans or {}).items() if seat in after}
            await tx.executemany(
                "INSERT INTO match_players (match_id, seat, user_id, team, won, ordinal_before, ordinal_after,"
                " progress_after, level) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(match_id, seat, s.user_id, team_column(shape, seat),
                  None if winner_team is None else int(seat in winners),
                  before[seat].ordinal if seat in before else None, after[seat].ordinal if seat in after else None,
                  levels.get(seat), final_level(shape, last, seat))
                 for seat, s in enumerate(seats) if s.user_id is not None])
        log.info("recorded match %d of table %s (%s, winners %s, ranked %s)", match_id, table_id, key[2], winners,
                 humans is not None)
        return match_id

    async def leaderboard(self, guild_id: int, by: str = "rating", limit: int | None = 20,
                          season: int | None = None, offset: int = 0, shape: str = SHAPE) -> list[PlayerStats]:
        """Top players of a season (default: the current one) by rating (ordinal) or by level (laps, level);
        ``limit=None`` (or negative): all of them."""
        orders = {"rating": "ordinal DESC, progress DESC", "level": "progress DESC, ordinal DESC"}
        if by not in orders:
            raise DataError("data.bad_leaderboard", by=by)
        if season is None:
            season = await self.season(guild_id)
        rows = await self.fetchall(
            f"SELECT * FROM ladder WHERE guild_id = ? AND season = ? AND shape = ? ORDER BY {orders[by]}, user_id"
            " LIMIT ? OFFSET ?", (guild_id, season, shape, 2**62 if limit is None or limit < 0 else limit, offset))
        return [PlayerStats.from_row(r) for r in rows]

    async def player_stats(self, guild_id: int, user_id: int, season: int | None = None,
                           shape: str = SHAPE) -> PlayerStats | None:
        """A player's row on a shape's ladder in a season (default: current), or ``None`` if they have not played
        that shape in it."""
        if season is None:
            season = await self.season(guild_id)
        row = await self.fetchone(f"SELECT * FROM ladder WHERE {_ROW}", (guild_id, season, shape, user_id))
        return None if row is None else PlayerStats.from_row(row)

    async def player_rank(self, guild_id: int, user_id: int, by: str = "rating",
                          season: int | None = None, shape: str = SHAPE) -> int | None:
        """1-based position of a player on a shape's leaderboard, or ``None``."""
        board = await self.leaderboard(guild_id, by, limit=None, season=season, shape=shape)
        return next((i for i, p in enumerate(board, start=1) if p.user_id == user_id), None)

    async def ladder_shapes(self, guild_id: int, season: int | None = None, user_id: int | None = None) -> list[str]:
        """The shape keys with a ladder on a server in a season (default: current; of one player if given), the
        default shape first, then by name."""
        if season is None:
            season = await self.season(guild_id)
        sql = "SELECT DISTINCT shape FROM ladder WHERE guild_id = ? AND season = ?"
        params: tuple[int, ...] = (guild_id, season)
        if user_id is not None:
            sql, params = sql + " AND user_id = ?", (*params, user_id)
        rows = await self.fetchall(sql, params)
        return sorted((str(r[0]) for r in rows), key=lambda k: (k != SHAPE, k))

    async def seasons(self, guild_id: int) -> list[tuple[int, float, float | None]]:
        """``(season, started_at, ended_at)`` of every season of a server, oldest first."""
        rows = await self.fetchall(
            "SELECT season, started_at, ended_at FROM seasons WHERE guild_id = ? ORDER BY season", (guild_id,))
        return [(int(r[0]), float(r[1]), r[2]) for r in rows]
