"""What a table looks like at one version, computed once and shared: the public view, each seat's view, each
seat's legal actions and legal plays, and any value derived from them (a seat's panel: ``runtime.views.panel``).

A click used to build the same views again at every step (the turn check, the panel, the move's before and after,
the refresh of every open panel, the timers' plan); now every reader asks here. Entries are kept on the table
itself (``Table.views``: a table dropped or rebuilt from storage takes its entries with it or starts without) for
its ``version``, the number of actions applied: every change of an engine table is an applied action, so a new
version invalidates them all. The views are frozen dataclasses, safe to share.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from engine.actions import Action
from engine.cards import Card
from engine.legal import legal_plays
from engine.table import Table
from engine.views import Phase, PublicView, SeatView

log = logging.getLogger(__name__)

T = TypeVar("T")
FOLLOW_LIMIT = 2  # the forced-play test needs to know only whether there is more than one legal play


class TableViews:
    """The views of one table at one ``version`` (see the module docstring)."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.public: PublicView | None = None
        self.seats: dict[int, SeatView] = {}
        self.derived: dict[tuple[Any, ...], Any] = {}


def views(table: Table) -> TableViews:
    """The shared views of ``table`` at its current version (emptied when the version moved on), kept in the
    table's ``views`` slot: they go with the table."""
    entry = table.views
    if not isinstance(entry, TableViews) or entry.version != table.version:
        entry = table.views = TableViews(table.version)
    return entry


def derived(table: Table, key: tuple[Any, ...], build: Callable[[], T]) -> T:
    """``build()`` once per table version and ``key``."""
    store = views(table).derived
    if key not in store:
        store[key] = build()
    value: T = store[key]
    return value


def public_view(table: Table) -> PublicView:
    entry = views(table)
    if entry.public is None:
        entry.public = table.public_view()
    return entry.public


def seat_view(table: Table, seat: int) -> SeatView:
    """The seat's view, built around the shared public view (so the public view is built once per version)."""
    entry = views(table)
    view = entry.seats.get(seat)
    if view is None:
        view = entry.seats[seat] = table.seat_view(seat, public_view(table))
    return view


def legal_actions(table: Table, seat: int) -> tuple[Action, ...]:
    return derived(table, ("legal", seat), lambda: tuple(table.legal_actions(seat)))


def few_plays(table: Table, seat: int) -> tuple[tuple[Card, ...], ...]:
    """The seat's legal plays while it is to play, listed up to ``FOLLOW_LIMIT`` follows (enough to tell a forced
    play); ``()`` when it is not to play."""
    def build() -> tuple[tuple[Card, ...], ...]:
        if table.phase is not Phase.PLAYING or seat not in public_view(table).to_act:
            return ()
        return tuple(legal_plays(seat_view(table, seat), follow_limit=FOLLOW_LIMIT))
    return derived(table, ("plays", seat), build)


def forced_play(table: Table, seat: int) -> tuple[Card, ...] | None:
    """The seat's only legal play when exactly one is legal (the last card, a follow the rules fully determine)."""
    plays = few_plays(table, seat)
    return plays[0] if len(plays) == 1 else None
