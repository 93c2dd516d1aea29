"""The rule-based player (``basic``): declares by trump strength, buries for voids, and plays by the play
policy (``engine.ai.policy``: lead sure winners and pull trumps, follow by winning cheaply / feeding points /
discarding low, with card memory (记牌) and public certainties) — the same decision every seat makes in
the strong player's playouts.

The earlier versions, kept for measuring, are ``engine.ai.baselines``.
"""

from __future__ import annotations

import logging

from engine.actions import Action, Bury, Play
from engine.ai.bury import choose_bury
from engine.ai.declare import choose_declaration
from engine.ai.playstate import POLICY_CURRENT
from engine.ai.policy import choose_play
from engine.ai.situation import situation_from_view
from engine.trump import trump_context
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)


def known_trump(view: SeatView) -> str:
    """The trump as this seat knows it: public, or its own face-down declaration (暗扣), else no trump."""
    if view.public.trump is not None:
        return view.public.trump
    own = view.concealed[-1] if view.concealed else None
    standing = view.public.declaration
    if own is not None and standing is not None and standing.seat == view.seat:
        return own.trump
    return "NT"


def basic_action(view: SeatView) -> Action | None:
    """The basic player's action for ``view`` (``None`` only while dealing with nothing to declare)."""
    pub = view.public
    phase = pub.phase
    if phase in (Phase.DEALING, Phase.DECLARING, Phase.KITTY_OVERCALL):
        return choose_declaration(view)
    if phase is Phase.BURYING:
        ctx = trump_context(pub.level, known_trump(view), pub.rules)
        return Bury(seat=view.seat, cards=choose_bury(view.hand, ctx))
    if phase is Phase.PLAYING:
        return Play(seat=view.seat, cards=choose_play(situation_from_view(view, overcalls=False), POLICY_CURRENT))
    return None
