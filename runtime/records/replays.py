"""Replays of a hand (复盘) with hidden information kept hidden, for ``/replay``.

A replay is read from ``data/`` (the action log), only for a table of the caller's own guild (another
guild's table is ``table.not_found``, as an unknown id). What it shows follows RULES §6–§8:

- while the hand is in progress: the tricks completed so far (every card in them was played face up) and
  nothing else — no hand, no kitty, no current trick, no settlement;
- after the hand: the same tricks plus the settlement, whose kitty RULES §6 shows to everyone at the end;
- the players' hands (the deal) never: no rule option makes the deal public at the end (RULES §9).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from data.database import Database
from data.errors import DataError
from data.replay import export_hand, replay_export
from engine.rules import Rules
from engine.views import HandResult, TrickView
from runtime import inputs
from runtime.access import Caller, in_guild, valid_id
from runtime.errors import TableNotFound

log = logging.getLogger(__name__)

MAX_HAND = 500  # the highest hand number /replay offers


@dataclass(frozen=True)
class HandReplay:
    """The public record of one hand: its completed tricks, and its settlement once it is over."""

    table_id: int
    hand_number: int
    names: tuple[str, ...]
    tricks: tuple[TrickView, ...]
    result: HandResult | None  # None while the hand is in progress
    rules: Rules | None = None  # the table's: the settlement picture's deck count and 找朋友 bonus

    @property
    def finished(self) -> bool:
        return self.result is not None


async def hand_replay(db: Database, caller: Caller, table_id: int, hand_number: int) -> HandReplay:
    """Hand ``hand_number`` of table ``table_id`` as the caller may see it (see the module docstring)."""
    inputs.number("hand", hand_number, 1, MAX_HAND)
    if not valid_id(table_id):
        raise TableNotFound("table.not_found", table_id=table_id)
    try:
        rec = await db.get_table(table_id)
    except DataError:
        raise TableNotFound("table.not_found", table_id=table_id) from None
    if not in_guild(caller, rec):
        log.info("replay of table %d refused to user %d of another guild", table_id, caller.user_id)
        raise TableNotFound("table.not_found", table_id=table_id)
    export = await export_hand(db, table_id, hand_number)
    final = await asyncio.to_thread(replay_export, export)
    view = final.public_view()
    result = next((r for r in view.results if r.hand_number == hand_number), None)
    tricks = tuple(view.tricks) if view.hand_number == hand_number else ()
    if result is None and rec.options.discipline:  # 比赛纪律: during the hand only the last trick is shown
        tricks = tricks[-1:]
    return HandReplay(table_id=table_id, hand_number=hand_number, names=tuple(rec.names), tricks=tricks,
                      result=result, rules=view.rules)
