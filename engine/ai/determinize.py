"""Sampling hidden hands (确定化) consistent with everything a seat has seen.

The unseen cards (not played, not in the own hand, not in a kitty the seat buried) are dealt to the other hands
(their current sizes) and, if the seat did not bury it, to the kitty (its size by the table's shape). Cards a seat
is known to hold (a declaration still in hand, cards taken back after a failed throw) go to it first; a seat known
void (断门) in an effective suit gets no card of it; a seat that showed it has no pair of a suit does not get two
identical cards of it, nor a seat an overcall it would have shown in the first hand's declaration window (抢庄,
``engine.ai.memory``), nor in 找朋友 the dealer more copies of a called card than its call says it held
(``dealer_caps``) (all checked, resampled a few times, then relaxed). The playouts then start from the sides known
and the calls still open (``engine.ai.teams``): a friend is revealed in a deal where its called copy is played.
A deal on which the plays so far of the seats asked to be read (the basic and strong AI seats) are not what the
play policy would have played there weighs less (``engine.ai.inference``, 读牌): the deals come from a chain
weighed by the plays. An unknown kitty is biased towards what a burier throws away: few trumps, aces or points.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.ai.fasttables import TRUMP as TRUMP_INDEX
from engine.ai.fasttables import N, fast_tables
from engine.ai.inference import Reading, play_checks
from engine.ai.memory import Overcall
from engine.ai.situation import Situation
from engine.cards import ALL_CARDS
from engine.trump import TrumpContext
from engine.vectors import i64, vec

log = logging.getLogger(__name__)

KITTY: Final = 4  # destination index of the kitty with four seats (seats are 0..3; with P seats it is P)
TRIES: Final = 20
BURN_IN: Final = 8  # fresh deals to start the play reading's chain from (the best kept), then ...
BURN_IN_STEPS = 60  # ... this many of its swaps before its first deal
CHAIN_STEPS = 2  # and this many between two deals (read at each decision: ``--variant``; 4 costs 2.5x as much)
OVERCALL_INFERENCE = True  # (read at each decision: ``benchmarks/ai_regret.py --variant OVERCALL_INFERENCE=0``)


@dataclass
class World:
    """One sampled deal: a count vector per hand, and the kitty's cards (indices)."""

    hands: list[list[int]]
    kitty: list[int]


def sample_world(sit: Situation, rng: random.Random) -> World:
    """A random deal of the unseen cards consistent with ``sit``'s memory."""
    return Sampler(sit).sample(rng)


class Sampler:
    """Deals for one decision: what does not change between deals (the unseen cards, the slots to fill,
    the destinations each suit may go to, the kitty's weights) is worked out once."""

    def __init__(self, sit: Situation, read: Mapping[int, str] | None = None) -> None:
        """``read``: weigh the deals by these seats' plays, read by their AI levels (``engine.ai.inference``,
        读牌)."""
        self.sit = sit
        t = fast_tables(sit.ctx)
        self.suit = t.suit
        unseen = sit.unseen()
        self.kitty_known = sit.kitty is not None
        players = sit.players
        self.kitty_at = kitty_at = players  # (the kitty's destination index: after the seats)
        self.dests = dests = players + 1
        caps = [0] * dests
        for s in range(players):
            if s != sit.seat:
                caps[s] = sit.hand_sizes[s]
        caps[kitty_at] = 0 if self.kitty_known else sit.ctx.rules.shape.kitty
        self.caps = caps
        self.pool = [i for i in range(N) for _ in range(max(unseen[i], 0))]
        if len(self.pool) != sum(caps):  # should not happen; keep going with what fits
            log.warning("unseen %d cards for %d slots", len(self.pool), sum(caps))
        self.kitty_weight = _kitty_weights(sit)
        voids = [{_suit_int(s) for s in sit.mem.voids[seat]} for seat in range(players)]
        # the destinations accepting each effective suit (the kitty takes anything): respecting the voids
        # (strict), or not
        self.accept = [[d for d in range(dests) if d == kitty_at or s not in voids[d]] for s in range(5)]
        self.accept_any = [list(range(dests)) for _ in range(5)]
        self.constrained = any(len(a) < dests for a in self.accept)
        self.shown = any(sit.mem.shown[seat] for seat in range(players))
        # per seat, the cards it holds no pair of (every card of a suit it showed it has no pair of)
        unpaired_suits = [{_suit_int(s) for s in sit.mem.no_pairs[seat]} if seat != sit.seat else set()
                          for seat in range(players)]
        self.unpaired = [[i for i in range(N) if self.suit[i] in suits] for suits in unpaired_suits]
        self.no_pairs = any(self.unpaired)
        self.no_overcall = OVERCALL_INFERENCE and any(sit.mem.no_overcall)
        self.dealer_caps = dealer_caps(sit)
        self.capped = dict(self.dealer_caps)
        self.own = [0] * N
        for c in sit.hand:
            self.own[c.index] += 1
        checks = play_checks(sit, read) if read else []  # the plays to weigh deals by
        self.reading: Reading | None = None
        if any(checks):
            shown = [[0] * N for _ in range(players)]
            for seat in range(players):
                for card, n in sit.mem.shown[seat].items():
                    shown[seat][card.index] += n
            self.reading = Reading(sit, checks, self.accept, shown, self.kitty_weight,
                                   lambda hands, kitty: self._consistent(World(hands, [])))
        self.started = False

    def sample(self, rng: random.Random) -> World:
        """A deal of the unseen cards consistent with the seat's memory (voids and shown cards; no pair where a
        seat showed it has none, no overcall a seat passed up: resampled up to ``TRIES`` times, then relaxed),
        weighed by the others' plays (``engine.ai.inference.Reading``: a chain of deals, each one a few swaps
        from the last) when there are any."""
        reading = self.reading
        if reading is None:
            return self._fresh(rng)
        if not self.started:
            self.started = True
            holders = [s for s in range(self.sit.players) if s != self.sit.seat and self.caps[s] > 0]
            if not self.kitty_known:
                holders.append(self.kitty_at)

            def fresh() -> tuple[list[list[int]], list[int]]:
                world = self._fresh(rng)
                return world.hands, world.kitty

            reading.begin(fresh, holders, BURN_IN, BURN_IN_STEPS, rng)
        else:
            reading.walk(CHAIN_STEPS, rng)
        hands, kitty = reading.deal()
        return World(hands, kitty)

    def _fresh(self, rng: random.Random) -> World:
        """A random deal consistent with the seat's memory (not weighed by the plays)."""
        sit = self.sit
        world: World | None = None
        for attempt in range(TRIES):
            strict = attempt < TRIES - 1
            world = self._try_deal(rng, strict)
            if world is not None and (not strict or self._consistent(world)):
                break
        if world is None:
            world = self._try_deal(rng, False)
        assert world is not None
        world.hands[sit.seat] = list(self.own)
        if self.kitty_known:
            world.kitty = [c.index for c in sit.kitty or ()]
        return world

    def _consistent(self, world: World) -> bool:
        """The deal gives no seat a pair it showed it lacks, nor an overcall it passed up, nor the dealer more copies
        of a called card than its call said it held."""
        if self.no_pairs and not _pairs_ok(world, self.unpaired):
            return False
        if self.dealer_caps and not _caps_ok(world, self.sit.dealer, self.dealer_caps):
            return False
        return not self.no_overcall or _overcalls_ok(world, self.sit.mem.no_overcall)

    def _try_deal(self, rng: random.Random, strict: bool) -> World | None:
        hands = [[0] * N for _ in range(self.sit.players)]
        kitty: list[int] = []
        kitty_at = self.kitty_at
        left = list(self.caps)
        rest = list(self.pool)
        if strict and self.shown:
            _deal_shown(self.sit, rest, hands, left)
        accept = self.accept if strict else self.accept_any
        shuffle(rng, rest)
        if strict and self.constrained:
            rest = _most_constrained_first(rest, accept, self.suit, self.dests)
        rand = rng.random
        suit = self.suit
        free = [[d for d in a if left[d] > 0] for a in accept]  # per suit: accepting destinations with room
        capped = self.capped  # (kept by the relaxed deal too: a call is the dealer's own word)
        dealer = self.sit.dealer
        for i in rest:
            dests = free[suit[i]]
            if capped and i in capped and hands[dealer][i] >= capped[i] and dealer in dests:
                dests = [d for d in dests if d != dealer]  # (the dealer holds no more copies than its call said)
            if not dests:
                if strict:
                    return None
                dests = [d for d in range(self.dests) if left[d] > 0]
                if not dests:
                    return None
            d = dests[0] if len(dests) == 1 else _destination(dests, left, self.kitty_weight[i], rand(), kitty_at)
            left[d] = left[d] - 1
            if not left[d]:
                free = [[e for e in a if left[e] > 0] for a in accept]
            if d == kitty_at:
                kitty.append(i)
            else:
                hand = hands[d]
                hand[i] = hand[i] + 1
        return World(hands, kitty)


def _most_constrained_first(cards: list[int], accept: list[list[int]], suit: vec[i64], dests: int = 5) -> list[int]:
    """``cards`` with the ones of suits accepted by fewer destinations first (a stable sort)."""
    by_room: list[list[int]] = [[] for _ in range(dests + 1)]
    for i in cards:
        by_room[len(accept[suit[i]])].append(i)
    return [i for group in by_room for i in group]


def _destination(dests: list[int], left: list[int], kw: float, r: float, kitty_at: int = KITTY) -> int:
    """One of ``dests`` with probability ∝ its free slots (× the kitty's weight ``kw``: the kitty is destination
    ``kitty_at``), ``r`` uniform in [0, 1)."""
    total = 0.0
    for e in dests:  # (float locals: compiled, ``int * float if … else int`` is a generic number)
        n = float(left[e])
        total += n * kw if e == kitty_at else n
    r *= total
    d = dests[0]
    for d in dests:
        n = float(left[d])
        r -= n * kw if d == kitty_at else n
        if r < 0:
            break
    return d


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``: the same permutation from the same generator state, leaving the same state
    (CPython's algorithm: Fisher-Yates with ``getrandbits`` rejection sampling), without a Python-level
    call per card; any other generator class shuffles itself."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _deal_shown(sit: Situation, rest: list[int], hands: list[list[int]], left: list[int]) -> None:
    """Cards a seat is known to hold (a declaration still in hand, cards taken back) go to it first."""
    for seat in range(len(hands)):
        for card, n in sit.mem.shown[seat].items():
            for _ in range(n):
                i = card.index
                if i in rest and left[seat] > 0:
                    rest.remove(i)
                    hands[seat][i] += 1
                    left[seat] -= 1


@lru_cache(maxsize=256)
def _kitty_weights_for(ctx: TrumpContext) -> tuple[float, ...]:
    t = fast_tables(ctx)
    out = []
    for i, card in enumerate(ALL_CARDS):
        if t.suit[i] == TRUMP_INDEX:
            out.append(0.15)
        elif card.rank == "A":
            out.append(0.3)
        else:
            out.append({0: 1.0, 5: 0.6}.get(card.points, 0.4))
    return tuple(out)


def _kitty_weights(sit: Situation) -> tuple[float, ...]:
    """How likely each card is to have been buried (扣底) relative to staying in a hand: a burier keeps
    trumps, aces and points when it can."""
    return _kitty_weights_for(sit.ctx)


def _suit_int(s: str) -> int:
    return {"S": 0, "H": 1, "C": 2, "D": 3, "T": 4}[s]


def _overcalls_ok(world: World, no_overcall: list[list[Overcall]]) -> bool:
    """No seat holds all the cards still needed for an overcall it did not make."""
    for seat in range(len(world.hands)):
        hand = world.hands[seat]
        for option in no_overcall[seat]:
            held = True
            for i, n in option:
                if hand[i] < n:
                    held = False
                    break
            if held:
                return False
    return True


def dealer_caps(sit: Situation) -> list[tuple[int, int]]:
    """找朋友: (card index, most copies) the dealer may hold now of each card it called, for another seat's deals. A
    dealer calling the k-th copy holds at most k − 1 copies (it calls a copy another player must play, as the AI's
    rule does, ``engine.ai.calls``), less those it has played since: it cannot hold the remaining copies. (A call
    that the dealer's own plays contradict says nothing.)"""
    if not sit.calls or sit.dealer < 0 or sit.dealer == sit.seat:
        return []
    played = [0] * N
    for trick in sit.history:
        for seat, cards in trick:
            if seat == sit.dealer:
                for c in cards:
                    played[c.index] += 1
    caps: dict[int, int] = {}
    for i, ordinal in sit.calls:
        most = ordinal - 1 - played[i]
        if most >= 0:
            caps[i] = min(caps.get(i, most), most)
    return sorted(caps.items())


def _caps_ok(world: World, seat: int, caps: list[tuple[int, int]]) -> bool:
    """``seat`` holds at most the given copies of each card of ``caps``."""
    hand = world.hands[seat]
    return all(hand[i] <= most for i, most in caps)


def _pairs_ok(world: World, unpaired: list[list[int]]) -> bool:
    """No seat holds two copies of a card it holds no pair of."""
    for seat in range(len(world.hands)):
        hand = world.hands[seat]
        for i in unpaired[seat]:
            if hand[i] >= 2:
                return False
    return True
