"""What a trick's lead was, as the table and the trick log tell it: a throw (甩牌: several units of one suit led
at once) or a failed throw (甩牌失败) whose forced cards were led instead."""

from __future__ import annotations

from collections import Counter

from engine.errors import EngineError
from engine.trump import trump_context
from engine.units import decompose_lead
from engine.views import PublicView, ThrowFailure, TrickView


def is_throw(view: PublicView, trick: TrickView) -> bool:
    """The trick was led with a throw (甩牌: several units of one suit)."""
    if view.trump is None or not trick.plays:
        return False
    try:
        return decompose_lead(trick.plays[0][1], trump_context(view.level, view.trump, view.rules)).is_throw
    except EngineError:
        return False


def lead_failure(view: PublicView, trick: TrickView | None) -> ThrowFailure | None:
    """The failed throw whose forced cards are this trick's lead, if any."""
    if trick is None or not trick.plays or not view.penalties:
        return None
    seat, cards = trick.plays[0]
    return next((f for f in reversed(view.penalties) if f.seat == seat and Counter(f.forced) == Counter(cards)), None)
