"""Fast playout (模拟) of the rest of a hand on one fully known deal, for the strong player's Monte Carlo.

Cards are dense indices (``Card.index``) and hands are count vectors, so a whole hand plays out in a few
milliseconds. Every seat follows the ``basic`` rules of thumb in a fast form: lead sure winners (top
singles, pairs, tractors), pull trumps when long on the dealer team, else lead low from a short suit;
follow by feeding points to a safely winning partner, winning cheaply, ruffing (毙) tricks with points,
discarding low. Single and pair leads use direct code; tractors and throws (甩牌) use the rule functions
(``enumerate_follows``, ``trick_winner``). The result is scored like settlement: the defenders' points
plus the kitty bonus (抠底) when they win the last trick.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.ai.situation import card_tables
from engine.cards import ALL_CARDS, Card
from engine.follow import enumerate_follows
from engine.levels import level_gain
from engine.settlement import kitty_multiplier
from engine.trick import trick_winner
from engine.trump import TrumpContext

log = logging.getLogger(__name__)

N = len(ALL_CARDS)
SUIT_INDEX = {"S": 0, "H": 1, "C": 2, "D": 3, "T": 4}
TRUMP = 4


@dataclass(frozen=True)
class FastTables:
    """Integer lookups for one trump context."""

    suit: tuple[int, ...]
    strength: tuple[int, ...]
    points: tuple[int, ...]
    keep: tuple[float, ...]
    by_suit: tuple[tuple[int, ...], ...]  # indices of each effective suit, strongest first
    adjacent: tuple[frozenset[int], ...]  # pairs that link upward into a tractor


@lru_cache(maxsize=256)
def fast_tables(ctx: TrumpContext) -> FastTables:
    t = card_tables(ctx)
    suit = tuple(SUIT_INDEX[s] for s in t.suit)
    by_suit = tuple(tuple(sorted((i for i in range(N) if suit[i] == s), key=lambda i: -t.strength[i]))
                    for s in range(5))
    adjacent = tuple(frozenset(j for j in range(N) if ctx.pairs_adjacent(ALL_CARDS[i], ALL_CARDS[j]))
                     for i in range(N))
    return FastTables(suit, t.strength, tuple(c.points for c in ALL_CARDS), t.keep, by_suit, adjacent)


def to_counts(cards: Sequence[Card]) -> list[int]:
    out = [0] * N
    for c in cards:
        out[c.index] += 1
    return out


def to_cards(idx: Sequence[int]) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[i] for i in idx)


def dealer_utility(points: int, ctx: TrumpContext) -> float:
    """The dealer team's result in level units (gain, or minus the defenders' gain), points as tie-break."""
    gain, take_over = level_gain(points, ctx.rules)
    return (-gain if take_over else gain) - points / 100.0


class Playout:
    """One deal being played out: four count-vector hands, the current trick, public memory."""

    def __init__(self, ctx: TrumpContext, hands: list[list[int]], leader: int, trick: list[tuple[int, tuple[int, ...]]],
                 played: list[int], voids: list[set[int]], dealer_team: int, defender_points: int,
                 kitty: Sequence[Card]) -> None:
        self.ctx = ctx
        self.t = fast_tables(ctx)
        self.hands = hands
        self.leader = leader
        self.trick = trick
        self.played = played
        self.voids = voids
        self.dealer_team = dealer_team
        self.points = defender_points
        self.kitty = kitty
        self.last_win: tuple[int, ...] = ()
        self.cards_left = sum(hands[leader]) + (len(trick[0][1]) if trick else 0)  # cards per hand at trick start

    # -- driving -----------------------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end of the hand; return the defenders' final points (kitty bonus included)."""
        while True:
            seat = (self.leader + len(self.trick)) % 4
            if not self.trick:
                if self.cards_left == 0:
                    break
                play = self.lead(seat)
            else:
                play = self.follow(seat)
            self.apply(seat, play)
        return self.points

    def apply(self, seat: int, play: tuple[int, ...]) -> None:
        hand = self.hands[seat]
        t = self.t
        for i in play:
            hand[i] -= 1
            self.played[i] += 1
        if self.trick:
            led = t.suit[self.trick[0][1][0]]
            if sum(1 for i in play if t.suit[i] == led) < len(play):
                self.voids[seat].add(led)
        self.trick.append((seat, play))
        if len(self.trick) == 4:
            self.finish_trick()

    def finish_trick(self) -> None:
        k = self.winner_index()
        seat, play = self.trick[k]
        pts = sum(self.t.points[i] for _, p in self.trick for i in p)
        if seat % 2 != self.dealer_team:
            self.points += pts
        self.cards_left -= len(self.trick[0][1])
        if self.cards_left == 0 and seat % 2 != self.dealer_team:
            kitty_pts = sum(c.points for c in self.kitty)
            if kitty_pts:
                self.points += kitty_pts * kitty_multiplier(to_cards(play), self.ctx.level, self.ctx.trump,
                                                            self.ctx.rules)
        self.leader = seat
        self.trick = []

    def winner_index(self, plays: list[tuple[int, tuple[int, ...]]] | None = None) -> int:
        """Index of the play winning ``plays`` (default: the current trick)."""
        plays = self.trick if plays is None else plays
        lead = plays[0][1]
        t = self.t
        if len(lead) <= 2 and (len(lead) == 1 or lead[0] == lead[1]):
            led = t.suit[lead[0]]
            best, key = 0, t.strength[lead[0]] + (100 if led == TRUMP else 0)
            for k in range(1, len(plays)):
                p = plays[k][1]
                if len(p) == 2 and p[0] != p[1]:
                    continue
                s = t.suit[p[0]]
                if s != led and s != TRUMP:
                    continue
                v = t.strength[p[0]] + (100 if s == TRUMP else 0)
                if v > key:
                    best, key = k, v
            return best
        return trick_winner([to_cards(p) for _, p in plays], self.ctx)

    # -- unseen cards from a seat's point of view ----------------------------------------------------------
    def unseen(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        played = self.played
        return [2 - played[i] - hand[i] for i in range(N)]

    def _top_free(self, i: int, unseen: list[int], pair: bool) -> bool:
        """No unseen single (or pair) of ``i``'s suit is stronger."""
        t = self.t
        st = t.strength[i]
        need = 2 if pair else 1
        for j in t.by_suit[t.suit[i]]:
            if t.strength[j] <= st:
                return True
            if unseen[j] >= need:
                return False
        return True

    # -- leads ---------------------------------------------------------------------------------------------
    def lead(self, seat: int) -> tuple[int, ...]:
        t = self.t
        hand = self.hands[seat]
        unseen = self.unseen(seat)
        opps = ((seat + 1) % 4, (seat + 3) % 4)
        partner = (seat + 2) % 4
        dealer_side = seat % 2 == self.dealer_team
        best: tuple[float, tuple[int, ...]] | None = None
        n_trumps = sum(hand[i] for i in t.by_suit[TRUMP])
        unseen_trumps = sum(unseen[i] for i in t.by_suit[TRUMP])
        for s in range(5):
            cards = [i for i in t.by_suit[s] if hand[i]]
            if not cards:
                continue
            ruffable = s != TRUMP and any(s in self.voids[o] and TRUMP not in self.voids[o] for o in opps)
            pairs = [i for i in cards if hand[i] >= 2]
            options: list[tuple[float, tuple[int, ...]]] = []
            if pairs:
                chain = self._tractor(pairs)
                top_pair = pairs[0]
                if len(chain) >= 2 and self._top_free(chain[0], unseen, True):
                    options.append((60.0 + 10 * len(chain), tuple(i for i in chain for _ in range(2))))
                if self._top_free(top_pair, unseen, True):
                    options.append((45.0 + 2 * t.points[top_pair], (top_pair, top_pair)))
            top = cards[0]
            if self._top_free(top, unseen, False):
                options.append((35.0 + 2 * t.points[top], (top,)))
            for score, play in options:
                if s == TRUMP:
                    if unseen_trumps == 0:
                        score -= 40
                    elif dealer_side and n_trumps >= 8:
                        score += 8
                    else:
                        score -= 12
                elif ruffable:
                    score -= 50
                if best is None or score > best[0]:
                    best = (score, play)
            # a cheap low lead from this suit: lowest non-pair card, short suits first
            singles = [i for i in reversed(cards) if hand[i] == 1] or list(reversed(cards))
            low = min(singles, key=lambda i: t.keep[i] + 2.5 * t.points[i])
            score = -t.keep[low] - 2.5 * t.points[low] + max(0, 6 - len(cards)) * 1.5
            if s == TRUMP:
                score += 6 if dealer_side and n_trumps >= 8 and unseen_trumps else -14
            elif s in self.voids[partner] and TRUMP not in self.voids[partner] and not ruffable:
                score += 12 + 1.5 * t.points[low]
            elif ruffable:
                score -= 10
            if best is None or score > best[0]:
                best = (score, (low,))
        assert best is not None
        return best[1]

    def _tractor(self, pairs: list[int]) -> list[int]:
        """The longest chain of adjacent pairs (high to low) among ``pairs`` (strongest first)."""
        adj = self.t.adjacent
        best: list[int] = []
        have = set(pairs)
        for start in pairs:
            chain = [start]
            while True:
                nxt = [j for j in have if chain[-1] in adj[j] and j not in chain]
                if not nxt:
                    break
                chain.append(nxt[0])
            if len(chain) > len(best):
                best = chain
        return best

    # -- follows -------------------------------------------------------------------------------------------
    def follow(self, seat: int) -> tuple[int, ...]:
        lead = self.trick[0][1]
        if len(lead) == 1:
            return self._follow_single(seat)
        if len(lead) == 2 and lead[0] == lead[1]:
            return self._follow_pair(seat)
        return self._follow_general(seat)

    def _context(self, seat: int) -> tuple[bool, bool, int]:
        """(partner winning, partner's win looks safe, points on the table)."""
        k = self.winner_index()
        wseat, wplay = self.trick[k]
        pts = sum(self.t.points[i] for _, p in self.trick for i in p)
        partner_wins = wseat == (seat + 2) % 4
        safe = False
        if partner_wins:
            if len(self.trick) == 3:
                safe = True
            else:
                unseen = self.unseen(seat)
                nxt = (seat + 1) % 4
                led = self.t.suit[self.trick[0][1][0]]
                top = wplay[0]
                safe = self._top_free(top, unseen, len(wplay) == 2) and (
                    led == TRUMP or led not in self.voids[nxt] or self.t.suit[top] == TRUMP)
        return partner_wins, safe, pts

    def _beats_current(self, play: tuple[int, ...]) -> bool:
        return self.winner_index([*self.trick, (-1, play)]) == len(self.trick)

    def _discard(self, hand: list[int], k: int, feed: bool, exclude_suit: int = -1) -> list[int]:
        """``k`` cards to throw away: points to a winning partner (``feed``), else the cheapest; trumps last."""
        t = self.t
        pool = [i for i in range(N) for _ in range(hand[i]) if t.suit[i] != exclude_suit]
        if feed:
            pool.sort(key=lambda i: (t.suit[i] == TRUMP, -t.points[i], t.keep[i]))
        else:
            pool.sort(key=lambda i: (t.suit[i] == TRUMP, t.keep[i] + 2.5 * t.points[i]))
        return pool[:k]

    def _follow_single(self, seat: int) -> tuple[int, ...]:
        t = self.t
        hand = self.hands[seat]
        led = t.suit[self.trick[0][1][0]]
        cards = [i for i in t.by_suit[led] if hand[i]]
        partner_wins, safe, pts = self._context(seat)
        last = len(self.trick) == 3
        if cards:
            if partner_wins and safe:
                return (max(cards, key=lambda i: (t.points[i], -t.keep[i])),)
            winners = [i for i in cards if self._beats_current((i,))]
            if winners and not partner_wins:
                if last:
                    return (winners[-1],)
                unseen = self.unseen(seat)
                if self._top_free(winners[0], unseen, False) or pts >= 10:
                    return (winners[0],)
            return (min(cards, key=lambda i: t.keep[i] + 2.5 * t.points[i]),)
        trumps = [i for i in t.by_suit[TRUMP] if hand[i]] if led != TRUMP else []
        if partner_wins and safe:
            return tuple(self._discard(hand, 1, True))
        if trumps and not partner_wins:
            winners = [i for i in trumps if self._beats_current((i,))]
            if winners and (pts >= 5 or not last or len(trumps) >= 6):
                return (winners[-1],)
        return tuple(self._discard(hand, 1, False))

    def _follow_pair(self, seat: int) -> tuple[int, ...]:
        t = self.t
        hand = self.hands[seat]
        led = t.suit[self.trick[0][1][0]]
        cards = [i for i in t.by_suit[led] for _ in range(hand[i])]
        partner_wins, safe, pts = self._context(seat)
        must_pair = self.ctx.rules.follow_policy != "suit_only"
        if len(cards) >= 2:
            pairs = [i for i in t.by_suit[led] if hand[i] >= 2]
            if pairs and must_pair:
                if not partner_wins:
                    winners = [i for i in pairs if self._beats_current((i, i))]
                    if winners:
                        return (winners[-1], winners[-1]) if len(self.trick) == 3 else (winners[0], winners[0])
                if partner_wins and safe:
                    best = max(pairs, key=lambda i: (t.points[i], -t.keep[i]))
                else:
                    best = min(pairs, key=lambda i: t.keep[i] + 2.5 * t.points[i])
                return (best, best)
            if partner_wins and safe:
                cards.sort(key=lambda i: (-t.points[i], t.keep[i]))
            else:
                cards.sort(key=lambda i: t.keep[i] + 2.5 * t.points[i])
            return (cards[0], cards[1])
        feed = partner_wins and safe
        if len(cards) == 1:
            return (cards[0], *self._discard(hand, 1, feed, exclude_suit=led))
        if led != TRUMP and not partner_wins:
            tpairs = [i for i in t.by_suit[TRUMP] if hand[i] >= 2]
            winners = [i for i in tpairs if self._beats_current((i, i))]
            if winners and pts >= 5:
                return (winners[-1], winners[-1])
        return tuple(self._discard(hand, 2, feed))

    def _follow_general(self, seat: int) -> tuple[int, ...]:
        """Tractor and throw leads: pick among the enumerated legal follows with the rule functions."""
        t = self.t
        hand_cards = [ALL_CARDS[i] for i in range(N) for _ in range(self.hands[seat][i])]
        lead = to_cards(self.trick[0][1])
        cands = enumerate_follows(lead, hand_cards, self.ctx, limit=16)
        partner_wins, safe, _ = self._context(seat)
        best: tuple[float, tuple[int, ...]] | None = None
        for cand in cands:
            idx = tuple(c.index for c in cand)
            cost = sum(t.keep[i] for i in idx)
            pts = sum(t.points[i] for i in idx)
            if partner_wins and safe:
                score = 2.0 * pts - cost
            elif not partner_wins and self._beats_current(idx):
                score = 20.0 - cost
            else:
                score = -cost - 2.5 * pts
            if best is None or score > best[0]:
                best = (score, idx)
        assert best is not None
        return best[1]
