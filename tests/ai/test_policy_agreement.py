"""One play policy: ``basic`` (deciding from its ``SeatView``) and the strong AI's playouts (every seat
deciding inside a fully known deal) make IDENTICAL choices.

Positions come from seeded real games of every preset (basic players declaring, burying and playing, with
a random legal play now and then so that positions vary). Alongside each game a playout state is kept the
way a playout keeps it: built once from the true deal (all four hands, the buried kitty, who buried it)
when the play starts, then updated by its own ``apply`` with every play the table accepts. At every play
decision the policy in that state must choose exactly ``basic``'s play — so the policy also never uses a
hidden card (another hand, or a kitty the seat did not bury).
"""

from __future__ import annotations

import random
from collections import Counter

from engine.actions import Play
from engine.ai.basic import basic_action
from engine.ai.playout import Playout
from engine.ai.playstate import to_counts
from engine.ai.policy import policy_play
from engine.randomplay import random_action
from engine.rules import PRESETS, Rules
from engine.table import Table
from engine.trump import trump_context
from engine.views import Phase

GAMES_PER_PRESET = 4
MIN_POSITIONS = 2000
RANDOM_SHARE = 0.15  # plays made at random (not by basic), to vary the positions


def _playout_state(table: Table) -> Playout:
    """A playout's state of the table's hand at the start of the play: the true deal, nothing played."""
    hand, pub = table.hand, table.public_view()
    ctx = trump_context(pub.level, pub.trump or "NT", pub.rules)
    holder = -1 if hand.kitty_holder is None else hand.kitty_holder
    dealer = pub.dealer if pub.dealer is not None else 0
    return Playout(ctx, [to_counts(h) for h in hand.hands], table.to_act()[0], [], [0] * 54,
                   [set(), set(), set(), set()], dealer % 2, 0, tuple(hand.kitty), holder)


def _last_play(table: Table, seat: int) -> tuple[int, ...]:
    """The cards ``seat`` just played (after a failed throw (甩牌): what was forced)."""
    pub = table.public_view()
    trick = pub.trick if pub.trick is not None and pub.trick.plays else pub.tricks[-1]
    assert trick.plays[-1][0] == seat
    return tuple(c.index for c in trick.plays[-1][1])


def _game(preset: str, seed: int, same: Counter[str], seen: Counter[str],
          misses: list[tuple[str, int, object, object]]) -> None:
    table = Table.new(Rules.from_preset(preset), seed)
    rng = random.Random(seed)
    state: Playout | None = None
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        seat = table.to_act()[0] if table.to_act() else -1
        if table.phase is not Phase.PLAYING:
            view = table.seat_view(seat) if seat >= 0 else None
            action = basic_action(view) if view is not None else None
            table.apply(action if action is not None else random_action(table, rng))
            continue
        state = state or _playout_state(table)
        basic = basic_action(table.seat_view(seat))
        assert isinstance(basic, Play)
        kind = "follow" if state.trick else "lead"
        mine = Counter(policy_play(state, seat))
        seen[kind] += 1
        if mine == Counter(c.index for c in basic.cards):
            same[kind] += 1
        elif len(misses) < 5:
            misses.append((preset, seed, sorted(mine.elements()), basic.cards))
        table.apply(random_action(table, rng) if rng.random() < RANDOM_SHARE else basic)
        state.apply(seat, _last_play(table, seat))


def test_basic_and_the_playouts_choose_identically() -> None:
    seen: Counter[str] = Counter()
    same: Counter[str] = Counter()
    misses: list[tuple[str, int, object, object]] = []
    for preset in sorted(PRESETS):
        for seed in range(GAMES_PER_PRESET):
            _game(preset, seed, same, seen, misses)
    assert sum(seen.values()) >= MIN_POSITIONS and seen["lead"] >= 400, seen
    assert same == seen, (same, seen, misses)
