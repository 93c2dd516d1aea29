"""Trumps and card order (RULES §3): which cards are trump (主牌) and how cards rank inside a suit.

With trump suit X and level L: ``BJ > SJ > L of X > L of the other suits (equal) > [fixed trump ranks,
main-suit copy above off copies] > A, K, … of X`` (L and fixed ranks skipped). With ``NT`` every level
card ranks equal just below the jokers (a level pair links to ``SJ SJ`` unless ``nt_tractors: jokers_only`` or
``tractor_through_level: false``). A plain suit ranks A … 2 without L (and fixed trump ranks).

A ``TrumpContext`` precomputes per-card tables (indexed by ``Card.index``); build it with
``trump_context(level, trump, rules)``, which is cached.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any

from engine.cards import ALL_CARDS, RANKS, Card
from engine.errors import EngineError, lookup
from engine.rules import NtTractors, Rules

log = logging.getLogger(__name__)

TRUMP_SUIT = "T"


class Trump(StrEnum):
    """A hand's trump (主): a suit, or ``NT`` (无主). A ``str``: JSON and the wire keep the value, and it compares
    equal to it (``Trump.H == "H"``). ``HIDDEN`` (``""``) is what a public view shows of a face-down (暗扣)
    declaration's trump; it is no trump choice."""

    S = "S"
    H = "H"
    C = "C"
    D = "D"
    NT = "NT"
    HIDDEN = ""

    @classmethod
    def parse(cls, value: object) -> Trump:
        """One of ``S H C D NT`` (a ``Trump`` or its text); anything else raises ``EngineError("play.bad_trump")``."""
        return lookup(_TRUMPS, value, "play.bad_trump", trump=str(value)[:20])

    @classmethod
    def of_suit(cls, suit: str) -> Trump:
        """The trump a card's suit sets (a joker's ``""`` is no suit: ``play.bad_trump``)."""
        return cls.parse(suit)


_TRUMPS: dict[str, Trump] = {t.value: t for t in Trump if t is not Trump.HIDDEN}
TRUMP_CHOICES: tuple[str, ...] = tuple(_TRUMPS)  # S H C D NT
DISPLAY_SUIT_ORDER: tuple[str, ...] = ("S", "H", "C", "D")
#: Tie order for equal-ranked cards of different suits (off level cards): ♠ ♥ ♦ ♣ (RULES §4).
TIE_SUIT_ORDER: dict[str, int] = {"S": 0, "H": 1, "D": 2, "C": 3, "": 4}


@dataclass(frozen=True)
class TrumpContext:
    """The level rank, the trump (``S H C D`` or ``NT``) and the rules of one hand, with lookup tables.

    The ``*_table`` fields are the per-card answers indexed by ``Card.index`` (read them directly in hot
    loops instead of calling the methods)."""

    level: str
    trump: str
    rules: Rules = field(default_factory=Rules)
    suit_table: tuple[str, ...] = field(init=False, repr=False, compare=False, hash=False)
    strength_table: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    isolated_table: tuple[bool, ...] = field(init=False, repr=False, compare=False, hash=False)
    sort_table: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    tie_table: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    rank_table: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    _hash: int = field(init=False, repr=False, compare=False, hash=False)
    #: decomposed leads by sorted card indices (``engine.units.decompose_lead``); a cache, not state
    lead_cache: dict[tuple[int, ...], Any] = field(default_factory=dict, init=False, repr=False, compare=False,
                                                   hash=False)
    #: the context's ``engine.cardrules.tables.RuleTables``, made on first use (``rule_tables``); a cache, not state
    rule_cache: Any = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.level not in RANKS:
            raise EngineError("play.bad_level", level=self.level)
        if self.trump not in TRUMP_CHOICES:
            raise EngineError("play.bad_trump", trump=self.trump)
        suit, strength, isolated = _build_tables(self.level, self.trump, self.rules)
        sort: list[int] = [0] * len(ALL_CARDS)
        tie = [0] * len(ALL_CARDS)
        plain = [s for s in DISPLAY_SUIT_ORDER if s != self.trump]
        for i, c in enumerate(ALL_CARDS):
            group = 0 if suit[i] == TRUMP_SUIT else 1 + plain.index(suit[i])
            tie[i] = TIE_SUIT_ORDER[c.suit]
            suit_pos = DISPLAY_SUIT_ORDER.index(c.suit) if c.suit else 0
            sort[i] = group * 10000 + (100 - strength[i]) * 10 + suit_pos
        object.__setattr__(self, "suit_table", tuple(suit))
        object.__setattr__(self, "strength_table", tuple(strength))
        object.__setattr__(self, "isolated_table", tuple(isolated))
        object.__setattr__(self, "sort_table", tuple(sort))
        object.__setattr__(self, "tie_table", tuple(tie))
        object.__setattr__(self, "rank_table", tuple(10 * st + 5 - t for st, t in zip(strength, tie, strict=True)))
        object.__setattr__(self, "_hash", hash((self.level, self.trump, self.rules)))
        object.__setattr__(self, "rule_cache", None)

    def __hash__(self) -> int:  # contexts key many caches: hash once
        return self._hash

    def __reduce__(self) -> tuple[Any, tuple[str, str, Rules]]:
        """Pickled as the cached context of its level, trump and rules (its tables are worked out again)."""
        return (trump_context, (self.level, self.trump, self.rules))

    # -- per-card queries --------------------------------------------------------------------------
    def is_trump(self, card: Card) -> bool:
        """True for jokers, level cards, fixed trump ranks and the trump suit."""
        return self.suit_table[card.index] == TRUMP_SUIT

    def suit_of(self, card: Card) -> str:
        """The effective suit: ``T`` for a trump, else the printed suit."""
        return self.suit_table[card.index]

    def strength(self, card: Card) -> int:
        """Order inside the effective suit (higher is stronger; equal for equal-ranked cards)."""
        return self.strength_table[card.index]

    def sort_key(self, card: Card) -> int:
        """Display order: trumps high→low, then the plain suits (♠ ♥ ♣ ♦ minus trump) each high→low."""
        return self.sort_table[card.index]

    def sort_hand(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` in display order."""
        return sorted(cards, key=self.sort_key)

    def tie_order(self, card: Card) -> int:
        """Suit order ♠ ♥ ♦ ♣ used to break ties between equal-ranked cards (0 first)."""
        return self.tie_table[card.index]

    def pairs_adjacent(self, low: Card, high: Card) -> bool:
        """Whether a pair of ``low`` and a pair of ``high`` are consecutive links of a tractor (RULES §4)."""
        return self.indices_adjacent(low.index, high.index)

    def indices_adjacent(self, i: int, j: int) -> bool:
        """``pairs_adjacent`` for cards given as ``Card.index`` values."""
        return (self.suit_table[i] == self.suit_table[j] and self.strength_table[j] == self.strength_table[i] + 1
                and not self.isolated_table[i] and not self.isolated_table[j])

    # -- bulk helpers (fast paths used by follow/trick code) ---------------------------------------
    def rank_key(self, card: Card) -> int:
        """A total order inside an effective suit, higher is stronger: strength, then the tie order
        (``rank_table``)."""
        return self.rank_table[card.index]


def _build_tables(level: str, trump: str, rules: Rules) -> tuple[list[str], list[int], list[bool]]:
    """Effective suit, strength and tractor isolation of each of the 54 distinct cards."""
    fixed = [r for r in RANKS if r in rules.fixed_trump_ranks and r != level]
    skipped = {level, *fixed}
    plain_ranks = [r for r in RANKS if r not in skipped]
    n = len(ALL_CARDS)
    suit = [""] * n
    strength = [0] * n
    isolated = [False] * n
    for i, c in enumerate(ALL_CARDS):
        if c.is_joker or c.rank in skipped or c.suit == trump:
            suit[i] = TRUMP_SUIT
        else:
            suit[i] = c.suit
            strength[i] = plain_ranks.index(c.rank)
    for i, c in enumerate(ALL_CARDS):  # trump-suit plain cards take 0..len(plain_ranks)-1
        if suit[i] == TRUMP_SUIT and not c.is_joker and c.rank not in skipped:
            strength[i] = plain_ranks.index(c.rank)
    tier_base = _rank_tiers([*fixed, level], len(plain_ranks), trump, rules, strength, isolated)
    for i, c in enumerate(ALL_CARDS):
        if c.rank == "SJ":
            strength[i] = tier_base
        elif c.rank == "BJ":
            strength[i] = tier_base + 1
    return suit, strength, isolated


def _rank_tiers(ranks: list[str], base: int, trump: str, rules: Rules, strength: list[int],
                isolated: list[bool]) -> int:
    """The tiers above the plain trump-suit cards, from ``base``: each fixed trump rank (low to high), then the
    level rank — the trump suit's copy one above the off-suit copies (equal), all equal in NT. Returns the
    jokers' tier."""
    no_trump = trump == "NT"
    for rank in ranks:
        for i, c in enumerate(ALL_CARDS):
            if c.rank != rank:
                continue
            if no_trump:  # every NT level pair is off-suit; jokers_only (附件3) links none of them
                strength[i] = base
                isolated[i] = not rules.tractor_through_level or rules.nt_tractors is NtTractors.JOKERS_ONLY
            elif c.suit == trump:
                strength[i] = base + 1
            else:
                strength[i] = base
                isolated[i] = not rules.tractor_through_level
        base += 1 if no_trump else 2
    return base


_DEFAULT_RULES = Rules()


def trump_context(level: str, trump: str, rules: Rules | None = None) -> TrumpContext:
    """A cached ``TrumpContext`` (contexts are immutable, so sharing is safe). Looked up by the rules object's
    identity first: the ``lru_cache`` behind it hashes the whole ``Rules`` (all its options) on every call."""
    if rules is None:
        rules = _DEFAULT_RULES
    key = (level, trump, id(rules))
    kept = _BY_IDENTITY.get(key)
    if kept is not None and kept[0] is rules:
        return kept[1]
    ctx = _cached_context(level, trump, rules)
    if len(_BY_IDENTITY) >= 512:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[key] = (rules, ctx)  # the entry holds ``rules``: its id is not reused while the entry lives
    return ctx


_BY_IDENTITY: dict[tuple[str, str, int], tuple[Rules, TrumpContext]] = {}


@lru_cache(maxsize=512)
def _cached_context(level: str, trump: str, rules: Rules) -> TrumpContext:
    return TrumpContext(level, trump, rules)


def effective_suits(cards: Iterable[Card], ctx: TrumpContext) -> set[str]:
    """The set of effective suits among ``cards``."""
    return {ctx.suit_of(c) for c in cards}


__all__ = ["TIE_SUIT_ORDER", "TRUMP_CHOICES", "TRUMP_SUIT", "Trump", "TrumpContext", "effective_suits", "trump_context"]
