"""The earlier basic players (基线), kept only for the arena to measure the current ``basic`` against; players are
never offered them.

``basic_v1`` plays the first version: its own bury (make voids (断门) in short plain suits, keep trumps, aces,
pairs and points (扣底)) and the rankings of ``engine.ai.follows`` / ``leads`` without public certainties.
``basic_v2`` plays the second: the play policy with version 3's improvements off (``playstate.POLICY_V2``) and
the bury's old kitty risk. Both declare in the first hand as in later ones (``choose_declaration(grab_deal=False)``).
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from collections.abc import Sequence

from engine.actions import Action, Bury, Play
from engine.ai.basic import known_trump
from engine.ai.bury import KITTY_RISK_V2, choose_bury, void_first
from engine.ai.declare import choose_declaration
from engine.ai.follows import rank_follows
from engine.ai.leads import rank_leads
from engine.ai.playstate import POLICY_V2
from engine.ai.policy import choose_play
from engine.ai.situation import Situation, situation_from_view
from engine.cards import Card
from engine.trump import TrumpContext, trump_context
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)

BASELINES: tuple[str, ...] = ("basic_v1", "basic_v2")


def baseline_action(view: SeatView, level: str) -> Action | None:
    """The action of the earlier basic player ``level`` (one of ``BASELINES``) for ``view``."""
    if level not in BASELINES:
        raise ValueError(f"unknown baseline {level!r}")
    first = level == "basic_v1"
    pub = view.public
    if pub.phase in (Phase.DEALING, Phase.DECLARING, Phase.KITTY_OVERCALL):
        return choose_declaration(view, grab_deal=False)
    if pub.phase is Phase.BURYING:
        ctx = trump_context(pub.level, known_trump(view), pub.rules)
        cards = choose_bury_v1(view.hand, ctx) if first else choose_bury(view.hand, ctx, KITTY_RISK_V2)
        return Bury(seat=view.seat, cards=cards)
    if pub.phase is Phase.PLAYING:
        if first:
            sit = situation_from_view(view, certainties=False, overcalls=False)  # (basic samples no deals)
            return Play(seat=view.seat, cards=choose_play_v1(sit))
        return Play(seat=view.seat, cards=choose_play(situation_from_view(view, overcalls=False), POLICY_V2))
    return None


def choose_play_v1(sit: Situation) -> tuple[Card, ...]:
    """The first version's play in ``sit``: the best of the rankings (a lead when the trick is empty)."""
    ranked = rank_follows(sit) if sit.trick else rank_leads(sit)
    return ranked[0][1]


# the first version's bury: every subset of plain suits that fits in the kitty may be emptied (a void earns a
# bonus, a void of a suit holding an ace or a pair costs its value); the rest is filled with the cheapest cards.
# Point cards cost more unless the holder is long in trumps and can defend the bottom (保底).
VOID_BONUS = 7.0


def _card_cost(card: Card, ctx: TrumpContext, counts: Counter[Card], strong: bool, top: dict[str, int]) -> float:
    suit = ctx.suit_of(card)
    if suit == "T":
        cost = 40.0 + ctx.strength(card)
    else:
        gap = top[suit] - ctx.strength(card)
        cost = max(0.0, 9.0 - 3.0 * gap) + 0.3 * ctx.strength(card)
    if counts[card] >= 2:
        cost += 6.0
    if card.points:
        cost += card.points * (0.4 if strong else 1.6)
    return cost


def choose_bury_v1(hand: Sequence[Card], ctx: TrumpContext) -> tuple[Card, ...]:
    """Eight cards of ``hand`` (33 cards) to bury."""
    counts = Counter(hand)
    trumps = [c for c in hand if ctx.is_trump(c)]
    strong = len(trumps) >= 12
    plain: dict[str, list[Card]] = defaultdict(list)
    for c in hand:
        if not ctx.is_trump(c):
            plain[ctx.suit_of(c)].append(c)
    top = {s: max(ctx.strength(c2) for c2 in [Card("A", s), Card("K", s), Card("Q", s)] if not ctx.is_trump(c2))
           for s in plain}
    cost = {c: _card_cost(c, ctx, counts, strong, top) for c in counts}
    by_cost = sorted(hand, key=lambda c: (cost[c], ctx.sort_key(c)))
    best = min(((sum(cost[c] for c in chosen) - VOID_BONUS * len(combo), chosen)
                for combo, chosen in void_first(plain, by_cost, ctx.rules.shape.kitty)), key=lambda b: b[0])
    log.debug("bury %s", best)
    return tuple(best[1])
