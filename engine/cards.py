"""Cards and notation (RULES §2–3): ``10H``, ``AS``, ``SJ`` (小王), ``BJ`` (大王); two decks of 108 cards.

Output is canonical; input is lenient (``10h``, ``Th``, ``♥10``, ``h10``, ``小王``, ``大王``, ``sj``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.errors import InvalidCard
from engine.seeded import generator, shuffle

SUITS: tuple[str, ...] = ("S", "H", "C", "D")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER_RANKS: tuple[str, ...] = ("SJ", "BJ")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
RED_SUITS = frozenset({"H", "D"})
_SUIT_POS = {s: i for i, s in enumerate(SUITS)}
_RANK_POS = {r: i for i, r in enumerate(RANKS)}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. ``suit`` is ``""`` for the jokers, whose ``rank`` is ``SJ`` or ``BJ``.

    ``index`` is a dense index 0..53 (suits × ranks, then SJ, BJ), handy for counting and table lookups;
    it is a plain slot, so hot loops read it without a call (cards hash and compare by it).
    """

    rank: str
    suit: str
    index: int = field(default=-1, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.suit:
            key = _SUIT_POS.get(self.suit, -100) * 13 + _RANK_POS.get(self.rank, -100)
        else:
            key = {"SJ": 52, "BJ": 53}.get(self.rank, -1)
        # not a card: an index past the tables (lookups raise instead of reading another card's entry)
        object.__setattr__(self, "index", key if key >= 0 else 54 + hash((self.rank, self.suit)) % 10**9)

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and self.index == other.index)

    @property
    def is_joker(self) -> bool:
        return self.suit == ""

    @property
    def points(self) -> int:
        """5s count 5, 10s and Ks count 10 (200 in two decks)."""
        return _POINTS[self.index]

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({self})"

    def __copy__(self) -> Card:
        return self  # cards are interned values

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        """Pickled as its rank and suit (the AI and picture processes get cards in views; a compiled ``Card``
        cannot be rebuilt field by field, as it is frozen)."""
        return (Card, (self.rank, self.suit))


ALL_CARDS: tuple[Card, ...] = (*tuple(Card(r, s) for s in SUITS for r in RANKS), Card("SJ", ""), Card("BJ", ""))
_POINTS: tuple[int, ...] = tuple(5 if c.rank == "5" else 10 if c.rank in ("10", "K") else 0 for c in ALL_CARDS)
SMALL_JOKER = ALL_CARDS[-2]
BIG_JOKER = ALL_CARDS[-1]
_BY_CODE: dict[str, Card] = {str(c): c for c in ALL_CARDS}

_SUIT_ALIASES = {
    "S": "S", "H": "H", "C": "C", "D": "D",
    "♠": "S", "♥": "H", "♣": "C", "♦": "D", "♤": "S", "♡": "H", "♧": "C", "♢": "D",
    "黑桃": "S", "红桃": "H", "红心": "H", "梅花": "C", "草花": "C", "方块": "D", "方片": "D",
}
_RANK_ALIASES = {r: r for r in RANKS} | {"T": "10"}
_JOKER_ALIASES = {
    "SJ": SMALL_JOKER, "BJ": BIG_JOKER, "小王": SMALL_JOKER, "大王": BIG_JOKER,
    "SMALL": SMALL_JOKER, "BIG": BIG_JOKER,
}


def parse_card(text: str) -> Card:
    """Parse one card leniently; raise ``InvalidCard`` (key ``card.invalid``) if it names none.

    Emoji and text variation selectors (U+FE0F, U+FE0E) are ignored, so suits copied from Discord or typed on
    a phone (``♥️10``, ``Q♠︎``) read like the plain symbols."""
    raw = text.strip().replace("\ufe0f", "").replace("\ufe0e", "")
    up = raw.upper()
    if up in _BY_CODE:
        return _BY_CODE[up]
    if up in _JOKER_ALIASES:
        return _JOKER_ALIASES[up]
    if raw in _JOKER_ALIASES:
        return _JOKER_ALIASES[raw]
    for alias, suit in sorted(_SUIT_ALIASES.items(), key=lambda kv: -len(kv[0])):
        for rank_text, suit_text in ((up[: -len(alias)], up[-len(alias):]), (up[len(alias):], up[: len(alias)])):
            if suit_text == alias.upper() and rank_text in _RANK_ALIASES:
                return _BY_CODE[_RANK_ALIASES[rank_text] + suit]
    raise InvalidCard("card.invalid", card=text)


_JOKER_WORDS = re.compile(r"\b(small|little|big|large)[\s_-]*joker\b", re.IGNORECASE)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse a space/comma separated string or an iterable of card strings (``Small joker`` / ``Big joker``
    may be written as two words, as the bot writes them in English)."""
    if isinstance(text, str):
        text = _JOKER_WORDS.sub(lambda m: "SJ" if m[1].lower() in ("small", "little") else "BJ", text)
    parts = text.replace(",", " ").replace("，", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(p) for p in parts)


def format_cards(cards: Iterable[Card]) -> list[str]:
    """Canonical strings, in the given order."""
    return [c.rank + c.suit for c in cards]  # str(c), without a call per card


def two_decks() -> list[Card]:
    """The 108 cards of two decks in a fixed order."""
    return [c for c in ALL_CARDS for _ in range(2)]


def n_decks(decks: int) -> list[Card]:
    """The 54 × ``decks`` cards of ``decks`` decks in a fixed order (each card ``decks`` times in a row)."""
    return [c for c in ALL_CARDS for _ in range(decks)]


def shuffled_deck(seed: int, decks: int = 2) -> list[Card]:
    """A reproducible shuffle of ``decks`` decks for ``seed`` (same seed, same order on every platform)."""
    deck = two_decks() if decks == 2 else n_decks(decks)
    shuffle(generator(seed), deck)
    return deck


def card_points(cards: Iterable[Card]) -> int:
    """Total points of ``cards``."""
    total = 0
    for c in cards:
        total += _POINTS[c.index]
    return total


def is_sub_multiset(part: Iterable[Card], whole: Iterable[Card]) -> bool:
    """True if every card of ``part`` is in ``whole`` as many times."""
    wanted = list(part)
    if len(wanted) <= 1:
        return not wanted or wanted[0].index in [c.index for c in whole]
    return _take_out(list(whole), wanted) is None


def remove_cards(whole: Iterable[Card], part: Iterable[Card]) -> list[Card]:
    """``whole`` minus the multiset ``part`` (order kept); raise ``InvalidCard`` if ``part`` is not in it."""
    rest = list(whole)
    missing = _take_out(rest, part)
    if missing is not None:
        raise InvalidCard("card.not_in_hand", card=str(missing))
    return rest


def cards_without(whole: Iterable[Card], part: Iterable[Card]) -> list[Card] | None:
    """``whole`` minus the multiset ``part`` (order kept: the first equal card goes), or None if ``part`` is not
    in ``whole``: ``is_sub_multiset`` and ``remove_cards`` in one pass."""
    rest = list(whole)
    return rest if _take_out(rest, part) is None else None


def _take_out(rest: list[Card], part: Iterable[Card]) -> Card | None:
    """Remove from ``rest`` (changed in place) the first equal card of each card of ``part``, as ``list.remove``
    does; the first card of ``part`` not found (``rest`` then partly changed), else None."""
    for c in part:
        i = c.index
        for k in range(len(rest)):  # (a scan on card indices: no list of indices, no boxed comparisons)
            if rest[k].index == i:
                del rest[k]
                break
        else:
            return c
    return None
