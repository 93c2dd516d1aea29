"""``DiscordPresenter``: turns the service's ``TableUpdate``s into Discord messages.

The lobby message (in the channel) is edited on every lobby change (a finished table's shows the result).
In the table's thread a *live* message shows the table picture and whose turn it is (edited as the game
moves); when a trick is complete its picture is posted as the trick's record, so the thread reads as a
history; the live message is sent anew below whatever was posted, and whenever it mentions the player whose
turn it is. While the picture just above it already shows the table as it stands (the completed trick, the
next one still empty; the hand or match summary at the end of a hand), the live message is text and buttons
only, so the thread shows no near-duplicate picture; it gets the picture back with the next card played.
Announcements (declarations, failed throws, hand and match results, 托管, reminders) are posted with their
pictures (a hand's result with its summary, the match result with the match summary, the ladder notice with
the ladder); turn prompts also DM players who opted in (silently skipped when DMs are closed).

A player is pinged once per turn: which turn each seat was last pinged for is kept in the record's
``meta["prompted"]`` (stored with the live message's id), so a restart refreshes the live message in
place instead of pinging (and DMing) again; only a turn whose ping was lost (a crash between the commit
and the post) is pinged after the restart. A closed table's live message says so, without buttons.

Discord calls run in one worker task per table, outside the service's table lock; consecutive
edits of the live message are coalesced, so a slow Discord never holds up the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

import i18n
from cogs.cardtext import announcement_params
from cogs.delivery import present
from cogs.gamebot import GameBot
from cogs.lobby_view import live_view, lobby_embed, lobby_view
from cogs.safetext import escape_text
from cogs.tricklog import log_start, log_text
from data.records import Status, TableRecord
from engine.events import TrickWon
from engine.views import Phase, PublicView
from runtime.presenter import HAND_SUMMARY, LADDER, MATCH_SUMMARY, TABLE, TRICK, Announcement, Image, TableUpdate

log = logging.getLogger(__name__)

PROMPT_KEYS = ("announce.turn_", "announce.reminder")  # the runtime's turn prompts (runtime/announce.py)
NO_PING = discord.AllowedMentions.none()  # notices about a player (a forced play, a queued play) show, not ping
PING_KEYS = ("announce.tuoguan_taken",)  # posted notices that do ping: the player timed out and is away
TRICK_LOG = "trick_log"  # meta key: [hand, first trick index, message id] of the trick log message
MATCH_END = ("announce.match_over", "announce.match_drawn")
# moves made for a player: in the quiet mode a line of the live message (until the next change), not a post
QUIET_KEYS = frozenset({"announce.forced_played", "announce.queued_played"})
PROMPTED = "prompted"  # meta key: seat -> [version, hand, phase] of the turn it was last pinged for
# a result announcement carries its picture (no separate caption repeating the picture's title)
PICTURE_OF = {"announce.hand_settled": HAND_SUMMARY, "ux.announce.hand_final": HAND_SUMMARY,
              "announce.match_over": MATCH_SUMMARY,
              "announce.match_drawn": MATCH_SUMMARY, "announce.ladder_updated": LADDER}
AFTER_TRICK = frozenset(PICTURE_OF) | {"announce.time_up"}  # posted below the trick that ended the hand

Mark = tuple[int, int, str]  # (table version, hand number, phase) of a ping


def pinging(*user_ids: int | None) -> discord.AllowedMentions:
    """Mentions that ping exactly ``user_ids`` (never everyone, here or a role; nobody when none is given)."""
    users = [discord.Object(u) for u in dict.fromkeys(user_ids) if u is not None]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False) if users else NO_PING


def turn_mark(view: PublicView, version: int) -> Mark:
    return version, view.hand_number, view.phase.value


def already_pinged(mark: Any, view: PublicView, version: int) -> bool:
    """Whether a seat pinged at ``mark`` was pinged for its current turn: nothing was committed since, or the
    declaration window it was pinged for is still open (others speaking in it move the version on)."""
    if not isinstance(mark, list | tuple) or len(mark) != 3:
        return False
    if mark[0] == version:
        return True
    return view.phase is Phase.DECLARING and (mark[1], mark[2]) == (view.hand_number, view.phase.value)


def shown_above(view: PublicView, trick_pictures: bool = True) -> bool:
    """Whether a picture posted just before shows this table as it stands: a completed trick while the next
    one is still empty (not the first lead of a hand: above it are the burying notices; only with a picture per
    trick), or the end of a hand or of the match (the summaries)."""
    if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return True
    return trick_pictures and view.phase is Phase.PLAYING and bool(view.tricks) and (
        view.trick is None or not view.trick.plays)


def public_locale(rec: TableRecord) -> str:
    return i18n.normalize_locale(rec.meta.get("locale") or "en")


def announcement_text(a: Announcement, locale: str) -> str:
    """The announcement in ``locale`` with readable cards and trump; a mentioned player's ``{name}`` is the mention
    itself ("@bob, your turn", not "@bob bob, your turn"), else the mention comes first."""
    params = announcement_params(a.params, locale)
    if a.user_id is not None and "name" in params:
        return i18n.t(a.key, locale, **{**params, "name": f"<@{a.user_id}>"})
    text = i18n.t(a.key, locale, **params)
    return f"<@{a.user_id}> {text}" if a.user_id is not None else text


def _file(image: Image | None) -> discord.File | None:
    return discord.File(io.BytesIO(image.png), filename=image.name) if image is not None else None


@dataclass
class _Op:
    kind: str  # lobby | live | post | log | dm | close
    rec: TableRecord
    content: str | None = None
    image: Image | None = None
    view: Any = None
    embed: discord.Embed | None = None
    user_id: int | None = None  # post: ping this user; dm: to this user
    pings: dict[int, tuple[int, Mark]] = field(default_factory=dict)  # live: seat -> (user to ping, its turn)
    redundant: bool = False  # live: the picture may be left out when a picture is the message just above
    log_key: tuple[int, int] = (0, 0)  # log: (hand, first trick index) of the trick log message


@dataclass
class _TableState:
    live_id: int | None = None
    buried: bool = False  # messages were posted after the live message
    picture_above: bool = False  # the last message posted (so the one above the live message) has a picture
    last_view: PublicView | None = None  # the latest view of the table (the lobby shows a finished table's result)
    prompted: dict[str, list[Any]] = field(default_factory=dict)  # seat (str) -> the Mark of its last ping
    queue: list[_Op] = field(default_factory=list)
    worker: asyncio.Task[None] | None = None
    log: list[int] = field(default_factory=list)  # the trick log: [hand, first trick index, message id]
    held: bool = False  # a call waits for a missing permission (the host was told; the table's clocks wait too)
    retry: asyncio.Task[None] | None = None  # the next try of a held call (cogs.delivery.HELD_RETRY)
    tries: int = 0  # how many times the held call was tried again
    gone: bool = False  # the thread, channel or server is gone: nothing more is sent (cogs.delivery)

    def restore(self, rec: TableRecord, update: TableUpdate) -> None:
        """After a restart: the trick log message of the hand (stored in the record's meta); and the live message
        leaves out a picture the message above it already shows, as it did before the restart."""
        stored = rec.meta.get(TRICK_LOG)
        if isinstance(stored, list) and len(stored) == 3:
            self.log = [int(x) for x in stored]
        if update.reason == "restored" and update.view is not None:
            self.picture_above = shown_above(update.view, rec.options.trick_pictures)


class DiscordPresenter:
    """Implements ``runtime.presenter.Presenter`` for one bot."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.states: dict[int, _TableState] = {}

    # -- the protocol ----------------------------------------------------------------------------------
    async def table_changed(self, update: TableUpdate) -> None:
        try:
            self._plan(update)
        except Exception:
            log.exception("presenting table %d failed", update.record.table_id)
        panel = self.bot.panels()
        if panel is not None and update.reason not in ("lobby",):
            panel.refresh_for(update)

    def state_of(self, rec: TableRecord) -> _TableState:
        """The presenter's state of a table (created empty if the table was not shown yet)."""
        return self.states.setdefault(rec.table_id, _TableState(live_id=rec.table_message_id))

    async def flush(self, table_id: int | None = None) -> None:
        """Wait until the queued Discord calls are done (tests, shutdown)."""
        ids = [table_id] if table_id is not None else list(self.states)
        for tid in ids:
            state = self.states.get(tid)
            while state is not None and state.worker is not None and not state.worker.done():
                await asyncio.shield(state.worker)

    # -- planning (synchronous: called under the service's table lock) -----------------------------------
    def _plan(self, update: TableUpdate) -> None:
        rec = update.record
        locale = public_locale(rec)
        state = self.states.get(rec.table_id)
        if state is None:
            state = self.states[rec.table_id] = _TableState(live_id=rec.table_message_id,
                                                            prompted=dict(rec.meta.get(PROMPTED) or {}))
            state.restore(rec, update)
        if state.gone:
            return
        ops: list[_Op] = []
        state.last_view = update.view or state.last_view
        if update.reason in ("lobby", "started", "ended", "restored", "tuoguan") or rec.status.value != "playing":
            ops.append(_Op("lobby", rec, embed=lobby_embed(rec, locale, state.last_view), view=lobby_view(rec, locale)))
        images = {i.kind: i for i in update.images}
        prompts: list[Announcement] = []
        notices: list[Announcement] = []
        shown: list[Announcement] = []  # shown in the live message only (the quiet mode's confirmations)
        for a in update.announcements:
            if a.key.startswith(PROMPT_KEYS) and a.user_id is not None:
                prompts.append(a)
            elif a.key in QUIET_KEYS and not rec.options.trick_pictures:
                shown.append(a)
            else:
                notices.append(a)
        ops += self._notice_ops(update, state, notices, images, locale)
        shown = [*shown, *prompts]
        for kind in (HAND_SUMMARY, MATCH_SUMMARY, LADDER):
            if kind in images:
                ops.append(_Op("post", rec, content=i18n.t(f"bot.image.{kind}", locale), image=images[kind]))
        if update.view is not None and update.reason != "lobby":
            view = update.view
            if update.reason == "restored":  # pinged before the restart: shown again, not pinged again
                prompts = [a for a in prompts if a.seat is None
                           or not already_pinged(state.prompted.get(str(a.seat)), view, update.version)]
            pings = {a.seat: (a.user_id, turn_mark(view, update.version)) for a in prompts
                     if a.seat is not None and a.user_id is not None}
            lines = [announcement_text(a, locale) for a in shown] + [self._status_text(update, locale)]
            ops.append(_Op("live", rec, content="\n".join(lines), image=images.get(TABLE),
                           view=live_view(rec, locale), pings=pings,
                           redundant=shown_above(view, rec.options.trick_pictures)))
        for a in prompts:
            params = announcement_params(a.params, locale)
            ops.append(_Op("dm", rec, content=i18n.t(a.key, locale, **params), user_id=a.user_id))
        if update.reason == "ended" or rec.status.value in ("finished", "ended"):
            ops.append(_Op("close", rec, view=None))
        state.queue.extend(ops)
        if ops and (state.worker is None or state.worker.done()):
            state.worker = asyncio.create_task(self._drain(rec.table_id, state), name=f"present-{rec.table_id}")

    def _notice_ops(self, update: TableUpdate, state: _TableState, notices: list[Announcement],
                    images: dict[str, Image], locale: str) -> list[_Op]:
        """The posts of one change: notices of the move that completed a trick, then the trick (its picture, or
        in the quiet mode a line of the trick log), then the hand's result with its summary. The end of the match
        is one message: the last hand's result, the match result and the ladder change, with the match summary."""
        rec = update.record
        ops: list[_Op] = [self._post(rec, a, images, locale) for a in notices if a.key not in AFTER_TRICK]
        if TRICK in images or (not rec.options.trick_pictures and any(isinstance(e, TrickWon) for e in update.events)):
            trick = images.pop(TRICK, None)
            if rec.options.trick_pictures and trick is not None:
                ops.append(_Op("post", rec, content=self._trick_text(update, locale), image=trick))
            elif update.view is not None:
                ops.append(self._log_op(rec, update.view, state, locale))
        after = [a for a in notices if a.key in AFTER_TRICK]
        if any(a.key in MATCH_END for a in after):
            image = images.pop(MATCH_SUMMARY, None)
            for kind in (HAND_SUMMARY, LADDER):
                images.pop(kind, None)
            text = "\n".join(announcement_text(a, locale) for a in after)
            return [*ops, _Op("post", rec, content=text, image=image)]
        return ops + [self._post(rec, a, images, locale) for a in after]

    @staticmethod
    def _post(rec: TableRecord, a: Announcement, images: dict[str, Image], locale: str) -> _Op:
        return _Op("post", rec, content=announcement_text(a, locale), image=images.pop(PICTURE_OF.get(a.key, ""), None),
                   user_id=a.user_id if a.key in PING_KEYS else None)

    @staticmethod
    def _log_op(rec: TableRecord, view: PublicView, state: _TableState, locale: str) -> _Op:
        """The trick log message of this hand, with the trick just finished (a new message for a new hand, or
        when the current one would grow past Discord's limit)."""
        start = state.log[1] if state.log and state.log[0] == view.hand_number else 0
        new_start = log_start(view, rec.names, locale, start)
        return _Op("log", rec, content=log_text(view, rec.names, locale, new_start),
                   log_key=(view.hand_number, new_start))

    @staticmethod
    def _trick_text(update: TableUpdate, locale: str) -> str:
        won = next((e for e in update.events if isinstance(e, TrickWon)), None)
        if won is None:
            return i18n.t("bot.trick.done", locale)
        return i18n.t("bot.trick.won", locale, n=won.trick_number, name=escape_text(update.record.names[won.seat]),
                      points=won.points, total=won.defender_points)

    @staticmethod
    def _status_text(update: TableUpdate, locale: str) -> str:
        """``Table #1 · hand 2 · playing · trick 5 · defenders 45 · to act: bob``; a table closed before the end
        says ``closed`` (the trick and the points stand in for the picture when the live message has none)."""
        view, rec = update.view, update.record
        assert view is not None
        names = rec.names
        if rec.status is Status.ENDED:
            phase = i18n.t("bot.status.ended", locale)
        else:
            phase = i18n.t(f"bot.phase.{view.phase.value}", locale)
        parts = [i18n.t("bot.live.header", locale, id=rec.table_id, hand=view.hand_number, phase=phase)]
        if rec.status is Status.PLAYING and view.phase is Phase.PLAYING:
            parts.append(i18n.t("bot.live.trick", locale, n=len(view.tricks) + 1, points=view.defender_points))
        if rec.status is Status.PLAYING and view.to_act and view.phase.value in (
                "playing", "burying", "declaring", "kitty_overcall"):
            sep = i18n.t("bot.list_sep", locale)
            parts.append(i18n.t("bot.live.turn", locale, names=sep.join(escape_text(names[s]) for s in view.to_act)))
        return " · ".join(parts)

    # -- the worker -------------------------------------------------------------------------------------
    async def _drain(self, table_id: int, state: _TableState) -> None:
        while state.queue:
            op = state.queue.pop(0)
            if op.kind == "live" and state.queue and state.queue[0].kind == "live":
                state.queue[0].pings = {**op.pings, **state.queue[0].pings}  # keep the pings
                continue  # a newer live state follows at once: skip this one
            if not await present(self.bot, op, state, functools.partial(self._run, op, state),
                                 again=functools.partial(self._drain, table_id, state)):
                return  # held for a missing permission (the call stays queued), or the thread is gone

    def _thread(self, rec: TableRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(rec.thread_id or rec.channel_id, guild_id=rec.guild_id)

    async def _run(self, op: _Op, state: _TableState) -> None:
        rec = op.rec
        if op.kind == "lobby":
            if rec.lobby_message_id:
                msg = self.bot.get_partial_messageable(rec.channel_id, guild_id=rec.guild_id).get_partial_message(
                    rec.lobby_message_id)
                await msg.edit(embed=op.embed, view=op.view)
        elif op.kind == "post":
            kwargs: dict[str, Any] = {"allowed_mentions": pinging(op.user_id)}
            if op.image is not None:
                kwargs["file"] = _file(op.image)
            await self._thread(rec).send(op.content, **kwargs)
            state.buried = True
            state.picture_above = op.image is not None
        elif op.kind == "live":
            await self._live(op, state)
        elif op.kind == "log":
            await self._log(op, state)
        elif op.kind == "dm":
            await self._dm(rec, op)
        elif op.kind == "close" and state.live_id is not None:  # no buttons on a finished or closed table
            await self._thread(rec).get_partial_message(state.live_id).edit(view=None)

    async def _live(self, op: _Op, state: _TableState) -> None:
        """Edit the live message; send it anew (deleting the old one) when it pings someone or when other
        messages were posted below it, so it always stays the last message of the thread. Only the users
        in ``op.pings`` are notified; the turns they were pinged for are stored with the message id. A
        ``redundant`` picture is left out while the message above it has a picture (see the module doc)."""
        rec = op.rec
        image = None if op.redundant and state.picture_above else op.image
        attachments = [discord.File(io.BytesIO(image.png), filename=image.name)] if image is not None else []
        if state.live_id is not None and (state.buried or op.pings):
            await self._delete(rec, state.live_id)
            state.live_id = None
        if state.live_id is not None:
            try:
                await self._thread(rec).get_partial_message(state.live_id).edit(
                    content=op.content, attachments=attachments, view=op.view)
                return
            except discord.NotFound:
                state.live_id = None
        kwargs: dict[str, Any] = {"view": op.view} if op.view is not None else {}
        if image is not None:
            kwargs["file"] = _file(image)
        users = sorted({user for user, _mark in op.pings.values()})
        mentions = pinging(*users)
        sent = await self._thread(rec).send(op.content, allowed_mentions=mentions, **kwargs)
        state.live_id = sent.id
        state.buried = False
        meta: dict[str, Any] = {}
        if op.pings:
            state.prompted.update({str(seat): list(mark) for seat, (_user, mark) in op.pings.items()})
            meta[PROMPTED] = dict(state.prompted)
        game = getattr(self.bot, "game", None)
        if game is not None and rec.table_id in game.sessions:
            await game.set_messages(rec.table_id, table_message_id=sent.id, **meta)

    async def _log(self, op: _Op, state: _TableState) -> None:
        """Edit the hand's trick log message, or post it (the first trick of a hand, or a continuation)."""
        rec = op.rec
        hand, start = op.log_key
        if state.log[:2] == [hand, start]:
            try:
                await self._thread(rec).get_partial_message(state.log[2]).edit(content=op.content)
                return
            except discord.NotFound:
                log.info("table %d: the trick log message is gone; posting it again", rec.table_id)
        sent = await self._thread(rec).send(op.content, allowed_mentions=NO_PING)
        state.log = [hand, start, sent.id]
        state.buried = True
        state.picture_above = False
        game = getattr(self.bot, "game", None)
        if game is not None and rec.table_id in game.sessions:
            await game.set_messages(rec.table_id, **{TRICK_LOG: list(state.log)})

    async def _delete(self, rec: TableRecord, message_id: int) -> None:
        with contextlib.suppress(discord.HTTPException):
            await self._thread(rec).get_partial_message(message_id).delete()

    async def _dm(self, rec: TableRecord, op: _Op) -> None:
        game = getattr(self.bot, "game", None)
        if game is None or op.user_id is None or not await game.db.dm_notify(rec.guild_id, op.user_id):
            return
        try:
            user = self.bot.get_user(op.user_id) or await self.bot.fetch_user(op.user_id)
            link = f"https://discord.com/channels/{rec.guild_id}/{rec.thread_id or rec.channel_id}"
            await user.send(f"{op.content}\n{link}", allowed_mentions=NO_PING)
        except discord.HTTPException:
            log.debug("DM to %s skipped (closed or failed)", op.user_id)
