"""Which moves a seat's earlier view still allows (过期判断): the version checks of a move are about the acting
seat's own view of the table.

- ``view_current(table, seat, version)``: a panel drawn at ``version`` still shows this seat what it decides on —
  nothing happened since, or only Passes of *other* seats (in the declaring window players pass at the same
  moment: one seat's Pass changes nothing another seat's Pass decides on). Any other action (a card dealt, a
  declaration, a play, a system step) makes the panel out of date.
- ``moved_since(table, seat, version)``: the seat itself moved after ``version`` (a Declare, Pass, Bury or Play of
  that seat, by the player, a queued play or 托管). A slash command carries the version the table had when it
  arrived: a copy of a command submitted twice at once finds the seat already moved by the first copy and is
  refused, instead of leading the next trick or becoming an unasked queued play.

Actions older than the engine table keeps in memory count as "changed" (the safe answer: refused, nothing done).
"""

from __future__ import annotations

import logging

from engine.actions import Action, Bury, Declare, Pass, Play
from engine.table import Table

log = logging.getLogger(__name__)

SEAT_ACTIONS = (Declare, Pass, Bury, Play)


def _since(table: Table, version: int) -> list[Action] | None:
    """The actions applied after ``version`` (``None``: not known in memory, or a version that never was)."""
    if not 0 <= version <= table.version:
        return None
    try:
        return list(table.actions[version:])
    except IndexError:
        return None


def view_current(table: Table, seat: int, version: int) -> bool:
    """See the module docstring."""
    if version == table.version:
        return True
    since = _since(table, version)
    return since is not None and all(isinstance(a, Pass) and a.seat != seat for a in since)


def moved_since(table: Table, seat: int, version: int) -> bool:
    """See the module docstring."""
    since = _since(table, version)
    return since is None or any(isinstance(a, SEAT_ACTIONS) and a.seat == seat for a in since)
