"""The play policy's last tricks (残局): with ``LAST_TRICKS`` cards or fewer per hand (version 3; two decks, four
seats: ``PlayState.last_tricks``).

The last trick decides the kitty bonus (抠底), so the card most likely to win it is kept for it: besides the
one certain trump (``PlayState.guard_card``), the seat's strongest trump, when it holds one copy, is kept too,
its guard cost scaled by the chance that no opponent holds a stronger one (``last_chance``; 1 for a certain
trump), and none where it wins a single's trick now. The kitty's points are guessed from the points the seat
has not seen (``PlayState.kitty_guess``). A trump pair is led as a likely winner when an opponent holding a
stronger trump pair is unlikely (``pair_beaten``). All read only what the seat may know (its hand, the cards
it has seen, its hand size).
"""

from __future__ import annotations

import logging

from engine.ai.fasttables import TRUMP, N
from engine.ai.playstate import PlayState

log = logging.getLogger(__name__)


def in_last_tricks(p: PlayState, seat: int) -> bool:
    """Whether ``seat`` (to play) is in the last tricks under the current policy (``PlayState.last_tricks``)."""
    return p.last_tricks(seat)


def guard(p: PlayState, seat: int) -> tuple[int, int]:
    """``PlayState.guard_card``, and in the last tricks (with no certain trump there) the seat's strongest
    trump if it holds one copy of it and no other trump as sure to win the last trick (-1: none)."""
    single, pair = p.guard_card(seat)
    if single >= 0 or not in_last_tricks(p, seat) or p.sizes[seat] <= 1 or not p.held[seat][TRUMP] or (
            seat == p.kitty_seat and not p.kitty_points):
        return single, pair
    hand = p.hands[seat]
    held = [j for j in p.t.by_suit[TRUMP] if hand[j]]  # strongest first
    top = held[0]
    if hand[top] >= 2 or (len(held) >= 2 and last_chance(p, seat, held[1], True) >= last_chance(p, seat, top, True)):
        return single, pair
    return top, pair


def guard_cost(p: PlayState, seat: int, i: int, pair: bool = False) -> float:
    """``PlayState.guard_cost`` of spending the kept trump ``i`` (pair); in the last tricks, a single kept by
    ``guard`` alone costs nothing where it wins a single's trick now, else its cost scaled by ``last_chance``;
    the certain one too where it is the seat's only card winning the trick now and an unseen equal card, led
    first, could take the last trick from it."""
    cost = p.guard_cost(seat, i, pair)
    if pair or not in_last_tricks(p, seat):
        return cost
    certain = p.guard_card(seat)[0] == i
    if p.trick and len(p.trick[0][1]) == 1 and p.beats_current((i,)):
        if not certain:
            return 0.0
        if last_chance(p, seat, i, True) < 1.0 and _only_winner(p, seat, i):
            return 0.0
    return cost if certain else cost * last_chance(p, seat, i)


def _only_winner(p: PlayState, seat: int, i: int) -> bool:
    """Whether ``i`` is the only card ``seat`` may play to a single's trick that beats it now."""
    hand, suit = p.hands[seat], p.t.suit
    follow = p.held[seat][p.led] > 0
    for j in range(N):
        if j != i and hand[j] and (not follow or suit[j] == p.led) and p.beats_current((j,)):
            return False
    return True


def _unseen_cards(p: PlayState, seat: int) -> int:
    """Cards ``seat`` has not seen (the other hands', and the kitty's unless it buried it)."""
    unseen = p.t.decks * N - p.sizes[seat]
    for n in p.seen_suit[seat]:
        unseen -= n
    return unseen


def last_chance(p: PlayState, seat: int, i: int, ties: bool = False) -> float:
    """The chance that trump ``i`` wins the last trick as far as the opponents go: each unseen stronger copy is
    in an opponent's hand with chance (the opponents' cards / the cards unseen, about twice the seat's hand);
    with ``ties``, an unseen copy of equal strength too, which beats it only when played first (counted half)."""
    unseen = _unseen_cards(p, seat)
    if unseen <= 0:
        return 1.0
    share = min(1.0, 2.0 * float(p.sizes[seat]) / float(unseen))
    t, seen, hand = p.t, p.seen[seat], p.hands[seat]
    top = t.strength[i]
    chance = 1.0
    for j in t.by_suit[TRUMP]:
        if t.strength[j] < top or (not ties and t.strength[j] == top):
            break
        lose = share if t.strength[j] > top else share / 2
        for _ in range(p.t.decks - seen[j] - hand[j]):
            chance *= 1.0 - lose
    return chance


def pair_beaten(p: PlayState, seat: int, i: int) -> float:
    """The chance that an opponent holds a trump pair stronger than the pair of ``i`` (both unseen copies of
    a stronger trump in one opponent's hand: about 2 (h / u)², h the seat's hand size, u the cards unseen)."""
    unseen = _unseen_cards(p, seat)
    if unseen <= 1:
        return 0.0
    size = float(p.sizes[seat])
    one = 2.0 * size / float(unseen) * max(0.0, size - 1.0) / float(unseen - 1)
    t, seen, hand = p.t, p.seen[seat], p.hands[seat]
    top = t.strength[i]
    chance = 0.0
    for j in t.by_suit[TRUMP]:
        if t.strength[j] <= top:
            break
        if p.t.decks - seen[j] - hand[j] >= 2:
            chance += one
    return min(1.0, chance)
