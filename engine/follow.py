"""Following a lead (跟牌, RULES §7): which plays are legal, and the list of legal follows.

1. Play as many cards of the led effective suit as you hold, up to the number led.
2. Among them, match the lead's shape by the first rung of its format ladder that your led-suit
   holding can satisfy (有对必跟对, 有拖拉机必出拖拉机); option ``follow_policy``: ``ladder`` (default),
   ``pairs_only`` (only the number of pairs), ``suit_only`` (only rule 1).
3. Fill the rest from other suits freely.
"""

from __future__ import annotations

import itertools
import logging
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.cards import ALL_CARDS, Card
from engine.rules import FollowPolicy
from engine.trump import TRUMP_SUIT, TrumpContext
from engine.units import (
    Lead,
    Shape,
    decompose_lead,
    format_ladder,
    holds,
    index_tractor_paths,
    pack_tractors,
    split_pairs,
)

log = logging.getLogger(__name__)

LeadLike = Lead | Sequence[Card]
CardKey = Callable[[Card], Any]


def as_lead(lead: LeadLike, ctx: TrumpContext) -> Lead:
    """A ``Lead`` from a ``Lead`` or the led cards."""
    return lead if isinstance(lead, Lead) else decompose_lead(lead, ctx)


def required_rung(lead: Lead, held: Sequence[Card], ctx: TrumpContext) -> Shape:
    """The first rung of the lead's format ladder that ``held`` (led-suit cards, more than led) can satisfy."""
    for rung in format_ladder(lead.shape):
        if holds(held, rung, ctx):
            return rung
    return (0,) * lead.size  # unreachable: the all-singles rung always holds


def _pair_count(cards: Sequence[Card]) -> int:
    return sum(n // 2 for n in Counter(cards).values())


def follow_error(lead: LeadLike, hand: Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> str | None:
    """Why ``play`` (from ``hand``, the whole hand before playing) is not a legal follow, as a message
    key (``play.wrong_count``, ``play.not_in_hand``, ``play.must_follow_suit``, ``play.must_follow_pairs``,
    ``play.must_follow_tractor``), or None if it is legal."""
    lead = as_lead(lead, ctx)
    n = lead.size
    if len(play) != n:
        return "play.wrong_count"
    hand_ids = [c.index for c in hand]
    suit = lead.suit
    table = ctx.suit_table
    if n == 1:  # a single lead: any held card, of the led suit if you have one
        card = play[0].index
        if card not in hand_ids:
            return "play.not_in_hand"
        if table[card] == suit or all(table[i] != suit for i in hand_ids):
            return None
        return "play.must_follow_suit"
    have = Counter(hand_ids)
    for i, k in Counter([c.index for c in play]).items():
        if have[i] < k:
            return "play.not_in_hand"
    n_held = sum(1 for i in hand_ids if table[i] == suit)
    played = [c for c in play if table[c.index] == suit]
    if len(played) < min(n_held, n):
        return "play.must_follow_suit"
    policy = ctx.rules.follow_policy
    if n_held <= n or policy is FollowPolicy.SUIT_ONLY or lead.shape[0] == 0:
        return None
    held = [c for c in hand if table[c.index] == suit]
    if policy is FollowPolicy.PAIRS_ONLY:
        need = min(sum(lead.shape), _pair_count(held))
        return None if _pair_count(played) >= need else "play.must_follow_pairs"
    rung = required_rung(lead, held, ctx)
    if holds(played, rung, ctx):
        return None
    tractors = [k for k in rung if k >= 2]
    if tractors:
        pairs, _ = split_pairs(played)
        if pack_tractors(pairs, tractors, ctx) is None:
            return "play.must_follow_tractor"
    return "play.must_follow_pairs"


def follow_is_legal(lead: LeadLike, hand: Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> bool:
    """True if ``play`` is a legal follow to ``lead`` from ``hand``."""
    return follow_error(lead, hand, play, ctx) is None


# -- enumeration ------------------------------------------------------------------------------------
# Works on ``Card.index`` values; a card's preference is a precomputed rank (equal ranks for equal keys).

Ranks = tuple[list[int], list[int]]
_RANKS: dict[TrumpContext, Ranks] = {}


def _ranks(ctx: TrumpContext) -> Ranks:
    """(cheap, strong) preference ranks per card index: ``cheap`` puts low, non-point, non-trump cards
    first; ``strong`` puts high cards first (the strongest follow of the required shape is offered first)."""
    ranks = _RANKS.get(ctx)
    if ranks is None:
        def cheap(c: Card) -> tuple[bool, bool, int, int]:
            return (ctx.is_trump(c), c.points > 0, ctx.strength(c), ctx.tie_order(c))

        def strong(c: Card) -> tuple[int, int]:
            return (-ctx.strength(c), ctx.tie_order(c))

        ranks = (_dense(cheap), _dense(strong))
        if len(_RANKS) >= 512:
            _RANKS.clear()
        _RANKS[ctx] = ranks
    return ranks


def _dense(key: CardKey) -> list[int]:
    """Each card's position among the distinct values of ``key`` over all cards."""
    values = sorted({key(c) for c in ALL_CARDS})
    pos = {v: i for i, v in enumerate(values)}
    return [pos[key(c)] for c in ALL_CARDS]


def multisets(cards: Sequence[int], k: int, rank: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``cards`` with ``k`` cards, preferred cards (lowest ``rank``) first: the
    count vectors over the distinct cards in decreasing lexicographic order."""
    counts = Counter(cards)
    distinct = sorted(counts, key=rank.__getitem__)
    if k == 1:
        for c in distinct:
            yield (c,)
        return
    avail = [counts[c] for c in distinct]
    m = len(distinct)
    suffix = [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        suffix[i] = suffix[i + 1] + avail[i]
    if suffix[0] < k:
        return
    take = [0] * m
    chosen: list[int] = []  # the blocks of take[0..last] copies of each distinct card, in order

    def fill(start: int, need: int) -> int:
        """Take the preferred cards from ``start`` on; returns the last position taken from."""
        j = start
        while True:
            t = avail[j] if avail[j] < need else need
            take[j] = t
            chosen.extend([distinct[j]] * t)
            need -= t
            if not need:
                return j
            j += 1

    last = fill(0, k) if k else -1
    while True:
        yield tuple(chosen)
        # next vector: the last position that can give one card to the positions after it
        tail = 0
        i = last
        while i >= 0 and not (take[i] and suffix[i + 1] > tail):
            tail += take[i]
            i -= 1
        if i < 0:
            return
        for j in range(i + 1, last + 1):
            take[j] = 0
        del chosen[len(chosen) - tail - 1:]
        take[i] -= 1
        last = fill(i + 1, tail + 1)


def _shaped(cards: Sequence[int], shape: Shape, ctx: TrumpContext, rank: list[int]) -> Iterator[tuple[int, ...]]:
    """Sub-multisets of ``cards`` with as many cards as ``shape`` that split into its units
    (may repeat a multiset that splits in several ways; the caller dedupes)."""
    tractors = sorted((k for k in shape if k >= 2), reverse=True)
    n_pairs = sum(1 for k in shape if k == 1)
    n_singles = sum(1 for k in shape if k == 0)
    counts = Counter(cards)
    pairs = [c for c, n in counts.items() for _ in range(n // 2)]
    pairs.sort(key=rank.__getitem__)
    paths = index_tractor_paths(pairs, ctx) if tractors else []
    paths.sort(key=lambda p: [rank[pairs[i]] for i in p])

    def rest_after(used: set[int]) -> Iterator[tuple[int, ...]]:
        free = [i for i in range(len(pairs)) if i not in used]
        for combo in itertools.combinations(free, n_pairs):
            taken = [pairs[i] for i in (*used, *combo) for _ in range(2)]
            if not n_singles:
                yield tuple(taken)
                continue
            remaining = counts.copy()
            remaining.subtract(taken)
            for singles in multisets(list(remaining.elements()), n_singles, rank):
                yield (*taken, *singles)

    def pick(pos: int, used: set[int], start: int) -> Iterator[tuple[int, ...]]:
        if pos == len(tractors):
            yield from rest_after(used)
            return
        begin = start if pos and tractors[pos - 1] == tractors[pos] else 0
        for idx in range(begin, len(paths)):
            p = paths[idx]
            if len(p) == tractors[pos] and not used.intersection(p):
                yield from pick(pos + 1, used | set(p), idx + 1)

    yield from pick(0, set(), 0)


def enumerate_follows(lead: LeadLike, hand: Sequence[Card], ctx: TrumpContext, limit: int = 200,
                      ) -> list[tuple[Card, ...]]:
    """The legal follows as distinct card multisets (display-sorted tuples), best candidates first.

    Order: when void in a plain led suit, trump plays that split into the lead's units (possible
    ruffs) come first; with enough led-suit cards, the strongest play of the required rung comes
    first; then plays of the required shape (or fill) built from low, non-point cards first.
    Bounded: follows are generated lazily — tractors and pairs of the required ladder rung are chosen
    first (a handful of choices), then the remaining cards are drawn as sub-multisets in preference
    order — and generation stops at ``limit`` distinct follows, so a long suit never expands all its
    combinations. Exact: every generated play is legal, and every legal follow is reachable, so when
    there are at most ``limit`` legal follows all of them are returned.
    """
    lead = as_lead(lead, ctx)
    n = lead.size
    if len(hand) < n or limit <= 0:
        return []
    cheap, strong = _ranks(ctx)
    suit = ctx.suit_table
    led = lead.suit
    ids = [c.index for c in hand]
    held = [i for i in ids if suit[i] == led]
    if n == 1:  # the sources below reduce to distinct cards: held ones, else trumps first on a plain lead
        plays = sorted(dict.fromkeys(held or ids), key=cheap.__getitem__)
        if not held and led != TRUMP_SUIT:
            plays = [i for i in plays if suit[i] == TRUMP_SUIT] + [i for i in plays if suit[i] != TRUMP_SUIT]
        return [(ALL_CARDS[i],) for i in plays[:limit]]
    others = [i for i in ids if suit[i] != led]
    sources: list[Iterator[tuple[int, ...]]] = []
    policy = ctx.rules.follow_policy
    if len(held) >= n:
        if policy is FollowPolicy.SUIT_ONLY or lead.shape[0] == 0 or len(held) == n:
            sources.append(multisets(held, n, cheap))
        elif policy is FollowPolicy.PAIRS_ONLY:
            need = min(sum(lead.shape), sum(k // 2 for k in Counter(held).values()))
            sources.append(_shaped(held, (1,) * need + (0,) * (n - 2 * need), ctx, cheap))
        else:
            rung = required_rung(lead, [ALL_CARDS[i] for i in held], ctx)
            sources.append(itertools.islice(_shaped(held, rung, ctx, strong), 1))
            sources.append(_shaped(held, rung, ctx, cheap))
    else:
        if not held and led != TRUMP_SUIT:
            trumps = [i for i in others if suit[i] == TRUMP_SUIT]
            if len(trumps) >= n:
                sources.append(_shaped(trumps, lead.shape, ctx, cheap))
        if held:
            sources.append((*held, *rest) for rest in multisets(others, n - len(held), cheap))
        else:
            sources.append(multisets(others, n, cheap))
    display = ctx.sort_table.__getitem__
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[Card, ...]] = []
    for play in itertools.chain.from_iterable(sources):
        ident = tuple(sorted(play, key=display))
        if ident in seen:
            continue
        seen.add(ident)
        out.append(tuple([ALL_CARDS[i] for i in ident]))
        if len(out) >= limit:
            break
    return out
