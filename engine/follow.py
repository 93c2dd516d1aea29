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

from engine.cards import CARD_INDEX, Card
from engine.trump import TRUMP_SUIT, TrumpContext
from engine.units import Lead, Shape, decompose_lead, format_ladder, holds, pack_tractors, split_pairs, tractor_paths

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
    have = Counter(hand)
    for card, k in Counter(play).items():
        if have[card] < k:
            return "play.not_in_hand"
    suit = lead.suit
    suit_of = ctx.suit_of
    held = [c for c in hand if suit_of(c) == suit]
    played = [c for c in play if suit_of(c) == suit]
    if len(played) < min(len(held), n):
        return "play.must_follow_suit"
    policy = ctx.rules.follow_policy
    if len(held) <= n or policy == "suit_only" or lead.shape[0] == 0:
        return None
    if policy == "pairs_only":
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

def _cheap_key(ctx: TrumpContext) -> CardKey:
    """Low, non-point, non-trump cards first."""
    return lambda c: (ctx.is_trump(c), c.points > 0, ctx.strength(c), ctx.tie_order(c))


def _strong_key(ctx: TrumpContext) -> CardKey:
    """High cards first (the strongest follow of the required shape is offered first)."""
    return lambda c: (-ctx.strength(c), ctx.tie_order(c))


def _multisets(cards: Sequence[Card], k: int, key: CardKey) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``cards`` with ``k`` cards, preferred cards (by ``key``) first."""
    counts = Counter(cards)
    distinct = sorted(counts, key=key)
    avail = [counts[c] for c in distinct]
    suffix = [*list(itertools.accumulate(reversed(avail)))[::-1], 0]
    chosen: list[Card] = []

    def rec(i: int, need: int) -> Iterator[tuple[Card, ...]]:
        if need == 0:
            yield tuple(chosen)
            return
        if suffix[i] < need:
            return
        card = distinct[i]
        for take in range(min(avail[i], need), -1, -1):
            chosen.extend([card] * take)
            yield from rec(i + 1, need - take)
            if take:
                del chosen[-take:]

    yield from rec(0, k)


def _shaped(cards: Sequence[Card], shape: Shape, ctx: TrumpContext, key: CardKey) -> Iterator[tuple[Card, ...]]:
    """Sub-multisets of ``cards`` with as many cards as ``shape`` that split into its units
    (may repeat a multiset that splits in several ways; the caller dedupes)."""
    tractors = sorted((k for k in shape if k >= 2), reverse=True)
    n_pairs = sum(1 for k in shape if k == 1)
    n_singles = sum(1 for k in shape if k == 0)
    pairs, _ = split_pairs(cards)
    pairs.sort(key=key)
    paths = tractor_paths(pairs, ctx) if tractors else []
    paths.sort(key=lambda p: [key(pairs[i]) for i in p])

    def rest_after(used: set[int]) -> Iterator[tuple[Card, ...]]:
        free = [i for i in range(len(pairs)) if i not in used]
        for combo in itertools.combinations(free, n_pairs):
            taken = [pairs[i] for i in (*used, *combo) for _ in range(2)]
            remaining = Counter(cards)
            remaining.subtract(taken)
            for singles in _multisets(list(remaining.elements()), n_singles, key):
                yield (*taken, *singles)

    def pick(pos: int, used: set[int], start: int) -> Iterator[tuple[Card, ...]]:
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
    key = _cheap_key(ctx)
    held = [c for c in hand if ctx.suit_of(c) == lead.suit]
    others = [c for c in hand if ctx.suit_of(c) != lead.suit]
    sources: list[Iterator[tuple[Card, ...]]] = []
    policy = ctx.rules.follow_policy
    if len(held) >= n:
        if policy == "suit_only" or lead.shape[0] == 0 or len(held) == n:
            sources.append(_multisets(held, n, key))
        elif policy == "pairs_only":
            need = min(sum(lead.shape), _pair_count(held))
            sources.append(_shaped(held, (1,) * need + (0,) * (n - 2 * need), ctx, key))
        else:
            rung = required_rung(lead, held, ctx)
            sources.append(itertools.islice(_shaped(held, rung, ctx, _strong_key(ctx)), 1))
            sources.append(_shaped(held, rung, ctx, key))
    else:
        if not held and lead.suit != TRUMP_SUIT:
            trumps = [c for c in others if ctx.is_trump(c)]
            if len(trumps) >= n:
                sources.append(_shaped(trumps, lead.shape, ctx, key))
        sources.append((*held, *rest) for rest in _multisets(others, n - len(held), key))
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[Card, ...]] = []
    for play in itertools.chain.from_iterable(sources):
        ident = tuple(sorted(CARD_INDEX[c] for c in play))
        if ident in seen:
            continue
        seen.add(ident)
        out.append(tuple(ctx.sort_hand(play)))
        if len(out) >= limit:
            break
    return out
