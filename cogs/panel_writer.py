"""One writer per open hand panel (面板): every edit of a seat's panel message goes through its writer.

The answer to a click (its note, its selection) and the refresh after a change elsewhere are both *wishes* handed
to the seat's writer, one task that edits the message one wish at a time, the newest first: a newer answer
replaces a pending one, a refresh asked while a click on the panel is being answered waits for that answer and is
then only a check (the message is edited only if what the panel shows changed again meanwhile). No lock, no second
writer: a refresh can never overwrite an answer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from engine.views import Phase
from runtime import Panel

log = logging.getLogger(__name__)

Key = tuple[int, int]  # (table id, seat)


def panel_key(panel: Panel) -> tuple[Any, ...]:
    """What the panel shows that matters: its choices, the hand outside the deal, the trick and the declaration."""
    hand = len(panel.hand) if panel.phase is not Phase.DEALING else -1
    pub = panel.view.public
    trick = len(pub.trick.plays) if pub.trick is not None else 0
    return (panel.phase, panel.declarations, panel.can_pass, panel.bury_count, panel.your_turn, panel.away,
            panel.queued, hand, pub.trump, pub.declaration, len(pub.tricks), trick)


@dataclass
class Wish:
    """An edit wanted: an answer (``panel`` given, written as it is) or a refresh (``panel`` None: the seat's panel
    now, written only if it changed). ``done``: an answer's, set once written (or replaced by a newer answer)."""

    interaction: discord.Interaction  # the token the edit goes through (the message the click came from)
    panel: Panel | None = None
    selected: frozenset[int] = frozenset()
    note: str | None = None
    done: asyncio.Future[None] | None = None


@dataclass
class OpenPanel:
    """A seat's open panel message: what it shows, and its writer's pending wish."""

    interaction: discord.Interaction
    user_id: int
    opened: float
    shown: tuple[Any, ...] = ()
    hand: tuple[Any, ...] = ()  # the hand drawn in the panel's picture
    selected: frozenset[int] = frozenset()  # the selection shown (kept by a refresh while the hand is unchanged)
    wish: Wish | None = None
    recheck: bool = False  # a change came while a click was answered: checked once the answer is written
    clicking: int = 0  # clicks on this panel being answered


Write = Callable[[Key, OpenPanel, Wish], Awaitable[None]]


class Writers:
    """The open panels of a bot and their writers; ``write`` does the edit itself (``cogs.panel``)."""

    def __init__(self, write: Write) -> None:
        self.open: dict[Key, OpenPanel] = {}
        self.tasks: dict[Key, asyncio.Task[None]] = {}
        self._write = write

    def opened(self, key: Key, interaction: discord.Interaction, panel: Panel) -> None:
        """A panel message was sent for the seat (it replaces the one open before, whose wishes are dropped)."""
        self.open[key] = OpenPanel(interaction, interaction.user.id, time.monotonic(), panel_key(panel), panel.hand)

    async def answer(self, key: Key, wish: Wish) -> None:
        """Write the answer to a click and wait until it is shown (its error, if any, is raised here)."""
        entry = self.open.get(key)
        if entry is None:  # a panel not known (sent before a restart): the click's message becomes the seat's panel
            entry = self.open[key] = OpenPanel(wish.interaction, wish.interaction.user.id, time.monotonic())
        wish.done = asyncio.get_running_loop().create_future()
        replaced, entry.wish = entry.wish, wish
        if replaced is not None and replaced.done is not None and not replaced.done.done():
            replaced.done.set_result(None)  # a newer answer shows the newer state
        task = self.tasks.get(key)
        if task is None or task.done():  # no writer at work: this click is the writer (no task hop)
            self.tasks[key] = asyncio.current_task()  # type: ignore[assignment]
            await self._run(key)
        await wish.done

    def refresh(self, key: Key) -> None:
        """The table changed: the seat's panel is checked (and edited if what it shows changed)."""
        entry = self.open.get(key)
        if entry is None:
            return
        if entry.clicking or (entry.wish is not None and entry.wish.panel is not None):
            entry.recheck = True  # after the answer
        elif entry.wish is None:
            entry.wish = Wish(entry.interaction)
        self._start(key)

    def clicked(self, key: Key, delta: int) -> None:
        """A click on the seat's panel starts (+1) or ends (-1); a change that came meanwhile is checked after it."""
        entry = self.open.get(key)
        if entry is None:
            return
        entry.clicking = max(0, entry.clicking + delta)
        if delta < 0 and entry.recheck:
            self._start(key)

    def drop(self, key: Key) -> None:
        self.open.pop(key, None)

    def _start(self, key: Key) -> None:
        task = self.tasks.get(key)
        if task is None or task.done():
            self.tasks[key] = asyncio.create_task(self._run(key), name=f"panel-{key[0]}-{key[1]}")

    def _next(self, key: Key) -> tuple[OpenPanel, Wish] | None:
        entry = self.open.get(key)
        if entry is None:
            return None
        if entry.wish is not None:
            wish, entry.wish = entry.wish, None
            return entry, wish
        if entry.recheck and not entry.clicking:
            entry.recheck = False
            return entry, Wish(entry.interaction)
        return None

    async def _run(self, key: Key) -> None:
        """The writer: one wish at a time until none is left."""
        while (step := self._next(key)) is not None:
            entry, wish = step
            try:
                await self._write(key, entry, wish)
            except Exception as exc:
                if wish.done is not None:
                    if not wish.done.done():
                        wish.done.set_exception(exc)  # the click answers it
                    continue
                log.info("panel %s dropped: %s", key, exc)  # a token expired, the table ended, the seat changed
                if self.open.get(key) is entry:
                    self.open.pop(key, None)
                continue
            if wish.done is not None and not wish.done.done():
                wish.done.set_result(None)
        self.tasks.pop(key, None)
