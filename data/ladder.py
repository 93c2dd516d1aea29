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
from data.records import Seat
from data.tables import seats_to_json
from engine.rating import DEFAULT_MU, DEFAULT_SIGMA, Skill, advance_progress, ai_skill, level_of, rate_match
from engine.views import HandResult
from engine.wire import result_to_json

log = logging.getLogger(__name__)

SeatInput = int | Seat | None  # a user id, a Seat (human or AI), or None (an AI of the default level)
_ROW = "guild_id = ? AND season = ? AND user_id = ?"
SHAPE = "tractor"  # the ladders' key of the one shape recorded so far (``data.seasons.DEFAULT_SHAPE``)


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
            kitty_points=row["kitty_points"], streak=row["streak"], best_streak=row["best_streak"])


def _seats(seats: Sequence[SeatInput]) -> list[Seat]:
    if not 4 <= len(seats) <= 8:
        raise DataError("data.bad_seats", count=len(seats))
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


async def _ensure_rows(tx: Tx, guild_id: int, season: int, users: Sequence[int]) -> None:
    now = time.time()
    await tx.executemany(
        "INSERT INTO ladder (guild_id, season, user_id, mu, sigma, ordinal, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [(guild_id, season, u, DEFAULT_MU, DEFAULT_SIGMA, Skill().ordinal, now) for u in users])


async def _progress(tx: Tx, guild_id: int, season: int, user: int) -> int | None:
    row = await tx.fetchone(f"SELECT progress FROM ladder WHERE {_ROW}", (guild_id, season, user))
    return None if row is None else int(row[0])


class LadderMixin(Connection):
    """Ladders, seasons and the records that feed them."""

    async def season(self, guild_id: int) -> int:
        async with self.transaction() as tx:
            return await current_season(tx, guild_id)

    async def record_hand(self, guild_id: int, table_id: int, seat_users: Sequence[SeatInput],
                          result: HandResult, *, ranked: bool = True) -> bool:
        """Store a settled hand and move the human players' ladder rows; False if already recorded."""
        seats = _seats(seat_users)
        humans = _humans(seats) if ranked else None
        dealer_team = result.dealer % 2
        dealer_won = not result.defenders_take_over
        async with self.transaction() as tx:
            season = await current_season(tx, guild_id)
            new = await tx.execute(
                "INSERT INTO hand_results (table_id, hand_number, guild_id, season, seats, result,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (table_id, result.hand_number, guild_id, season, seats_to_json(seats),
                 json.dumps(result_to_json(result)), time.time()))
            if not new or not humans:
                return bool(new)
            await _ensure_rows(tx, guild_id, season, list(humans.values()))
            for seat, user in humans.items():
                team = seat % 2
                row = await tx.fetchone("SELECT progress FROM ladder WHERE guild_id = ? AND season = ? AND user_id = ?",
                                        (guild_id, season, user))
                progress = advance_progress(int(row[0]) if row else 0, result.level_gains[team],
                                            result.levels_after[team])
                as_dealer = team == dealer_team
                won = dealer_won == as_dealer
                column = f"hands_{'won' if won else 'lost'}_{'dealer' if as_dealer else 'defender'}"
                kitty = result.kitty_bonus > 0 and team == result.last_winner % 2 and not as_dealer
                await tx.execute(
                    f"UPDATE ladder SET progress = ?, {column} = {column} + 1, kitty_bonuses = kitty_bonuses + ?,"
                    f" kitty_points = kitty_points + ?, updated_at = ? WHERE {_ROW}",
                    (progress, int(kitty), result.kitty_bonus if kitty else 0, time.time(), guild_id, season, user))
        return True

    async def record_match(self, guild_id: int, table_id: int | None, seat_users: Sequence[SeatInput],
                           winner_team: int | None, *, ranked: bool = True) -> int | None:
        """Store a finished match; rate it and count wins/losses/streaks for the human players.

        ``winner_team`` ``None`` (stopped, drawn) changes no rating or count. The match id, or ``None``
        if this table's match was already recorded. A table of 5 to 8 seats (RULES §13, unranked) is kept as the
        match row only: ``match_players`` seats four (migration 0002)."""
        seats = _seats(seat_users)
        humans = _humans(seats) if ranked and winner_team is not None else None
        async with self.transaction() as tx:
            if table_id is not None and await tx.fetchone("SELECT 1 FROM matches WHERE table_id = ?", (table_id,)):
                return None
            season = await current_season(tx, guild_id)
            row = await tx.fetchone("SELECT COUNT(*) FROM hand_results WHERE table_id = ?", (table_id,))
            match_id = await tx.insert(
                "INSERT INTO matches (guild_id, table_id, season, seats, winner_team, ranked, hands, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, table_id, season, seats_to_json(seats), winner_team, int(humans is not None),
                 int(row[0]) if row else 0, time.time()))
            before: dict[int, Skill] = {}
            after: dict[int, Skill] = {}
            if humans and winner_team is not None:
                await _ensure_rows(tx, guild_id, season, list(humans.values()))
                skills = [ai_skill(s.ai_level) for s in seats]
                for seat, user in humans.items():
                    r = await tx.fetchone(f"SELECT mu, sigma FROM ladder WHERE {_ROW}", (guild_id, season, user))
                    skills[seat] = before[seat] = Skill(r["mu"], r["sigma"]) if r else Skill()
                rated = rate_match(skills, winner_team)
                for seat, user in humans.items():
                    after[seat] = new = rated[seat]
                    won = seat % 2 == winner_team
                    await tx.execute(
                        "UPDATE ladder SET mu = ?, sigma = ?, ordinal = ?, matches_won = matches_won + ?,"
                        " matches_lost = matches_lost + ?,"
                        " streak = CASE WHEN ? THEN (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END)"
                        " ELSE (CASE WHEN streak < 0 THEN streak - 1 ELSE -1 END) END,"
                        " best_streak = CASE WHEN ? AND (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END) > best_streak"
                        " THEN (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END) ELSE best_streak END,"
                        " updated_at = ?"
                        " WHERE guild_id = ? AND season = ? AND user_id = ?",
                        (new.mu, new.sigma, new.ordinal, int(won), int(not won), won, won, time.time(),
                         guild_id, season, user))
            levels = {seat: await _progress(tx, guild_id, season, user) for seat, user in (humans or {}).items()
                      if seat in after}
            await tx.executemany(
                "INSERT INTO match_players (match_id, seat, user_id, team, won, ordinal_before, ordinal_after,"
                " progress_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(match_id, seat, s.user_id, seat % 2,
                  None if winner_team is None else int(seat % 2 == winner_team),
                  before[seat].ordinal if seat in before else None, after[seat].ordinal if seat in after else None,
                  levels.get(seat))
                 for seat, s in enumerate(seats) if s.user_id is not None and len(seats) == 4])
        log.info("recorded match %d of table %s (winner %s, ranked %s)", match_id, table_id, winner_team,
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

    async def player_stats(self, guild_id: int, user_id: int, season: int | None = None) -> PlayerStats | None:
        """A player's ladder row in a season (default: current), or ``None`` if they have not played in it."""
        if season is None:
            season = await self.season(guild_id)
        row = await self.fetchone("SELECT * FROM ladder WHERE guild_id = ? AND season = ? AND user_id = ?",
                                  (guild_id, season, user_id))
        return None if row is None else PlayerStats.from_row(row)

    async def player_rank(self, guild_id: int, user_id: int, by: str = "rating",
                          season: int | None = None) -> int | None:
        """1-based position of a player on a leaderboard, or ``None``."""
        board = await self.leaderboard(guild_id, by, limit=None, season=season)
        return next((i for i, p in enumerate(board, start=1) if p.user_id == user_id), None)

    async def reset_season(self, guild_id: int) -> int:
        """Close the current season (its rows stay, queryable by season number) and open a new one; its number."""
        async with self.transaction() as tx:
            old = await current_season(tx, guild_id)
            await tx.execute("UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND season = ?",
                             (time.time(), guild_id, old))
            new = await current_season(tx, guild_id)
        log.info("guild %d: season %d archived, season %d started", guild_id, old, new)
        return new

    async def seasons(self, guild_id: int) -> list[tuple[int, float, float | None]]:
        """``(season, started_at, ended_at)`` of every season of a server, oldest first."""
        rows = await self.fetchall(
            "SELECT season, started_at, ended_at FROM seasons WHERE guild_id = ? ORDER BY season", (guild_id,))
        return [(int(r[0]), float(r[1]), r[2]) for r in rows]
