"""One deterministic way to play the v2 declaring rounds, used twice: on a bare engine ``Table`` (to find a
bot rng seed whose first table gives the wanted situation) and by the SimCord flow tests (the same moves,
made through the private panel and the game service). Plays follow the basic AI's suggestion."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Action, Bury, Declare, Pass, Play
from engine.ai import suggest
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase


@dataclass
class Script:
    """What the scripted players do: who overcalls after the bury, and whether the due team passes (换庄)."""

    overcall_once: bool = False  # 暗反: the first seat with a level-pair overcall makes one, once
    due_team_passes: bool = False  # 换庄: nobody declares in the first window of a later hand
    overcalled: int | None = None  # the seat that made the overcall after the bury (filled in)
    swap_declarer: int | None = None  # the seat that declared in the 换庄 second window (filled in)


def no_trump(action: Declare) -> bool:
    return all(c.is_joker for c in action.cards)


def declares(table: Table, seat: int) -> list[Declare]:
    return [a for a in table.legal_actions(seat) if isinstance(a, Declare)]


def next_move(table: Table, script: Script) -> Action:
    """The scripted move of the seat to act (a table in a seat's phase: declaring, burying, a round, play)."""
    h = table.hand
    seat = table.to_act()[0]
    if table.phase is Phase.DECLARING:
        return _window_move(table, script, seat)
    if table.phase is Phase.KITTY_OVERCALL:
        level_pairs = [a for a in declares(table, seat) if not no_trump(a) and len(a.cards) == 2]
        if script.overcall_once and script.overcalled is None and level_pairs:
            script.overcalled = seat
            return level_pairs[0]
        return Pass(seat=seat)
    action = suggest(table.seat_view(seat))
    assert isinstance(action, Bury | Play), (h.phase, action)
    return action


def _window_move(table: Table, script: Script, seat: int) -> Action:
    h = table.hand
    if h.bids.swap_stage == "other":
        options = declares(table, seat)
        if options:
            script.swap_declarer = seat
            return options[0]
        return Pass(seat=seat)
    if h.bids.declaration is None and not (script.due_team_passes and h.bids.swap_stage == "due"):
        for s in table.to_act():
            options = [a for a in declares(table, s) if not no_trump(a)]
            if options:
                return options[0]
    return Pass(seat=seat)


def first_table(rules: Rules, rng_seed: int) -> Table:
    """The engine table the bot built with ``rng_seed`` opens first (its seed is the service's first draw)."""
    return Table.new(rules, random.Random(rng_seed).randrange(2**62))
