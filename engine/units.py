"""Units and leads (RULES §4): singles, pairs (对子), tractors (拖拉机) and how a lead decomposes.

A *shape* is a format written as a tuple of pair counts, longest first: ``3`` a tractor of three
pairs, ``1`` a pair, ``0`` a single; e.g. ``(3, 1, 0)``. ``fits(cards, shape, ctx)`` tells whether
cards can be split into those units (a tractor may serve as its pairs, a pair as two singles).

Pairs, tractors, shapes and splits are ``engine.cardrules.units`` (on card indices); these take and give ``Card``
objects. The lead's decomposition (``decompose_lead``) is here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from engine.cardrules import trick as core_trick
from engine.cardrules import tuples as core_tuples
from engine.cardrules import units as core
from engine.cardrules.tables import rule_tables
from engine.cardrules.tuples import code_length, code_width
from engine.cardrules.units import Shape, format_ladder, shape_size
from engine.cards import ALL_CARDS, Card
from engine.errors import IllegalAction
from engine.trump import TrumpContext

log = logging.getLogger(__name__)

__all__ = ["Lead", "Shape", "Unit", "UnitKind", "decompose", "decompose_lead", "find_pairs", "find_tractors", "fits",
           "format_ladder", "holds", "is_tractor", "make_unit", "shape_size", "split_pairs",
           "splits", "tractor_paths"]


class UnitKind(StrEnum):
    """The kinds of unit: tuples of 1–4 identical cards (RULES §12.2: triples and quadruples with three or four
    decks) and tractors."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    QUADRUPLE = "quadruple"
    TRACTOR = "tractor"


_TUPLE_KINDS: Final = {1: UnitKind.SINGLE, 2: UnitKind.PAIR, 3: UnitKind.TRIPLE, 4: UnitKind.QUADRUPLE}


@dataclass(frozen=True)
class Unit:
    """One unit; ``cards`` high→low."""

    kind: UnitKind
    cards: tuple[Card, ...]

    @property
    def pairs(self) -> int:
        """0 for a single, 1 for a pair, n for a tractor of n pairs."""
        return 0 if self.kind == UnitKind.SINGLE else len(self.cards) // 2

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def width(self) -> int:
        """Identical copies per rank (1 single, 2 pair, 3 triple; a tractor's tuples)."""
        if self.kind is UnitKind.TRACTOR:
            return self.cards.count(self.cards[0])
        return len(self.cards)

    @property
    def length(self) -> int:
        """Ranks in the unit (1 for a tuple)."""
        return len(self.cards) // self.width

    @property
    def code(self) -> int:
        """The unit's shape code (``engine.cardrules.tuples``): its pair count up to pairs, ``w * 100 + L`` wider."""
        width = self.width
        return self.pairs if width <= 2 else core_tuples.unit_code(width, len(self.cards) // width)

    @property
    def top(self) -> Card:
        return self.cards[0]

    def __reduce__(self) -> tuple[type[Unit], tuple[UnitKind, tuple[Card, ...]]]:
        return (Unit, (self.kind, self.cards))  # compiled and frozen: rebuilt by its constructor


@dataclass(frozen=True)
class Lead:
    """A decomposed lead: its effective suit and units (longest first, then high→low). ``cards``, ``size`` and
    ``shape`` (pair counts of the units, longest first, e.g. ``(2, 0)`` for a tractor and a single) are worked
    out once, as the lead is made: every follow and every play of the trick reads them."""

    suit: str
    units: tuple[Unit, ...]
    cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    size: int = field(init=False, repr=False, compare=False)
    shape: Shape = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple([c for u in self.units for c in u.cards])
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "size", len(cards))
        object.__setattr__(self, "shape", tuple(sorted([u.code for u in self.units], reverse=True)))

    @property
    def is_throw(self) -> bool:
        """More than one unit (甩牌)."""
        return len(self.units) > 1

    def __reduce__(self) -> tuple[type[Lead], tuple[str, tuple[Unit, ...]]]:
        return (Lead, (self.suit, self.units))  # compiled and frozen: rebuilt by its constructor


def make_unit(cards: Sequence[Card], ctx: TrumpContext) -> Unit:
    """A unit from a single card, two identical cards or the pairs of a tractor (not validated)."""
    ordered = tuple(sorted(cards, key=ctx.rank_key, reverse=True))
    kind = UnitKind.SINGLE if len(ordered) == 1 else UnitKind.PAIR if len(ordered) == 2 else UnitKind.TRACTOR
    return Unit(kind, ordered)


def single_unit(card: Card) -> Unit:
    """``Unit(UnitKind.SINGLE, (card,))``, made once per card (a frozen value, interned as cards are: units are made
    on every lead and play, and the dataclass ``__init__`` is an interpreted call even compiled)."""
    i = card.index
    if not 0 <= i < 64:
        return Unit(UnitKind.SINGLE, (card,))
    unit = _SINGLES[i]
    if unit is None:
        unit = _SINGLES[i] = Unit(UnitKind.SINGLE, (card,))
    return unit


def pair_unit(card: Card) -> Unit:
    """``Unit(UnitKind.PAIR, (card, card))``, made once per card (interned, as ``single_unit``)."""
    i = card.index
    if not 0 <= i < 64:
        return Unit(UnitKind.PAIR, (card, card))
    unit = _PAIRS[i]
    if unit is None:
        unit = _PAIRS[i] = Unit(UnitKind.PAIR, (card, card))
    return unit


_SINGLES: Final[list[Unit | None]] = [None] * 64
_PAIRS: Final[list[Unit | None]] = [None] * 64


def split_pairs(cards: Iterable[Card]) -> tuple[list[Card], list[Card]]:
    """(one card per identical pair, the unpaired cards); a third copy counts as a single."""
    pairs: list[Card] = []
    singles: list[Card] = []
    counts: dict[Card, int] = {}  # (as ``Counter``: in order of first appearance, without its interpreted code)
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    for card, n in counts.items():
        for _ in range(n // 2):
            pairs.append(card)
        if n % 2:
            singles.append(card)
    return pairs, singles


def find_pairs(cards: Iterable[Card], ctx: TrumpContext) -> list[Unit]:
    """Every pair in ``cards`` as a unit, high→low."""
    pairs, _ = split_pairs(cards)
    pairs.sort(key=ctx.rank_key, reverse=True)
    return [pair_unit(p) for p in pairs]


def tractor_paths(pairs: Sequence[Card], ctx: TrumpContext) -> list[tuple[int, ...]]:
    """Every tractor (≥2 pairs) among pair cards ``pairs`` as index tuples low→high into ``pairs``."""
    return core.tractor_paths(rule_tables(ctx), [c.index for c in pairs])


def is_tractor(cards: Sequence[Card], ctx: TrumpContext) -> bool:
    """Two or more pairs of one effective suit, consecutive in that suit's order (RULES §4)."""
    return core.is_tractor(rule_tables(ctx), [c.index for c in cards])


def find_tractors(cards: Iterable[Card], ctx: TrumpContext) -> list[Unit]:
    """Every tractor contained in ``cards`` (all lengths ≥ 2), longest first, then higher first."""
    found = core.tractors(rule_tables(ctx), [c.index for c in cards])
    return [Unit(UnitKind.TRACTOR, tuple([ALL_CARDS[i] for i in t])) for t in found]


def _unit_order(u: Unit, ctx: TrumpContext) -> tuple[int, int, list[int]]:
    return (u.pairs, ctx.rank_key(u.top), [ctx.rank_key(c) for c in u.cards])


def decompose(cards: Sequence[Card], ctx: TrumpContext) -> list[Unit]:
    """Units of one-suit ``cards``: longest tractor first (ties: higher), then pairs, then singles; with three or
    more decks by RULES §12.2 (the split with the largest unit, ``engine.cardrules.tuples.decompose``)."""
    r = rule_tables(ctx)
    if r.decks >= 3:
        return [_code_unit(code, ids) for code, ids in core_tuples.decompose(r, [c.index for c in cards])]
    pairs, singles = split_pairs(cards)
    units: list[Unit] = []
    while len(pairs) >= 2:
        paths = tractor_paths(pairs, ctx)
        if not paths:
            break
        best = max(paths, key=lambda p: (len(p), ctx.rank_key(pairs[p[-1]]),
                                         [ctx.rank_key(pairs[i]) for i in reversed(p)]))
        units.append(make_unit([pairs[i] for i in best for _ in range(2)], ctx))
        taken = set(best)
        pairs = [c for i, c in enumerate(pairs) if i not in taken]
    for p in pairs:
        units.append(pair_unit(p))
    for s in singles:
        units.append(single_unit(s))
    units.sort(key=lambda u: _unit_order(u, ctx), reverse=True)
    return units


def decompose_lead(cards: Sequence[Card], ctx: TrumpContext) -> Lead:
    """Decompose a lead (RULES §4); raise ``play.empty`` / ``play.mixed_suits``.

    Leads recur (the same lead is checked against many follows), so decompositions are cached on the
    context, keyed by the sorted card indices."""
    if not cards:
        raise IllegalAction("play.empty")
    if len(cards) == 1:  # one card: one single (what decompose gives, without counting, sorting or a cache key)
        card = cards[0]
        return _single_lead(ctx.suit_table[card.index], card)
    ids = tuple(sorted([c.index for c in cards]))
    cache = ctx.lead_cache
    lead = cache.get(ids)
    if lead is None:
        suit = ctx.suit_table
        first = suit[ids[0]]
        if any(suit[i] != first for i in ids):
            raise IllegalAction("play.mixed_suits")
        else:
            lead = Lead(first, tuple(decompose(tuple(sorted(cards, key=ctx.sort_key)), ctx)))
        if len(cache) >= _LEAD_CACHE_SIZE:
            cache.clear()
        cache[ids] = lead
    return lead


def _single_lead(suit: str, card: Card) -> Lead:
    """The lead of one card of effective suit ``suit``: made once per card and suit, in any context (a frozen value,
    interned as cards are: a card's own suit or trump, at most 2 × 54), kept by card index."""
    i = card.index
    if not 0 <= i < 54:  # not a card of the deck
        return Lead(suit, (single_unit(card),))
    kept = _SINGLE_LEADS[i]
    for lead in kept:
        if lead.suit == suit:
            return lead
    lead = Lead(suit, (single_unit(card),))
    kept.append(lead)
    return lead


_SINGLE_LEADS: Final[list[list[Lead]]] = [[] for _ in range(54)]

# per trump context (at most 512 are cached): a long-running bot keeps at most 512 × 1024 leads. A hand needs
# a few dozen; 1024 and 8192 measured the same in benchmarks/engine_bench.py.
_LEAD_CACHE_SIZE: Final = 1024


# -- shapes -----------------------------------------------------------------------------------------

def fits(cards: Sequence[Card], shape: Shape, ctx: TrumpContext) -> bool:
    """Whether ``cards`` (as many as the shape holds) split into the shape's units."""
    return core.fits(rule_tables(ctx), [c.index for c in cards], shape)


def holds(cards: Iterable[Card], shape: Shape, ctx: TrumpContext) -> bool:
    """Whether disjoint units of the shape's tractors and pairs can be taken from ``cards``
    (singles are not checked: the caller ensures there are enough cards)."""
    return core.holds(rule_tables(ctx), [c.index for c in cards], shape)


def _code_unit(code: int, ids: tuple[int, ...]) -> Unit:
    """The unit of shape code ``code`` with the card indices ``ids`` (high→low)."""
    if code_length(code) > 1:
        return Unit(UnitKind.TRACTOR, tuple([ALL_CARDS[i] for i in ids]))
    return Unit(_TUPLE_KINDS[code_width(code)], tuple([ALL_CARDS[i] for i in ids]))


def _split_unit(pairs: int, ids: tuple[int, ...]) -> Unit:
    """The unit of a split's part: ``pairs`` pairs (0: a single) of the card indices ``ids``."""
    if pairs == 0:
        return single_unit(ALL_CARDS[ids[0]])
    if pairs == 1:
        return pair_unit(ALL_CARDS[ids[0]])
    return Unit(UnitKind.TRACTOR, tuple([ALL_CARDS[i] for i in ids]))


def splits(cards: Sequence[Card], shape: Shape, ctx: TrumpContext, limit: int = 512) -> list[tuple[Unit, ...]]:
    """Every way (up to ``limit``) to split ``cards`` into the units of ``shape``; each split lists its
    units longest first, then high→low. Empty if the cards do not fit the shape."""
    out: list[tuple[Unit, ...]] = []
    r = rule_tables(ctx)
    if r.decks >= 3:
        for split in core_tuples.unit_splits(r, [c.index for c in cards], shape, limit):
            units = [_code_unit(code, ids) for code, ids in split]
            units.sort(key=lambda u: (core_tuples.code_order(u.code), ctx.rank_key(u.top)), reverse=True)
            out.append(tuple(units))
        return out
    for split in core_trick.splits(r, [c.index for c in cards], shape, limit):
        units = [_split_unit(n, ids) for n, ids in split]
        units.sort(key=lambda u: _unit_order(u, ctx), reverse=True)
        out.append(tuple(units))
    return out
