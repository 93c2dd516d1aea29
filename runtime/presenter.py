"""What the service hands to an interface after every change of a table, and the interface protocol.

The cogs implement ``Presenter`` (send/edit Discord messages); the offline job and the tests use
``RecordingPresenter`` (keeps every update; can write the images to a directory). An update carries
the table record, the public view, the public events and each seat's private events, rendered PNGs,
the live table picture (drawn in the background, the newest state only) and announcements (message keys of
``i18n`` with parameters; ``user_id`` = whom to mention).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from data.records import TableRecord
from engine.events import Event
from engine.views import PublicView

log = logging.getLogger(__name__)

# Image kinds
TABLE = "table"  # the table as it stands (every change, with the EVERY_ACTION image policy)
TRICK = "trick"  # a completed trick
HAND = "hand"  # one seat's private hand (``GameService.hand_image``: drawn when the interface asks)
HAND_SUMMARY = "hand_summary"
MATCH_SUMMARY = "match_summary"
LADDER = "ladder"
STATS = "stats"  # a player's statistics card (/stats)


@dataclass(frozen=True)
class Image:
    """A rendered PNG. ``name`` is a sensible file name, e.g. ``hand03_trick12.png``."""

    kind: str
    name: str
    png: bytes


LivePicture = asyncio.Future[Image]
"""The table picture of a change, drawn in the background (``runtime.pictures.imaging.table_picture``): ``await`` it
for the ``Image`` — that of the table's newest state when a newer change replaced it before it was drawn."""


@dataclass(frozen=True)
class Announcement:
    """A message to post: ``key``/``params`` of the ``i18n`` catalogue; mention ``user_id`` if set;
    ``seat`` if it concerns one seat. Keys: ``announce.*`` in ``i18n/announce.py`` (each
    lists its params there); ``announce.turn_<phase>`` and ``announce.reminder`` mention ``user_id``."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    user_id: int | None = None
    seat: int | None = None


class UpdateReason(StrEnum):
    """Why a ``TableUpdate`` was sent: the presenter decides from it what to redraw and whom to ping."""

    LOBBY = "lobby"  # seats or rules changed
    STARTED = "started"
    ACTION = "action"  # someone or the system acted
    TUOGUAN = "tuoguan"  # a seat changed hands (托管)
    REMINDER = "reminder"  # a turn's or a clock's reminder
    NOTICE = "notice"  # a note to the table (a clock's extra time, a dropped queued play)
    QUEUE = "queue"  # a queued play was dropped
    UNDO = "undo"  # an undo (悔牌) was asked for
    RESTORED = "restored"  # the table came back after a restart
    ENDED = "ended"


@dataclass(frozen=True)
class TableUpdate:
    """One change of a table, in commit order. ``version`` = committed actions so far (0 in the lobby);
    ``reason`` says why it was sent."""

    record: TableRecord
    version: int
    reason: UpdateReason
    view: PublicView | None = None
    events: tuple[Event, ...] = ()  # public events of this change
    private: dict[int, tuple[Event, ...]] = field(default_factory=dict)  # seat -> its private events
    images: tuple[Image, ...] = ()  # public images, drawn: the records posted (trick, summaries, ladder)
    table: LivePicture | None = None  # the live message's picture of the table (drawn in the background; newest wins)
    announcements: tuple[Announcement, ...] = ()
    acted_seat: int | None = None  # the seat whose action caused this update, if any
    deadline: float | None = None  # when the turn's clock (or the declaration window) runs out, as armed for it


@runtime_checkable
class Presenter(Protocol):
    """Implemented by the interface. Called in commit order while the service holds the table's lock:
    it may read (``panel``, ``record``, ``hand_image``) but must not change the table (``act``, lobby
    calls) from inside, and should hand slow sends to a task. Exceptions are logged and swallowed."""

    async def table_changed(self, update: TableUpdate) -> None: ...


class RecordingPresenter:
    """Keeps every update (tests, offline job); optionally writes each public image to ``out_dir``."""

    def __init__(self, out_dir: Path | None = None) -> None:
        self.updates: list[TableUpdate] = []
        self.out_dir = out_dir
        self.files: list[Path] = []

    async def table_changed(self, update: TableUpdate) -> None:
        self.updates.append(update)
        if self.out_dir is not None:
            for image in update.images:
                path = self.out_dir / image.name
                path.write_bytes(image.png)
                self.files.append(path)

    def announcements(self, table_id: int | None = None) -> list[Announcement]:
        """Every announcement so far (of one table if given)."""
        return [a for u in self.updates if table_id is None or u.record.table_id == table_id
                for a in u.announcements]

    def keys(self, table_id: int | None = None) -> list[str]:
        return [a.key for a in self.announcements(table_id)]

    def images(self, kind: str | None = None) -> list[Image]:
        return [i for u in self.updates for i in u.images if kind is None or i.kind == kind]
