"""Inference from play (读牌): the strong player's sampled deals are weighed by whether the others' plays of the hand
so far are what the play policy (``engine.ai.policy``, the one ``basic`` plays and every seat of a playout plays)
would have played there on that deal.

Each such play is replayed: the seat's sampled hand plus the cards it has played since, the trick as it stood,
the cards played, the voids known and the defenders' points then. A deal's weight is, per seat, a mixture over two
kinds of player: one who plays as the policy but for a slip now and then (each play the policy would not have made
multiplies the weight by ``OPPONENT_WEIGHT``, by ``PARTNER_WEIGHT`` for the partner, by ``SEARCH_WEIGHT`` for a
strong seat, whose search overrides the policy now and then) and, with the prior share
``LOOSE_SHARE``, one who does not (each such play: ``LOOSE_WEIGHT``). A seat whose plays the policy explains on some
deals is read hard; one it explains on none (a person, another AI, a policy of an older version) is read softly,
so its few odd plays do not pin the deals down. Deals of that weight are drawn by a Markov chain (``Reading``): one
card swapped between two hidden holders per step, kept by the Metropolis rule, a few steps between two deals (the
first ones after a burn-in from the best of a few fresh deals). Neighbouring deals of the chain are alike, so the
search's statistics count them as fewer deals (``engine.ai.playout.Gains``, ``chained``).
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable, Mapping
from typing import Final

from engine.ai.fasttables import SUIT_INDEX, N, fast_tables
from engine.ai.playstate import POLICY_CURRENT, PlayState, to_cards
from engine.ai.policy import policy_play
from engine.ai.situation import Situation
from engine.ai.teams import Teams

log = logging.getLogger(__name__)

OPPONENT_WEIGHT = 0.1  # a deal's weight is multiplied by this for each opponent's play the policy would not have
# made on it (read at each decision, as the others: ``benchmarks/ai_regret.py --variant``; 1.0: such seats unread)
PARTNER_WEIGHT = 0.3  # and by this for each of the partner's
SEARCH_WEIGHT = 0.3  # and by this for each of a searching seat's (``strong``: it plays the policy's choice but where
# its search finds better, so its true deal disagrees now and then: read softly; read at 0.1 it lost 0.15 levels
# per deal against strong opponents, benchmarks/README)
SEARCH_LEVELS: Final = ("strong", "strong_blind")  # the AI levels that search (read with ``SEARCH_WEIGHT``)
LOOSE_SHARE = 0.02  # the prior share of a seat that does not play as the policy ...
LOOSE_WEIGHT = 0.5  # ... and the weight of each of its plays the policy would not have made
KITTY_HOLDER: Final = 4  # the kitty's index among a deal's holders with four seats (with P seats: P)


Plays = list[tuple[int, tuple[int, ...]]]


class PlayCheck:
    """One earlier play of the current or the last trick, as the seat that made it saw the position."""

    def __init__(self, sit: Situation, trick: Plays, k: int, later: Plays, start_voids: list[set[str]],
                 points: int, teams: Teams | None = None) -> None:
        """The play ``trick[k]``: ``later``, the plays made after ``trick`` (the current trick's, for the last
        trick); ``start_voids``, the voids known when ``trick`` was led; ``points``, the defenders' then; ``teams``,
        the sides then (``sit.sides()`` by default)."""
        self.seat = trick[k][0]
        self.teams = teams if teams is not None else sit.sides()
        self.prefix = trick[:k]
        self.actual = tuple(sorted(trick[k][1]))
        self.points = points
        self.weight = 1.0  # a deal's weight is multiplied by this if the policy plays otherwise here (``play_checks``)
        self.back = [0] * N  # the cards this seat has played since (this play on): back in its hand
        played = list(sit.mem.played)
        voids = [{SUIT_INDEX[s] for s in v} for v in start_voids]
        lead = trick[0][1]
        suit = fast_tables(sit.ctx).suit
        led = suit[lead[0]]
        for j in range(1, k):  # (the voids shown by the plays before this one)
            seat, cards = trick[j]
            if sum(1 for i in cards if suit[i] == led) < len(lead):
                voids[seat].add(led)
        for seat, cards in trick[k:] + later:
            for i in cards:
                played[i] -= 1
                if seat == self.seat:
                    self.back[i] += 1
        self.played = played
        self.voids = voids
        # the position with this seat's hand left empty: each deal fills it in (``seat_state``); the policy only
        # reads a state. The seat that buried the kitty sees it: its state is built for each deal's kitty.
        self.template = None if self.seat == sit.kitty_holder else self.state(sit, [0] * N, [])

    def state(self, sit: Situation, own: list[int], kitty: list[int]) -> PlayState:
        """The position as the seat saw it, holding ``own`` (and with ``kitty``, if it buried it)."""
        empty = [0] * N
        seat = self.seat
        state = PlayState(sit.ctx, [own if s == seat else empty for s in range(sit.players)],
                          self.prefix[0][0] if self.prefix else seat, list(self.prefix), self.played,
                          [set(v) for v in self.voids], sit.dealer_team, self.points,
                          to_cards(kitty) if seat == sit.kitty_holder else (), sit.kitty_holder,
                          teams=self.teams.copy())
        state.version = POLICY_CURRENT
        return state

    def seat_state(self, sit: Situation, hands: list[list[int]], kitty: list[int]) -> PlayState:
        """The position on the deal ``hands``: the seat's hand there plus the cards it has played since."""
        hand = hands[self.seat]
        back = self.back
        state = self.template
        if state is None:
            return self.state(sit, [hand[i] + back[i] for i in range(N)], kitty)
        seat = self.seat
        own = state.hands[seat]
        held = state.held[seat]
        suit = state.t.suit
        for s in range(5):
            held[s] = 0
        size = 0
        for i in range(N):
            n = hand[i] + back[i]
            own[i] = n
            if n:
                held[suit[i]] = held[suit[i]] + n
                size += n
        state.sizes[seat] = size
        state.cards_left = size
        return state


def play_checks(sit: Situation, seats: Mapping[int, str]) -> list[list[PlayCheck]]:
    """Per seat of ``seats`` (the bot's AI seats, with their levels), its plays of every trick of the hand so far,
    to weigh deals by (none for the own seat, none at all when the inference is off)."""
    out: list[list[PlayCheck]] = [[] for _ in range(sit.players)]
    history = [[(s, tuple(c.index for c in cards)) for s, cards in trick] for trick in sit.history]
    for t, trick in enumerate(history):
        later = [play for rest in history[t + 1:] for play in rest]
        for k in range(len(trick)):
            seat = trick[k][0]
            weight = mismatch_weight(sit, seat, seats[seat]) if seat != sit.seat and seat in seats else 1.0
            if weight < 1.0:  # (a weight of 1.0: the seat is not read)
                check = PlayCheck(sit, trick, k, later, sit.mem.voids_at[t], sit.points_at[t], sit.sides_at(t))
                check.weight = weight
                out[seat].append(check)
    return out


def mismatch_weight(sit: Situation, seat: int, level: str) -> float:
    """What a deal's weight is multiplied by for each play of ``seat`` (an AI of ``level``) the policy would not have
    made there, if the seat plays as the policy (but for a searching seat's overrides)."""
    weight = SEARCH_WEIGHT if level in SEARCH_LEVELS else OPPONENT_WEIGHT
    return max(weight, PARTNER_WEIGHT) if seat in sit.mates() else weight


def penalties(w: float, plays: int) -> list[float]:
    """``-log`` of a deal's weight for a seat by how many of its ``plays`` (0..plays) the policy would have played
    otherwise, ``w`` a mismatch: a mixture of a seat that plays as the policy and, with the share ``LOOSE_SHARE``,
    one that does not (rising by less for each further mismatch)."""
    loose = max(w, LOOSE_WEIGHT)
    return [-math.log((1.0 - LOOSE_SHARE) * w ** k + LOOSE_SHARE * loose ** k) for k in range(plays + 1)]


def mismatches(sit: Situation, checks: list[PlayCheck], hands: list[list[int]], kitty: list[int],
               cap: int = -1) -> int:
    """How many of ``checks`` (one seat's plays) the play policy would have played otherwise on the deal (counting
    stops once past ``cap``, if it is not negative)."""
    n = 0
    for check in checks:
        if not agrees(sit, check, hands, kitty):
            n += 1
            if n == cap + 1:
                break
    return n


def play_weight(sit: Situation, checks: list[list[PlayCheck]], hands: list[list[int]], kitty: list[int]) -> float:
    """The weight of the deal ``hands`` (and ``kitty``): per seat, the mixture's weight (``penalties``) of the number
    of its plays the policy would have played otherwise."""
    weight = 1.0
    for seat in range(len(checks)):
        if checks[seat]:
            cost = penalties(checks[seat][0].weight, len(checks[seat]))
            weight *= math.exp(-cost[mismatches(sit, checks[seat], hands, kitty)])
    return weight


def agrees(sit: Situation, check: PlayCheck, hands: list[list[int]], kitty: list[int]) -> bool:
    """Whether the play policy, given the checked seat's hand of the deal ``hands`` as it was then, plays as it
    did."""
    return tuple(sorted(policy_play(check.seat_state(sit, hands, kitty), check.seat))) == check.actual


class Reading:
    """A Markov chain over the hidden cards' deals (Metropolis) whose weight is ``play_weight``: a step swaps one
    card between two hidden holders (the other seats' hands and an unknown kitty, index ``KITTY_HOLDER``) where
    the voids, the cards known to be held and ``consistent`` allow it, and is kept with probability
    ``min(1, weight ratio)`` (× the kitty weights' ratio when a card enters or leaves the kitty, as the
    sampler biases it). Each step replays the plays of the seats whose hands changed only, the plays that
    disagreed last first, and stops once the step cannot stand."""

    def __init__(self, sit: Situation, checks: list[list[PlayCheck]], accept: list[list[int]],
                 shown: list[list[int]], kitty_weight: tuple[float, ...],
                 consistent: Callable[[list[list[int]], list[int]], bool]) -> None:
        self.sit = sit
        self.checks = [list(c) for c in checks]  # (reordered: the plays that disagreed last first)
        self.penalty = [penalties(c[0].weight, len(c)) if c else [0.0] for c in checks]
        players = sit.players
        self.kitty_at = players  # (the kitty's holder index: after the seats)
        # per effective suit: which holders take it
        self.accepts = [[d in a for d in range(players + 1)] for a in accept]
        self.shown = shown
        self.kitty_weight = kitty_weight
        self.consistent = consistent
        self.suit = fast_tables(sit.ctx).suit
        self.holders: list[int] = []
        self.hands: list[list[int]] = []
        self.kitty = [0] * N
        self.kitty_cards: list[int] = []  # the kitty's card indices (kept with ``kitty``)
        self.misses = [0] * players
        # per seat, its mismatch count by its hand (and the kitty, for the seat that buried it); -n-1: more than n-1
        self.known: list[dict[bytes, int]] = [{} for _ in range(players)]

    def begin(self, fresh: Callable[[], tuple[list[list[int]], list[int]]], holders: list[int], tries: int,
              steps: int, rng: random.Random) -> None:
        """Start from the heaviest of ``tries`` deals drawn by ``fresh`` (hands and kitty, card indices), then walk
        ``steps`` swaps; ``holders``: the seats (and ``KITTY_HOLDER``) whose cards are hidden."""
        self.holders = holders
        best = fresh()
        cost = self.cost(*best)
        for _ in range(tries - 1):
            deal = fresh()
            c = self.cost(*deal)
            if c < cost:
                best, cost = deal, c
        hands, kitty = best
        self.hands = [list(h) for h in hands]
        self.kitty = [0] * N
        for i in kitty:
            self.kitty[i] += 1
        self.kitty_cards = list(kitty)
        for seat in range(self.kitty_at):
            self.misses[seat] = self._misses(seat)
        self.walk(steps, rng)

    def cost(self, hands: list[list[int]], kitty: list[int]) -> float:
        """``-log play_weight`` of a deal (card indices)."""
        total = 0.0
        for seat in range(self.kitty_at):
            if self.checks[seat]:
                total += self.penalty[seat][mismatches(self.sit, self.checks[seat], hands, kitty)]
        return total

    def deal(self) -> tuple[list[list[int]], list[int]]:
        """The chain's current deal: copies of the hands and the kitty's card indices."""
        return [list(h) for h in self.hands], list(self.kitty_cards)

    def _cards(self, holder: int) -> list[int]:
        return self.kitty if holder == self.kitty_at else self.hands[holder]

    def _misses(self, seat: int, cap: int = -1) -> int:
        """How many of ``seat``'s plays the policy plays otherwise on the current deal (stopping past ``cap``); a
        play that disagrees moves to the front of the seat's checks."""
        key = bytes(self.hands[seat]) + (bytes(self.kitty) if seat == self.sit.kitty_holder else b"")
        known = self.known[seat].get(key)
        if known is not None and (known >= 0 or -known - 1 > cap >= 0):
            return known if known >= 0 else -known - 1
        n = self._count(seat, cap)
        self.known[seat][key] = n if cap < 0 or n <= cap else -n - 1
        return n

    def _count(self, seat: int, cap: int) -> int:
        """``_misses`` replayed."""
        checks = self.checks[seat]
        n = 0
        for k in range(len(checks)):
            check = checks[k]
            if not agrees(self.sit, check, self.hands, self.kitty_cards):
                n += 1
                if k > n - 1:
                    checks[k] = checks[n - 1]
                    checks[n - 1] = check
                if n == cap + 1:
                    break
        return n

    def walk(self, steps: int, rng: random.Random) -> None:
        """``steps`` proposed swaps."""
        for _ in range(steps):
            self._step(rng)

    def _step(self, rng: random.Random) -> None:
        holders = self.holders
        if len(holders) < 2:
            return
        x = holders[rng.randrange(len(holders))]
        y = holders[rng.randrange(len(holders) - 1)]
        if y == x:
            y = holders[-1]
        cx, cy = self._cards(x), self._cards(y)
        a, b = _pick(cx, rng), _pick(cy, rng)
        suit = self.suit
        if a < 0 or b < 0 or a == b or not self.accepts[suit[a]][y] or not self.accepts[suit[b]][x]:
            return
        k = self.kitty_at
        if (x < k and cx[a] <= self.shown[x][a]) or (y < k and cy[b] <= self.shown[y][b]):
            return
        self._swap(x, y, a, b)
        if not self._keep(x, y, a, b, rng):
            self._swap(x, y, b, a)

    def _swap(self, x: int, y: int, a: int, b: int) -> None:
        """Move the card ``a`` from holder ``x`` to ``y`` and ``b`` back."""
        cx, cy = self._cards(x), self._cards(y)
        cx[a] -= 1
        cy[a] += 1
        cy[b] -= 1
        cx[b] += 1
        if x == self.kitty_at:
            self.kitty_cards[self.kitty_cards.index(a)] = b
        elif y == self.kitty_at:
            self.kitty_cards[self.kitty_cards.index(b)] = a

    def _keep(self, x: int, y: int, a: int, b: int, rng: random.Random) -> bool:
        """Whether the swap just made (``a`` from ``x`` to ``y``, ``b`` back) stands; the mismatch counts updated
        if it does."""
        if not self.consistent(self.hands, self.kitty):
            return False
        ratio = 1.0
        k = self.kitty_at
        if y == k:
            ratio = self.kitty_weight[a] / self.kitty_weight[b]
        elif x == k:
            ratio = self.kitty_weight[b] / self.kitty_weight[a]
        affected = [h for h in (x, y) if h < k and self.checks[h]]
        holder = self.sit.kitty_holder
        if k in (x, y) and holder >= 0 and self.checks[holder] and holder not in affected:
            affected.append(holder)
        # Metropolis with early stops: the swap stands if the log weight ratio is at least log(u); each seat's
        # count stops once it is past what the seats after it could still make up
        budget = math.log(ratio) - math.log(1.0 - rng.random())
        new: list[int] = []
        for k, seat in enumerate(affected):
            spare = budget
            for j in range(k + 1, len(affected)):
                spare += self.penalty[affected[j]][self.misses[affected[j]]]
            cap = self._cap(seat, spare)
            if cap < 0:
                return False
            n = self._misses(seat, cap)
            if n > cap:
                return False
            budget -= self.penalty[seat][n] - self.penalty[seat][self.misses[seat]]
            new.append(n)
        if budget < 0:
            return False
        for k, seat in enumerate(affected):
            self.misses[seat] = new[k]
        return True

    def _cap(self, seat: int, spare: float) -> int:
        """The most mismatches ``seat`` may have for the step to stand with ``spare`` log weight to lose (-1:
        none)."""
        penalty = self.penalty[seat]
        limit = penalty[self.misses[seat]] + spare
        n = -1
        while n + 1 < len(penalty) and penalty[n + 1] <= limit:
            n += 1
        return n


def _pick(cards: list[int], rng: random.Random) -> int:
    """A uniformly drawn card (its index) of the count vector ``cards`` (-1 if empty)."""
    total = 0
    for n in cards:
        total += n
    if not total:
        return -1
    r = rng.randrange(total)
    for i, n in enumerate(cards):
        r -= n
        if r < 0:
            return i
    return -1
