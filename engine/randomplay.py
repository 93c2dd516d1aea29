"""Random legal play on a whole table: the driver of property tests, benchmarks and storage tests.

Unlike the AI players (which see only a ``SeatView``), this driver works on the ``Table`` itself:
it picks the system action or a seat's action uniformly from ``legal_actions``, and sometimes tries a
random throw (甩牌) so failed throws and penalties are exercised.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Final

from engine import builders
from engine.actions import Action, Bury, CloseDeclaring, DealAll, DealCard, Declare
from engine.cards import Card, remove_cards
from engine.friends import default_calls
from engine.legal import play_option_ids
from engine.playing import Playing
from engine.seeded import choice, randint, sample, shuffle
from engine.table import Table
from engine.trump import TrumpContext
from engine.views import Phase

# a module constant reads faster than an enum member
_PLAYING: Final = Phase.PLAYING
_DEALING: Final = Phase.DEALING
_DECLARING: Final = Phase.DECLARING
_BURYING: Final = Phase.BURYING
_HAND_OVER: Final = Phase.HAND_OVER
_MATCH_OVER: Final = Phase.MATCH_OVER


def random_throw(hand: list[Card], ctx: TrumpContext, rng: random.Random) -> tuple[Card, ...]:
    """A random multi-card lead of one effective suit from ``hand`` (may be a valid or a failing throw)."""
    by_suit: dict[str, list[Card]] = defaultdict(list)
    for card in hand:
        by_suit[ctx.suit_of(card)].append(card)
    suit = choice(rng, sorted(by_suit))
    cards = by_suit[suit]
    k = randint(rng, 1, min(len(cards), 6))
    return tuple(sample(rng, cards, k))


def random_action(table: Table, rng: random.Random, *, throw_chance: float = 0.1,
                  progressive_deal: bool = False) -> Action:
    """One random legal action for whoever may act now (system actions when no seat can)."""
    phase = table.phase
    if phase is _PLAYING:  # the common case first; the seat to act is the only one in to_act()
        h = table.hand
        play = h.state
        assert isinstance(play, Playing)
        seat = (play.leader + len(play.trick)) % h.players  # h.to_act()[0] while playing, without the tuple
        if not play.trick and rng.random() < throw_chance:
            return builders.play(seat, random_throw(h.hands[seat], h.ctx(), rng))
        # the list Table.legal_actions(seat) offers, on card indices: only the chosen play becomes cards
        plays = play_option_ids([c.index for c in h.hands[seat]], play.trick_lead(h), h.ctx())
        return builders.play_of(seat, choice(rng, plays))
    if phase is _DEALING:
        return _dealing_action(table, rng, progressive_deal)
    if phase is _DECLARING:
        seats = list(table.to_act())
        if not seats:
            return CloseDeclaring()
        seat = choice(rng, seats)
        options = table.legal_actions(seat)
        declares = [a for a in options if isinstance(a, Declare)]
        if declares and rng.random() < 0.3:
            return choice(rng, declares)
        return builders.pass_turn(seat)
    to_act = table.to_act()
    if not to_act:
        return choice(rng, table.legal_actions(None))
    seat = to_act[0]
    if phase is _BURYING:
        hand = list(table.hand.hands[seat])
        buried = tuple(sample(rng, hand, table.rules.shape.kitty))
        if table.rules.shape.fixed_partners:
            return Bury(seat=seat, cards=buried)
        h = table.hand
        assert h.trump is not None
        return Bury(seat=seat, cards=buried, calls=default_calls(remove_cards(hand, buried), h.level, h.trump,
                                                                 table.rules))
    return choice(rng, table.legal_actions(seat))


def _dealing_action(table: Table, rng: random.Random, progressive_deal: bool) -> Action:
    """While dealing: a declaration (three times in ten) of a seat that has one, in a random order of the seats,
    else the next card or the rest of the deal."""
    seats = list(table.to_act())
    shuffle(rng, seats)
    for seat in seats:
        if not table.hand.hands[seat]:  # nothing drawn yet: nothing to declare
            continue
        declares = [a for a in table.legal_actions(seat) if isinstance(a, Declare)]
        if declares and rng.random() < 0.3:
            return choice(rng, declares)
    return DealCard() if progressive_deal else DealAll()


def play_random_hand(table: Table, rng: random.Random, **kwargs: object) -> int:
    """Apply random legal actions until the current hand is settled (or the match ends); returns the count."""
    count = 0
    phase = table.phase
    while phase is not _HAND_OVER and phase is not _MATCH_OVER:
        if kwargs:
            table.apply(random_action(table, rng, **kwargs))  # type: ignore[arg-type]
        else:  # (a native call: with ``**kwargs`` it is a generic Python call)
            table.apply(random_action(table, rng))
        phase = table.phase
        count += 1
    return count
