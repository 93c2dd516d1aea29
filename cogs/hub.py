"""Wiring the game service into the bot: open the database, build ``GameService`` with the Discord
presenter, restore open tables once connected, and find the table an interaction is about."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

import i18n
from cogs.gamebot import GameBot
from cogs.presenter import DiscordPresenter
from data.database import Database
from data.records import TableRecord
from runtime import (
    DEFAULT_LIMITS,
    LINK_TTL,
    RENDER_QUEUE,
    Caller,
    GameService,
    Op,
    RateLimiter,
    TableLimits,
    authorize,
    shared_pool,
)

log = logging.getLogger(__name__)

FLUSH_TIMEOUT = 10.0  # seconds a stopping bot waits for its queued Discord calls


async def attach_game(bot: GameBot, *, db: Database | None = None, limits: dict[str, tuple[int, float]] | None = None,
                      **service_kwargs: Any) -> None:
    """Set ``bot.game`` (the service), ``bot.presenter`` and ``bot.limiter``; restore tables when ready."""
    own_db = db is None
    database = db or await Database.open(bot.config.database, pool_size=bot.config.db_pool,
                                         priority_pool_size=bot.config.db_priority_pool)
    bot.presenter = DiscordPresenter(bot)
    bot.limiter = RateLimiter(DEFAULT_LIMITS if limits is None else limits)
    processes = getattr(bot.config, "ai_processes", None)
    service_kwargs.setdefault("ai_pool", None if processes == 0 else shared_pool(processes))
    service_kwargs.setdefault("idle_evict_s", getattr(bot.config, "idle_evict_s", 3600.0))
    RENDER_QUEUE.use_processes(getattr(bot.config, "render_processes", 0))
    service_kwargs.setdefault("table_limits", TableLimits(bot.config.max_tables_per_guild,
                                                          bot.config.max_hosted_per_user))
    if bot.config.sharded:  # only this process's shards: their tables, timers and commits (data.shards)
        count = bot.config.shard_count
        assert count is not None  # sharded
        await database.claim_shards(count, bot.config.shard_ids or range(count))
    bot.game = GameService(database, bot.presenter, **service_kwargs)
    panels = bot.panels()
    if panels is not None:  # the open panels follow every change, after the live message (runtime.presenter)
        bot.game.observe(panels)
    from cogs.tournament_presenter import attach_tournaments

    attach_tournaments(bot)
    from cogs.season_presenter import attach_seasons

    attach_seasons(bot)
    bot.owns_db = own_db
    bot.restored = asyncio.Event()

    async def restore() -> None:
        await bot.wait_until_ready()
        try:
            ids = await bot.game.restore_all()  # starts the timer loop (runtime.clock.scheduler)
            log.info("restored tables %s", ids)
            await bot.tournaments.restore()  # after the tables: takes in results of tables that ended meanwhile
            await bot.seasons.restore()  # dated seasons whose end timer is missing get one
        finally:
            bot.restored.set()

    bot.restore_task = asyncio.create_task(restore(), name="restore-tables")


async def detach_game(bot: GameBot) -> None:
    """Stop the timers, let the presenter finish its Discord calls (so the stored live message id and
    pinged turns are current for the next start), and close the database if the bot opened it."""
    game = getattr(bot, "game", None)
    if game is None:
        return
    await game.stop_timers()
    await game.finish_moves(FLUSH_TIMEOUT)
    presenter = getattr(bot, "presenter", None)
    if presenter is not None:
        try:
            await asyncio.wait_for(presenter.flush(), FLUSH_TIMEOUT)
        except Exception:
            log.warning("presenter not flushed at shutdown", exc_info=True)
    await game.close(close_database=getattr(bot, "owns_db", False))
    del bot.game


async def send_web_link(bot: GameBot, interaction: discord.Interaction, table_id: int) -> None:
    """Answer privately with a fresh link to the web table (``runtime.links.weblinks``): the caller's seat if seated
    there, else to watch; the previous link and its page are revoked. ``web.disabled`` without the web table.
    With the Discord Activity set up, the answer launches it in this channel and the link follows privately; if
    Discord refuses to launch it, the link comes with ``activity.launch_failed``."""
    from cogs.replies import BotError, user_locale

    if bot.web_links is None:
        raise BotError("web.disabled")
    locale = user_locale(interaction)
    url = await bot.web_links.issue(caller_of(interaction), table_id, locale, here=True)
    text = i18n.t("web.link_reply", locale, table_id=table_id, minutes=int(LINK_TTL // 60), url=url)
    if bot.web_activity and await _launch_activity(interaction):  # the table opens in Discord; the link too
        await interaction.followup.send(text, ephemeral=True)
        return
    if bot.web_activity:
        text = i18n.t("activity.launch_failed", locale) + "\n" + text
    await interaction.response.send_message(text, ephemeral=True)


async def _launch_activity(interaction: discord.Interaction) -> bool:
    """Answer by launching the app's Activity in this channel (``web.activity`` signs the user in there); False
    when Discord refuses (Activities not enabled for the app, or not in this kind of channel)."""
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as exc:
        log.info("Discord did not launch the Activity (HTTP %s %s)", exc.status, exc.code)
        return False
    return True


def caller_of(interaction: discord.Interaction) -> Caller:
    """The interaction's user, guild, channel (and a thread's parent) and Manage Server in that guild."""
    perms = interaction.permissions
    manager = interaction.guild_id is not None and bool(perms.manage_guild or perms.administrator)
    channel = interaction.channel
    return Caller(user_id=interaction.user.id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                  parent_id=getattr(channel, "parent_id", None), manager=manager)


def find_table(bot: GameBot, interaction: discord.Interaction, table_id: int | None = None, *,
               here: bool = False) -> TableRecord:
    """The table an interaction names, only within its guild (and channel/thread when ``here``): see
    ``runtime.access.find_table``."""
    return bot.game.find(caller_of(interaction), table_id, here=here)


def authorized(bot: GameBot, interaction: discord.Interaction, table_id: int | None, op: Op, *, here: bool = False,
               seat: int | None = None) -> TableRecord:
    """``find_table`` then ``runtime.access.authorize`` for ``op``: the table, or the localized refusal."""
    caller = caller_of(interaction)
    rec = bot.game.find(caller, table_id, here=here)
    authorize(caller, rec, op, seat)
    return rec
