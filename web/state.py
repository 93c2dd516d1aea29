"""What one web client is sent: its own view only (a seat's ``SeatView``, a spectator's ``PublicView``).

A state frame holds the table (names, card counts, current and last trick, trump, levels, points, whose turn and
the turn's deadline), the trick log of the hand, the last hand's result and the match's results — and, for a
seat only, its hand in trump order (``TrumpContext.sort_key``), the kitty while it holds it, and what it may do
now (declarations, pass, bury, the cards in a legal play). Another seat's cards are never in it: the only cards
are public ones (tricks, the declaration, the settled kitty) and the seat's own.

``check_selection`` explains an invalid selection before it is sent, with the engine's own rules and message keys.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from typing import Any

from data.records import TableRecord
from engine.cards import Card, format_cards
from engine.declaring import check_declaration
from engine.errors import EngineError
from engine.follow import follow_error
from engine.legal import view_context
from engine.trump import trump_context
from engine.units import decompose_lead
from engine.views import HandResult, Phase, PublicView, SeatView, TrickView
from i18n import LOCALES, t
from runtime import Panel
from web.friends import call_choices, shape_json

log = logging.getLogger(__name__)

YOU = frozenset(t("web.you", locale) for locale in LOCALES)  # the demo's player, named "You" in its language


def trick_json(trick: TrickView | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {"leader": trick.leader, "winner": trick.winner, "points": trick.points,
            "plays": [[seat, format_cards(cards)] for seat, cards in trick.plays]}


def result_json(result: HandResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"hand": result.hand_number, "dealer": result.dealer, "level": result.level, "trump": result.trump,
            "kitty": format_cards(result.kitty), "kitty_points": result.kitty_points,
            "trick_points": result.trick_points, "multiplier": result.kitty_multiplier,
            "kitty_bonus": result.kitty_bonus, "points": result.defender_points,
            "levels_before": list(result.levels_before), "levels_after": list(result.levels_after),
            "gains": list(result.level_gains), "next_dealer": result.next_dealer,
            "take_over": result.defenders_take_over, "last_winner": result.last_winner,
            "winner": result.match_winner, "team": list(result.team)}


def public_json(rec: TableRecord, view: PublicView | None, deadline: float | None, *,
                log: bool = True) -> dict[str, Any]:
    """The part of a state every client at the table may see. The hand's trick log (``tricks``) only with
    ``log`` (a page's first state, or one it asked for); else its length (``trick_count``) and the page appends
    ``last_trick`` when the count grew by one (and asks again for the whole state when it missed more)."""
    seats = [{"name": s.name if s else "", "ai": bool(s and s.is_ai), "away": bool(s and s.away),
              "you": bool(s and s.name in YOU)} for s in rec.seats]
    out: dict[str, Any] = {"table_id": rec.table_id, "status": rec.status.value, "seats": seats,
                           "deadline": deadline, "host_id": str(rec.host_id)}
    if view is None:
        return out
    decl = view.declaration
    out.update({
        "phase": view.phase.value, "hand_number": view.hand_number, "levels": list(view.levels),
        "level": view.level, "trump": view.trump, "dealer": view.dealer, "to_act": list(view.to_act),
        "hand_sizes": list(view.hand_sizes), "cards_dealt": view.cards_dealt, "points": view.defender_points,
        "kitty_holder": view.kitty_holder, "passed": list(view.passed), "match_winner": view.match_winner,
        "declaration": None if decl is None else {"seat": decl.seat, "cards": format_cards(decl.cards),
                                                  "trump": None if decl.concealed else decl.trump},
        "trick": trick_json(view.trick), "last_trick": trick_json(view.tricks[-1] if view.tricks else None),
        "trick_count": len(view.tricks),
        "last_result": result_json(view.last_result),
        "results": [result_json(r) for r in view.results],
        "penalties": [{"seat": p.seat, "attempted": format_cards(p.attempted), "forced": format_cards(p.forced),
                       "penalty": p.penalty} for p in view.penalties],
    })
    out.update(shape_json(view))
    if log:
        out["tricks"] = [trick_json(tr) for tr in view.tricks]
    return out


def sorted_hand(view: SeatView) -> list[Card]:
    """The hand in trump order (trumps high to low, then the suits) once the trump is known, else by suit."""
    pub = view.public
    ctx = trump_context(pub.level, pub.trump or "NT", pub.rules)
    return ctx.sort_hand(view.hand) if pub.trump is not None else sorted(view.hand, key=ctx.sort_key)


def seat_json(panel: Panel) -> dict[str, Any]:
    """The seat's private part: its hand, kitty, and what it may do now (only when it is to act)."""
    view = panel.view
    hand = sorted_hand(view)
    legal: set[str] = set()
    for plays in panel.plays.values():
        for play in plays:
            legal.update(str(c) for c in play)
    return {"seat": panel.seat, "version": panel.version, "hand": format_cards(hand),
            "kitty": format_cards(view.kitty) if view.kitty is not None else None,
            "your_turn": panel.your_turn, "can_pass": panel.can_pass, "bury": panel.bury_count,
            "declarations": [format_cards(d) for d in panel.declarations],
            "legal": sorted(legal), "queued": format_cards(panel.queued) if panel.queued else None,
            "groups": suit_groups(view, hand),
            "calls": call_choices(view.public) if panel.bury_count and view.public.friends is None
            and not view.public.rules.shape.fixed_partners else None}


def suit_groups(view: SeatView, hand: Sequence[Card]) -> list[int]:
    """The lengths of the hand's runs of one effective suit, in the order shown (trumps, then each suit; while the
    trump is undecided, the jokers and level cards): the page lays each out on rows of its own."""
    pub = view.public
    ctx = trump_context(pub.level, pub.trump or "NT", pub.rules)
    groups: list[int] = []
    last = None
    for card in hand:
        suit = ctx.suit_of(card)
        if suit == last:
            groups[-1] += 1
        else:
            groups.append(1)
            last = suit
    return groups


def check_selection(panel: Panel, kind: str, cards: Sequence[Card]) -> str | None:
    """The message key why ``cards`` cannot be sent as ``kind`` (``play``/``bury``/``declare``) now, or None.
    The rules are the engine's; the server applies them again when the move comes."""
    view = panel.view
    pub = view.public
    if not cards:
        return "act.empty_play"
    if Counter(cards) - Counter(view.hand):
        return "act.not_in_hand"
    if not panel.your_turn:
        return "act.not_your_turn"
    if kind == "bury":
        return None if panel.bury_count and len(cards) == panel.bury_count else "web.bury_count"
    if kind == "declare":
        return _declare_error(panel, cards)
    if kind != "play" or pub.phase is not Phase.PLAYING:
        return "web.not_now"
    ctx = view_context(view)
    trick = pub.trick
    try:
        if trick is None or not trick.plays:
            decompose_lead(list(cards), ctx)
            return None
        return follow_error(trick.plays[0][1], view.hand, tuple(cards), ctx)
    except EngineError as exc:
        return exc.key


def _declare_error(panel: Panel, cards: Sequence[Card]) -> str | None:
    if Counter(cards) in (Counter(d) for d in panel.declarations):
        return None
    pub = panel.view.public
    try:  # the engine's reason when it has one
        check_declaration(pub.declaration, panel.seat, tuple(cards), pub.level, pub.rules,
                          first_hand=pub.hand_number == 1)
    except EngineError as exc:
        return exc.key
    return "web.not_a_declaration"


def refusal(key: str, locale: str, **params: Any) -> dict[str, Any]:
    """A refusal frame: the key and its localized text."""
    return {"type": "refused", "key": key, "text": t(key, locale, **params)}
