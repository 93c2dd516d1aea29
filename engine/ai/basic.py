"""The rule-based player (``basic``): declares by trump strength, buries for voids, and plays by the play
policy (``engine.ai.policy``: lead sure winners and pull trumps, follow by winning cheaply / feeding points /
discarding low, with card memory (记牌) and public certainties) — the same decision every seat makes in
the strong player's playouts.

``basic_v1`` (for measuring only) plays the first version: the old bury and the rankings of
``engine.ai.follows`` / ``leads`` without public certainties. ``basic_v2`` (for measuring only) plays the
second: the play policy with its improvements of version 3 switched off (``playstate.POLICY_V2``). Both
declare in the first hand as in later ones (``choose_declaration(grab_deal=False)``).
"""

from __future__ import annotations

import logging

from engine.actions import Action, Bury, Play
from engine.ai.bury import KITTY_RISK_V2, choose_bury
from engine.ai.bury_v1 import choose_bury_v1
from engine.ai.declare import choose_declaration
from engine.ai.follows import rank_follows
from engine.ai.leads import rank_leads
from engine.ai.playstate import POLICY_CURRENT, POLICY_V2
from engine.ai.policy import choose_play
from engine.ai.situation import Situation, situation_from_view
from engine.cards import Card
from engine.trump import trump_context
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)


def choose_play_v1(sit: Situation) -> tuple[Card, ...]:
    """The first version's play in ``sit``: the best of the rankings (a lead when the trick is empty)."""
    ranked = rank_follows(sit) if sit.trick else rank_leads(sit)
    return ranked[0][1]


def known_trump(view: SeatView) -> str:
    """The trump as this seat knows it: public, or its own face-down declaration (暗扣), else no trump."""
    if view.public.trump is not None:
        return view.public.trump
    own = view.concealed[-1] if view.concealed else None
    standing = view.public.declaration
    if own is not None and standing is not None and standing.seat == view.seat:
        return own.trump
    return "NT"


def basic_action(view: SeatView, v1: bool = False, v2: bool = False) -> Action | None:
    """The basic player's action for ``view`` (``None`` only while dealing with nothing to declare).

    ``v1`` plays the first version of the rules (``basic_v1``: the old bury, the old rankings without
    public certainties), ``v2`` the second (``basic_v2``), kept to measure the current one against them."""
    pub = view.public
    phase = pub.phase
    if phase in (Phase.DEALING, Phase.DECLARING, Phase.KITTY_OVERCALL):
        return choose_declaration(view, grab_deal=not (v1 or v2))
    if phase is Phase.BURYING:
        ctx = trump_context(pub.level, known_trump(view), pub.rules)
        if v1:
            return Bury(seat=view.seat, cards=choose_bury_v1(view.hand, ctx))
        return Bury(seat=view.seat, cards=choose_bury(view.hand, ctx, KITTY_RISK_V2 if v2 else None))
    if phase is Phase.PLAYING:
        if v1:
            sit = situation_from_view(view, certainties=False, overcalls=False)  # (basic samples no deals)
            return Play(seat=view.seat, cards=choose_play_v1(sit))
        version = POLICY_V2 if v2 else POLICY_CURRENT
        return Play(seat=view.seat, cards=choose_play(situation_from_view(view, overcalls=False), version))
    return None
