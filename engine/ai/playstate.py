"""The state of a fast playout (模拟): one fully known deal on count vectors, the current trick, public memory.

Cards are dense indices (``Card.index``) and hands are count vectors (``engine.vectors``; the context's lookup
tables are ``engine.ai.fasttables``), with hand sizes and per-suit counts kept incrementally, so a whole hand
plays out in a few milliseconds. ``PlayState`` applies plays and scores tricks like settlement (the defenders'
points plus the kitty bonus (抠底) when they win the last trick), and answers what one seat may know (``seen``:
cards played, and the kitty for the seat that buried it).
The policy that chooses the plays is ``engine.ai.policy`` (with ``fastlead`` and ``fastfollow``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Final, Self

from engine.ai.fasttables import TRUMP, FastTables, N, fast_tables
from engine.ai.situation import ENDGAME_CARDS, KITTY_GUESS, LAST_TRUMP, STAKE_SHARE
from engine.ai.teams import Teams, fixed_teams
from engine.cardrules.tables import RuleTables, rule_tables
from engine.cardrules.trick import beats, has_format, trick_winner
from engine.cards import ALL_CARDS, Card
from engine.levels import level_gain
from engine.settlement import kitty_multiplier
from engine.trump import TrumpContext
from engine.units import Lead, decompose_lead
from engine.vectors import i64, vec

log = logging.getLogger(__name__)

MEMO_LIMIT: Final = 50_000  # entries of a context's remembered rule answers (cleared when full)
POLICY_V2: Final = 2  # the play policy as ``basic_v2`` plays it (kept for measuring)
POLICY_CURRENT: Final = 3  # the play policy of ``basic`` and the strong player's playouts
LAST_TRICKS: Final = 3  # (version 3) cards per hand from which the last tricks' rules apply (``lasttricks``)


def to_counts(cards: Sequence[Card]) -> list[int]:
    out = [0] * N
    for c in cards:
        out[c.index] += 1
    return out


def to_cards(idx: Sequence[int]) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[i] for i in idx)


LEVEL_WEIGHT: Final = 0.3  # the rest of the utility is linear in points (40 points ~ one level): a smoother signal
# (0.6 and 1.0 measured no better in the arena, paired on 800 deals: benchmarks/README, "utility weight")


def dealer_utility(points: int, ctx: TrumpContext) -> float:
    """The dealer team's result in level units: a blend of the level change settlement would give (gain,
    or minus the defenders' gain) and the defenders' points at 40 points a level."""
    gain, take_over = level_gain(points, ctx.rules)
    return LEVEL_WEIGHT * (-gain if take_over else gain) - (1 - LEVEL_WEIGHT) * points / 40.0


class PlayState:
    """One deal being played out: a count-vector hand per seat, the current trick, public memory, the sides.

    ``side[seat]`` is 1 for the dealer's side as everyone knows it, else 0: fixed partners (``dealer_team``, even
    against odd seats), or in 找朋友 (``teams``) the dealer and its revealed friends, with the open friend calls
    filled as tricks end (``engine.ai.teams``)."""

    def __init__(self, ctx: TrumpContext, hands: list[list[int]], leader: int, trick: list[tuple[int, tuple[int, ...]]],
                 played: list[int], voids: list[set[int]], dealer_team: int, defender_points: int,
                 kitty: Sequence[Card], kitty_seat: int = -1, tables: FastTables | None = None,
                 teams: Teams | None = None) -> None:
        self.ctx = ctx
        players = len(hands)
        self.n = players  # seats (RULES §13.1: 4 to 8)
        self.teams = teams if teams is not None else fixed_teams(players, dealer_team)
        self.t = tables if tables is not None else fast_tables(ctx)  # (``tables``: the context's, already looked up)
        self.r: RuleTables = rule_tables(ctx)
        self.hands = vec[vec[i64]]([vec[i64](h) for h in hands])  # (copies: the caller's lists are left alone)
        suit = self.t.suit
        self.sizes = vec[i64]([0] * players)  # cards in each hand
        self.held = vec[vec[i64]]([vec[i64]([0, 0, 0, 0, 0]) for _ in range(players)])  # each hand's cards by suit
        self.gone = vec[i64]([0, 0, 0, 0, 0])  # cards of each effective suit played
        for seat in range(players):
            held = self.held[seat]
            for i, n in enumerate(hands[seat]):
                if n:
                    held[suit[i]] = held[suit[i]] + n
                    self.sizes[seat] = self.sizes[seat] + n
        for i, n in enumerate(played):
            if n:
                self.gone[suit[i]] = self.gone[suit[i]] + n
        self.played = vec[i64](played)
        self.leader, self.trick, self.voids = leader, trick, voids
        self.dealer_team = dealer_team
        self.points = defender_points
        self.kitty = kitty
        self.kitty_points = sum(c.points for c in kitty)
        self.kitty_seat = kitty_seat  # the seat that buried the kitty: it knows the kitty's cards (-1: none)
        self.version = POLICY_CURRENT  # which play policy chooses (``POLICY_V2``: ``basic_v2``'s rules)
        self._share_seen()
        self.simple, self.throw = True, False
        self.shape: tuple[int, ...] = (0,)  # the current lead's units (pair counts, longest first)
        self.trick_points = 0  # points on the table in the current trick
        self.led = self.win_k = self.win_key = 0
        if trick:
            self.trick_points = sum(self.t.points[i] for _, p in trick for i in p)
            self._start_trick(trick[0][1])
            for k in range(1, len(trick)):
                self._follow_update(k)
        self.cards_left = self.sizes[(leader + len(trick)) % players]  # cards per hand at the trick's start

    def clone(self) -> Self:
        """An independent copy (to play several candidates out from one position)."""
        n = self.n
        other = type(self)(self.ctx, [[] for _ in range(n)], self.leader, [], [], [set() for _ in range(n)],
                           self.dealer_team, self.points, (), -1, self.t, self.teams.copy())
        other.kitty, other.kitty_points, other.kitty_seat = self.kitty, self.kitty_points, self.kitty_seat
        other.version = self.version
        other.hands = vec[vec[i64]]([h[0:N] for h in self.hands])  # (a slice of a count vector is a copy)
        other.sizes = self.sizes[0:n]
        other.held = vec[vec[i64]]([h[0:5] for h in self.held])
        other.gone = self.gone[0:5]
        other.trick = list(self.trick)
        other.played = self.played[0:N]
        other.voids = [set(v) for v in self.voids]
        other.simple, other.throw, other.led, other.shape = self.simple, self.throw, self.led, self.shape
        other.win_k, other.win_key = self.win_k, self.win_key
        other.trick_points, other.cards_left = self.trick_points, self.cards_left
        # as ``_share_seen`` (``apply`` keeps the burier's own copies up to date)
        other.seen, other.seen_suit = vec[vec[i64]]([other.played] * n), vec[vec[i64]]([other.gone] * n)
        k = self.kitty_seat
        other.kitty_seen = self.kitty_seen
        if self.kitty_seen:
            other.seen[k], other.seen_suit[k] = self.seen[k][0:N], self.seen_suit[k][0:5]
        return other

    def _share_seen(self) -> None:
        """What each seat has seen leave the game: the cards played (shared), and for the kitty's burier
        the kitty too (its own copy), by card (``seen``) and by effective suit (``seen_suit``)."""
        self.seen = vec[vec[i64]]([self.played] * self.n)
        self.seen_suit = vec[vec[i64]]([self.gone] * self.n)
        k = self.kitty_seat
        self.kitty_seen = k >= 0 and len(self.kitty) > 0  # the burier's ``seen`` is its own copy
        if self.kitty_seen:
            seen = self.played[0:N]
            seen_suit = self.gone[0:5]
            for c in self.kitty:
                seen[c.index] = seen[c.index] + 1
                seen_suit[self.t.suit[c.index]] = seen_suit[self.t.suit[c.index]] + 1
            self.seen[k] = seen
            self.seen_suit[k] = seen_suit

    def apply(self, seat: int, play: tuple[int, ...]) -> None:
        """``seat`` plays ``play`` (a lead if the trick is empty); the last seat's play ends the trick."""
        hand = self.hands[seat]
        t = self.t
        suit = t.suit
        played = self.played
        held = self.held[seat]
        gone = self.gone
        points = t.points
        pts = 0
        for i in play:  # (``x[i] = x[i] - 1``, not ``-=``: compiled, an augmented item update is a generic call)
            s = suit[i]
            hand[i] = hand[i] - 1
            played[i] = played[i] + 1
            held[s] = held[s] - 1
            gone[s] = gone[s] + 1
            pts += points[i]
        self.trick_points += pts
        if self.kitty_seen:
            k = self.kitty_seat
            seen, seen_suit = self.seen[k], self.seen_suit[k]
            for i in play:
                s = suit[i]
                seen[i] = seen[i] + 1
                seen_suit[s] = seen_suit[s] + 1
        sizes = self.sizes
        sizes[seat] = sizes[seat] - len(play)
        trick = self.trick
        if not trick:
            self._start_trick(play)
        elif len(play) == 1:  # (a single lead's follow)
            i = play[0]
            s = suit[i]
            if s != self.led:
                self.voids[seat].add(self.led)
                if s != TRUMP:
                    s = -1
            if s >= 0 and t.rank[i] > self.win_key:
                self.win_k, self.win_key = len(trick), t.rank[i]
        else:
            self._follow(seat, play)
        trick.append((seat, play))
        if len(trick) == self.n:
            self.finish_trick()

    def _follow(self, seat: int, play: tuple[int, ...]) -> None:
        """Voids and the winner so far after a follow of several cards."""
        suit = self.t.suit
        led = self.led
        for i in play:
            if suit[i] != led:
                self.voids[seat].add(led)
                break
        if self.simple:
            key = self._key(play)
            if key > self.win_key:
                self.win_k, self.win_key = len(self.trick), key
        elif self.beats_current(play):
            self.win_k = len(self.trick)

    def _follow_update(self, k: int) -> None:
        play = self.trick[k][1]
        if self.simple:
            key = self._key(play)
            if key > self.win_key:
                self.win_k, self.win_key = k, key
        elif self.may_win(play) and self.winner_of([p for _, p in self.trick[:k + 1]]) == k:
            self.win_k = k

    def _start_trick(self, lead: tuple[int, ...]) -> None:
        t = self.t
        self.simple = len(lead) == 1 or (len(lead) == 2 and lead[0] == lead[1])
        self.led = t.suit[lead[0]]
        self.win_k = 0
        self.win_key = t.rank[lead[0]]
        if self.simple:
            self.throw = False
            self.shape = (0,) if len(lead) == 1 else (1,)
        else:
            units = self.lead_units(lead)
            self.throw = units.is_throw
            self.shape = units.shape

    def may_win(self, play: tuple[int, ...]) -> bool:
        """Whether a follow to a tractor or throw could win at all: all of the led suit (not against a
        throw), or all trumps on a plain lead; against a tractor (拖拉机), pairs only (two decks)."""
        suit = self.t.suit
        s = suit[play[0]]
        if any(suit[i] != s for i in play):
            return False
        if not self.throw and self.t.decks == 2 and any(play.count(i) != 2 for i in play):
            return False  # (with more decks a tractor's units may be wider: the rules decide)
        return (s == self.led and not self.throw) or (s == TRUMP and self.led != TRUMP)

    def _key(self, play: tuple[int, ...]) -> int:
        """Strength of a follow to a single/pair lead (-1: cannot win)."""
        i = play[0]
        if len(play) == 2 and play[1] != i:
            return -1
        t = self.t
        s = t.suit[i]
        return t.rank[i] if s == self.led or s == TRUMP else -1

    def finish_trick(self) -> None:
        k = self.win_k  # (the play winning the trick)
        seat, play = self.trick[k]
        pts = self.trick_points
        self.trick_points = 0
        teams = self.teams
        if teams.calls:  # 找朋友: the trick's points go with its winner, and called copies reveal friends
            self.points += teams.after_trick(self.trick, seat, pts)
        elif not teams.side[seat]:
            self.points += pts
        self.cards_left -= len(self.trick[0][1])
        if self.cards_left == 0 and not teams.side[seat]:
            kitty_pts = self.kitty_points
            if kitty_pts:
                self.points += kitty_pts * self.multiplier(play)
        self.leader = seat
        self.trick = []

    def beats_current(self, play: tuple[int, ...]) -> bool:
        if self.simple:
            return self._key(play) > self.win_key
        if not self.may_win(play):
            return False
        lead, winner = self.trick[0][1], self.trick[self.win_k][1]
        key = (lead, winner, play)
        memo = self.t.beats
        wins = memo.get(key)
        if wins is None:  # (as ``trick_winner``: the play has the lead's format and beats the winner)
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            r, shape = self.r, self.shape
            wins = memo[key] = has_format(r, self.led, shape, play) and beats(r, shape, play, winner)
        return wins

    def lead_units(self, lead: tuple[int, ...]) -> Lead:
        """``lead`` read as units (the rules' ``decompose_lead``, remembered)."""
        memo = self.t.leads
        units = memo.get(lead)
        if units is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            units = memo[lead] = decompose_lead(to_cards(lead), self.ctx)
        return units

    def winner_of(self, plays: list[tuple[int, ...]]) -> int:
        """The index of the play winning a trick of ``plays`` so far, led by the current lead (as the
        rules' ``trick_winner``)."""
        return trick_winner(self.r, self.shape, plays)

    # -- the kitty (抠底) ------------------------------------------------------------------------------------
    def kitty_stake(self, seat: int, lead: tuple[int, ...]) -> float:
        """The kitty bonus the last trick carries, as ``seat`` sees it, if won with a play shaped like
        ``lead``: the kitty's points if this seat buried it, else a guess (as ``situation.kitty_stake``; in the
        last tricks of version 3, ``kitty_guess``)."""
        if seat == self.kitty_seat:
            return float(self.kitty_points * self.multiplier(lead))
        if self.last_tricks(seat):
            return self.kitty_guess(seat) * self.multiplier(lead)
        return float(KITTY_GUESS * self.multiplier(lead))

    def last_tricks(self, seat: int) -> bool:
        """Whether the last tricks' rules (``engine.ai.lasttricks``) apply to ``seat``'s play: version 3, two
        decks and four seats, ``LAST_TRICKS`` cards or fewer in its hand."""
        return self.version >= POLICY_CURRENT and self.sizes[seat] <= LAST_TRICKS and self.t.decks == 2 and self.n == 4

    def kitty_guess(self, seat: int) -> float:
        """The kitty's points as ``seat`` expects them: the points it has not seen spread evenly over the cards
        it has not seen (the other hands' and the kitty's)."""
        seen, hand, points = self.seen[seat], self.hands[seat], self.t.points
        pts = unseen = 0
        for i in range(N):
            n = self.t.decks - seen[i] - hand[i]
            if n > 0:
                unseen += n
                pts += n * points[i]
        return float(pts * self.ctx.rules.shape.kitty) / float(unseen) if unseen else 0.0

    def multiplier(self, play: tuple[int, ...]) -> int:
        """The kitty multiplier (抠底倍数) of winning the last trick with ``play`` (remembered)."""
        mult = self.t.multipliers.get(play)
        if mult is None:
            ctx = self.ctx
            mult = self.t.multipliers[play] = kitty_multiplier(to_cards(play), ctx.level, ctx.trump, ctx.rules)
        return mult

    def guard_card(self, seat: int) -> tuple[int, int]:
        """Near the end, the seat's one certain trump and its one certain trump pair, kept for the last
        trick while the kitty bonus is at stake (-1: none; as ``situation.kitty_guard``). Certain: no
        stronger trump (trump pair) unseen by the seat."""
        if self.cards_left > ENDGAME_CARDS:  # (never below the seat's hand size: a quick exit)
            return -1, -1
        n = self.sizes[seat]  # (before the seat plays: the trick's cards per hand)
        if n > ENDGAME_CARDS or n <= 1 or not self.held[seat][TRUMP] or (
                seat == self.kitty_seat and not self.kitty_points):
            return -1, -1
        hand, seen, strength = self.hands[seat], self.seen[seat], self.t.strength
        single_free = pair_free = True  # nothing stronger unseen (a single, a pair) so far
        blocks_single = blocks_pair = False  # ... in the current group of equal strength
        certain, copies, pair, pairs = -1, 0, -1, 0
        level = -1
        for j in self.t.by_suit[TRUMP]:  # strongest first
            if strength[j] != level:
                level = strength[j]
                single_free = single_free and not blocks_single
                pair_free = pair_free and not blocks_pair
                if not (single_free or pair_free):
                    break
            h = hand[j]
            if h and single_free:
                copies += h
                certain = j if certain < 0 else certain
            if h >= 2 and pair_free:
                pairs += 1
                pair = j if pair < 0 else pair
            unseen = self.t.decks - seen[j] - h
            blocks_single = blocks_single or unseen >= 1
            blocks_pair = blocks_pair or unseen >= 2
        return (certain if copies == 1 else -1), (pair if pairs == 1 else -1)

    def guard_cost(self, seat: int, i: int, pair: bool = False) -> float:
        """What spending the guarded trump ``i`` (pair) early costs (as ``situation.kitty_guard``)."""
        return LAST_TRUMP + STAKE_SHARE * self.kitty_stake(seat, (i, i) if pair else (i,))

    # -- unseen cards from a seat's point of view ----------------------------------------------------------
    def top_free(self, i: int, seat: int, pair: bool) -> bool:
        """No card unseen by ``seat`` — a single (or a pair) of ``i``'s suit — is stronger than ``i``."""
        t = self.t
        st = t.strength[i]
        need = 2 if pair else 1
        seen = self.seen[seat]
        hand = self.hands[seat]
        for j in t.by_suit[t.suit[i]]:
            if t.strength[j] <= st:
                return True
            if t.decks - seen[j] - hand[j] >= need:
                return False
        return True

    def unseen(self, seat: int, s: int) -> int:
        """Cards of effective suit ``s`` that ``seat`` cannot see (in other hands, or an unknown kitty)."""
        return self.t.copies[s] - self.seen_suit[seat][s] - self.held[seat][s]
