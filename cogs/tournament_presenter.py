"""Tournaments on Discord: the service's messages in the tournament's channel, and a thread per game.

Announcements and pictures go to the channel the tournament was created in, in the tournament's locale;
team and player names are user text and are escaped (``cogs.safetext``). Each game's table gets a
thread under a short notice in that channel; the four players are pinged there, and only they
(``allowed_mentions`` names exactly their users). ``attach_tournaments`` builds ``bot.tournaments``
beside ``bot.game``; ``cogs.hub`` restores it after the tables.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

import i18n
from cogs.gamebot import GameBot
from cogs.safetext import escape_params, escape_text, plain_text
from data.records import TableRecord
from engine.tournament import Match, Tournament
from runtime import TournamentService, TournamentUpdate, match_stage

log = logging.getLogger(__name__)


def tournament_locale(t: Tournament) -> str:
    return str(t.meta.get("locale") or "en")


def pinging(user_ids: list[int]) -> discord.AllowedMentions:
    """Mentions that ping exactly these users (nothing else)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=u) for u in user_ids])


class DiscordTournamentPresenter:
    """Posts a tournament's updates in its channel and opens a thread for each game's table."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def _channel(self, t: Tournament) -> Any:
        channel = self.bot.get_channel(t.channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(t.channel_id)
        return channel

    async def tournament_changed(self, update: TournamentUpdate) -> None:
        t = update.tournament
        locale = tournament_locale(t)
        lines = [i18n.t(a.key, locale, **escape_params(a.params)) for a in update.announcements]
        files = [discord.File(io.BytesIO(i.png), filename=i.name) for i in update.images]
        if not lines and not files:
            return
        title = i18n.t("tournament.bot.title", locale, id=t.tournament_id, name=escape_text(t.name))
        channel = await self._channel(t)
        await channel.send("\n".join([title, *lines])[:2000], files=files,
                           allowed_mentions=discord.AllowedMentions.none())

    async def thread_for(self, t: Tournament, match: Match, rec: TableRecord) -> int | None:
        """A thread for the table of ``match``'s next game, with the four players pinged in it."""
        locale = tournament_locale(t)
        a, b = t.team(match.a), t.team(match.b) if match.b is not None else None
        if b is None:
            return None
        try:
            channel = await self._channel(t)
            notice = await channel.send(i18n.t("tournament.bot.table_notice", locale, round=match.round,
                                               a=escape_text(a.name), b=escape_text(b.name), table=rec.table_id),
                                        allowed_mentions=discord.AllowedMentions.none())
            name = i18n.t("tournament.bot.thread", locale, round=match.round, a=a.name, b=b.name)
            thread = await notice.create_thread(name=plain_text(name), auto_archive_duration=1440)
            players = [u for u in (*a.players, *b.players) if u is not None]
            mentions = " ".join(f"<@{u}>" for u in players)
            await thread.send(i18n.t("tournament.table_ping", locale, players=mentions, a=escape_text(a.name),
                                     b=escape_text(b.name), stage=match_stage(t, match, locale)),
                              allowed_mentions=pinging(players))
            return int(thread.id)
        except discord.HTTPException:
            log.exception("no thread for table %d of tournament %d", rec.table_id, t.tournament_id)
            return None


def attach_tournaments(bot: GameBot, **options: Any) -> TournamentService:
    """``bot.tournaments``: the tournament service on ``bot.game`` with the Discord presenter."""
    presenter = DiscordTournamentPresenter(bot)
    base = getattr(bot, "table_options", None)
    service = TournamentService(bot.game, presenter, table_options=base, **options)
    service.tables.thread_for = presenter.thread_for
    bot.tournaments = service
    return service
