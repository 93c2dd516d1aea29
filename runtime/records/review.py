"""The strong AI's review of a finished hand (复盘点评), for the web table's replay.

``Reviewer.review`` answers only for a hand that is over (``web.review_in_play`` before: no hidden information
while it is played) and only to a caller who may see the table's replay (``runtime.records.replays.hand_replay``'s
rule). The hand is rebuilt from its action log (``data.replay.export_hand``) and, before each play, the seat that played
is asked from its ``SeatView`` at that moment only (``engine.ai.review.review_play``). The work runs in a worker
process of its own at the lowest CPU priority (``nice`` 19: never ahead of the bot's loop or the tables' AI
decisions), one hand at a time; the result is kept in memory per hand and stored with the table
(``data.reviews``): a hand's record never changes once it is over, so a review is computed once, across restarts.

What a review shows is no more than the public record: after a hand every card a seat held while playing was
played face up later in that hand, so an AI choice names only cards the replay shows.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from data.database import Database
from data.errors import DataError
from data.replay import build_table, export_hand
from engine.actions import Play, action_from_json
from engine.ai.review import review_play
from engine.cards import Card, parse_cards
from engine.rules import Rules
from engine.table import Table
from runtime.access import Caller
from runtime.aipool import AiPool
from runtime.errors import ServiceError
from runtime.records.replays import hand_replay

log = logging.getLogger(__name__)

REVIEW_WORLDS = 48  # sampled deals per play, for the AI's choice and again for the cost
REVIEW_NICENESS = 19
CACHE_HANDS = 256


@dataclass(frozen=True)
class Mark:
    """A play the strong AI would have made otherwise: trick (0-based), seat, the play, the AI's, the cost."""

    trick: int
    seat: int
    played: tuple[Card, ...]
    choice: tuple[Card, ...]
    levels: float
    points: float

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat, "played": [str(c) for c in self.played],
                "choice": [str(c) for c in self.choice], "levels": round(self.levels, 3),
                "points": round(self.points, 1)}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Mark:
        return cls(int(obj["trick"]), int(obj["seat"]), parse_cards(obj["played"]), parse_cards(obj["choice"]),
                   float(obj["levels"]), float(obj["points"]))


def review_export(export: dict[str, Any], worlds: int = REVIEW_WORLDS) -> list[Mark]:
    """Every play of an exported hand judged from its seat's view at that moment (deterministic: each play's RNG
    is seeded from the table's seed, the hand and the play's position)."""
    rules = Rules.from_json(export["rules"])
    table: Table = build_table(rules, int(export["seed"]), export["snapshot"], [])
    marks: list[Mark] = []
    for n, obj in enumerate(export["actions"]):
        action = action_from_json(obj)
        if isinstance(action, Play) and action.seat is not None:
            trick = len(table.public_view().tricks)
            rng = random.Random(f"{export['seed']}:{export['hand_number']}:{n}")
            found = review_play(table.seat_view(action.seat), action.cards, rng, worlds)
            if found is not None:
                marks.append(Mark(trick, action.seat, action.cards, found.choice, found.levels, found.points))
        table.apply(action)
    return marks


class Reviewer:
    """Reviews of finished hands: computed once in a low-priority worker, kept in memory."""

    def __init__(self, db: Database, worlds: int = REVIEW_WORLDS) -> None:
        self.db = db
        self.worlds = worlds
        self.pool = AiPool(1, niceness=REVIEW_NICENESS)
        self.cache: OrderedDict[tuple[int, int], list[Mark]] = OrderedDict()
        self.running: dict[tuple[int, int], asyncio.Future[list[Mark]]] = {}

    def cached(self, table_id: int, hand: int) -> list[Mark] | None:
        return self.cache.get((table_id, hand))

    async def check(self, caller: Caller, table_id: int, hand: int) -> None:
        """Refuse unless the caller may see the hand and the hand is over (``web.review_in_play``)."""
        replay = await hand_replay(self.db, caller, table_id, hand)
        if not replay.finished:
            raise ServiceError("web.review_in_play")

    async def review(self, caller: Caller, table_id: int, hand: int) -> list[Mark]:
        """The marks of hand ``hand`` (see the module docstring); one computation however many ask."""
        await self.check(caller, table_id, hand)
        key = (table_id, hand)
        if key in self.cache:
            return self.cache[key]
        running = self.running.get(key)
        if running is None:
            running = self.running[key] = asyncio.ensure_future(self._compute(key))
        return await asyncio.shield(running)

    async def _compute(self, key: tuple[int, int]) -> list[Mark]:
        try:
            stored = await self.db.hand_review(*key, self.worlds)
            if stored is not None:
                marks = [Mark.from_json(m) for m in stored]
            else:
                export = await export_hand(self.db, *key)
                marks = await self.pool.run(review_export, export, self.worlds)  # type: ignore[assignment]
                await self._store(key, marks)
            self.cache[key] = marks
            while len(self.cache) > CACHE_HANDS:
                self.cache.popitem(last=False)
            log.info("table %d hand %d reviewed: %d marks", key[0], key[1], len(marks))
            return marks
        finally:
            self.running.pop(key, None)

    async def _store(self, key: tuple[int, int], marks: list[Mark]) -> None:
        """Keep the review with the table (a failure only costs computing it again after a restart)."""
        try:
            await self.db.save_review(*key, self.worlds, [m.to_json() for m in marks])
        except DataError:
            log.warning("table %d hand %d: the review could not be stored", *key, exc_info=True)

    def close(self) -> None:
        self.pool.close()
