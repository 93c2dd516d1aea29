"""The play policy's follows (跟牌), on count vectors (see ``engine.ai.policy``: ``basic`` and the playouts).

Score of a follow: ``(2w − 1) · T + 2w − 0.7 · cost``, with ``w`` the chance that our team takes the trick (a
winning play's hold chance, else the partner's), ``T`` the points on the table, in the play and expected from the
seats still to play (the last trick: plus the kitty bonus (抠底)); ``cost`` the keep value of the cards spent, a
penalty for splitting a pair, and near the end the cost of spending the one certain trump kept for the last trick.
Since version 3 (``basic_v2`` plays version 2), splitting a pair that no unseen pair beats, or a pair of a tractor
(拖拉机: it breaks the tractor too), costs more, and the dealer's team spends its trumps more readily (their keep
value counts less). Single and pair leads are scored directly; tractor and throw leads over the enumerated legal
follows. Cards that cannot win are chosen card by card, since the score adds up. In 找朋友 (version 3) a copy of a
called card that would fill an open call while its seat is already on the dealer's team costs ``DOUBLE_JOIN``
(under ``double_join: consumes`` the team would stay smaller), and a hidden friend's (暗朋友) copy that fills a call
gains ``REVEAL``: revealed, its side-mates know it. A seat that has played the copy filling a call in the current
trick counts on the dealer's side for the seats after it (``Teams.in_trick``: it joins when the trick ends, but
everyone has seen the copy): defenders no longer feed it points, its side-mates do.
"""

from __future__ import annotations

import logging
from typing import Final

from engine.ai.fasttables import FOLLOW_COST
from engine.ai.lasttricks import guard, guard_cost
from engine.ai.playstate import POLICY_CURRENT, PlayState
from engine.rules import FollowPolicy

log = logging.getLogger(__name__)

TRUMP: Final = 4
WORST: Final = float("-inf")  # below every score
PER_SEAT: Final = 3.0
COST: Final = FOLLOW_COST
SPLIT: Final = 3.0
MAX_WIN_CHECKS: Final = 3
TOP_SPLIT: Final = 6.0  # (version 3) more for splitting a pair no unseen pair beats (it wins a trick of its own)
SHORT_HAND: Final = 4  # (version 3) ... while the hand holds more cards than this (a pair then leads once)
TRACTOR_SPLIT: Final = 4.0  # (version 3) more for splitting a pair that forms a tractor (拖拉机) with another
DEALER_TRUMP_KEEP: Final = 0.75  # (version 3) share of a trump's keep value for the dealer's team (long in them)
DOUBLE_JOIN: Final = 60.0  # (version 3, 找朋友) a follow that fills a friend call with nobody new
REVEAL: Final = 30.0  # (version 3, 找朋友) a hidden friend's follow with the copy that fills a call (it is revealed)
UNKNOWN: Final = (-2, -2)  # unseen tops not worked out yet


class FollowScorer:
    """Scores follows for one seat at one moment of a playout."""

    __slots__ = ("_led_tops", "_top_single", "_trump_tops", "_w_beatable", "_w_sure", "base_points", "double_joins",
                 "guard", "guard_pair", "hand", "led", "opps_after", "p", "partner_w", "reveals", "seat", "simple_lead",
                 "t", "trump_keep")

    def __init__(self, p: PlayState, seat: int) -> None:
        self.p = p
        self.t = p.t
        self.seat = seat
        self.hand = p.hands[seat]
        trick = p.trick
        v3 = p.version >= POLICY_CURRENT
        known = p.teams.in_trick(trick) if v3 else p.teams  # (找朋友, version 3: the copies played in this trick count)
        teams = known.for_seat(seat, self.hand)
        dealer_side = teams.side[seat] == 1
        self.trump_keep = DEALER_TRUMP_KEEP if dealer_side and v3 else 1.0
        # (version 3, 找朋友) the called cards it may play only so many copies of (``Teams.double_joins``)
        self.double_joins = known.double_joins(seat) if v3 else {}
        self.reveals = known.reveals(seat) if v3 else ()
        lead = trick[0][1]
        self.led = p.led
        n_lead = len(lead)
        self.simple_lead = n_lead <= 2
        last = p.cards_left <= n_lead and p.sizes[seat] <= n_lead  # (cards_left never below the hand size)
        self.guard, self.guard_pair = (-1, -1) if last else guard(p, seat)
        n_after = p.n - 1 - len(trick)
        self.opps_after = teams.opps_after[seat][n_after]  # (by the sides everyone knows: ``engine.ai.teams``)
        self.base_points = p.trick_points + PER_SEAT * n_after
        if last:  # the last trick carries the kitty bonus (抠底)
            self.base_points += p.kitty_stake(seat, lead)
        self._led_tops = self._trump_tops = UNKNOWN  # (worked out when first needed)
        self._top_single = -2  # ``single_hold``'s remembered answers (-2, -1.0: not worked out yet)
        self._w_beatable = self._w_sure = -1.0
        wseat, wplay = trick[p.win_k]
        side = teams.side
        self.partner_w = self.hold(self.top(wplay), len(wplay) >= 2) if side[wseat] == side[seat] else 0.0

    def top(self, play: tuple[int, ...]) -> int:
        """The strongest card of ``play`` (the first of equal ranks)."""
        rank = self.t.rank
        best = play[0]
        for i in play:
            if rank[i] > rank[best]:
                best = i
        return best

    def tops(self, suit: int) -> tuple[int, int]:
        """(strongest unseen single, strongest unseen pair) strengths of ``suit`` from this seat (-1: none);
        those of the led suit and of trumps are remembered."""
        if suit == self.led:
            if self._led_tops == UNKNOWN:
                self._led_tops = self._unseen_tops(suit)
            return self._led_tops
        if suit == TRUMP:
            if self._trump_tops == UNKNOWN:
                self._trump_tops = self._unseen_tops(suit)
            return self._trump_tops
        return self._unseen_tops(suit)

    def _unseen_tops(self, suit: int) -> tuple[int, int]:
        t = self.t
        played = self.p.seen[self.seat]
        hand = self.hand
        single = pair = -1
        decks = t.decks
        for j in t.by_suit[suit]:
            n = decks - played[j] - hand[j]
            if n >= 1 and single < 0:
                single = t.strength[j]
            if n >= 2:
                pair = t.strength[j]
                break
        return single, pair

    def hold(self, top: int, pair: bool) -> float:
        """Chance that a play topped by ``top`` and winning now still wins after the opponents to come."""
        if not self.opps_after:
            return 1.0
        t = self.t
        s = t.suit[top]
        led = self.led
        voids = self.p.voids
        beatable = self.tops(s)[1 if pair else 0] > t.strength[top]
        certain = not beatable and self.simple_lead
        if s == led:
            if certain and (led == TRUMP or self.cannot_ruff(pair)):
                return 1.0
            if led != TRUMP and any(led in voids[o] and TRUMP not in voids[o] for o in self.opps_after):
                return 0.25
            return 0.35 if beatable else 0.92
        if certain:
            return 1.0
        if not any(led in voids[o] for o in self.opps_after):
            return 0.85 if beatable else 0.97
        return 0.3 if beatable else 0.9

    def single_hold(self, i: int) -> float:
        """``hold(i, False)`` for a single ``i`` that beats the trick so far, remembered by what ``hold`` reads of it:
        whether an unseen single beats it (its suit is always the same: a single lead's winners are of the led
        suit if the seat holds it, else trumps)."""
        t = self.t
        top = self._top_single
        if top == -2:
            top = self._top_single = self.tops(t.suit[i])[0]
        if top > t.strength[i]:
            if self._w_beatable < 0:
                self._w_beatable = self.hold(i, False)
            return self._w_beatable
        if self._w_sure < 0:
            self._w_sure = self.hold(i, False)
        return self._w_sure

    def cannot_ruff(self, pair: bool) -> bool:
        """No opponent to come can ruff (毙): each is void in trumps, or no trump (pair) is unseen."""
        return all(TRUMP in self.p.voids[o] for o in self.opps_after) or self.tops(TRUMP)[1 if pair else 0] < 0

    def card_score(self, i: int, w: float, used: int = 1) -> float:
        """A non-deciding card's share of the score (its points and its cost)."""
        t = self.t
        split = self.split(i) if used == 1 and self.hand[i] >= 2 else 0.0
        guard = guard_cost(self.p, self.seat, i) if i == self.guard else 0.0
        if i == self.guard_pair and used == 2:  # (counted once per card of the pair)
            guard += self.p.guard_cost(self.seat, i, True) / 2
        elif i == self.guard_pair and self.p.version >= POLICY_CURRENT:  # (version 3: splitting it breaks it)
            guard += self.p.guard_cost(self.seat, i, True)
        keep = t.keep[i] * self.trump_keep if t.suit[i] == TRUMP else t.keep[i]
        if self.double_joins and used > self.double_joins.get(i, used):  # (its share of the play's cost)
            guard += DOUBLE_JOIN / used
        elif i in self.reveals:
            guard -= REVEAL / used
        return (2 * w - 1) * float(t.points[i]) - COST * (keep + split) - guard

    def split(self, i: int) -> float:
        """The penalty (in keep units) for splitting the pair of ``i``: more for a pair nothing unseen beats,
        and more for a pair of a tractor."""
        p = self.p
        split = SPLIT
        if p.version >= POLICY_CURRENT and p.sizes[self.seat] > SHORT_HAND and p.top_free(i, self.seat, True):
            split += TOP_SPLIT
        if p.version >= POLICY_CURRENT and self.in_tractor(i):
            split += TRACTOR_SPLIT
        return split

    def in_tractor(self, i: int) -> bool:
        """Whether the pair of ``i`` links with another pair of the hand into a tractor (拖拉机)."""
        t, hand = self.t, self.hand
        for j in t.up[i]:  # (the pairs one step stronger)
            if hand[j] >= 2:
                return True
        return any(hand[j] >= 2 for j in t.down[i])  # (the pairs one step weaker)

    def total(self, w: float) -> float:
        return (2 * w - 1) * self.base_points + 2 * w

    def play_score(self, play: tuple[int, ...], w: float) -> float:
        """The cards of ``play`` scored one by one (``card_score``, both copies of a pair as one option): the
        same sum as ``sum(card_score(i, w, play.count(i)) for i in play)``, without a call per count."""
        total = 0.0
        for i in play:
            used = 0
            for j in play:
                if j == i:
                    used += 1
            total += self.card_score(i, w, used)
        return total

    def best_fill(self, k: int, w: float, allowed: list[int]) -> list[int]:
        """Good ``k`` cards among distinct cards ``allowed`` for a play of win chance ``w``: greedy by score
        per card, where both copies of a card form one option without the split penalty. The options are
        taken best first as ``sorted((score, copies, card), reverse=True)`` orders them, each picked by a scan
        (few are taken before ``k`` cards are found: no sort, no tuple per option)."""
        if k <= 2:
            return self._best_two(k, w, allowed)
        scores: list[float] = []
        sizes: list[int] = []
        cards: list[int] = []
        for i in allowed:
            scores.append(self.card_score(i, w))
            sizes.append(1)
            cards.append(i)
            if self.hand[i] >= 2:
                scores.append(self.card_score(i, w, 2))
                sizes.append(2)
                cards.append(i)
        out: list[int] = []
        used: set[int] = set()
        m = len(scores)
        taken = [False] * m
        for _ in range(m):
            b = _best_option(scores, sizes, cards, taken)
            taken[b] = True
            i, n = cards[b], sizes[b]
            if i in used or len(out) + n > k:
                continue
            used.add(i)
            for _ in range(n):
                out.append(i)
            if len(out) == k:
                break
        for i in allowed:  # a slot left that only a second copy can fill
            while len(out) < k and out.count(i) < self.hand[i]:
                out.append(i)
        return out

    def _best_two(self, k: int, w: float, allowed: list[int]) -> list[int]:
        """``best_fill`` for ``k`` ≤ 2 in one pass: the greedy's picks are the first option in its order, and if
        that is one card, the next single (pairs no longer fit); with no other card, a second copy."""
        if k <= 0:
            return []
        hand = self.hand
        one = two = pair = -1  # the best and second single options, the best pair option (cards)
        v_one = v_two = v_pair = WORST
        for i in allowed:
            v = self.card_score(i, w)
            if one < 0 or v > v_one or (v == v_one and i > one):
                two, v_two, one, v_one = one, v_one, i, v
            elif two < 0 or v > v_two or (v == v_two and i > two):
                two, v_two = i, v
            if hand[i] >= 2:
                v = self.card_score(i, w, 2)
                if pair < 0 or v > v_pair or (v == v_pair and i > pair):
                    pair, v_pair = i, v
        if one < 0:
            return []
        if k == 1:
            return [one]
        if pair >= 0 and v_pair >= v_one:  # (equal scores: the larger option first)
            return [pair, pair]
        return [one, two] if two >= 0 else [one, one] if hand[one] >= 2 else [one]


def _best_option(scores: list[float], sizes: list[int], cards: list[int], taken: list[bool]) -> int:
    """The option not taken yet that ``sorted(zip(scores, sizes, cards), reverse=True)`` puts first."""
    b = -1
    for j in range(len(scores)):
        if taken[j]:
            continue
        if b < 0 or scores[j] > scores[b] or (scores[j] == scores[b] and (
                sizes[j] > sizes[b] or (sizes[j] == sizes[b] and cards[j] > cards[b]))):
            b = j
    return b


def follow_single(p: PlayState, seat: int) -> tuple[int, ...]:
    t = p.t
    hand = p.hands[seat]
    led = p.led
    if p.held[seat][led] == 1:  # the one card of the led suit: forced
        return next((i,) for i in t.by_suit[led] if hand[i])
    sc = FollowScorer(p, seat)
    cards: list[int] = ([i for i in t.by_suit[led] if hand[i]] if p.held[seat][led]
                        else [i for i, n in enumerate(hand) if n])
    rank, suit, points, cost = t.rank, t.suit, t.points, t.cost
    win_key, guard = p.win_key, sc.guard
    pw = sc.partner_w
    lose_total = sc.total(pw)
    lose_factor = 2 * pw - 1
    best, best_v = cards[0], WORST
    for i in cards:
        s = suit[i]
        if s in (led, TRUMP) and rank[i] > win_key:  # (p.beats_current((i,)), inlined)
            w = sc.single_hold(i)
            w = w if w > pw else pw
            v = sc.total(w) + (2 * w - 1) * float(points[i])
        else:
            v = lose_total + lose_factor * float(points[i])
        v -= (cost[i] * sc.trump_keep if s == TRUMP else cost[i]) + (COST * sc.split(i) if hand[i] >= 2 else 0.0)
        if i == guard:
            v -= guard_cost(p, seat, i)
        elif i == sc.guard_pair and p.version >= POLICY_CURRENT:
            v -= p.guard_cost(seat, i, True)
        if sc.double_joins and sc.double_joins.get(i, 1) < 1:
            v -= DOUBLE_JOIN
        elif i in sc.reveals:
            v += REVEAL
        if v > best_v:
            best, best_v = i, v
    return (best,)


def follow_pair(p: PlayState, seat: int) -> tuple[int, ...]:
    t = p.t
    hand = p.hands[seat]
    led = p.led
    if p.held[seat][led] == 2:  # the two cards of the led suit: forced
        return tuple(i for i in t.by_suit[led] for _ in range(hand[i]))
    sc = FollowScorer(p, seat)
    pw = sc.partner_w
    led_cards = [i for i in t.by_suit[led] if hand[i]]
    n_led = 0
    for i in led_cards:
        n_led += hand[i]
    options: list[tuple[float, tuple[int, ...]]] = []
    pairs = [i for i in led_cards if hand[i] >= 2]
    if n_led >= 2 and pairs and p.r.policy is not FollowPolicy.SUIT_ONLY:
        for i in pairs:
            w = max(sc.hold(i, True), pw) if p.beats_current((i, i)) else pw
            options.append((sc.total(w) + 2 * sc.card_score(i, w, 2), (i, i)))
    elif n_led >= 2:
        a, b = sc.best_fill(2, pw, led_cards)
        options.append((0.0, (a, b)))
    elif n_led == 1:
        others = [i for i in range(len(hand)) if hand[i] > 0 and t.suit[i] != led]
        options.append((0.0, (led_cards[0], *sc.best_fill(1, pw, others))))
    else:
        if led != TRUMP:
            for i in t.by_suit[TRUMP]:
                if hand[i] >= 2 and p.beats_current((i, i)):
                    w = max(sc.hold(i, True), pw)
                    options.append((sc.total(w) + 2 * sc.card_score(i, w, 2), (i, i)))
        allowed = [i for i in range(len(hand)) if hand[i]]
        fill = tuple(sc.best_fill(2, pw, allowed))
        options.append((sc.total(pw) + sc.play_score(fill, pw), fill))
    best_v, best = options[0]  # (the first best: as ``max(options, key=...)``, without a call per option)
    for v, play in options:
        if v > best_v:
            best_v, best = v, play
    return best


def follow_general(p: PlayState, seat: int, cands: list[tuple[int, ...]]) -> tuple[int, ...]:
    """Tractor and throw leads: the best of the legal follows ``cands`` (enumerated ruffs and shaped
    follows) and, when the led suit runs short, all its cards plus the best free fill."""
    sc = FollowScorer(p, seat)
    pw = sc.partner_w
    hand = sc.hand
    n = len(p.trick[0][1])
    held = [i for i in sc.t.by_suit[sc.led] for _ in range(hand[i])]
    if len(held) <= n:
        others = [i for i in range(len(hand)) if hand[i] > 0 and sc.t.suit[i] != sc.led]
        cands = [*cands, (*held, *sc.best_fill(n - len(held), pw, others))]
    best, best_v = cands[0], WORST
    checks = 0
    for play in cands:
        wins = False
        if checks < MAX_WIN_CHECKS and p.may_win(play):  # the rule functions are slow: try a few ruffs only
            checks += 1
            wins = p.beats_current(play)
        w = max(sc.hold(sc.top(play), True), pw) if wins else pw
        v = sc.total(w) + sc.play_score(play, w)
        if v > best_v:
            best, best_v = play, v
    return best
