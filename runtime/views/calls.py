"""找朋友 friend calls as the interfaces offer them to the dealer (RULES §13.3): what the dialog after the bury
says and suggests, the dealer's own calls checked before anything is committed, and calls typed as text.

A call (朋友牌) names a card and which copy of it: "the 2nd K♣" (第二张 K♣) — whoever plays that copy joins the
dealer's team. ``friend_cards`` decides which cards may be called; the engine's ``check_calls`` refuses the others
with its message key. The dealer may call a card it holds: its own copies count, so it may become its own friend
(the team then stays smaller) — ``held`` names such calls so the dialog can warn before they are made. The
suggestion is the AI's own choice (``engine.ai.calls``), the one 托管 makes when the dealer's time runs out.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.calls import choose_calls
from engine.cards import Card, parse_cards
from engine.errors import EngineError, IllegalAction
from engine.friends import FriendCall, check_calls
from runtime.views.panel import Panel

log = logging.getLogger(__name__)

MAX_CALLS = 3  # ⌊8/2⌋ − 1: the most friends a table calls by default (§13.3)
_ORDINALS_ZH = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4}
_ORDINAL = re.compile(r"^(?:the\s+)?(?:第\s*([一二两三四1-9])\s*张|([1-9])\s*(?:st|nd|rd|th|\.|x|×)?)\s*(?:of\s+)?",
                      re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class CallDialog:
    """What the dealer is asked after choosing its bury: ``count`` calls under ``policy`` (``friend_cards``), each
    copy 1 to ``decks``; the ``suggested`` calls (the AI's) and those of them naming a card the dealer holds."""

    count: int
    decks: int
    policy: str
    level: str
    trump: str
    suggested: tuple[FriendCall, ...]
    held: tuple[FriendCall, ...]


def _kept(panel: Panel, buried: Sequence[Card]) -> list[Card]:
    """The dealer's hand once ``buried`` is put down; ``IllegalAction`` for a bury the engine would refuse."""
    rules = panel.view.public.rules
    if len(buried) != rules.shape.kitty:
        raise IllegalAction("bury.wrong_count", count=len(buried), size=rules.shape.kitty)
    rest = list(panel.view.hand)
    for card in buried:
        if card not in rest:
            raise IllegalAction("bury.not_in_hand")
        rest.remove(card)
    return rest


def _hand_context(panel: Panel) -> tuple[str, str]:
    pub = panel.view.public
    if pub.rules.shape.fixed_partners:
        raise IllegalAction("friends.not_friends_mode")
    if not panel.bury_count or pub.trump is None:
        raise IllegalAction("action.not_your_turn")
    return pub.level, pub.trump


def call_dialog(panel: Panel, buried: Sequence[Card]) -> CallDialog:
    """The dialog for the dealer burying ``buried`` (refused as the engine would refuse the bury)."""
    level, trump = _hand_context(panel)
    rules = panel.view.public.rules
    kept = _kept(panel, buried)
    suggested = choose_calls(kept, buried, level, trump, rules)
    return CallDialog(rules.friend_calls, rules.decks, str(rules.friend_cards), level, trump, suggested,
                      held_calls(kept, suggested))


def held_calls(hand: Sequence[Card], calls: Sequence[FriendCall]) -> tuple[FriendCall, ...]:
    """The calls naming a card ``hand`` holds a copy of (the dealer may be its own friend through them)."""
    held = Counter(hand)
    return tuple(c for c in calls if held[c.card] > 0)


def check_dealer_calls(panel: Panel, buried: Sequence[Card], calls: Sequence[FriendCall]) -> tuple[FriendCall, ...]:
    """``calls`` checked as the engine will check them with the bury (``IllegalAction`` with its key); the calls
    naming a card the dealer keeps (the dialog's warning)."""
    level, trump = _hand_context(panel)
    kept = _kept(panel, buried)
    check_calls(calls, level, trump, panel.view.public.rules)
    return held_calls(kept, calls)


def parse_call(text: str) -> FriendCall:
    """One call typed as text: ``2 KC``, ``2nd K♣``, ``the 2nd K♣``, ``第二张K♣``; a card alone is its 1st copy.
    ``IllegalAction("friends.bad_call")`` for anything else."""
    cleaned = text.replace("\ufe0e", "").replace("\ufe0f", "").strip()
    alone = _one_card(cleaned)  # ``10H`` is a card, not the 1st copy of ``0H``
    if alone is not None:
        return FriendCall(alone, 1)
    match = _ORDINAL.match(cleaned)
    card = _one_card(cleaned[match.end():]) if match is not None and (match[1] or match[2]) else None
    if match is None or card is None:
        raise IllegalAction("friends.bad_call", text=text.strip()[:40])
    digit = match[1] or match[2]
    return FriendCall(card, _ORDINALS_ZH.get(digit) or int(digit))


def _one_card(text: str) -> Card | None:
    try:
        cards = parse_cards(text.strip())
    except EngineError:
        return None
    return cards[0] if len(cards) == 1 else None


def parse_calls(text: str) -> tuple[FriendCall, ...]:
    """Calls typed as one text, separated by commas, semicolons, 、 or new lines (``2 KC, 1 AH``)."""
    parts = [p for p in re.split(r"[,;，；、\n]+", text) if p.strip()]
    return tuple(parse_call(p) for p in parts)


def encode_calls(calls: Sequence[FriendCall]) -> str:
    """Calls for a custom id: ``card index × 5 + ordinal`` each, joined by ``-`` (``"217-48"``)."""
    return "-".join(str(c.card.index * 5 + c.ordinal) for c in calls)


def decode_calls(text: str) -> tuple[FriendCall, ...]:
    """Inverse of ``encode_calls``; codes naming no card are dropped (the engine then counts the calls short)."""
    from engine.cards import ALL_CARDS

    out = []
    for part in text.split("-"):
        if part.isdigit():
            index, ordinal = divmod(int(part), 5)
            if index < len(ALL_CARDS) and ordinal:
                out.append(FriendCall(ALL_CARDS[index], ordinal))
    return tuple(out)
