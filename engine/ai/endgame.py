"""Exact endgame (残局): a fully known deal with few cards left is solved by minimax instead of played out.

The defenders maximize and the dealer team minimizes the defenders' points still to come, the kitty bonus
(抠底) of the last trick included. Every legal follow is tried (``enumerate_follows`` is exact for small
hands); leads are every single, pair and tractor of the hand (throws (甩牌) are left out). Positions at the
start of a trick are memoized; within a trick, alpha-beta pruning cuts the plays that cannot matter. The
rules are asked on card indices (``engine.ai.fastenum``, ``engine.ai.fastrules``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Final

from engine.ai.fastenum import enumerate_follows
from engine.ai.fastrules import rule_tables, tractors, trick_winner
from engine.ai.playstate import fast_tables, to_cards
from engine.cards import Card
from engine.settlement import kitty_multiplier
from engine.trump import TrumpContext
from engine.units import decompose_lead

log = logging.getLogger(__name__)

EXACT_CARDS: Final = 4  # cards per hand from which a deal is solved exactly
FOLLOW_LIMIT: Final = 200  # legal follows enumerated (all of them, for hands this small)
LOW: Final = -1  # below any points to come (the bounds of the minimax)
HIGH: Final = 1 << 40  # above any points to come
Hands = tuple[tuple[int, ...], ...]  # each seat's cards (sorted indices)
Trick = tuple[tuple[int, tuple[int, ...]], ...]  # (seat, play) so far, lead first
Options = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # (play, the hand left after it)


class Endgame:
    """Solves endgames of one deal (one trump context, dealer team and kitty)."""

    def __init__(self, ctx: TrumpContext, dealer_team: int, kitty: Sequence[Card]) -> None:
        self.ctx = ctx
        self.points = fast_tables(ctx).points
        self.r = rule_tables(ctx)
        self.dealer_team = dealer_team
        self.kitty_points = sum(c.points for c in kitty)
        self.memo: dict[tuple[Hands, int], int] = {}
        self.option_memo: dict[tuple[tuple[int, ...], tuple[int, ...]], Options] = {}
        self.winner_memo: dict[tuple[tuple[int, ...], ...], int] = {}
        self.shapes: dict[tuple[int, ...], tuple[int, ...]] = {}  # leads' units (pair counts)
        self.multipliers: dict[tuple[int, ...], int] = {}  # kitty multipliers (抠底倍数) of last plays
        self.nodes = 0

    def fork(self, kitty: Sequence[Card]) -> Endgame:
        """A solver for another deal of the same decision (another kitty), sharing the world-independent
        caches (legal plays, trick winners)."""
        other = Endgame(self.ctx, self.dealer_team, kitty)
        other.option_memo = self.option_memo
        other.winner_memo = self.winner_memo
        other.shapes = self.shapes
        other.multipliers = self.multipliers
        return other

    def solve(self, hands: Hands, trick: Trick, leader: int) -> int:
        """The defenders' points still to come from this position (``trick`` led by ``leader``) under
        best play by both teams."""
        if not trick:
            return self._from_lead(hands, leader)
        return self._trick(hands, trick, LOW, HIGH, -1, self._cap(hands) + self._points(trick))

    def _from_lead(self, hands: Hands, leader: int) -> int:
        if not hands[leader]:
            return 0
        key = (hands, leader)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self._trick(hands, (), LOW, HIGH, leader, self._cap(hands))
        return value

    def _cap(self, hands: Hands) -> int:
        """The most points the defenders can still take: every point card left, and the kitty bonus if
        there is one (then no useful bound: ``HIGH``)."""
        if self.kitty_points:
            return HIGH
        points = self.points
        total = 0
        for hand in hands:
            for i in hand:
                total += points[i]
        return total

    def _points(self, trick: Trick) -> int:
        points = self.points
        total = 0
        for _, play in trick:
            for i in play:
                total += points[i]
        return total

    def _trick(self, hands: Hands, trick: Trick, alpha: int, beta: int, leader: int, cap: int) -> int:
        """Minimax with alpha-beta pruning over the plays of the rest of this trick (then the next); ``cap``
        bounds the value from above (and 0 from below): a side that reaches its bound stops looking."""
        self.nodes += 1
        if len(trick) == 4:
            return self._finish(hands, trick)
        seat = (trick[0][0] + len(trick)) % 4 if trick else leader
        maximize = seat % 2 != self.dealer_team
        best = LOW if maximize else HIGH
        for play, rest in self._options(hands[seat], trick):
            value = self._trick(_with_hand(hands, seat, rest), (*trick, (seat, play)), alpha, beta, -1, cap)
            if maximize:
                best = value if value > best else best
                alpha = value if value > alpha else alpha
                if best >= cap:
                    break
            else:
                best = value if value < best else best
                beta = value if value < beta else beta
                if best <= 0:
                    break
            if alpha >= beta:
                break
        return best

    def _finish(self, hands: Hands, trick: Trick) -> int:
        key = (trick[0][1], trick[1][1], trick[2][1], trick[3][1])
        k = self.winner_memo.get(key, -1)
        if k < 0:
            k = self.winner_memo[key] = trick_winner(self.r, self.shape(key[0]), key)
        winner = trick[k][0]
        gained = 0
        if winner % 2 != self.dealer_team:
            points = self.points
            for play in key:
                for i in play:
                    gained += points[i]
            if not hands[winner] and self.kitty_points:
                gained += self.kitty_points * self.multiplier(key[k])
        return gained + self._from_lead(hands, winner)

    def shape(self, lead: tuple[int, ...]) -> tuple[int, ...]:
        """The units of ``lead`` (pair counts, longest first; the rules' ``decompose_lead``, remembered)."""
        shape = self.shapes.get(lead)
        if shape is None:
            shape = self.shapes[lead] = decompose_lead(to_cards(lead), self.ctx).shape
        return shape

    def multiplier(self, play: tuple[int, ...]) -> int:
        """The kitty multiplier of winning the last trick with ``play`` (remembered)."""
        mult = self.multipliers.get(play)
        if mult is None:
            ctx = self.ctx
            mult = self.multipliers[play] = kitty_multiplier(to_cards(play), ctx.level, ctx.trump, ctx.rules)
        return mult

    def _options(self, hand: tuple[int, ...], trick: Trick) -> Options:
        """The plays of ``hand`` in this trick, each with the hand left after it (remembered; tuples, which
        the garbage collector stops tracking)."""
        key = (hand, trick[0][1] if trick else ())
        options = self.option_memo.get(key)
        if options is None:
            options = self.option_memo[key] = tuple([(play, _without(hand, play)) for play in self._plays(hand, trick)])
        return options

    def _plays(self, hand: tuple[int, ...], trick: Trick) -> list[tuple[int, ...]]:
        if trick:
            lead = trick[0][1]
            follows = enumerate_follows(self.r, self.r.suit[lead[0]], self.shape(lead), hand, FOLLOW_LIMIT)
            return [tuple(sorted(f)) for f in follows]
        leads: list[tuple[int, ...]] = [(i,) for i in dict.fromkeys(hand)]
        leads += [(i, i) for i in dict.fromkeys(hand) if hand.count(i) >= 2]
        leads += [tuple(sorted(t)) for t in tractors(self.r, hand)]
        value = self.r.value
        leads.sort(key=lambda play: -value[play[0]] * 10 - len(play))
        return leads


def _without(hand: tuple[int, ...], play: tuple[int, ...]) -> tuple[int, ...]:
    """``hand`` (sorted) less the cards of ``play``."""
    rest = list(hand)
    for i in play:
        rest.remove(i)
    return tuple(rest)


def _with_hand(hands: Hands, seat: int, hand: tuple[int, ...]) -> Hands:
    """``hands`` with ``seat``'s hand replaced."""
    if seat == 0:
        return (hand, hands[1], hands[2], hands[3])
    if seat == 1:
        return (hands[0], hand, hands[2], hands[3])
    if seat == 2:
        return (hands[0], hands[1], hand, hands[3])
    return (hands[0], hands[1], hands[2], hand)


def hands_of(counts: Sequence[Sequence[int]]) -> Hands:
    """Count vectors as the solver's hands (sorted card indices)."""
    return tuple(tuple(i for i, n in enumerate(h) for _ in range(n)) for h in counts)
