"""The ``random`` player: a uniformly random legal action. Leads may also be a random run of one suit's
cards (a throw, 甩牌, which may fail); burying picks 8 random cards (any 8 are legal).
"""

from __future__ import annotations

import logging
import random
from collections import defaultdict

from engine.actions import Action, Bury, Play
from engine.cards import Card
from engine.legal import seat_legal_actions
from engine.trump import trump_context
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)

THROW_CHANCE = 0.05


def random_action(view: SeatView, rng: random.Random) -> Action | None:
    """A random legal action (``None`` if there is none, e.g. while dealing with nothing to declare)."""
    pub = view.public
    if pub.phase is Phase.BURYING:
        return Bury(seat=view.seat, cards=tuple(rng.sample(list(view.hand), pub.rules.shape.kitty)))
    if pub.phase is Phase.PLAYING and not (pub.trick and pub.trick.plays) and rng.random() < THROW_CHANCE:
        ctx = trump_context(pub.level, pub.trump or "NT", pub.rules)
        by_suit: dict[str, list[Card]] = defaultdict(list)
        for c in view.hand:
            by_suit[ctx.suit_of(c)].append(c)
        cards = by_suit[rng.choice(sorted(by_suit))]
        return Play(seat=view.seat, cards=tuple(rng.sample(cards, rng.randint(1, min(4, len(cards))))))
    actions = seat_legal_actions(view)
    return rng.choice(actions) if actions else None
