"""The strong AI's fast playout policy (engine.ai.fastlead / fastfollow) approximates ``basic`` for speed: over
random positions of every preset it must choose the same play as ``basic`` nearly always.

Measured when this test was written (8 presets x 6 deals): follows 98-100 % identical, leads 87 %. The two
are not identical (the fast form scores fewer candidates, e.g. no sub-tractors, and breaks ties differently);
this test keeps them from drifting apart.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.actions import Play
from engine.ai.basic import basic_action
from engine.ai.strong import playout_policy_action
from engine.randomplay import random_action
from engine.rules import PRESETS, Rules
from engine.table import Table
from engine.views import Phase

FOLLOW_FLOOR = 0.95
LEAD_FLOOR = 0.80


def test_the_playout_policy_chooses_as_basic_does() -> None:
    seen: Counter[str] = Counter()
    same: Counter[str] = Counter()
    for preset in sorted(PRESETS):
        for seed in range(2):
            table = Table.new(Rules.from_preset(preset), seed)
            rng = random.Random(seed)
            while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
                if table.phase is not Phase.PLAYING:
                    table.apply(random_action(table, rng))
                    continue
                view = table.seat_view(table.to_act()[0])
                basic, fast = basic_action(view), playout_policy_action(view)
                assert isinstance(basic, Play) and isinstance(fast, Play)
                kind = "follow" if table.hand.trick else "lead"
                seen[kind] += 1
                same[kind] += Counter(basic.cards) == Counter(fast.cards)
                table.apply(basic)
    assert seen["lead"] >= 100 and seen["follow"] >= 500
    assert same["follow"] / seen["follow"] >= FOLLOW_FLOOR, (same, seen)
    assert same["lead"] / seen["lead"] >= LEAD_FLOOR, (same, seen)
