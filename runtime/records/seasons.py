"""``SeasonService``: a server's seasons (赛季) run by its managers (no Discord here).

Rules:
- ``start``/``end`` need a manager (Manage Server) or the role the server named (``season_role``); anybody else is
  refused with ``season.not_allowed`` and nothing changes;
- a season with an end date gets a stored timer (``SeasonEndTimer``, kind ``season_end``): it survives restarts and
  ends that season when it falls due (a season ended before by command makes it do nothing);
- ending a season (by command or by date) archives it (``data.seasons``), opens the next and hands a
  ``SeasonOver`` to the presenter: the final standings as a picture for the server's season channel, and the
  champion whose role the interface moves when the server enabled one;
- end dates are UTC: ``YYYY-MM-DD`` ends at the end of that day, ``YYYY-MM-DD HH:MM`` at that minute.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from data.database import Database
from data.errors import DataError
from data.seasons import Season, SeasonEnd
from data.shapes import DEFAULT_SHAPE
from data.timers import Timer
from i18n import normalize_locale, t
from runtime.clock.timers import SeasonEndTimer, store
from runtime.errors import NotAllowed
from runtime.pictures import imaging
from runtime.presenter import Image
from runtime.records.ladder_shapes import season_title
from runtime.records.names import player_names

log = logging.getLogger(__name__)

STANDINGS_ROWS = 20  # players on the final standings picture
DATE_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d")


@dataclass(frozen=True)
class SeasonOver:
    """A season that just ended: the archive, the next season, the final standings picture (``None``: nobody
    played), the champion and the previous season's champion (whose role moves), and the server's settings."""

    guild_id: int
    ended: Season
    next: Season
    image: Image | None
    champion: int | None
    previous_champion: int | None
    settings: dict[str, Any]
    locale: str
    channel_id: int | None  # where the command ran (the season channel, when set, comes first)


class SeasonPresenter(Protocol):
    async def season_over(self, over: SeasonOver) -> None: ...


def season_label(season: Season, locale: str) -> str:
    """A season's name, or ``Season <n>`` / ``第<n>赛季`` for one without a name."""
    return season.name or t("season.numbered", locale, number=season.number)


def parse_end(text: str, now: float) -> float:
    """Unix seconds of an end date typed as ``YYYY-MM-DD`` (the end of that UTC day) or ``YYYY-MM-DD HH:MM``;
    ``season.bad_date`` if unreadable, ``data.season_ends_past`` if not after ``now``."""
    text = " ".join(text.split())
    for fmt in DATE_FORMATS:
        try:
            when = datetime.strptime(text, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
        if fmt == "%Y-%m-%d":
            when += timedelta(days=1)
        if when.timestamp() <= now:
            raise DataError("data.season_ends_past")
        return when.timestamp()
    raise NotAllowed("season.bad_date", text=text[:40])


def may_run_seasons(manager: bool, roles: set[int], settings: dict[str, Any]) -> bool:
    """A manager, or a member with the role the server named for seasons."""
    role = int(settings.get("season_role") or 0)
    return manager or (role != 0 and role in roles)


class SeasonService:
    """See the module docstring."""

    def __init__(self, db: Database, presenter: SeasonPresenter, clock: Callable[[], float], timers: Any,
                 server_locale: Callable[[int], str] | None = None) -> None:
        self.db = db
        self.presenter = presenter
        self.clock = clock
        self.server_locale = server_locale  # a server's own language (its ``locale`` setting is ``auto``)
        timers.register(SeasonEndTimer, self._on_timer)

    async def start(self, guild_id: int, user_id: int, allowed: bool, name: str | None, ends: str | None,
                    locale: str, channel_id: int | None = None) -> tuple[SeasonOver | None, Season]:
        """Open a season (``data.seasons.start_season``) and arm its end date; the archived unnamed season's
        ``SeasonOver`` (already presented) and the new season."""
        if not allowed:
            raise NotAllowed("season.not_allowed")
        now = self.clock()
        ends_at = None if ends is None or not ends.strip() else parse_end(ends, now)
        archived, season = await self.db.start_season(guild_id, name, ends_at, user_id, now)
        if ends_at is not None:
            await store(self.db, None, ends_at, SeasonEndTimer(guild_id, season.number))
        over = None
        if archived is not None:
            over = await self._over(SeasonEnd(archived, season), locale, channel_id)
        return over, season

    async def end(self, guild_id: int, allowed: bool, locale: str, channel_id: int | None = None) -> SeasonOver:
        """End the open season now (by command)."""
        if not allowed:
            raise NotAllowed("season.not_allowed")
        end = await self.db.end_season(guild_id, self.clock())
        if end is None:  # the timer ended it at this very moment
            raise NotAllowed("season.already_ended")
        return await self._over(end, locale, channel_id)

    async def restore(self) -> int:
        """At start-up: arm the end of every dated open season whose timer is missing (a stop between storing the
        season and its timer); a date passed meanwhile ends its season now. How many were armed."""
        armed = {(int(p["guild"]), int(p["season"])) for p in await self.db.timer_payloads(SeasonEndTimer.kind)}
        missing = [s for s in await self.db.dated_seasons() if (s.guild_id, s.number) not in armed]
        for season in missing:
            assert season.ends_at is not None
            await store(self.db, None, season.ends_at, SeasonEndTimer(season.guild_id, season.number))
            log.warning("season %d of guild %d had no end timer; armed for %s", season.number, season.guild_id,
                        season.ends_at)
        return len(missing)

    async def _on_timer(self, spec: SeasonEndTimer, timer: Timer) -> None:
        season = (await self.db.find_season(spec.guild, str(spec.season)))
        if not season.open or season.ends_at is None or season.ends_at > self.clock() + 1:
            log.info("season end timer %d: season %d of guild %d is no longer due", timer.id, spec.season, spec.guild)
            return
        end = await self.db.end_season(spec.guild, self.clock(), number=spec.season)
        if end is None:
            return
        setting = str((await self.db.guild_settings(spec.guild)).get("locale") or "auto")
        if setting != "auto":
            locale = normalize_locale(setting)
        else:
            locale = self.server_locale(spec.guild) if self.server_locale is not None else "en"
        await self._over(end, locale, None)

    async def _over(self, end: SeasonEnd, locale: str, channel_id: int | None) -> SeasonOver:
        guild_id = end.ended.guild_id
        settings = await self.db.guild_settings(guild_id)
        image = await self.standings(guild_id, end.ended, locale)
        previous = next((s for s in await self.db.hall_of_fame(guild_id) if s.number < end.ended.number), None)
        over = SeasonOver(guild_id, end.ended, end.next, image, end.ended.podium[0].user_id if end.ended.podium
                          else None, previous.podium[0].user_id if previous else None, settings, locale, channel_id)
        try:
            await self.presenter.season_over(over)
        except Exception:
            log.exception("season %d of guild %d ended but could not be announced", end.ended.number, guild_id)
        return over

    async def standings(self, guild_id: int, season: Season, locale: str, by: str = "rating",
                        shape: str = DEFAULT_SHAPE) -> Image | None:
        """A season's standings on a shape's ladder as the ladder picture titled with the season (``None``: nobody
        played it)."""
        stats = await self.db.leaderboard(guild_id, by=by, limit=STANDINGS_ROWS, season=season.number, shape=shape)
        if not stats:
            return None
        names = await player_names(self.db, guild_id, [p.user_id for p in stats], locale)
        key = "season.final_title" if not season.open else "season.title"
        label = season_label(season, locale)
        title = season_title(t(key, locale, season=label), label, shape, locale)
        return await imaging.ladder_image(stats, names, locale, by=by, title=title)
