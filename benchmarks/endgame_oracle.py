"""An exact endgame (残局) oracle for the puzzle tooling, independent of the AI under test.

It asks only the table's rules (``engine.follow``, ``engine.trick``, ``engine.throws``, ``engine.settlement``),
never ``engine.ai``: every play is found by brute force over the hand's subsets (a follow that
``follow_is_legal`` accepts; a lead of one suit that is one unit, or a throw (甩牌) no other hand can beat —
a failed throw is never better than leading its smallest unit), and the deal is solved by plain minimax:
the defenders maximize and the dealer team minimizes the defenders' points still to come, the kitty bonus
(抠底) of the last trick included.

The seat's view fixes only its own hand (and the kitty if it buried it): the other hands are every deal of
the unseen cards that respects the voids (断门) the tricks showed — all of them when there are few
(``EXHAUSTIVE_LIMIT``), else a uniform sample. A play is the answer of a position when it is optimal on
every one of those deals and clearly better on average than every other play (``clear_answer``).
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.cards import ALL_CARDS, Card
from engine.follow import follow_is_legal
from engine.settlement import kitty_multiplier
from engine.table import Table
from engine.throws import check_throw, throw_penalty
from engine.trick import trick_points, trick_winner
from engine.trump import TrumpContext, trump_context
from engine.units import decompose_lead
from engine.views import TrickView

EXHAUSTIVE_LIMIT = 3000  # deals enumerated one by one up to this many, else sampled
SAMPLED = 80  # sampled deals when there are more
OPTIMAL_SHARE = 1.0  # the answer is optimal on every deal judged
MIN_GAIN = 5.0  # and gains at least this many points on average over every other play

Hand = tuple[int, ...]  # card indices, sorted
Hands = tuple[Hand, Hand, Hand, Hand]
Plays = tuple[tuple[int, Hand], ...]  # (seat, cards) of the trick so far


class Oracle:
    """Minimax over every legal play of one fully known deal (the trick's plays as card indices)."""

    def __init__(self, ctx: TrumpContext, dealer_team: int, kitty_points: int) -> None:
        self.ctx = ctx
        self.dealer_team = dealer_team
        self.kitty_points = kitty_points
        self.memo: dict[tuple[Hands, int], int] = {}

    def cards(self, hand: Sequence[int]) -> list[Card]:
        return [ALL_CARDS[i] for i in hand]

    def plays(self, hands: Hands, seat: int, trick: Plays, throws: bool = False) -> list[Hand]:
        """Every legal play of ``seat`` (distinct card multisets); leads: every throw with ``throws``, else only
        the throws that stand."""
        hand = hands[seat]
        if trick:
            lead = self.cards(trick[0][1])
            own = self.cards(hand)
            subsets = sorted(set(itertools.combinations(hand, len(lead))))
            return [p for p in subsets if follow_is_legal(lead, own, self.cards(p), self.ctx)]
        out = []
        for n in range(1, len(hand) + 1):
            for p in sorted(set(itertools.combinations(hand, n))):
                cards = self.cards(p)
                if len({self.ctx.suit_of(c) for c in cards}) != 1:
                    continue
                if not throws and decompose_lead(cards, self.ctx).is_throw:
                    others = [self.cards(hands[s]) for s in range(4) if s != seat]
                    if check_throw(cards, others, self.ctx).failed:
                        continue
                out.append(p)
        return out

    def value(self, hands: Hands, trick: Plays, leader: int) -> int:
        """The defenders' points still to come (the trick's so far included) under best play by both teams."""
        if not trick:
            if not hands[leader]:
                return 0
            key = (hands, leader)
            known = self.memo.get(key)
            if known is None:
                known = self.memo[key] = self._choose(hands, trick, leader)
            return known
        if len(trick) == 4:
            return self._finish(hands, trick)
        return self._choose(hands, trick, (trick[0][0] + len(trick)) % 4)

    def after(self, hands: Hands, trick: Plays, seat: int, play: Hand) -> int:
        """``value`` once ``seat`` has made ``play``."""
        rest = list(hands[seat])
        for i in play:
            rest.remove(i)
        changed = tuple(tuple(rest) if s == seat else h for s, h in enumerate(hands))
        return self.value(changed, (*trick, (seat, play)), trick[0][0] if trick else seat)  # type: ignore[arg-type]

    def first(self, hands: Hands, trick: Plays, seat: int, play: Hand) -> int:
        """``after`` for the seat's own decision, where ``play`` may be a throw that fails on this deal: then
        its smallest beaten unit is played and the thrower's side pays ``throw_penalty``."""
        if trick:
            return self.after(hands, trick, seat, play)
        cards = self.cards(play)
        others = [self.cards(hands[s]) for s in range(4) if s != seat]
        check = check_throw(cards, others, self.ctx)
        if not check.failed:
            return self.after(hands, trick, seat, play)
        penalty = throw_penalty(len(play), len(play) - len(check.forced), self.ctx.rules)
        sign = 1 if seat % 2 == self.dealer_team else -1
        return sign * penalty + self.after(hands, trick, seat, tuple(sorted(c.index for c in check.forced)))

    def _choose(self, hands: Hands, trick: Plays, seat: int) -> int:
        values = [self.after(hands, trick, seat, p) for p in self.plays(hands, seat, trick)]
        return max(values) if seat % 2 != self.dealer_team else min(values)

    def _finish(self, hands: Hands, trick: Plays) -> int:
        plays = [self.cards(p) for _, p in trick]
        k = trick_winner(plays, self.ctx)
        winner = trick[k][0]
        gained = 0
        if winner % 2 != self.dealer_team:
            gained = trick_points(plays)
            if not hands[winner] and self.kitty_points:
                ctx = self.ctx
                gained += self.kitty_points * kitty_multiplier(plays[k], ctx.level, ctx.trump, ctx.rules)
        return gained + self.value(hands, (), winner)


@dataclass(frozen=True)
class Position:
    """What the seat to act knows (its hand, the kitty if it buried it, the trick so far, the voids shown)
    and what it does not (the unseen cards, the other hands' sizes)."""

    ctx: TrumpContext
    seat: int
    dealer_team: int
    hand: Hand
    trick: Plays
    leader: int
    unseen: Hand  # the other hands' cards and, unless the seat buried it, the kitty's
    sizes: tuple[int, int, int, int]
    voids: tuple[frozenset[str], ...]
    kitty: Hand | None  # known to the seat (it buried it)

    @property
    def deals(self) -> int:
        """How many deals of the unseen cards there are (voids not counted): a multinomial count."""
        total, left = 1, len(self.unseen)
        for s in range(4):
            if s != self.seat:
                total *= _choose(left, self.sizes[s])
                left -= self.sizes[s]
        return total


def _choose(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def _voids(tricks: Sequence[TrickView], ctx: TrumpContext) -> list[set[str]]:
    voids: list[set[str]] = [set(), set(), set(), set()]
    for trick in tricks:
        if not trick.plays:
            continue
        lead = trick.plays[0][1]
        suit = ctx.suit_of(lead[0])
        for seat, play in trick.plays[1:]:
            if sum(1 for c in play if ctx.suit_of(c) == suit) < len(lead):
                voids[seat].add(suit)
    return voids


def position_of(table: Table) -> Position | None:
    """The position of the seat to act (``None`` after a failed throw, whose shown cards are not modelled)."""
    pub = table.public_view()
    if pub.penalties or pub.dealer is None or pub.trump is None:
        return None
    seat = table.to_act()[0]
    ctx = trump_context(pub.level, pub.trump, pub.rules)
    view = table.seat_view(seat)
    tricks = list(pub.tricks)
    current: Plays = ()
    if pub.trick is not None and not pub.trick.complete:
        tricks.append(pub.trick)
        current = tuple((s, tuple(sorted(c.index for c in p))) for s, p in pub.trick.plays)
    seen = Counter(c.index for t in tricks for _, p in t.plays for c in p)
    seen.update(c.index for c in view.hand)
    kitty = tuple(sorted(c.index for c in view.kitty)) if view.kitty else None
    if kitty is not None:
        seen.update(kitty)
    unseen = Counter({i: 2 for i in range(len(ALL_CARDS))})
    unseen.subtract(seen)
    sizes = tuple(pub.hand_sizes)
    return Position(ctx, seat, pub.dealer % 2, tuple(sorted(c.index for c in view.hand)), current,
                    current[0][0] if current else seat, tuple(sorted(unseen.elements())),
                    (sizes[0], sizes[1], sizes[2], sizes[3]),
                    tuple(frozenset(v) for v in _voids(tricks, ctx)), kitty)


def _fits(pos: Position, seat: int, cards: Sequence[int]) -> bool:
    return not any(pos.ctx.suit_of(ALL_CARDS[i]) in pos.voids[seat] for i in cards)


def _others(pos: Position) -> list[int]:
    return [s for s in range(4) if s != pos.seat]


def all_deals(pos: Position) -> Iterator[tuple[Hands, Hand]]:
    """Every deal (hands, kitty) of the unseen cards consistent with the voids, each multiset once."""
    a, b, c = _others(pos)

    def rest(pool: Hand, taken: Hand) -> Hand:
        left = list(pool)
        for i in taken:
            left.remove(i)
        return tuple(left)

    for ha in sorted(set(itertools.combinations(pos.unseen, pos.sizes[a]))):
        if not _fits(pos, a, ha):
            continue
        pool = rest(pos.unseen, ha)
        for hb in sorted(set(itertools.combinations(pool, pos.sizes[b]))):
            if not _fits(pos, b, hb):
                continue
            pool_c = rest(pool, hb)
            for hc in sorted(set(itertools.combinations(pool_c, pos.sizes[c]))):
                if _fits(pos, c, hc):
                    yield _deal(pos, {a: ha, b: hb, c: hc}), rest(pool_c, hc)


def _deal(pos: Position, others: dict[int, Hand]) -> Hands:
    h = [pos.hand if s == pos.seat else others[s] for s in range(4)]
    return (h[0], h[1], h[2], h[3])


def sampled_deals(pos: Position, n: int, rng: random.Random, tries: int = 20000) -> list[tuple[Hands, Hand]]:
    """Up to ``n`` uniform deals consistent with the voids (rejection sampling)."""
    out = []
    for _ in range(tries):
        pool = list(pos.unseen)
        rng.shuffle(pool)
        others, at = {}, 0
        for s in _others(pos):
            others[s] = tuple(sorted(pool[at:at + pos.sizes[s]]))
            at += pos.sizes[s]
        if all(_fits(pos, s, h) for s, h in others.items()):
            out.append((_deal(pos, others), tuple(sorted(pool[at:]))))
            if len(out) == n:
                break
    return out


def deals_of(pos: Position, rng: random.Random) -> tuple[list[tuple[Hands, Hand]], bool]:
    """The deals a position is judged on, and whether they are all of them."""
    if pos.deals <= EXHAUSTIVE_LIMIT:
        return list(all_deals(pos)), True
    return sampled_deals(pos, SAMPLED, rng), False


def play_values(pos: Position, deals: Sequence[tuple[Hands, Hand]]) -> tuple[list[Hand], list[list[int]]]:
    """The seat's legal plays and, per deal, each play's points for the seat's team (defenders: points to
    come; the dealer team: minus them)."""
    sign = -1 if pos.seat % 2 == pos.dealer_team else 1
    plays: list[Hand] = []
    rows = []
    for hands, kitty in deals:
        kitty_cards = pos.kitty if pos.kitty is not None else kitty
        oracle = Oracle(pos.ctx, pos.dealer_team, sum(ALL_CARDS[i].points for i in kitty_cards))
        if not plays:  # (they read only the seat's own hand: the same on every deal)
            plays = oracle.plays(hands, pos.seat, pos.trick, throws=True)
        rows.append([sign * oracle.first(hands, pos.trick, pos.seat, p) for p in plays])
    return plays, rows


@dataclass(frozen=True)
class Answer:
    """A position's answer: the play, the deals it was judged on, its share of optimal deals, its smallest
    average gain over another play."""

    play: Hand
    deals: int
    exhaustive: bool
    optimal: float
    gain: float


def clear_answer(plays: list[Hand], rows: list[list[int]], deals: int, exhaustive: bool) -> Answer | None:
    """The play optimal on ``OPTIMAL_SHARE`` of the deals and ``MIN_GAIN`` points better on average than
    every other play, if there is one."""
    if len(plays) < 2 or not rows or any(len(r) != len(plays) for r in rows):
        return None
    means = [statistics.fmean(r[i] for r in rows) for i in range(len(plays))]
    order = sorted(range(len(plays)), key=lambda i: -means[i])
    best = order[0]
    optimal = sum(1 for r in rows if r[best] >= max(r)) / len(rows)
    gain = means[best] - means[order[1]]
    if optimal < OPTIMAL_SHARE or gain < MIN_GAIN:
        return None
    return Answer(plays[best], deals, exhaustive, round(optimal, 3), round(gain, 1))
