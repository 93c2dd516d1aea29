"""A seat's control panel: what one player sees and may do now (for the cog's ephemeral message).

``version`` is the number of committed actions when the panel was built; pass it back to
``GameService.act(..., version=...)`` and a stale panel is refused (``act.stale``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from data.records import TableRecord
from engine.actions import Bury, Declare, Pass
from engine.cards import Card
from engine.table import Table
from engine.views import Phase, SeatView
from runtime.procedures import disciplined
from runtime.views.cache import legal_actions, seat_view, views
from runtime.views.card_counter import SuitLeft, cards_left
from runtime.views.choices import plays_by_suit

log = logging.getLogger(__name__)

KITTY_SIZE = 8


@dataclass(frozen=True)
class Panel:
    """One seat's view and choices. ``plays`` is keyed by effective suit (``T`` trumps, then ``S H C D``)."""

    table_id: int
    seat: int
    version: int
    view: SeatView
    your_turn: bool
    to_act: tuple[int, ...]
    declarations: tuple[tuple[Card, ...], ...]  # legal Declare card sets (dealing, window, 炒地皮)
    can_pass: bool
    bury_count: int  # 8 while this seat must bury, else 0
    plays: dict[str, tuple[tuple[Card, ...], ...]]
    queued: tuple[Card, ...] | None  # a play queued for this seat's next turn
    away: bool  # under 托管: the AI plays for this seat until it takes back control
    counter: tuple[SuitLeft, ...] = ()  # 记牌器 (``runtime.views.card_counter``), where the table offers it
    names: tuple[str, ...] = ()  # display names per seat (the current trick and the declaration name them)

    @property
    def phase(self) -> Phase:
        return self.view.public.phase

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.view.hand


def build_panel(rec: TableRecord, table: Table, seat: int, queued: tuple[Card, ...] | None = None) -> Panel:
    """The panel of ``seat`` at ``table``'s current version: built once for this version, record and queued play,
    and shared (the answer to a click, the refresh of the open panels, the web table; ``runtime.views.cache``)."""
    store = views(table).derived
    built = store.get(("panel", seat))
    if built is not None and built[1] == queued and _same_for_panel(built[0], rec):
        panel: Panel = built[2]
        return panel
    panel = _build(rec, table, seat, queued)
    store[("panel", seat)] = (rec, queued, panel)
    return panel


def _same_for_panel(old: TableRecord, new: TableRecord) -> bool:
    """What a panel shows of the record is unchanged (the seats — names, 托管 — and the table's options); another
    change of the record (its message ids, its meta) does not make a new panel."""
    return old is new or (old.table_id == new.table_id and old.seats == new.seats and old.options == new.options)


def _build(rec: TableRecord, table: Table, seat: int, queued: tuple[Card, ...] | None) -> Panel:
    view = disciplined(rec, seat_view(table, seat))  # 比赛纪律: no kitty once play starts
    actions = legal_actions(table, seat)
    pub = view.public
    occupant = rec.seats[seat]
    return Panel(
        table_id=rec.table_id, seat=seat, version=table.version, view=view,
        your_turn=seat in pub.to_act and pub.phase is not Phase.DEALING, to_act=pub.to_act,
        declarations=tuple(a.cards for a in actions if isinstance(a, Declare)),
        can_pass=any(isinstance(a, Pass) for a in actions),
        bury_count=table.rules.shape.kitty if any(isinstance(a, Bury) for a in actions) else 0,
        plays=plays_by_suit(view), queued=queued, away=bool(occupant is not None and occupant.away),
        names=rec.names, counter=cards_left(view) if rec.options.card_counter else (),
    )
