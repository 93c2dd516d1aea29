"""``DiscordPresenter``: turns the service's ``TableUpdate``s into Discord messages.

The lobby message (in the channel) is edited on every lobby change (a finished table's shows the result).
In the table's thread a *live* message shows the table picture and whose turn it is (edited as the game
moves; ``cogs.live_message``). In the quiet thread (the default) each finished trick is a line of the hand's
trick log message (edited) and a turn prompt edits the live message in place with a light ping below it; with a
picture per trick (a table option) each trick's picture is posted as its record and the live message is sent
anew below it, and whenever it mentions the player whose turn it is. While the picture just above it already
shows the table as it stands (the completed trick, the next one still empty; the hand or match summary at the
end of a hand), the live message is text and buttons only, so the thread shows no near-duplicate picture; it
gets the picture back with the next card played. Announcements (declarations, failed throws, hand and match
results, 托管, reminders) are posted with their pictures (a hand's result with its summary; the end of a match is
one message: the last hand, the match result and the ladder change, with the match summary); turn prompts also
DM players who opted in (silently skipped when DMs are closed).

A player is pinged once per turn: which turn each seat was last pinged for is kept in the record's
``meta["prompted"]``, so a restart refreshes the live message in place instead of pinging (and DMing) again;
only a turn whose ping was lost (a crash between the commit and the post) is pinged after the restart. A closed
table's live message says so, without buttons.

Discord calls run in one worker task per table, outside the service's table lock; consecutive
edits of the live message are coalesced, so a slow Discord never holds up the game. The live message's picture is
drawn in the background (``TableUpdate.table``, newest state only) and awaited by the worker just before the edit:
an edit that a newer one replaced meanwhile is skipped.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from typing import Any

import discord

import i18n
from cogs.cardtext import announcement_params, team_line
from cogs.delivery import present
from cogs.gamebot import GameBot
from cogs.live_message import NO_PING, PROMPTED, pinging, show_live, show_log, thread_of
from cogs.lobby_view import live_view, lobby_embed, lobby_view
from cogs.present_state import Mark, Op, TableState, shown_above
from cogs.safetext import escape_text
from cogs.tricklog import log_start, log_text
from data.records import Status, TableRecord
from engine.events import TrickWon
from engine.views import Phase, PublicView
from runtime import (
    HAND_SUMMARY,
    LADDER,
    MATCH_SUMMARY,
    TRICK,
    Announcement,
    Image,
    TableUpdate,
    UpdateReason,
    summary_notes,
)

log = logging.getLogger(__name__)

#: updates that redraw the lobby message (its seats and status) even while a hand is played
_LOBBY_REDRAWN = frozenset({UpdateReason.LOBBY, UpdateReason.STARTED, UpdateReason.ENDED, UpdateReason.RESTORED,
                            UpdateReason.TUOGUAN})

PROMPT_KEYS = ("announce.turn_", "announce.reminder")  # the runtime's turn prompts (runtime/announce/events.py)
PING_KEYS = ("announce.tuoguan_taken",)  # posted notices that do ping: the player timed out and is away
MATCH_END = ("announce.match_over", "announce.match_won", "announce.match_drawn")  # 找朋友, 6-8 seats: match_won
GAINS = frozenset({"announce.level_gains", "announce.level_gains_none"})  # who gained what: under the hand's result
# moves made for a player: in the quiet mode a line of the live message (until the next change), not a post
QUIET_KEYS = frozenset({"announce.forced_played", "announce.queued_played"})
# a result announcement carries its picture (no separate caption repeating the picture's title)
PICTURE_OF = {"announce.hand_settled": HAND_SUMMARY, "announce.hand_final": HAND_SUMMARY,
              "announce.match_over": MATCH_SUMMARY, "announce.match_won": MATCH_SUMMARY,
              "announce.match_drawn": MATCH_SUMMARY, "announce.ladder_updated": LADDER}
AFTER_TRICK = frozenset(PICTURE_OF) | GAINS | {"announce.time_up"}  # posted below the trick that ended the hand


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


MAX_CARRIED = 12  # notice lines one live edit carries from the edits it replaced (the newest kept)


def _superseded(op: Op, state: TableState) -> bool:
    """Whether a newer live state is queued right after ``op``; it then takes ``op``'s pings and its notice lines
    (a move made for a player is shown even when its own edit is never sent; its turn prompt is not repeated)."""
    if not state.queue or state.queue[0].kind != "live":
        return False
    newer = state.queue[0]
    newer.pings = {**op.pings, **newer.pings}
    if op.notes:
        carried = op.notes[-MAX_CARRIED:]
        newer.notes = (*carried, *newer.notes)
        newer.content = "\n".join([*carried, newer.content or ""])
    return True


def _sorted(update: TableUpdate) -> tuple[list[Announcement], list[Announcement], list[Announcement]]:
    """The update's announcements as turn prompts, posted notices, and lines shown in the live message only (the
    quiet mode's confirmations of moves made for a player)."""
    prompts: list[Announcement] = []
    notices: list[Announcement] = []
    shown: list[Announcement] = []
    for a in update.announcements:
        if a.key.startswith(PROMPT_KEYS) and a.user_id is not None:
            prompts.append(a)
        elif a.key in QUIET_KEYS and not update.record.options.trick_pictures:
            shown.append(a)
        else:
            notices.append(a)
    return prompts, notices, shown


async def _draw(op: Op) -> None:
    """Wait for the live op's picture (the table's newest state; a failed drawing: shown without a picture)."""
    assert op.picture is not None
    try:
        op.image = await asyncio.shield(op.picture)
    except Exception:
        log.warning("table %d: its picture could not be drawn; shown without it", op.rec.table_id)
    op.picture = None


class DiscordPresenter:
    """Implements ``runtime.presenter.Presenter`` for one bot."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.states: dict[int, TableState] = {}

    # -- the protocol ----------------------------------------------------------------------------------
    async def table_changed(self, update: TableUpdate) -> None:
        try:
            self._plan(update)
        except Exception:
            log.exception("presenting table %d failed", update.record.table_id)

    def state_of(self, rec: TableRecord) -> TableState:
        """The presenter's state of a table (created empty if the table was not shown yet)."""
        return self.states.setdefault(rec.table_id, TableState(live_id=rec.table_message_id))

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
            state = self.states[rec.table_id] = TableState(live_id=rec.table_message_id,
                                                            prompted=dict(rec.meta.get(PROMPTED) or {}))
            state.restore(rec, update)
        if state.gone:
            return
        ops: list[Op] = []
        state.last_view = update.view or state.last_view
        if update.reason in _LOBBY_REDRAWN or rec.status is not Status.PLAYING:
            ops.append(Op("lobby", rec, embed=lobby_embed(rec, locale, state.last_view), view=lobby_view(rec, locale)))
        images = {i.kind: i for i in update.images}
        prompts, notices, shown = _sorted(update)
        ops += self._notice_ops(update, state, notices, images, locale)
        shown = [*shown, *prompts]
        for kind in (HAND_SUMMARY, MATCH_SUMMARY, LADDER):
            if kind in images:
                ops.append(Op("post", rec, content=i18n.t(f"table.image.{kind}", locale), image=images[kind]))
        if update.view is not None and update.reason is not UpdateReason.LOBBY:
            if update.reason is UpdateReason.RESTORED:  # pinged before the restart: shown again, not pinged again
                prompts = [a for a in prompts if a.seat is None
                           or not already_pinged(state.prompted.get(str(a.seat)), update.view, update.version)]
            ops.append(self._live_op(update, prompts, shown, locale))
        for a in prompts:
            params = announcement_params(a.params, locale)
            ops.append(Op("dm", rec, content=i18n.t(a.key, locale, **params), user_id=a.user_id))
        if update.reason is UpdateReason.ENDED or rec.status in (Status.FINISHED, Status.ENDED):
            ops.append(Op("close", rec, view=None))
        state.queue.extend(ops)
        if ops and (state.worker is None or state.worker.done()):
            state.worker = asyncio.create_task(self._drain(rec.table_id, state), name=f"present-{rec.table_id}")

    def _live_op(self, update: TableUpdate, prompts: list[Announcement], shown: list[Announcement],
                 locale: str) -> Op:
        """The live message's new state: the lines shown in it, the status, the picture, who to ping."""
        rec, view = update.record, update.view
        assert view is not None
        pings = {a.seat: (a.user_id, turn_mark(view, update.version)) for a in prompts
                 if a.seat is not None and a.user_id is not None}
        notes = tuple(announcement_text(a, locale) for a in shown if a.key in QUIET_KEYS)
        lines = [announcement_text(a, locale) for a in shown] + [self._status_text(update, locale)]
        return Op("live", rec, content="\n".join(lines), picture=update.table, notes=notes,
                  view=live_view(rec, locale, web=self.bot.web_links is not None), pings=pings,
                  to_act=tuple(view.to_act) if rec.status is Status.PLAYING else (),
                  redundant=shown_above(view, rec.options.trick_pictures))

    def _notice_ops(self, update: TableUpdate, state: TableState, notices: list[Announcement],
                    images: dict[str, Image], locale: str) -> list[Op]:
        """The posts of one change: notices of the move that completed a trick, then the trick (its picture, or
        in the quiet mode a line of the trick log), then the hand's result with its summary. The end of the match
        is one message: the last hand's result, the match result and the ladder change, with the match summary."""
        rec = update.record
        ops: list[Op] = [self._post(rec, a, images, locale) for a in notices if a.key not in AFTER_TRICK]
        if TRICK in images or (not rec.options.trick_pictures and any(isinstance(e, TrickWon) for e in update.events)):
            trick = images.pop(TRICK, None)
            if rec.options.trick_pictures and trick is not None:
                ops.append(Op("post", rec, content=self._trick_text(update, locale), image=trick))
            elif update.view is not None:
                ops.append(self._log_op(rec, update.view, state, locale))
        after = [a for a in notices if a.key in AFTER_TRICK]
        after += summary_notes(rec, update.view, after)  # the hand's or the match's penalties (罚则) under it
        if any(a.key in MATCH_END for a in after):
            image = images.pop(MATCH_SUMMARY, None)
            for kind in (HAND_SUMMARY, LADDER):
                images.pop(kind, None)
            text = "\n".join(announcement_text(a, locale) for a in after)
            return [*ops, Op("post", rec, content=text, image=image)]
        posts = [self._post(rec, a, images, locale) for a in after if a.key not in GAINS]
        gains = [announcement_text(a, locale) for a in after if a.key in GAINS]
        if posts and gains:  # the hand's result and, on its next line, who gained what
            posts[0].content = "\n".join([posts[0].content or "", *gains])
        elif gains:
            posts = [Op("post", rec, content="\n".join(gains))]
        return ops + posts

    @staticmethod
    def _post(rec: TableRecord, a: Announcement, images: dict[str, Image], locale: str) -> Op:
        return Op("post", rec, content=announcement_text(a, locale), image=images.pop(PICTURE_OF.get(a.key, ""), None),
                   user_id=a.user_id if a.key in PING_KEYS else None)

    @staticmethod
    def _log_op(rec: TableRecord, view: PublicView, state: TableState, locale: str) -> Op:
        """The trick log message of this hand, with the trick just finished (a new message for a new hand, or
        when the current one would grow past Discord's limit)."""
        if rec.options.discipline:  # 比赛纪律: earlier tricks are not shown, only the last one (one message, edited)
            return Op("log", rec, content=log_text(view, rec.names, locale, max(0, len(view.tricks) - 1)),
                      log_key=(view.hand_number, 0))
        start = state.log[1] if state.log and state.log[0] == view.hand_number else 0
        new_start = log_start(view, rec.names, locale, start)
        return Op("log", rec, content=log_text(view, rec.names, locale, new_start),
                   log_key=(view.hand_number, new_start))

    @staticmethod
    def _trick_text(update: TableUpdate, locale: str) -> str:
        won = next((e for e in update.events if isinstance(e, TrickWon)), None)
        if won is None:
            return i18n.t("table.trick.done", locale)
        return i18n.t("table.trick.won", locale, n=won.trick_number, name=escape_text(update.record.names[won.seat]),
                      points=won.points, total=won.defender_points)

    @staticmethod
    def _status_text(update: TableUpdate, locale: str) -> str:
        """``Table #1 · hand 2 · playing · trick 5 · defenders 45 · to act: bob``; a table closed before the end
        says ``closed`` (the trick and the points stand in for the picture when the live message has none)."""
        view, rec = update.view, update.record
        assert view is not None
        names = rec.names
        if rec.status is Status.ENDED:
            phase = i18n.t("table.status.ended", locale)
        else:
            phase = i18n.t(f"table.phase.{view.phase.value}", locale)
        parts = [i18n.t("table.live.header", locale, id=rec.table_id, hand=view.hand_number, phase=phase)]
        if rec.status is Status.PLAYING and view.phase is Phase.PLAYING:
            parts.append(i18n.t("table.live.trick", locale, n=len(view.tricks) + 1, points=view.defender_points))
            if view.friends is not None:  # 找朋友: the team as it forms, the calls still open
                parts.append(team_line(view.friends, names, locale))
        if rec.status is Status.PLAYING and view.to_act and view.phase.value in (
                "playing", "burying", "declaring", "kitty_overcall"):
            sep = i18n.t("table.list_sep", locale)
            parts.append(i18n.t("table.live.turn", locale, names=sep.join(escape_text(names[s]) for s in view.to_act)))
        return " · ".join(parts)

    # -- the worker -------------------------------------------------------------------------------------
    async def _drain(self, table_id: int, state: TableState) -> None:
        while state.queue:
            op = state.queue.pop(0)
            if op.kind == "live" and _superseded(op, state):
                continue  # a newer live state follows at once: skip this one
            if op.kind == "live" and op.picture is not None:
                await _draw(op)
                if _superseded(op, state):
                    continue  # a newer live state came while the picture was drawn
            if not await present(self.bot, op, state, functools.partial(self._run, op, state),
                                 again=functools.partial(self._drain, table_id, state)):
                return  # held for a missing permission (the call stays queued), or the thread is gone

    async def _run(self, op: Op, state: TableState) -> None:
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
            await thread_of(self.bot, rec).send(op.content, **kwargs)
            state.buried = True
            state.picture_above = op.image is not None
        elif op.kind == "live":
            await show_live(self.bot, op, state)
        elif op.kind == "log":
            await show_log(self.bot, op, state)
        elif op.kind == "dm":
            await self._dm(rec, op)
        elif op.kind == "close" and state.live_id is not None:  # no buttons on a finished or closed table
            await thread_of(self.bot, rec).get_partial_message(state.live_id).edit(view=None)

    async def _dm(self, rec: TableRecord, op: Op) -> None:
        game = getattr(self.bot, "game", None)
        if game is None or op.user_id is None or not await game.dm_notify(rec.guild_id, op.user_id):
            return
        try:
            user = self.bot.get_user(op.user_id) or await self.bot.fetch_user(op.user_id)
            link = f"https://discord.com/channels/{rec.guild_id}/{rec.thread_id or rec.channel_id}"
            await user.send(f"{op.content}\n{link}", allowed_mentions=NO_PING)
        except discord.HTTPException:
            log.debug("DM to %s skipped (closed or failed)", op.user_id)
