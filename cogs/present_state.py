"""What the Discord presenter keeps per table (``TableState``) and the Discord calls it queues (``Op``)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from data.records import TableRecord
from engine.views import Phase, PublicView
from runtime import Image, LivePicture, TableUpdate, UpdateReason

log = logging.getLogger(__name__)

TRICK_LOG = "trick_log"  # meta key: [hand, first trick index, message id] of the trick log message
PING = "ping"  # meta key: [message id, seat, …] of the quiet thread's light ping (deleted when those seats acted)
Mark = tuple[int, int, str]  # (table version, hand number, phase) of a ping


def shown_above(view: PublicView, trick_pictures: bool = True) -> bool:
    """Whether a picture posted just before shows this table as it stands: a completed trick while the next
    one is still empty (not the first lead of a hand: above it are the burying notices; only with a picture per
    trick), or the end of a hand or of the match (the summaries)."""
    if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return True
    return trick_pictures and view.phase is Phase.PLAYING and bool(view.tricks) and (
        view.trick is None or not view.trick.plays)


@dataclass
class Op:
    """One queued Discord call of a table."""

    kind: str  # lobby | live | post | log | dm | close
    rec: TableRecord
    content: str | None = None
    image: Image | None = None
    picture: LivePicture | None = None  # live: the table's picture, drawing (becomes ``image`` before it is shown)
    view: Any = None
    embed: discord.Embed | None = None
    user_id: int | None = None  # post: ping this user; dm: to this user
    pings: dict[int, tuple[int, Mark]] = field(default_factory=dict)  # live: seat -> (user to ping, its turn)
    redundant: bool = False  # live: the picture may be left out when a picture is the message just above
    log_key: tuple[int, int] = (0, 0)  # log: (hand, first trick index) of the trick log message
    to_act: tuple[int, ...] = ()  # live: the seats to act now (a light ping for others is removed)
    notes: tuple[str, ...] = ()  # live: the lines of moves made for a player (kept by the edit that replaces this)


@dataclass
class TableState:
    """The presenter's state of one table's thread."""

    live_id: int | None = None
    buried: bool = False  # messages were posted after the live message
    picture_above: bool = False  # the last message posted (so the one above the live message) has a picture
    last_view: PublicView | None = None  # the latest view of the table (the lobby shows a finished table's result)
    prompted: dict[str, list[Any]] = field(default_factory=dict)  # seat (str) -> the Mark of its last ping
    queue: list[Op] = field(default_factory=list)
    worker: asyncio.Task[None] | None = None
    log: list[int] = field(default_factory=list)  # the trick log: [hand, first trick index, message id]
    ping: list[int] = field(default_factory=list)  # the light ping: [message id, seat, …]
    held: bool = False  # a call waits for a missing permission (the host was told; the table's clocks wait too)
    retry: asyncio.Task[None] | None = None  # the next try of a held call (cogs.delivery.HELD_RETRY)
    tries: int = 0  # how many times the held call was tried again
    gone: bool = False  # the thread, channel or server is gone: nothing more is sent (cogs.delivery)

    def restore(self, rec: TableRecord, update: TableUpdate) -> None:
        """After a restart: the trick log message of the hand and the light ping (stored in the record's meta);
        and the live message leaves out a picture the message above it already shows, as it did before."""
        stored = rec.meta.get(TRICK_LOG)
        if isinstance(stored, list) and len(stored) == 3:
            self.log = [int(x) for x in stored]
        ping = rec.meta.get(PING)
        if isinstance(ping, list) and len(ping) >= 2:
            self.ping = [int(x) for x in ping]
        if update.reason is UpdateReason.RESTORED and update.view is not None:
            self.picture_above = shown_above(update.view, rec.options.trick_pictures)
