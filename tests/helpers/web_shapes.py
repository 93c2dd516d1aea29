"""Helpers of the web table's tests at every shape: a 找朋友 table of 4–8 seats where alice (seat 0, user 101) is
about to declare and will hold the kitty — a deal where her strongest declaration beats every AI seat's."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from data.records import Mode
from engine.actions import Declare
from engine.rules import Rules
from engine.views import Phase
from tests.helpers.web import GUILD, OPTIONS, WebWorld, wait_for

ALICE = 101


def strength(declaration: Declare) -> tuple[int, int]:
    """How a declaration ranks (more cards, then big jokers over small jokers over level cards)."""
    return len(declaration.cards), {"BJ": 2, "SJ": 1}.get(declaration.cards[0].rank, 0)


def best_declaration(table: Any, seat: int) -> Declare | None:
    declarations = [a for a in table.legal_actions(seat) if isinstance(a, Declare)]
    return max(declarations, key=strength, default=None)


async def friends_table(world: WebWorld, players: int, tries: int = 80) -> tuple[int, Declare]:
    """A started 找朋友 table of ``players`` seats (alice and AI seats waiting to declare) in its declaring window,
    and alice's declaration that no AI seat can overcall."""
    assert world.game is not None
    rules = Rules.from_preset("standard", mode="friends", players=players)
    options = replace(OPTIONS, ai_declare_wait=600.0)
    for _ in range(tries):
        rec = await world.game.open_table(guild_id=GUILD, channel_id=1, host_id=ALICE, host_name="alice",
                                          mode=Mode.ASYNC, options=options, rules=rules)
        for _ in range(players - 1):
            await world.game.add_ai(rec.table_id, ALICE, level="basic")
        await world.game.start(rec.table_id, ALICE)
        session = world.session(rec.table_id)
        await wait_for(lambda s=session: s.table.phase is Phase.DECLARING)
        mine = best_declaration(session.table, 0)
        others = [best_declaration(session.table, seat) for seat in range(1, players)]
        if mine is not None and all(d is None or strength(d) < strength(mine) for d in others):
            return rec.table_id, mine
    raise AssertionError("no deal where alice's declaration stands")
