"""The server's ladder and a player's statistics card (天梯, 战绩): read from ``data/`` and drawn through
``runtime.pictures.imaging`` (the drawing queue and its timeout, retry and "picture unavailable"), as the table's
pictures are. Players are named as last seen on the server (``runtime.records.names``); nothing here knows Discord."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from data.database import Database
from data.history import MatchRecord
from data.seasons import Season
from data.shapes import DEFAULT_SHAPE
from data.tournaments import Placing
from i18n import t
from render.stats import StatsCard
from runtime.pictures import imaging
from runtime.presenter import Image
from runtime.records.ladder_shapes import ladder_title, season_title
from runtime.records.names import player_names
from runtime.records.seasons import season_label

log = logging.getLogger(__name__)

LADDER_ROWS = 20  # players shown on the ladder picture
RECENT_MATCHES = 20  # the latest matches a statistics card shows


async def ladder_picture(db: Database, guild_id: int, by: str, locale: str,
                         shape: str = DEFAULT_SHAPE) -> Image | None:
    """The server's ladder of a table shape (``data.shapes``) ordered ``by`` ``rating`` or ``level``
    (``runtime.inputs.LADDER_ORDERS``), its best ``LADDER_ROWS`` players named as last seen here
    (``runtime.records.names``); ``None`` while nobody has finished a match here."""
    stats = await db.leaderboard(guild_id, by=by, limit=LADDER_ROWS, shape=shape)
    if not stats:
        return None
    names = await player_names(db, guild_id, [p.user_id for p in stats], locale)
    return await imaging.ladder_image(stats, names, locale, by=by, title=ladder_title(by, shape, locale))


@dataclass(frozen=True)
class PlayerCard:
    """A player's answer to ``/stats``: the card (``None`` before their first finished match here) and their
    tournament placings (newest first)."""

    image: Image | None
    placings: list[Placing]


def recent_results(matches: list[MatchRecord], user_id: int) -> tuple[bool, ...]:
    """Won or lost, oldest first, of a player's ``matches`` (newest first): won on a winning seat (找朋友: a player
    who passed the end level; teams change every hand)."""
    return tuple(m.won_by(user_id) for m in reversed(matches))


async def player_card(db: Database, guild_id: int, user_id: int, name: str, locale: str,
                      season: Season | None = None, shape: str = DEFAULT_SHAPE) -> PlayerCard:
    """A player's statistics on this server's ladder of a table shape in a season (default: this one): rating,
    level, rank, hands won as dealer and defender, kitty bonuses, the latest matches, their level over the season's
    matches (a chart) and their best season; the season line names the shape outside the two-deck four-seat ladder."""
    placings = await db.placings(guild_id, user_id)
    season = season or await db.open_season(guild_id)
    row = await db.player_stats(guild_id, user_id, season=season.number, shape=shape)
    if row is None:
        return PlayerCard(None, placings)
    rank = await db.player_rank(guild_id, user_id, season=season.number, shape=shape)
    levels = tuple(await db.level_history(guild_id, user_id, season.number, shape=shape))
    total = await db.all_time(guild_id, user_id, shape=shape)
    best = every = None
    if total is not None and total.seasons > 1:
        every = t("season.all_time", locale, seasons=total.seasons, won=total.matches_won, lost=total.matches_lost,
                  streak=total.best_streak)
    if total is not None and total.best_season is not None:
        best_season = await db.find_season(guild_id, str(total.best_season))
        best = t("season.best", locale, season=season_label(best_season, locale), place=total.best_place)
    matches = await db.match_history(guild_id, user_id, limit=RECENT_MATCHES, shape=shape)
    recent = recent_results(matches, user_id)
    card = StatsCard(name=name, rating=row.rating, level=row.level, laps=row.laps,
                     matches_won=row.matches_won, matches_lost=row.matches_lost,
                     dealer_won=row.hands_won_dealer, dealer_lost=row.hands_lost_dealer,
                     defender_won=row.hands_won_defender, defender_lost=row.hands_lost_defender,
                     kitty_bonuses=row.kitty_bonuses, best_streak=row.best_streak, recent=recent, rank=rank,
                     levels=levels, best_season=best, all_time=every,
                     season=season_title(season_label(season, locale), season_label(season, locale), shape, locale))
    return PlayerCard(await imaging.stats_image(card, locale), placings)
