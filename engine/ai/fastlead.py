"""The play policy's leads (出牌), on count vectors (see ``engine.ai.policy``: ``basic`` and the playouts).

Sure winners (top singles, pairs, tractors, and a throw (甩牌) of all of a suit's top units) score by their points
and size, discounted by the risk of a ruff (毙): certain when an opponent is known void, growing as the suit thins
out; none when no opponent can ruff (no trump, or trump pair, left unseen); since version 3 a pair's or tractor's
risk, and a throw's that holds one, counts only as far as an opponent may hold a trump pair, and a tractor is
sure when no hand can hold a stronger tractor (a stronger pair cannot beat it). Trumps are pulled (调主) when the
dealer team is long in them; otherwise (since version 3, ``basic_v2`` does not) the top trumps are kept — unless
one trump is left unseen: the top trump then pulls it, and when the rest of the hand is plain winners the last
trick needs no trump kept. Otherwise a cheap low card is led, from a short suit, or from a suit the partner can
ruff, or (version 3) a tractor that is not sure to win. Near the end the one certain trump is kept for the last
trick while the kitty bonus is at stake. In 找朋友 (version 3) the dealer's side leads low singles into an open
call's suit it holds no called card of (the friend wins with it, revealed) and leads no copy filling a call with
nobody new (``double_join: consumes``). The best score wins (the first of equal scores, suits in order).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Final

from engine.ai.fasttables import N
from engine.ai.lasttricks import guard, guard_cost, in_last_tricks, pair_beaten
from engine.ai.playstate import POLICY_CURRENT, PlayState
from engine.ai.teams import double_join_cost

log = logging.getLogger(__name__)

TRUMP: Final = 4
WORST: Final = float("-inf")  # below every score
LOW_OPTIONS: Final = 4
LONG_TRUMPS: Final = 8  # the dealer's team pulls trumps (调主) with this many
# (version 3) the sure-winning trump leads' score change: defenders keep their top trumps (to ruff (毙), to
# control, and for the last trick (抠底)), and so does the dealer's team when it is short of trumps
DEFENDER_TOP_TRUMP: Final = -70.0
SHORT_TOP_TRUMP: Final = -40.0
DOUBLE_JOIN: Final = 60.0  # (version 3, 找朋友) a lead filling a friend call with nobody new (the team stays smaller)
FRIEND_LEAD: Final = 20.0  # (version 3, 找朋友) a low single led into an open call's suit (the friend wins it)
LOW_TRACTOR: Final = 25.0  # (version 3) a losing tractor lead's bonus per pair: it makes the opponents give up pairs


def ruff_risk(left: int, ruffable: bool) -> float:
    """Risk that an opponent ruffs a plain-suit lead, from the suit's unseen cards (as in ``leads``)."""
    if ruffable:
        return 1.0
    if left >= 9:
        return 0.05
    if left >= 6:
        return 0.2
    return 0.35 if left >= 3 else 0.6


def tractor_chain(p: PlayState, pairs: list[int]) -> list[int]:
    """The longest chain of adjacent pairs (high to low) among ``pairs`` (strongest first)."""
    adj = p.t.adjacent
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


def tractor_top(p: PlayState, seat: int, chain: list[int]) -> bool:
    """Whether the tractor ``chain`` (high to low) is sure to win as a lead: (version 3) no hand can hold a
    stronger tractor of as many pairs — a stronger pair alone cannot beat it; before, no stronger pair."""
    if p.version < POLICY_CURRENT:
        return p.top_free(chain[0], seat, True)
    t = p.t
    top = t.strength[chain[0]]
    for j in t.by_suit[t.suit[chain[0]]]:
        if t.strength[j] <= top:
            break
        if _unseen_run(p, seat, j, len(chain)):
            return False
    return True


def _unseen_run(p: PlayState, seat: int, j: int, pairs: int) -> bool:
    """Whether ``pairs`` adjacent pairs, ``j``'s the strongest, may all be in one other hand (unseen by ``seat``)."""
    if p.t.decks - p.seen[seat][j] - p.hands[seat][j] < 2:
        return False
    if pairs <= 1:
        return True
    return any(_unseen_run(p, seat, k, pairs - 1) for k in p.t.down[j])


class _Seat:
    """What every suit's leads need to know of the leading seat."""

    def __init__(self, p: PlayState, seat: int) -> None:
        self.seat = seat
        teams = p.teams.for_seat(seat, p.hands[seat])
        self.opps = teams.opps[seat]  # (playing order: with four seats and fixed partners, seat + 1 and seat + 3)
        self.partners = teams.mates[seat]
        self.dealer_side = teams.side[seat] == 1
        self.n_trumps = p.held[seat][TRUMP]
        self.unseen_trumps = unseen = p.unseen(seat, TRUMP)
        self.long_trumps = self.dealer_side and self.n_trumps >= max(8, unseen // 2) and unseen > 0
        # (singles, pairs): no opponent can ruff (毙) them (None: not known yet)
        self.safe: list[bool | None] = [None, None]
        # the one certain trump, and trump pair, kept for the last trick (-1: none)
        self.guard = guard(p, seat)
        v3 = p.version >= POLICY_CURRENT  # (找朋友: ``Teams.double_joins``, ``Teams.call_suits``)
        self.double_joins = p.teams.double_joins(seat) if v3 else {}  # (a lead: no copy played in the trick yet)
        self.call_suits = p.teams.call_suits(seat, p.hands[seat], p.t.suit) if v3 else ()


def _safe(p: PlayState, me: _Seat, pair: bool) -> bool:
    """Public certainty: no opponent can ruff a single (or a pair) — both are void in trumps, or no trump
    (trump pair) is unseen by the leading seat (computed once per lead, when first needed)."""
    known = me.safe[pair]
    if known is not None:
        return known
    voids = p.voids
    if all(TRUMP in voids[o] for o in me.opps):
        me.safe[0] = me.safe[1] = True
    elif me.unseen_trumps < 2:
        me.safe[0], me.safe[1] = me.unseen_trumps == 0, True
    else:
        seen, hand = p.seen[me.seat], p.hands[me.seat]
        me.safe[0] = False
        decks = p.t.decks
        me.safe[1] = not any(decks - seen[i] - hand[i] >= 2 for i in p.t.by_suit[TRUMP])
    return bool(me.safe[pair])


def fast_lead(p: PlayState, seat: int) -> tuple[int, ...]:
    """The best-scored lead (the first of equal scores, suits in order)."""
    t = p.t
    hand = p.hands[seat]
    held = p.held[seat]
    me = _Seat(p, seat)
    best = _Best(p, me)
    for s in range(5):
        if held[s]:
            _suit_best(p, me, s, [i for i in t.by_suit[s] if hand[i]], best)
    return best.play


class _Best:
    """The best lead offered so far (the first of equal scores); near the end, each offer less the kitty
    guard's cost."""

    def __init__(self, p: PlayState, me: _Seat) -> None:
        self.value = WORST
        self.play: tuple[int, ...] = ()
        self.p = p
        self.me = me
        self.guarded = me.guard[0] >= 0 or me.guard[1] >= 0
        self.size = p.sizes[me.seat]

    def offer(self, score: float, play: tuple[int, ...]) -> None:
        if self.guarded and len(play) < self.size:
            score -= _guard(self.p, self.me.seat, self.me.guard, play)
        score -= double_join_cost(self.me.double_joins, play, DOUBLE_JOIN)  # (0 without open calls)
        if score > self.value:
            self.value, self.play = score, play

    def beaten(self, score: float) -> bool:
        """Whether an offer of ``score`` could be taken (always, while the guard may lower scores)."""
        return self.guarded or score > self.value


def _guard(p: PlayState, seat: int, guard: tuple[int, int], play: tuple[int, ...]) -> float:
    """The kitty guard's cost of leading ``play`` (the certain trump, or pair, kept for the last trick)."""
    single, pair = guard
    if p.version >= POLICY_CURRENT and play == (single,) and _pull_leaves_winners(p, seat, single):
        return 0.0
    cost = guard_cost(p, seat, single) if single in play else 0.0
    spent = 2 if p.version < POLICY_CURRENT else 1  # (version 3: leading one card of the pair breaks it too)
    return cost + (p.guard_cost(seat, pair, True) if pair >= 0 and play.count(pair) >= spent else 0.0)


def _pull_leaves_winners(p: PlayState, seat: int, trump: int) -> bool:
    """Whether leading the certain ``trump`` pulls the last unseen trump and leaves only sure winners: every
    other card of the hand is the top of its plain suit (no unseen card beats it), so the last trick is won
    without the trump."""
    if p.unseen(seat, TRUMP) != 1:
        return False
    hand = p.hands[seat]
    suit = p.t.suit
    return all(i == trump or (suit[i] != TRUMP and p.top_free(i, seat, False))
               for i in range(len(hand)) if hand[i])


def _suit_best(p: PlayState, me: _Seat, s: int, cards: list[int], best: _Best) -> None:
    """Offer the leads of suit ``s`` in order: its sure winners, a throw of them, then cheap losing leads."""
    hand = p.hands[me.seat]
    voids = p.voids
    ruffable = s != TRUMP and _ruffs(voids, me.opps, s)
    risk = 0.0 if s == TRUMP else ruff_risk(p.unseen(me.seat, s), ruffable)
    pairs = [i for i in cards if hand[i] >= 2]
    chain = tractor_chain(p, pairs) if len(pairs) >= 2 else []  # (the suit's longest tractor: read twice)
    winners = _winners(p, me.seat, cards, pairs, chain)
    if p.version >= POLICY_CURRENT and len(pairs) >= 2:
        _low_tractor(p, me, s, chain, best)
    for score, play in winners:
        best.offer(_winner_score(p, me, s, risk, score, play), play)
    if s != TRUMP and len(winners) >= 2:
        throw = _throw(winners)
        if len(throw) > 2 or (len(throw) == 2 and throw[0] != throw[1]):
            pts = _points(p, throw)
            r = 0.0 if _safe(p, me, False) else risk
            if r > 0 and p.version >= POLICY_CURRENT and len(pairs) > 0 and _has_pair(throw):
                r *= _pair_ruff_share(p, me)  # (version 3) a ruff must match the throw's pair with a trump pair
            best.offer((45.0 + 1.5 * pts + 6 * len(throw)) * (1 - r) - 25 * r, throw)
    if s == TRUMP:
        if pairs and in_last_tricks(p, me.seat):
            _last_pairs(p, me, pairs, best)
        _low_trumps(p, me, cards, best)
    else:
        _low_leads(p, me, s, cards, not ruffable and _ruffs(voids, me.partners, s), best)


def _ruffs(voids: list[set[int]], seats: tuple[int, ...], s: int) -> bool:
    """Whether one of ``seats`` is known void in suit ``s`` and not in trumps (it can ruff, 毙)."""
    for q in seats:
        v = voids[q]
        if s in v and TRUMP not in v:
            return True
    return False


def _winners(p: PlayState, seat: int, cards: list[int], pairs: list[int],
             chain: list[int]) -> list[tuple[float, tuple[int, ...]]]:
    """Sure winners with their base scores: the top tractor (``chain``: ``tractor_chain`` of ``pairs``), top pairs,
    top singles (not from a pair)."""
    t = p.t
    hand = p.hands[seat]
    winners: list[tuple[float, tuple[int, ...]]] = []
    if len(chain) >= 2 and tractor_top(p, seat, chain):  # (a chain: two pairs or more)
        pts = 2 * _points(p, chain)
        winners.append((40.0 + 1.5 * pts + 10 * len(chain), tuple(i for i in chain for _ in range(2))))
    for i in pairs:
        if not p.top_free(i, seat, True):
            break
        winners.append((50.0 + float(3 * t.points[i]), (i, i)))
    for i in cards:
        if not p.top_free(i, seat, False):
            break
        if hand[i] == 1:  # (the top of a pair leads as the pair)
            winners.append((40.0 + 1.5 * float(t.points[i]), (i,)))
    return winners


def _winner_score(p: PlayState, me: _Seat, s: int, risk: float, score: float, play: tuple[int, ...]) -> float:
    """A sure winner's score: trumps pull (调主) (version 3: only for the dealer's team long in trumps), plain
    suits are discounted by the ruff risk."""
    if s == TRUMP:
        score = 30.0 + 8 * (len(play) // 2) + (10 if me.unseen_trumps else -25)
        long = me.dealer_side and me.n_trumps >= LONG_TRUMPS
        if p.version >= POLICY_CURRENT and not long and not _pulls_freely(p, me):
            score += SHORT_TOP_TRUMP if me.dealer_side else DEFENDER_TOP_TRUMP
        return score + (10 if long else 0)
    if _safe(p, me, len(play) > 1):
        return score  # (no ruff risk)
    if p.version >= POLICY_CURRENT and len(play) >= 2 and play[0] == play[1]:  # (a pair, or a tractor)
        risk *= _pair_ruff_share(p, me)
    pts = _points(p, play)
    return score * (1 - risk) - 20 * risk - pts * risk


def _has_pair(play: tuple[int, ...]) -> bool:
    """Whether ``play`` holds a card twice (a pair or tractor unit; the units lie together, pairs first)."""
    return any(play[k] == play[k - 1] for k in range(1, len(play)))


def _points(p: PlayState, cards: Sequence[int]) -> int:
    """The points of ``cards`` (``sum`` written out: compiled, a call of the builtin on a list)."""
    pts = 0
    points = p.t.points
    for i in cards:
        pts += points[i]
    return pts


def _pulls_freely(p: PlayState, me: _Seat) -> bool:
    """(version 3) A top trump is led even by a seat that keeps them when it pulls (调主) the one trump left
    unseen: the opponents then cannot ruff (毙) the seat's plain winners."""
    return me.unseen_trumps == 1


def _pair_ruff_share(p: PlayState, me: _Seat) -> float:
    """The share of a single's ruff risk that a pair (or tractor) runs: an opponent short of the suit must
    also hold a trump pair (毙 with a pair). Each trump pair left unseen is in one opponent's hand with
    chance about (its hand size / the cards unseen)², for either opponent (at a lead every hand holds as
    many cards as the leader's)."""
    seen, hand, t = p.seen[me.seat], p.hands[me.seat], p.t
    pairs = 0
    for i in t.by_suit[TRUMP]:
        if t.decks - seen[i] - hand[i] >= 2:
            pairs += 1
    size = p.sizes[me.seat]
    unseen = t.decks * N - size
    for n in p.seen_suit[me.seat]:
        unseen -= n
    if unseen <= 0:
        return 0.0
    ruffers = 0
    for o in me.opps:
        if TRUMP not in p.voids[o]:
            ruffers += 1
    return min(1.0, ruffers * pairs * (float(size) / float(unseen)) ** 2)


def _last_pairs(p: PlayState, me: _Seat, pairs: list[int], best: _Best) -> None:
    """(version 3, the last tricks) A trump pair leads as a likely winner: it loses only to a stronger trump
    pair in one opponent's hand (``pair_beaten``)."""
    for i in pairs:
        risk = pair_beaten(p, me.seat, i)
        best.offer((50.0 + 6.0 * float(p.t.points[i])) * (1 - risk) - 20 * risk, (i, i))


def _low_trumps(p: PlayState, me: _Seat, cards: list[int], best: _Best) -> None:
    """Losing trump leads: low trumps, better when the team is long in them (pulling trumps, 调主)."""
    t = p.t
    hand = p.hands[me.seat]
    keeps, points = t.keep, t.points
    base = 8.0 if me.long_trumps else -12.0
    for i in cards[-LOW_OPTIONS:]:  # higher cards only lose more (they are worth keeping)
        single = base - 0.8 * keeps[i] - 1.5 * float(points[i])
        if hand[i] >= 2:
            if best.beaten(single - 6):
                best.offer(single - 6, (i,))
            pair = base - 1.6 * keeps[i] - 3.0 * float(points[i]) + 3
            if best.beaten(pair):
                best.offer(pair, (i, i))
        elif best.beaten(single):
            best.offer(single, (i,))


def _low_leads(p: PlayState, me: _Seat, s: int, cards: list[int], partner_ruffs: bool, best: _Best) -> None:
    """Losing leads of a plain suit: cheap, pointless, from a short suit; better if the partner can ruff
    them."""
    t = p.t
    hand = p.hands[me.seat]
    keeps, points = t.keep, t.points
    base = max(0, 6 - int(p.held[me.seat][s])) * 1.5 + (12 if partner_ruffs else 0)
    find = FRIEND_LEAD if s in me.call_suits else 0.0  # (a single: the friend wins it with one card)
    feed = 0.5 if partner_ruffs else 2.5
    for i in cards[-LOW_OPTIONS:]:
        single = -keeps[i] - float(points[i]) * feed + base + find
        if hand[i] >= 2:
            if best.beaten(single - 6):
                best.offer(single - 6, (i,))
            pair = -2 * keeps[i] - float(2 * points[i]) * feed + base + 4 - float(t.strength[i]) * 0.3
            if best.beaten(pair):
                best.offer(pair, (i, i))
        elif best.beaten(single):
            best.offer(single, (i,))


def _low_tractor(p: PlayState, me: _Seat, s: int, chain: list[int], best: _Best) -> None:
    """A tractor (拖拉机) that is not a sure winner, led anyway: the opponents must follow it with pairs of
    the suit (or break theirs), and the tractor stays whole. Scored like its pairs led as losing leads,
    plus ``LOW_TRACTOR`` per pair; from trumps only when the team is long in them (pulling trumps). ``chain``: the
    suit's ``tractor_chain``."""
    if len(chain) < 2 or tractor_top(p, me.seat, chain):
        return  # (a sure winner: offered with the winners)
    t = p.t
    if s == TRUMP:
        if not me.long_trumps:
            return
        base, feed = 8.0, 1.5
    else:
        base, feed = max(0, 6 - int(p.held[me.seat][s])) * 1.5, 2.5
    score = base + sum([-2 * t.keep[i] - 2 * feed * float(t.points[i]) + LOW_TRACTOR for i in chain])
    best.offer(score, tuple(i for i in chain for _ in range(2)))


def _throw(winners: list[tuple[float, tuple[int, ...]]]) -> tuple[int, ...]:
    """Every top unit of a suit together, without using a card twice: the units longest first (``_winners``
    lists them so: the tractor, pairs, singles; otherwise they are sorted so, stably), each taken if no card
    would then be used more than twice."""
    ordered = winners
    for k in range(1, len(winners)):
        if len(winners[k][1]) > len(winners[k - 1][1]):
            ordered = sorted(winners, key=lambda w: -len(w[1]))
            break
    used: dict[int, int] = {}
    out: list[int] = []
    for _, play in ordered:
        fits = True
        for i in play:
            if used.get(i, 0) + play.count(i) > 2:
                fits = False
                break
        if fits:
            for i in play:
                used[i] = used.get(i, 0) + 1
            out.extend(play)
    return tuple(out)
