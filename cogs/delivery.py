"""What the presenter's worker does when Discord refuses one of its calls (real Discord, not the simulator).

- HTTP 429 and 5xx: retried with exponential backoff (``BACKOFF``). Moves are never involved (they are committed
  before anything is shown), and a retried post is first looked for in the thread, so it is never doubled.
- Thread archived (code 50083, Discord's auto-archive during a days-long game): the thread is unarchived and the
  call made again.
- HTTP 403 (a permission is missing: create threads, send, attach, embed …): the call stays at the head of the
  table's queue (nothing is lost, the table's messages wait), the host is told once which permission is
  missing, in the table's channel or else by DM, and the table waits: its clocks stop (no AI move, no timeout
  while nobody can see the thread). The call is tried again after ``HELD_RETRY`` (doubling, capped) and at the
  next change of the table; once it goes through, the clocks run again.
- Thread or channel deleted, or the bot removed from the server (404 unknown channel/guild): the table is
  *gone* for the presenter: its queue is dropped, its timers are stopped (the table is paused: no AI moves, no
  clocks) and it can still be ended with ``/tractor end table:N``; nothing crashes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from enum import Enum
from typing import Any

import discord

import i18n
from cogs.gamebot import GameBot
from data.records import TableRecord
from runtime import PAUSED

log = logging.getLogger(__name__)

BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds before each retry of a 429/5xx
HELD_RETRY = (30.0, 900.0)  # a call refused for a missing permission: first retry after 30 s, doubling to 15 min
PERMISSION = "permission"  # the PAUSED reason of a table that waits for a permission
ARCHIVED = 50083  # "Thread is archived"
GONE_CODES = frozenset({10003, 10004})  # unknown channel, unknown guild
PERMISSION_NAMES = ("view_channel", "send_messages", "send_messages_in_threads", "create_public_threads",
                    "attach_files", "embed_links", "read_message_history")


class Outcome(Enum):
    DONE = "done"  # sent, or given up after the retries (logged)
    HOLD = "hold"  # a permission is missing: keep the call queued, stop for now
    GONE = "gone"  # the table's thread or channel (or server) is gone


def retryable(exc: discord.HTTPException) -> bool:
    return exc.status == 429 or exc.status >= 500


async def deliver(call: Callable[[], Awaitable[None]], *, unarchive: Callable[[], Awaitable[None]],
                  posted: Callable[[], Awaitable[bool]] | None = None) -> Outcome:
    """Run ``call`` under the policy above. ``unarchive`` reopens the table's thread; ``posted`` tells whether a
    post that failed with a 5xx reached the thread anyway (then it is not sent again)."""
    for attempt in range(len(BACKOFF) + 1):
        try:
            await call()
            return Outcome.DONE
        except discord.Forbidden:
            return Outcome.HOLD
        except discord.HTTPException as exc:
            if exc.code in GONE_CODES or (isinstance(exc, discord.NotFound) and exc.code == 0):
                return Outcome.GONE
            if exc.code == ARCHIVED and attempt == 0:
                await unarchive()
                continue
            if not retryable(exc) or attempt == len(BACKOFF):
                raise
            log.info("Discord answered %s; retrying in %.1f s", exc.status, BACKOFF[attempt])
            await asyncio.sleep(BACKOFF[attempt])
            if exc.status >= 500 and posted is not None and await posted():
                return Outcome.DONE
    return Outcome.DONE


def missing_permissions(bot: GameBot, guild_id: int, channel_id: int, *, image: bool = False,
                        embed: bool = False) -> list[str]:
    """The permissions the bot lacks in ``channel_id`` for a post (with an ``image``/``embed``), read from the
    cache; empty when unknown."""
    guild = bot.get_guild(guild_id)
    channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
    if guild is None or channel is None or guild.me is None:
        return []
    perms = channel.permissions_for(guild.me)
    thread = isinstance(channel, discord.Thread)
    needed = ["view_channel", "send_messages_in_threads" if thread else "send_messages", "read_message_history"]
    needed += ["attach_files"] if image else []
    needed += ["embed_links"] if embed else []
    return [name for name in needed if not getattr(perms, name, True)]


def permission_label(name: str, locale: str) -> str:
    return i18n.t(f"ops.perm.{name}", locale)


async def tell_host(bot: GameBot, guild_id: int, channel_id: int, host_id: int, table_id: int, missing: list[str],
                    locale: str) -> None:
    """Tell the host, in the table's channel (else by DM), which permissions the bot is missing."""
    names = i18n.t("table.list_sep", locale).join(permission_label(n, locale) for n in missing) if missing \
        else i18n.t("ops.perm.unknown", locale)
    text = i18n.t("ops.missing_permission", locale, host=f"<@{host_id}>", id=table_id, permissions=names)
    mention = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(host_id)])
    try:
        await bot.get_partial_messageable(channel_id, guild_id=guild_id).send(text, allowed_mentions=mention)
        return
    except discord.HTTPException:
        log.info("table %d: cannot post the permission notice in the channel; trying a DM", table_id)
    try:
        user = bot.get_user(host_id) or await bot.fetch_user(host_id)
        await user.send(text)
    except discord.HTTPException:
        log.warning("table %d: the host could not be told that %s is missing", table_id, names)


async def present(bot: GameBot, op: Any, state: Any, call: Callable[[], Awaitable[None]],
                  again: Callable[[], Coroutine[Any, Any, None]] | None = None) -> bool:
    """Run one presenter call (``op``) of a table under the policy above; False when the table's worker must stop
    (the call is put back at the head of ``state.queue``, to be tried again by ``again``, or the table is gone)."""
    rec = op.rec
    posted = (lambda: _posted(bot, rec, op.content)) if op.kind == "post" else None
    try:
        outcome = await deliver(call, unarchive=lambda: _unarchive(bot, rec), posted=posted)
    except discord.HTTPException as exc:
        log.warning("table %d: %s failed: %s", rec.table_id, op.kind, exc)
        return True
    except Exception:
        log.exception("table %d: %s failed", rec.table_id, op.kind)
        return True
    if outcome is Outcome.HOLD:
        state.queue.insert(0, op)
        await _hold(bot, op, state)
        if again is not None:
            _retry_later(state, again)
        return False
    if outcome is Outcome.GONE:
        await _gone(bot, rec, state)
        return False
    if state.held:
        await _resume(bot, rec, state)
    return True


def _retry_later(state: Any, again: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Try the held call again after a delay (doubling at each refusal) unless a change of the table did first."""
    first, cap = HELD_RETRY
    delay = min(cap, first * 2 ** state.tries)
    state.tries += 1

    async def later() -> None:
        await asyncio.sleep(delay)
        if state.queue and not state.gone and (state.worker is None or state.worker.done()):
            state.worker = asyncio.create_task(again(), name="present-retry")

    if state.retry is not None and not state.retry.done():
        state.retry.cancel()
    state.retry = asyncio.create_task(later(), name="present-held")


async def _resume(bot: GameBot, rec: TableRecord, state: Any) -> None:
    """The held call went through (the permission is back): the table's clocks run again."""
    state.held, state.tries = False, 0
    game = getattr(bot, "game", None)
    if game is not None and game.is_open(rec.table_id) and game.record(rec.table_id).meta.get(PAUSED) == PERMISSION:
        log.info("table %d: its messages go through again; clocks restarted", rec.table_id)
        await game.pause(rec.table_id, None)


async def _hold(bot: GameBot, op: Any, state: Any) -> None:
    rec = op.rec
    log.warning("table %d: %s refused (missing permission); its messages wait", rec.table_id, op.kind)
    if state.held:
        return
    state.held = True
    game = getattr(bot, "game", None)
    if game is not None and game.is_open(rec.table_id) and not game.record(rec.table_id).meta.get(PAUSED):
        await game.pause(rec.table_id, PERMISSION)  # the table waits: no AI move, no timeout, nothing lost
    where = rec.thread_id if op.kind != "lobby" and rec.thread_id else rec.channel_id
    image = op.image is not None or op.picture is not None
    missing = missing_permissions(bot, rec.guild_id, where, image=image, embed=op.embed is not None)
    locale = i18n.normalize_locale(rec.meta.get("locale") or "en")
    await tell_host(bot, rec.guild_id, rec.channel_id, rec.host_id, rec.table_id, missing, locale)


async def _gone(bot: GameBot, rec: TableRecord, state: Any) -> None:
    """The thread or channel was deleted (or the bot removed): stop sending and pause the table's clocks."""
    log.warning("table %d: its thread or channel is gone; paused until it is ended", rec.table_id)
    state.gone = True
    state.queue.clear()
    game = getattr(bot, "game", None)
    if game is not None and game.is_open(rec.table_id):
        await game.pause(rec.table_id, "gone")  # pipeline.arm keeps it without clocks


async def _unarchive(bot: GameBot, rec: TableRecord) -> None:
    """Reopen the table's thread closed by Discord's auto-archive."""
    if rec.thread_id is None:
        return
    thread = bot.get_channel(rec.thread_id) or await bot.fetch_channel(rec.thread_id)
    if not isinstance(thread, discord.Thread):
        return
    await thread.edit(archived=False)
    log.info("table %d: thread %d unarchived", rec.table_id, rec.thread_id)


async def _posted(bot: GameBot, rec: TableRecord, content: str | None) -> bool:
    """Whether a post that failed with a server error reached the thread anyway (so it is not doubled)."""
    me = getattr(bot.user, "id", None)
    try:
        channel = bot.get_partial_messageable(rec.thread_id or rec.channel_id, guild_id=rec.guild_id)
        async for message in channel.history(limit=5):
            if message.author.id == me and message.content == (content or ""):
                return True
    except discord.HTTPException:
        return False
    return False


async def tell_host_here(interaction: discord.Interaction, table_id: int, needed: str) -> None:
    """``/tractor new`` was refused a step (creating the thread, posting in it): the host is told privately which
    permission is missing; the table stays open."""
    locale = i18n.normalize_locale(interaction.locale)
    missing = [needed]
    if interaction.guild is not None and interaction.channel is not None and interaction.guild.me is not None:
        perms = interaction.channel.permissions_for(interaction.guild.me)
        missing = [name for name in PERMISSION_NAMES if not getattr(perms, name, True)] or missing
    names = i18n.t("table.list_sep", locale).join(permission_label(n, locale) for n in missing)
    text = i18n.t("ops.missing_permission", locale, host=interaction.user.mention, id=table_id, permissions=names)
    try:
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("table %d: the host could not be told that %s is missing", table_id, names)


async def guild_gone(bot: GameBot, guild_id: int) -> list[int]:
    """The bot was removed from a server: every open table there is paused like a table whose thread is gone
    (no clocks, nothing sent); the ids paused."""
    game = getattr(bot, "game", None)
    presenter = getattr(bot, "presenter", None)
    if game is None or presenter is None:
        return []
    paused = []
    for rec in game.tables(guild_id=guild_id):
        state = presenter.state_of(rec)
        if not state.gone:
            await _gone(bot, rec, state)
            paused.append(rec.table_id)
    return paused
