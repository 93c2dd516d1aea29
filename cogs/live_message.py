"""The thread's live table message and the quiet thread's trick log message, kept up to date by the presenter.

The live message is edited as the game moves and sent anew (the old one deleted) when other messages were posted
below it, so it stays the last message of the thread. A turn prompt mentions the player whose turn it is:

- with a picture per trick, the live message is sent anew with the mention (a mention in an edit notifies nobody);
- in the quiet thread the live message is edited in place and a *light ping* is posted below it: one short line
  that mentions only the players to act. It is deleted when the next ping is posted or when those players have
  acted, so the thread keeps no trail of pings (its id is stored in the record's meta for a restart).
"""

from __future__ import annotations

import contextlib
import io
import logging
from typing import Any

import discord

import i18n
from cogs.gamebot import GameBot
from cogs.present_state import PING, TRICK_LOG, Op, TableState
from data.records import TableRecord

log = logging.getLogger(__name__)

PROMPTED = "prompted"  # meta key: seat -> [version, hand, phase] of the turn it was last pinged for
NO_PING = discord.AllowedMentions.none()


def pinging(*user_ids: int | None) -> discord.AllowedMentions:
    """Mentions that ping exactly ``user_ids`` (never everyone, here or a role; nobody when none is given)."""
    users = [discord.Object(u) for u in dict.fromkeys(user_ids) if u is not None]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False) if users else NO_PING


def thread_of(bot: GameBot, rec: TableRecord) -> discord.PartialMessageable:
    return bot.get_partial_messageable(rec.thread_id or rec.channel_id, guild_id=rec.guild_id)


async def delete(bot: GameBot, rec: TableRecord, message_id: int) -> None:
    with contextlib.suppress(discord.HTTPException):
        await thread_of(bot, rec).get_partial_message(message_id).delete()


async def _remember(bot: GameBot, rec: TableRecord, **meta: Any) -> None:
    game = getattr(bot, "game", None)
    if game is not None and game.is_open(rec.table_id):
        await game.set_messages(rec.table_id, **meta)


async def show_live(bot: GameBot, op: Op, state: TableState) -> None:
    """Edit the live message, or send it anew below what was posted since (see the module doc). A ``redundant``
    picture is left out while the message above it has a picture (``cogs.presenter``)."""
    rec = op.rec
    quiet = not rec.options.trick_pictures
    image = None if op.redundant and state.picture_above else op.image
    attachments = [discord.File(io.BytesIO(image.png), filename=image.name)] if image is not None else []
    if state.live_id is not None and (state.buried or (op.pings and not quiet)):
        await delete(bot, rec, state.live_id)
        state.live_id = None
    meta: dict[str, Any] = {}
    if op.pings:
        state.prompted.update({str(seat): list(mark) for seat, (_user, mark) in op.pings.items()})
        meta[PROMPTED] = dict(state.prompted)
    edited = False
    if state.live_id is not None:
        try:
            await thread_of(bot, rec).get_partial_message(state.live_id).edit(
                content=op.content, attachments=attachments, view=op.view)
            edited = True
        except discord.NotFound:
            state.live_id = None
    users = sorted({user for user, _mark in op.pings.values()})
    if not edited:
        kwargs: dict[str, Any] = {"view": op.view} if op.view is not None else {}
        if image is not None:
            kwargs["file"] = discord.File(io.BytesIO(image.png), filename=image.name)
        mentions = NO_PING if quiet else pinging(*users)
        sent = await thread_of(bot, rec).send(op.content, allowed_mentions=mentions, **kwargs)
        state.live_id = sent.id
        state.buried = False
        meta["table_message_id"] = sent.id
    if quiet:
        meta.update(await _light_ping(bot, op, state, users))
    if meta:
        await _remember(bot, rec, **meta)


async def _light_ping(bot: GameBot, op: Op, state: TableState, users: list[int]) -> dict[str, Any]:
    """The quiet thread's ping: a new one for ``users`` (replacing the last), or the last one removed once
    none of the seats it pinged is to act. Returns the meta to store."""
    if state.ping and (users or not set(state.ping[1:]) & set(op.to_act)):
        await delete(bot, op.rec, state.ping[0])
        state.ping = []
        if not users:
            return {PING: []}
    if not users:
        return {}
    locale = i18n.normalize_locale(op.rec.meta.get("locale") or "en")
    mentions = " ".join(f"<@{u}>" for u in users)
    sent = await thread_of(bot, op.rec).send(i18n.t("table.ping_turn", locale, mentions=mentions),
                                             allowed_mentions=pinging(*users))
    state.ping = [sent.id, *sorted(op.pings)]
    return {PING: list(state.ping)}


async def show_log(bot: GameBot, op: Op, state: TableState) -> None:
    """Edit the hand's trick log message, or post it (the first trick of a hand, or a continuation)."""
    rec = op.rec
    hand, start = op.log_key
    if state.log[:2] == [hand, start]:
        try:
            await thread_of(bot, rec).get_partial_message(state.log[2]).edit(content=op.content)
            return
        except discord.NotFound:
            log.info("table %d: the trick log message is gone; posting it again", rec.table_id)
    sent = await thread_of(bot, rec).send(op.content, allowed_mentions=NO_PING)
    state.log = [hand, start, sent.id]
    state.buried = True
    state.picture_above = False
    await _remember(bot, rec, **{TRICK_LOG: list(state.log)})
