"""The play policy (出牌/跟牌 rules of thumb): ONE decision, used by ``basic`` for its own seat and by every
seat of the strong player's playouts (模拟).

The policy reads a ``PlayState`` only through what the seat to act can know: its own hand, the public
history (cards played, the voids (断门) they showed, the current trick, the hand sizes) and the kitty's
cards only if this seat buried them (another seat guesses the kitty's points). So ``basic`` builds a
state from its ``SeatView`` (the other hands left empty) and chooses exactly what the same seat chooses
inside a playout of any deal consistent with that view (tests/ai/test_policy_agreement.py checks it on
thousands of positions). Leads are ``fastlead``; follows are ``fastfollow``.
"""

from __future__ import annotations

import logging
from typing import Final

from engine.ai.fastfollow import follow_general, follow_pair, follow_single
from engine.ai.fastlead import fast_lead
from engine.ai.fasttables import SUIT_INDEX, N
from engine.ai.playstate import MEMO_LIMIT, POLICY_CURRENT, PlayState, to_cards
from engine.ai.situation import Situation
from engine.cardrules.follow import enumerate_follows
from engine.cards import Card
from engine.vectors import i64, vec

log = logging.getLogger(__name__)

GENERAL_FOLLOWS: Final = 8  # legal follows enumerated (cheapest first) for tractor and throw leads


def policy_play(p: PlayState, seat: int) -> tuple[int, ...]:
    """The policy's play for ``seat`` (whose turn it is) in ``p``: a lead if the trick is empty."""
    if not p.trick:
        return fast_lead(p, seat)
    lead = p.trick[0][1]
    if len(lead) == 1:
        return follow_single(p, seat)
    if len(lead) == 2 and lead[0] == lead[1]:
        return follow_pair(p, seat)
    hand = p.hands[seat]
    if p.held[seat][p.led] == len(lead):  # exactly the led suit's cards: forced
        return tuple(i for i in p.t.by_suit[p.led] for _ in range(hand[i]))
    return follow_general(p, seat, legal_follows(p, lead, hand))


def legal_follows(p: PlayState, lead: tuple[int, ...], hand: vec[i64]) -> list[tuple[int, ...]]:
    """The cheapest ``GENERAL_FOLLOWS`` legal follows of ``hand`` to ``lead`` (the rules' enumeration on
    card indices, remembered per context). With enough cards of the led suit only those can be played,
    so only they are asked about (and remembered)."""
    suit = p.t.suit
    led = suit[lead[0]]
    n_led = 0
    for i in p.t.by_suit[led]:
        n_led += hand[i]
    if n_led >= len(lead):  # (the led suit's cards, in index order)
        ids = [i for i in range(N) if suit[i] == led for _ in range(hand[i])]
    else:
        ids = [i for i in range(N) for _ in range(hand[i])]
    memo = p.t.follows
    key = ((led, *p.shape), tuple(ids))  # (the enumeration reads the lead only as its suit and shape)
    follows = memo.get(key)
    if follows is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        follows = memo[key] = tuple(enumerate_follows(p.r, led, p.shape, ids, GENERAL_FOLLOWS))
    return list(follows)


def seat_state(sit: Situation, version: int = POLICY_CURRENT) -> PlayState:
    """The position of ``sit`` as its seat knows it: its own hand (the other hands empty), the public
    history, and the kitty if it buried it; ``version`` is the play policy that will read it."""
    hands = [[0] * N for _ in range(sit.players)]
    for c in sit.hand:
        hands[sit.seat][c.index] += 1
    trick = [(s, tuple(c.index for c in cards)) for s, cards in sit.trick]
    voids = [{SUIT_INDEX[s] for s in v} for v in sit.mem.voids]
    state = PlayState(sit.ctx, hands, trick[0][0] if trick else sit.seat, trick, sit.mem.played, voids,
                      sit.dealer_team, sit.defender_points, sit.kitty or (), sit.kitty_holder,
                      teams=sit.sides().copy())
    state.version = version
    return state


def choose_play(sit: Situation, version: int = POLICY_CURRENT) -> tuple[Card, ...]:
    """The policy's play for the seat of ``sit`` (``basic``'s play, and the first candidate of ``strong``);
    ``version`` ``POLICY_V2`` plays as ``basic_v2`` (kept for measuring)."""
    return to_cards(policy_play(seat_state(sit, version), sit.seat))
