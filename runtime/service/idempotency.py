"""Requests applied once (幂等): each interaction's id is its key.

- A retried delivery of the same request (the same key) is not applied again: it gets the first answer — the
  outcome, or the same refusal — remembered under the table's lock (``Answers.recall``/``keep``).
- A copy of a move command (重复提交: the client sent the same ``/play``, ``/declare`` or ``/bury`` twice, each copy
  a request of its own) is refused with ``act.duplicate``: the same move as the seat's previous
  move command, sent before that command was answered (``Answers.copy_of``). Keys are ordered on one clock (Discord's
  snowflakes: the command's id and its answer's message id), so no time window is guessed: a player who repeats a
  move on purpose does so after seeing the answer to the first. The arrival version (``since``) refuses copies the
  service handles at once (``runtime.views.versions.moved_since``).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from runtime.errors import NotAllowed

log = logging.getLogger(__name__)

KEEP = 1024  # requests and seats remembered (the oldest forgotten first): far more than arrive while one is retried


@dataclass
class LastMove:
    """A seat's last applied move command: what it was, its key, and its answer's key once answered."""

    move: tuple[Any, ...]
    key: int
    answered: int | None = None


class Answers:
    """See the module docstring (one per service)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._done: OrderedDict[Hashable, Any] = OrderedDict()
        self._last: dict[tuple[int, int], LastMove] = {}  # (table, seat) -> its last move command

    def recall(self, key: Hashable | None) -> Any:
        """The first answer to ``key`` (``None`` if it had none); a remembered refusal is raised again."""
        if key is None or key not in self._done:
            return None
        answer = self._done[key]
        log.info("request %s delivered again: answered as the first time", key)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def keep_answer(self, key: Hashable | None, answer: Any) -> None:
        if key is None:
            return
        self._done[key] = answer
        while len(self._done) > self.keep:
            self._done.popitem(last=False)

    def copy_of(self, table_id: int, seat: int, move: tuple[Any, ...], key: int | None) -> None:
        """Refuse a copy of the seat's last move command (see the module docstring)."""
        last = self._last.get((table_id, seat))
        if key is None or last is None or last.move != move or key == last.key:
            return
        if last.answered is None or key < last.answered:
            log.info("table %d: a copy of seat %d's move command refused", table_id, seat)
            raise NotAllowed("act.duplicate")

    def moved(self, table_id: int, seat: int, move: tuple[Any, ...], key: int | None) -> None:
        if key is None:
            return
        self._last.pop((table_id, seat), None)
        self._last[(table_id, seat)] = LastMove(move, key)
        while len(self._last) > self.keep:
            del self._last[next(iter(self._last))]

    def answered(self, table_id: int, seat: int, key: int, at: int) -> None:
        """The move command ``key`` was answered at ``at`` (the answer's key on the same clock)."""
        last = self._last.get((table_id, seat))
        if last is not None and last.key == key:
            last.answered = at
