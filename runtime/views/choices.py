"""Legal choices for a seat, shaped for an interface: plays grouped by effective suit, and the
``/play`` autocomplete (canonical strings such as ``"10H 10H"`` that match what was typed).

Leads offer every single unit (single, pair, tractor); a throw (甩牌) is legal too but typed by
hand. Follows offer the enumerated legal follows (``engine.follow.enumerate_follows``).
"""

from __future__ import annotations

import logging
from collections import Counter

from engine.cards import Card, parse_card
from engine.errors import InvalidCard
from engine.legal import legal_plays, view_context
from engine.views import Phase, SeatView

log = logging.getLogger(__name__)

SUIT_GROUPS: tuple[str, ...] = ("T", "S", "H", "C", "D")  # trumps first, then the plain suits
MAX_CHOICES = 25  # Discord's autocomplete limit


def play_text(cards: tuple[Card, ...]) -> str:
    """Canonical text of a play: ``"10H 10H"``."""
    return " ".join(str(c) for c in cards)


def plays_by_suit(view: SeatView, follow_limit: int = 200) -> dict[str, tuple[tuple[Card, ...], ...]]:
    """Legal plays of ``view.seat`` keyed by effective suit (``T`` = trumps); a follow mixing suits goes
    under the led suit. Empty unless the seat is to play now."""
    pub = view.public
    if pub.phase is not Phase.PLAYING or view.seat not in pub.to_act:
        return {}
    ctx = view_context(view)
    lead = pub.trick.plays[0][1] if pub.trick is not None and pub.trick.plays else None
    out: dict[str, list[tuple[Card, ...]]] = {}
    for play in legal_plays(view, follow_limit):
        suit = ctx.suit_of(lead[0]) if lead else ctx.suit_of(play[0])
        out.setdefault(suit, []).append(play)
    return {s: tuple(out[s]) for s in SUIT_GROUPS if s in out}


def _parse_typed(typed: str) -> tuple[Counter[Card], str] | None:
    """The finished cards typed (all tokens but an unfinished last one) and that last token (upper-case);
    ``None`` if a finished token names no card."""
    tokens = typed.replace(",", " ").split()
    last = ""
    if tokens and not typed.endswith((" ", ",")):
        last = tokens.pop().upper()
    try:
        return Counter(parse_card(t) for t in tokens), last
    except InvalidCard:
        return None


def _matches(play: tuple[Card, ...], done: Counter[Card], last: str) -> bool:
    have = Counter(play)
    if any(have[c] < n for c, n in done.items()):
        return False
    if not last:
        return True
    rest = have - done
    try:
        if rest[parse_card(last)] > 0:
            return True
    except InvalidCard:
        pass
    return any(str(c).startswith(last) for c in rest)


def match_typed(plays: list[tuple[Card, ...]], typed: str, limit: int = MAX_CHOICES) -> list[str]:
    """Plays (as text) that contain every finished card typed and a card the unfinished last token
    names or starts; shorter plays first (then the engine's order)."""
    parsed = _parse_typed(typed)
    if parsed is None:
        return []
    done, last = parsed
    found = [p for p in plays if _matches(p, done, last)]
    found.sort(key=len)
    out: list[str] = []
    for play in found:
        text = play_text(play)
        if text not in out:
            out.append(text)
        if len(out) >= limit:
            break
    return out


def throw_choice(view: SeatView, typed: str) -> list[str]:
    """``[typed cards]`` when the seat leads and the typed cards (two or more, all held, one effective
    suit) could be a throw (甩牌) — throws are legal leads but not enumerated; else ``[]``."""
    pub = view.public
    if pub.phase is not Phase.PLAYING or view.seat not in pub.to_act or (pub.trick is not None and pub.trick.plays):
        return []
    try:
        cards = [parse_card(t) for t in typed.replace(",", " ").split()]
    except InvalidCard:
        return []
    if len(cards) < 2 or any(Counter(view.hand)[c] < n for c, n in Counter(cards).items()):
        return []
    ctx = view_context(view)
    if len({ctx.suit_of(c) for c in cards}) != 1:
        return []
    return [play_text(tuple(ctx.sort_hand(cards)))]


def autocomplete(view: SeatView, typed: str) -> list[str]:
    """The ``/play`` autocomplete for a seat to play now: legal plays matching ``typed``; when leading,
    the typed cards themselves first if they could be a throw (held, one suit)."""
    out = throw_choice(view, typed)
    out += [c for c in match_typed(legal_plays(view), typed) if c not in out]
    return out[:MAX_CHOICES]
