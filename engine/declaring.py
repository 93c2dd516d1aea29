"""Declaring the trump (亮主), overcalling (反主) and reinforcing (加固) — RULES §5 and its §9 options.

Strength order: single level card < pair of identical level cards < ``SJ SJ`` (无主) < ``BJ BJ`` (无主).
A declaration must be strictly stronger than the standing one. With ``overcall_suit_order`` an
equal-size *pair* of a higher suit in that order also overcalls; following RULES literally, equal
singles never do. A seat cannot overcall its own declaration, but may reinforce a single into the
identical pair; a reinforced pair is then a pair like any other (the standing declaration carries no
history, so with ``overcall_suit_order`` a higher-suit pair overcalls it too).

``joker_single_with_level`` (带王亮主): a declaration is one joker with one or two identical level
cards of one suit (``BJ`` with ♥/♦, ``SJ`` with ♠/♣); two level cards overcall one; no trump cannot be
declared. ``fixed_trump_ranks`` does not change declaring: only cards of the hand's level rank count.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, SUITS, Card, format_cards
from engine.errors import IllegalAction
from engine.events import DeclarationKind
from engine.rules import NoTrumpDeclaration, Rules
from engine.views import DeclarationView

log = logging.getLogger(__name__)

NO_TRUMP = "NT"
#: 带王亮主: the suits each joker may name.
JOKER_SUITS: dict[str, tuple[str, ...]] = {"BJ": ("H", "D"), "SJ": ("S", "C")}
_TIER_SINGLE, _TIER_PAIR, _TIER_SJ_PAIR, _TIER_BJ_PAIR = 1, 2, 3, 4


@dataclass(frozen=True)
class _Shown:
    """A well-formed declaration: its tier, the trump it sets and its level cards' count."""

    tier: int
    trump: str
    level_cards: int


def _fail(key: str, **params: object) -> IllegalAction:
    log.debug("illegal declaration: %s %s", key, params)
    return IllegalAction(key, **params)


def _split(cards: Sequence[Card], level: str) -> tuple[list[Card], list[Card]]:
    """Jokers and level cards of ``cards``; any other card is not a declaration card."""
    if not cards:
        raise _fail("declare.empty")
    jokers = [c for c in cards if c.is_joker]
    levels = [c for c in cards if not c.is_joker and c.rank == level]
    for c in cards:
        if not c.is_joker and c.rank != level:
            raise _fail("declare.not_level_card", card=str(c), level=level)
    return jokers, levels


def _level_part(levels: list[Card]) -> tuple[str, int]:
    """The suit and count of identical level cards (one or two)."""
    if len(set(levels)) > 1:
        raise _fail("declare.not_identical", cards=" ".join(format_cards(levels)))
    if len(levels) > 2:
        raise _fail("declare.too_many_cards", count=len(levels))
    return levels[0].suit, len(levels)


def _parse_standard(jokers: list[Card], levels: list[Card]) -> _Shown:
    if jokers and levels:
        raise _fail("declare.joker_with_level")
    if jokers:
        if len(jokers) == 1:
            raise _fail("declare.single_joker")
        if len(jokers) > 2:
            raise _fail("declare.too_many_cards", count=len(jokers))
        if jokers[0] != jokers[1]:
            raise _fail("declare.not_identical", cards=" ".join(format_cards(jokers)))
        return _Shown(_TIER_BJ_PAIR if jokers[0] == BIG_JOKER else _TIER_SJ_PAIR, NO_TRUMP, 0)
    suit, count = _level_part(levels)
    return _Shown(_TIER_PAIR if count == 2 else _TIER_SINGLE, suit, count)


def _parse_with_joker(jokers: list[Card], levels: list[Card]) -> _Shown:
    """带王亮主: exactly one joker plus one or two identical level cards of a suit the joker goes with."""
    if not levels:
        if len(jokers) == 1:
            raise _fail("declare.single_joker")
        raise _fail("declare.no_trump_not_allowed")
    if not jokers:
        raise _fail("declare.needs_joker")
    if len(jokers) > 1:
        raise _fail("declare.one_joker")
    suit, count = _level_part(levels)
    joker = jokers[0]
    if suit not in JOKER_SUITS[joker.rank]:
        raise _fail("declare.wrong_joker", joker=str(joker), suit=suit)
    return _Shown(_TIER_PAIR if count == 2 else _TIER_SINGLE, suit, count)


def _parse(cards: Sequence[Card], level: str, rules: Rules) -> _Shown:
    jokers, levels = _split(cards, level)
    if rules.joker_single_with_level:
        return _parse_with_joker(jokers, levels)
    return _parse_standard(jokers, levels)


def _suit_rank(suit: str, rules: Rules) -> int:
    """Position in ``overcall_suit_order`` (higher = stronger), 0 without an order or for no trump."""
    order = rules.overcall_suit_order
    if order is None or suit not in order:
        return 0
    return len(order) - order.index(suit)


def _strength(shown: _Shown, rules: Rules) -> tuple[int, int]:
    tie = _suit_rank(shown.trump, rules) if shown.tier == _TIER_PAIR else 0
    return shown.tier, tie


def declaration_strength(cards: Sequence[Card], level: str, rules: Rules) -> tuple[int, int]:
    """A comparable strength: ``(tier, suit tie-break)``; a declaration overcalls exactly the weaker ones.

    Tiers: 1 single, 2 pair, 3 ``SJ SJ``, 4 ``BJ BJ`` (带王亮主: 1 or 2 level cards). The tie-break is
    the suit's place in ``overcall_suit_order`` for pairs only, else 0. Raises ``IllegalAction`` if
    ``cards`` are no declaration at all."""
    return _strength(_parse(cards, level, rules), rules)


def declaration_kind(current: DeclarationView | None, seat: int, cards: Sequence[Card]) -> DeclarationKind:
    """``declare`` (nothing stands), ``reinforce`` (the standing declarer again) or ``overcall``."""
    if current is None:
        return "declare"
    return "reinforce" if current.seat == seat else "overcall"


def _is_reinforcement(current: DeclarationView, cards: Sequence[Card], old: _Shown, new: _Shown) -> bool:
    """The standing single plus the identical second level card (带王亮主: the same joker kept)."""
    if old.level_cards != 1 or new.level_cards != 2 or old.trump != new.trump:
        return False
    shown, standing = Counter(cards), Counter(current.cards)
    return not standing - shown and sum((shown - standing).values()) == 1


def check_declaration(
    current: DeclarationView | None,
    seat: int,
    cards: Sequence[Card],
    level: str,
    rules: Rules,
    first_hand: bool,
) -> str:
    """May ``seat`` show ``cards`` (its whole declaration after this move) now? Return the trump it sets.

    ``first_hand`` only decides who becomes dealer (抢庄), which the table handles; legality is the same."""
    new = _parse(cards, level, rules)
    old = None if current is None else _parse(current.cards, level, rules)
    key = _refusal(current, old, seat, cards, new, rules)
    if key == "declare.too_weak":
        assert current is not None
        raise _fail(key, current=" ".join(format_cards(current.cards)))
    if key is not None:
        raise _fail(key)
    return new.trump


def _refusal(current: DeclarationView | None, old: _Shown | None, seat: int, cards: Sequence[Card], new: _Shown,
             rules: Rules) -> str | None:
    """Why the well-formed ``new`` may not be shown over ``current`` (parsed: ``old``), or None."""
    if current is None or old is None:
        opening_nt = new.trump == NO_TRUMP and rules.no_trump_declaration is not NoTrumpDeclaration.ANYTIME
        return "declare.no_direct_no_trump" if opening_nt else None
    if current.seat == seat:
        return None if _is_reinforcement(current, cards, old, new) else "declare.own_declaration"
    return "declare.too_weak" if _strength(new, rules) <= _strength(old, rules) else None


def _candidates(hand: Sequence[Card], level: str, rules: Rules) -> list[tuple[Card, ...]]:
    """Every declaration-shaped subset of ``hand`` (legal or not against the standing one)."""
    counts = Counter([c.index for c in hand])  # by Card.index: no Card hashing
    found: list[tuple[Card, ...]] = []
    level_cards = [c for c in (_LEVEL_CARDS.get((level, s)) for s in SUITS) if c is not None and counts[c.index]]
    if rules.joker_single_with_level:
        for joker in (BIG_JOKER, SMALL_JOKER):
            if not counts[joker.index]:
                continue
            for card in level_cards:
                if card.suit in JOKER_SUITS[joker.rank]:
                    found.extend((joker, *[card] * n) for n in range(1, min(2, counts[card.index]) + 1))
        return found
    for card in level_cards:
        found.extend(tuple([card] * n) for n in range(1, min(2, counts[card.index]) + 1))
    found.extend((joker, joker) for joker in (BIG_JOKER, SMALL_JOKER) if counts[joker.index] >= 2)
    return found


_LEVEL_CARDS: dict[tuple[str, str], Card] = {(c.rank, c.suit): c for c in ALL_CARDS if c.suit}


def declaration_options(
    hand: Sequence[Card],
    current: DeclarationView | None,
    seat: int,
    level: str,
    rules: Rules,
    first_hand: bool,
) -> list[tuple[Card, ...]]:
    """Every legal declaration ``seat`` could show from ``hand`` now, strongest first, without repeats."""
    candidates = dict.fromkeys(_candidates(hand, level, rules))
    if not candidates:
        return []
    try:  # what check_declaration decides for each candidate, parsing the standing declaration once
        old = None if current is None else _parse(current.cards, level, rules)
    except IllegalAction:
        return []
    legal: list[tuple[tuple[int, int], int, tuple[Card, ...]]] = []
    for shown in candidates:
        try:
            new = _parse(shown, level, rules)
        except IllegalAction:
            continue
        if _refusal(current, old, seat, shown, new, rules) is not None:
            continue
        suit_pos = SUITS.index(new.trump) if new.trump in SUITS else -1
        legal.append((_strength(new, rules), suit_pos, shown))
    legal.sort(key=lambda item: (-item[0][0], -item[0][1], item[1]))
    return [shown for _, _, shown in legal]


def trump_when_undeclared(kitty: Sequence[Card], rules: Rules) -> str | None:
    """The trump when nobody declared in a later hand (option ``no_declaration``); ``None`` = redeal.

    ``kitty_first``: the first kitty card's suit, a joker → no trump. ``kitty_third``: the third card,
    on a joker go on to the next; if no card from the third on is a plain card (impossible with an
    8-card kitty, which holds at most 4 jokers) → no trump, as seed 000 does for a joker third card."""
    policy = rules.no_declaration
    if policy == "redeal":
        return None
    if policy == "no_trump" or not kitty:
        return NO_TRUMP
    if policy == "kitty_first":
        return NO_TRUMP if kitty[0].is_joker else kitty[0].suit
    for card in kitty[2:]:
        if not card.is_joker:
            return card.suit
    return NO_TRUMP
