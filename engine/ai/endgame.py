"""Exact endgame (残局): a fully known deal with few cards left is solved by minimax instead of played out.

The defenders maximize and the dealer team minimizes the defenders' points still to come, the kitty bonus
(抠底) of the last trick included. Every legal follow is tried (``enumerate_follows`` is exact for small
hands); leads are every single, pair and tractor of the hand (throws (甩牌) are left out). Positions at the
start of a trick are memoized; within a trick, alpha-beta pruning cuts the plays that cannot matter. The
rules are asked on card indices (``engine.cardrules``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Final

from engine.ai.fasttables import fast_tables
from engine.ai.playstate import to_cards
from engine.cardrules.follow import enumerate_follows
from engine.cardrules.tables import TRUMP, RuleTables, rule_tables
from engine.cardrules.trick import trick_winner
from engine.cardrules.units import tractors
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
Option = tuple[tuple[int, ...], tuple[int, ...], int, int]  # a play, the hand left, and their codes
Options = tuple[Option, ...]


class Endgame:
    """Solves endgames of one deal (one trump context, dealer team and kitty).

    While solving, the hands are one list changed in place (a play's cards leave its seat's hand and come
    back when the next play is tried), and hands and plays are also known by their codes (``code``), so
    remembered positions are looked up by a few integers."""

    def __init__(self, ctx: TrumpContext, dealer_team: int, kitty: Sequence[Card]) -> None:
        self.ctx = ctx
        self.points = fast_tables(ctx).points
        self.r = rule_tables(ctx)
        self.dealer_team = dealer_team
        self.kitty_points = sum(c.points for c in kitty)
        self.memo: dict[tuple[int, int, int, int, int], int] = {}  # (hands' codes, leader) → points to come
        self.option_memo: dict[tuple[int, int], Options] = {}  # (hand's code, lead's code) → plays
        self.winner_memo: dict[tuple[int, int, int, int], int] = {}  # plays' codes → winning play
        self.shapes: dict[tuple[int, ...], tuple[int, ...]] = {}  # leads' units (pair counts)
        self.multipliers: dict[tuple[int, ...], int] = {}  # kitty multipliers (抠底倍数) of last plays
        self.hands: list[tuple[int, ...]] = []  # the position being solved
        self.codes: list[int] = []
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
        self.hands = list(hands)
        self.codes = [code(h) for h in hands]
        if not trick:
            return self._from_lead(leader)
        plays = [play for _, play in trick] + [()] * (4 - len(trick))
        play_codes = [code(play) for play in plays]
        cap = self._cap() + sum([self.points[i] for _, play in trick for i in play])
        return self._trick(trick[0][0], plays, play_codes, len(trick), LOW, HIGH, cap)

    def _from_lead(self, leader: int) -> int:
        if not self.hands[leader]:
            return 0
        codes = self.codes
        key = (codes[0], codes[1], codes[2], codes[3], leader)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self._trick(leader, [(), (), (), ()], [0, 0, 0, 0], 0, LOW, HIGH, self._cap())
        return value

    def _cap(self) -> int:
        """The most points the defenders can still take: every point card left, and the kitty bonus if
        there is one (then no useful bound: ``HIGH``)."""
        if self.kitty_points:
            return HIGH
        points = self.points
        total = 0
        for hand in self.hands:
            for i in hand:
                total += points[i]
        return total

    def _trick(self, first: int, plays: list[tuple[int, ...]], play_codes: list[int], n: int, alpha: int, beta: int,
               cap: int) -> int:
        """Minimax with alpha-beta pruning over the plays of the rest of the trick led by ``first`` (``n``
        plays made), then the next tricks; ``cap`` bounds the value from above (and 0 from below): a side
        that reaches its bound stops looking."""
        self.nodes += 1
        if n == 4:
            return self._finish(first, plays, play_codes)
        seat = (first + n) % 4
        maximize = seat % 2 != self.dealer_team
        best = LOW if maximize else HIGH
        hands, codes = self.hands, self.codes
        hand, hand_code = hands[seat], codes[seat]
        for play, rest, play_code, rest_code in self._options(hand, hand_code, plays[0], play_codes[0], n):
            plays[n], play_codes[n] = play, play_code
            hands[seat], codes[seat] = rest, rest_code
            value = self._trick(first, plays, play_codes, n + 1, alpha, beta, cap)
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
        hands[seat], codes[seat] = hand, hand_code
        return best

    def _finish(self, first: int, plays: list[tuple[int, ...]], play_codes: list[int]) -> int:
        if len(plays[0]) == 1:  # singles: the strongest card of the led suit or trumps, the first of equals
            k = _single_winner(self.r, plays)
        else:
            key = (play_codes[0], play_codes[1], play_codes[2], play_codes[3])
            k = self.winner_memo.get(key, -1)
            if k < 0:
                k = self.winner_memo[key] = trick_winner(self.r, self.shape(plays[0]), plays)
        winner = (first + k) % 4
        gained = 0
        if winner % 2 != self.dealer_team:
            points = self.points
            for play in plays:
                for i in play:
                    gained += points[i]
            if not self.hands[winner] and self.kitty_points:
                gained += self.kitty_points * self.multiplier(plays[k])
        return gained + self._from_lead(winner)

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

    def _options(self, hand: tuple[int, ...], hand_code: int, lead: tuple[int, ...], lead_code: int,
                 n: int) -> Options:
        """The plays of ``hand`` in this trick (a lead if ``n`` is 0), each with the hand left after it and
        their codes (remembered; tuples, which the garbage collector stops tracking)."""
        key = (hand_code, lead_code if n else 0)
        options = self.option_memo.get(key)
        if options is None:
            plays = self._plays(hand, lead if n else ())
            options = self.option_memo[key] = tuple([(play, rest, code(play), code(rest))
                                                     for play in plays for rest in (_without(hand, play),)])
        return options

    def _plays(self, hand: tuple[int, ...], lead: tuple[int, ...]) -> list[tuple[int, ...]]:
        if lead:
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


def _single_winner(r: RuleTables, plays: list[tuple[int, ...]]) -> int:
    """The winner of a trick of singles (as ``trick_winner``): only the led suit or trumps can win, by
    strength; the first of equal cards."""
    suit, value = r.suit, r.value
    led = suit[plays[0][0]]
    best, top = 0, value[plays[0][0]]
    for k in range(1, 4):
        card = plays[k][0]
        s = suit[card]
        if s in (led, TRUMP) and value[card] > top:
            best, top = k, value[card]
    return best


def code(cards: Sequence[int]) -> int:
    """One integer for a sorted tuple of card indices (6 bits a card)."""
    out = 0
    for i in cards:
        out = out << 6 | (i + 1)
    return out


def hands_of(counts: Iterable[Iterable[int]]) -> Hands:
    """Count vectors as the solver's hands (sorted card indices)."""
    return tuple(tuple(i for i, n in enumerate(h) for _ in range(n)) for h in counts)
