"""Which side a seat plays on, as the pictures show it (RULES §13.5): fixed partners (even against odd seats) or, in
找朋友, the dealer and its revealed friends (庄家方) against the defenders (闲家), with seats not yet known
neutral until every call is filled or the hand is over.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from enum import Enum

from engine.views import Phase, PublicView
from i18n import t
from render.labels import seat_name
from render.theme import ACCENT, PANEL_LINE, RGB, TEAM

log = logging.getLogger(__name__)

SHOWN_CALLS = (Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER)  # §13.3 the calls are public once play begins
DEFENDER: RGB = TEAM[1]
UNKNOWN: RGB = PANEL_LINE


class Side(Enum):
    """A seat's side in a 找朋友 hand as far as the table knows it."""

    DEALER = "dealer"
    FRIEND = "friend"
    DEFENDER = "defender"
    UNKNOWN = "unknown"


def is_friends(view: PublicView) -> bool:
    """The table plays 找朋友 (teams form during the hand)."""
    return not view.rules.shape.fixed_partners


def friends_side(view: PublicView, seat: int) -> Side:
    """The seat's side in 找朋友: the dealer, a revealed friend, a known defender (every call filled, or the hand
    over) or not known yet."""
    if view.dealer is None:
        return Side.UNKNOWN
    if seat == view.dealer:
        return Side.DEALER
    friends = view.friends if view.phase in SHOWN_CALLS else None
    if friends is None:
        return Side.UNKNOWN
    if seat in friends.team:
        return Side.FRIEND
    over = view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    return Side.DEFENDER if over or not friends.open_calls else Side.UNKNOWN


def on_dealer_side(view: PublicView, seat: int) -> bool:
    """The seat plays on the dealer's team (庄家方) as far as known: the points of the tricks it wins are kept."""
    if view.dealer is None:
        return False
    if is_friends(view):
        return friends_side(view, seat) in (Side.DEALER, Side.FRIEND)
    return seat % 2 == view.dealer % 2


def side_colour(view: PublicView, seat: int) -> RGB:
    """The stripe and dot colour of a seat: its fixed team's, or in 找朋友 gold for the dealer's side, the
    defenders' colour once known, grey while unknown."""
    if not is_friends(view):
        return TEAM[seat % 2]
    side = friends_side(view, seat)
    return ACCENT if side in (Side.DEALER, Side.FRIEND) else DEFENDER if side is Side.DEFENDER else UNKNOWN


def seat_list(names: Sequence[str], seats: Sequence[int], locale: str) -> str:
    """``Alice & Carol``, ``A, B & C`` / ``A、B、C`` for a list of seats."""
    shown = [seat_name(names, s, locale) for s in seats]
    if len(shown) <= 1:
        return "".join(shown)
    return t("render.pair", locale, a=t("render.list_sep", locale).join(shown[:-1]), b=shown[-1])
