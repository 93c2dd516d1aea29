"""The AI dealer's friend calls (找朋友, RULES §13.3), made with its bury.

The rule: each call names the top card allowed by ``friend_cards`` (A, then K, …) of a plain suit the dealer is
short in — shortest first among the suits it still holds cards of (it can lead them to its friend, whose top card
wins the trick), then the suits it is void in — so the friend is the player holding that suit's winner. The
dealer never calls itself when it can help it:

1. first, cards it holds no copy of (in hand or buried), ordinal 1: the first copy played is necessarily another
   player's;
2. then cards it holds ``h`` copies of, ordinal ``h + 1``, when a copy is left outside its hand and the kitty: the
   friend is the player of the first copy after the dealer's own (the dealer's copies count, so it plays them
   first — a top card is led early as a sure winner);
3. only if the policy leaves nothing else, any allowed call (``engine.friends.default_calls``'s fallback), which
   may make the dealer its own friend (the team then stays smaller).

Calls are distinct (card, ordinal) pairs; never a copy that lies in the kitty (it is never played).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence

from engine.cards import Card
from engine.friends import FriendCall, call_error, default_calls
from engine.rules import Rules

log = logging.getLogger(__name__)

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")  # strongest first


def call_suits(hand: Sequence[Card], level: str, trump: str) -> list[str]:
    """The plain suits in the order the calls look at them: shortest first among those the hand holds (not
    counting its trumps), then the suits it is void in (ties in the order S, H, C, D)."""
    count = Counter(c.suit for c in hand if not c.is_joker and c.rank != level)
    return sorted((s for s in "SHCD" if s != trump), key=lambda s: (count[s] == 0, count[s]))


def choose_calls(hand: Sequence[Card], kitty: Sequence[Card], level: str, trump: str,
                 rules: Rules) -> tuple[FriendCall, ...]:
    """The dealer's ``rules.friend_calls`` calls holding ``hand`` after burying ``kitty`` (module docstring)."""
    need = rules.friend_calls
    held, buried = Counter(hand), Counter(kitty)
    suits = call_suits(hand, level, trump)
    calls: list[FriendCall] = []
    for own in (False, True):  # 1: cards the dealer holds none of; 2: one more than its own copies
        for rank in RANKS:
            for suit in suits:
                card = Card(rank, suit)
                h = held[card]
                if len(calls) >= need or (h > 0) != own or rules.decks - h - buried[card] < 1:
                    continue
                call = FriendCall(card, h + 1)
                if call not in calls and call_error(call, level, trump, rules) is None:
                    calls.append(call)
    if len(calls) < need:  # 3: whatever the policy allows
        calls += [c for c in default_calls(hand, level, trump, rules) if c not in calls][:need - len(calls)]
        log.debug("friend calls beyond the rule: %s", calls)
    return tuple(calls)
