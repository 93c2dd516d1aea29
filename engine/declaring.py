"""Declaring the trump (亮主), overcalling (反主) and reinforcing (加固) — RULES §5, §12.3 and their options.

A declaration shows k identical level cards (1 ≤ k ≤ decks; the suit is trump) or k ≥ 2 identical jokers (no
trump, 无主). More cards beat fewer, then ``BJ`` > ``SJ`` > level cards (two decks: single < pair < ``SJ SJ`` <
``BJ BJ``); a declaration must be strictly stronger than the standing one, and with ``overcall_suit_order`` two or
more level cards of a higher suit overcall as many of a lower one. A seat cannot overcall itself but may
reinforce by adding identical copies; a reinforced declaration falls only to a stronger count or kind. One deck:
a single level card stands, no joker declares.

``joker_single_with_level`` (带王亮主, two decks): one joker with one or two identical level cards of a suit it
goes with (``BJ`` ♥/♦, ``SJ`` ♠/♣); no trump only by a joker pair. ``fixed_trump_ranks`` does not change
declaring. ``no_trump_declaration`` (anytime, overcall_only, never); ``first_hand_dealer: final_suit_declarer``
(a joker pair is never the first declaration of the first hand); ``kitty_overcall: concealed`` (暗扣暗反: no
strength order, pairs only for overcalls, none before the bury after the first hand, nothing after a joker pair)
and ``no_trump_only`` (after the bury only a stronger joker pair). ``stage``: ``WINDOW`` (the deal and the
declaration window) or ``KITTY`` (a round after the bury).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from engine.cards import ALL_CARDS, BIG_JOKER, RANKS, SMALL_JOKER, SUITS, Card, format_cards
from engine.errors import IllegalAction
from engine.rules import Rules
from engine.trump import Trump
from engine.views import DeclarationView, Phase

if TYPE_CHECKING:  # (a type only: the judge, which reads no event, then starts without building them)
    from engine.events import DeclarationKind

log = logging.getLogger(__name__)

NO_TRUMP = Trump.NT
#: 带王亮主: the suits each joker may name.
JOKER_SUITS: dict[str, tuple[str, ...]] = {"BJ": ("H", "D"), "SJ": ("S", "C")}
_KIND_LEVEL, _KIND_SJ, _KIND_BJ = 0, 1, 2  # tier = 3 × cards + kind (§12.3): single 3 < pair 6 < SJ SJ 7 < BJ BJ 8
_TIER_SINGLE, _TIER_PAIR = 3, 6
WINDOW, KITTY = "window", "kitty"  # before the bury (deal + window), or a round after the bury
CONCEALED, NO_TRUMP_ONLY = "concealed", "no_trump_only"
_KITTY_OVERCALL: Final = Phase.KITTY_OVERCALL  # a module constant reads faster than an enum member


def kitty_round_mode(rules: Rules) -> str:
    """``kitty_overcall`` as text: ``false``, ``true``, ``concealed`` or ``no_trump_only``."""
    value = rules.kitty_overcall
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def no_trump_policy(rules: Rules) -> str:
    """``no_trump_declaration``: ``anytime``, ``overcall_only`` or ``never``."""
    return str(rules.no_trump_declaration)


def stage_of(phase: Phase) -> str:
    """The declaring stage of a phase: a 炒地皮 round is ``KITTY``, the deal and the window ``WINDOW``."""
    return KITTY if phase is _KITTY_OVERCALL else WINDOW


class _Shown:
    """A well-formed declaration: its tier, the trump it sets and its level cards' count (a plain class: compiled,
    it is built natively, where a frozen dataclass's ``__init__`` is an interpreted call)."""

    __slots__ = ("level_cards", "tier", "trump")

    def __init__(self, tier: int, trump: str, level_cards: int) -> None:
        self.tier, self.trump, self.level_cards = tier, trump, level_cards


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


def _level_part(levels: list[Card], most: int) -> tuple[str, int]:
    """The suit and count of identical level cards (one up to ``most``: the deck count, two with 带王亮主)."""
    if len(set(levels)) > 1:
        raise _fail("declare.not_identical", cards=" ".join(format_cards(levels)))
    if len(levels) > most:
        raise _fail("declare.too_many_cards", count=len(levels))
    return levels[0].suit, len(levels)


def _parse_standard(jokers: list[Card], levels: list[Card], decks: int) -> _Shown:
    """k identical level cards (1 ≤ k ≤ decks) or k identical jokers (2 ≤ k ≤ decks; no trump), RULES §12.3."""
    if jokers and levels:
        raise _fail("declare.joker_with_level")
    if jokers:
        if len(jokers) == 1:
            raise _fail("declare.single_joker")
        if len(jokers) > decks:
            raise _fail("declare.too_many_cards", count=len(jokers))
        if len(set(jokers)) > 1:
            raise _fail("declare.not_identical", cards=" ".join(format_cards(jokers)))
        return _Shown(3 * len(jokers) + (_KIND_BJ if jokers[0] == BIG_JOKER else _KIND_SJ), NO_TRUMP, 0)
    suit, count = _level_part(levels, decks)
    return _Shown(3 * count + _KIND_LEVEL, suit, count)


def _parse_with_joker(jokers: list[Card], levels: list[Card]) -> _Shown:
    """带王亮主: exactly one joker plus one or two identical level cards of a suit the joker goes with; no
    trump only by a joker pair (王+级 < 王+级+级 < SJ SJ < BJ BJ)."""
    if not levels:
        return _parse_standard(jokers, levels, 2)
    if not jokers:
        raise _fail("declare.needs_joker")
    if len(jokers) > 1:
        raise _fail("declare.one_joker")
    suit, count = _level_part(levels, 2)
    joker = jokers[0]
    if suit not in JOKER_SUITS[joker.rank]:
        raise _fail("declare.wrong_joker", joker=str(joker), suit=suit)
    return _Shown(_TIER_PAIR if count == 2 else _TIER_SINGLE, suit, count)


def _parse(cards: Sequence[Card], level: str, rules: Rules) -> _Shown:
    jokers, levels = _split(cards, level)
    if rules.joker_single_with_level:
        return _parse_with_joker(jokers, levels)
    return _parse_standard(jokers, levels, rules.decks)


def _parsed(cards: tuple[Card, ...], level: str, with_joker: bool, decks: int, rules: Rules) -> _Shown | None:
    """``_parse(cards, level, rules)``, or ``None`` where it raises, kept by the cards and what parsing reads
    (``rules.joker_single_with_level`` and ``decks``): the declaring phases offer the same few candidates again
    and again (a ``_Shown`` is never changed once made)."""
    key = (cards, level, with_joker, decks)
    if key in _PARSED:
        return _PARSED[key]
    try:
        shown: _Shown | None = _parse(cards, level, rules)
    except IllegalAction:
        shown = None
    if len(_PARSED) >= 4096:
        _PARSED.clear()
    _PARSED[key] = shown
    return shown


_PARSED: Final[dict[tuple[tuple[Card, ...], str, bool, int], _Shown | None]] = {}


def _suit_rank(suit: str, rules: Rules) -> int:
    """Position in ``overcall_suit_order`` (higher = stronger), 0 without an order or for no trump."""
    order = rules.overcall_suit_order
    if order is None or suit not in order:
        return 0
    return len(order) - order.index(suit)


def _strength(shown: _Shown, rules: Rules) -> tuple[int, int]:
    level_pair = shown.tier % 3 == _KIND_LEVEL and shown.tier >= _TIER_PAIR  # k ≥ 2 level cards (带王: two)
    tie = _suit_rank(shown.trump, rules) if level_pair else 0
    return shown.tier, tie


def declaration_strength(cards: Sequence[Card], level: str, rules: Rules) -> tuple[int, int]:
    """A comparable strength: ``(tier, suit tie-break)``; a declaration overcalls exactly the weaker ones.

    Tiers: 3 × cards + kind (level 0, SJ 1, BJ 2); the tie-break is the suit's place in ``overcall_suit_order``
    for two or more level cards only, else 0. Raises ``IllegalAction`` if
    ``cards`` are no declaration at all."""
    return _strength(_parse(cards, level, rules), rules)


def declaration_kind(current: DeclarationView | None, seat: int, cards: Sequence[Card],
                     stage: str = WINDOW) -> DeclarationKind:
    """``declare`` (nothing stands), ``reinforce`` (the standing declarer again, before the bury) or
    ``overcall`` (暗反: after the bury the standing declarer may overcall itself)."""
    if current is None:
        return "declare"
    return "reinforce" if current.seat == seat and stage == WINDOW else "overcall"


def _is_reinforcement(current: DeclarationView, cards: Sequence[Card], old: _Shown, new: _Shown) -> bool:
    """The standing declaration with identical copies added: single → pair → triple … (带王亮主: same joker)."""
    if new.tier <= old.tier or old.trump != new.trump:
        return False
    return not Counter(current.cards) - Counter(cards)


class _Moment:
    """When a declaration is made: the first hand (抢庄), the stage, and the team that alone may make the
    first declaration (换庄, ``None``: any). A plain class, as ``_Shown``."""

    __slots__ = ("first_hand", "only_team", "stage")

    def __init__(self, first_hand: bool, stage: str, only_team: int | None) -> None:
        self.first_hand, self.stage, self.only_team = first_hand, stage, only_team


def check_declaration(
    current: DeclarationView | None,
    seat: int,
    cards: Sequence[Card],
    level: str,
    rules: Rules,
    first_hand: bool,
    stage: str = WINDOW,
    only_team: int | None = None,
) -> Trump:
    """May ``seat`` show ``cards`` (its whole declaration after this move) now? Return the trump it sets.

    ``current`` may be a face-down declaration with its cards hidden (暗扣): what may follow it does not
    depend on them. ``only_team`` (换庄) is the team that alone may declare while nothing stands."""
    new = _parse(cards, level, rules)
    old = _standing(current, level, rules)
    key = _refusal(current, old, seat, cards, new, rules, _Moment(first_hand, stage, only_team))
    if key == "declare.too_weak":
        assert current is not None
        raise _fail(key, current=" ".join(format_cards(current.cards)))
    if key is not None:
        raise _fail(key)
    return Trump.parse(new.trump)


def _standing(current: DeclarationView | None, level: str, rules: Rules) -> _Shown | None:
    """The standing declaration parsed (``None`` if nothing stands or it is face down)."""
    if current is None or current.concealed:
        return None
    return _parse(current.cards, level, rules)


def _refusal(current: DeclarationView | None, old: _Shown | None, seat: int, cards: Sequence[Card], new: _Shown,
             rules: Rules, moment: _Moment) -> str | None:
    """Why the well-formed ``new`` may not be shown over ``current`` (parsed: ``old``), or None."""
    key = _no_trump_refusal(current, new, rules, moment.first_hand)
    if key is not None or current is None:
        if key is None and moment.only_team is not None and seat % 2 != moment.only_team:
            return "declare.swap_team_first"
        return key
    mode = kitty_round_mode(rules)
    if mode == CONCEALED:
        return _concealed_refusal(current, seat, new, moment)
    if old is None:  # a face-down declaration outside 暗扣 (a malformed state): nothing may follow it
        return "declare.concealed_round_over"
    if moment.stage == KITTY and mode == NO_TRUMP_ONLY and new.trump != NO_TRUMP:
        return "declare.no_trump_only"
    if current.seat == seat:
        if moment.stage == KITTY:
            return "declare.kitty_overcall_must_overcall"
        return None if _is_reinforcement(current, cards, old, new) else "declare.own_declaration"
    weaker = _strength(new, rules) <= _strength(old, rules) or (current.reinforced and new.tier <= old.tier)
    return "declare.too_weak" if weaker else None


def _no_trump_refusal(current: DeclarationView | None, new: _Shown, rules: Rules, first_hand: bool) -> str | None:
    """``no_trump_declaration`` and 一对王不能反庄: when a joker pair may not be shown."""
    if new.trump != NO_TRUMP:
        return None
    policy = no_trump_policy(rules)
    if policy == "never":
        return "declare.no_trump_never"
    if current is None and policy == "overcall_only":
        return "declare.no_direct_no_trump"
    if current is None and first_hand and rules.first_hand_dealer == "final_suit_declarer":
        return "declare.no_trump_first_hand"
    return None


def _concealed_refusal(current: DeclarationView, seat: int, new: _Shown, moment: _Moment) -> str | None:
    """暗扣暗反: an overcall is any pair of identical level cards or a joker pair, with no strength order;
    none before the bury after the first hand; a joker pair (shown at once) ends the overcalling."""
    if not current.concealed and current.trump == NO_TRUMP:
        return "declare.concealed_round_over"
    if moment.stage == WINDOW and not moment.first_hand:
        return "declare.concealed_after_bury"
    if moment.stage == WINDOW and current.seat == seat:
        return "declare.own_declaration"
    return "declare.concealed_needs_pair" if new.tier == _TIER_SINGLE else None


def _candidates(hand: Sequence[Card], level: str, rules: Rules) -> list[tuple[Card, ...]]:
    """Every declaration-shaped subset of ``hand`` (legal or not against the standing one), without repeats: the
    level cards in suit order, one then two of a kind (带王亮主: after each joker), then the joker pairs."""
    level_cards = _LEVEL_CARDS.get(level, ())
    counts = _counts(hand, _SLOTS.get(level) or _slots(level_cards))
    held = [(card, counts[k]) for k, card in enumerate(level_cards) if counts[k]]
    decks = rules.decks
    found: list[tuple[Card, ...]] = []
    if rules.joker_single_with_level:
        for joker, n_joker in ((BIG_JOKER, counts[4]), (SMALL_JOKER, counts[5])):
            if n_joker:
                suits = JOKER_SUITS[joker.rank]
                for card, n in held:
                    if card.suit in suits:
                        found.extend([(joker, card), (joker, card, card)][:min(n, 2)])
    else:
        for card, n in held:
            found.extend([(card,) * k for k in range(1, min(n, decks) + 1)])
    for joker, n in ((BIG_JOKER, counts[4]), (SMALL_JOKER, counts[5])):
        found.extend([(joker,) * k for k in range(2, min(n, decks) + 1)])
    return found


def _counts(hand: Sequence[Card], slots: list[int]) -> list[int]:
    """How many of each card a declaration shows ``hand`` holds (``slots``: a card index's place, see ``_slots``)."""
    counts = [0] * 6
    for card in hand:
        k = slots[card.index]
        if k >= 0:
            counts[k] = counts[k] + 1  # (compiled, ``+=`` on a list item is a generic number call)
    return counts


#: The level cards of each rank, in ``SUITS`` order (the cards a declaration shows besides the jokers).
_LEVEL_CARDS: dict[str, tuple[Card, ...]] = {
    rank: tuple(c for s in SUITS for c in ALL_CARDS if c.rank == rank and c.suit == s) for rank in RANKS}


def _slots(level_cards: Sequence[Card]) -> list[int]:
    """Each card index's place among the cards a declaration shows (``level_cards`` 0-3, BJ 4, SJ 5), else -1."""
    places = {card.index: k for k, card in enumerate(level_cards)} | {BIG_JOKER.index: 4, SMALL_JOKER.index: 5}
    return [places.get(i, -1) for i in range(len(ALL_CARDS))]


_SLOTS: dict[str, list[int]] = {rank: _slots(cards) for rank, cards in _LEVEL_CARDS.items()}


def declaration_options(
    hand: Sequence[Card],
    current: DeclarationView | None,
    seat: int,
    level: str,
    rules: Rules,
    first_hand: bool,
    stage: str = WINDOW,
    only_team: int | None = None,
) -> list[tuple[Card, ...]]:
    """Every legal declaration ``seat`` could show from ``hand`` now, strongest first, without repeats."""
    candidates = _candidates(hand, level, rules)  # (distinct by construction)
    if not candidates:
        return []
    moment = _Moment(first_hand, stage, only_team)
    try:  # what check_declaration decides for each candidate, parsing the standing declaration once
        old = _standing(current, level, rules)
    except IllegalAction:
        return []
    legal: list[tuple[tuple[int, int], int, tuple[Card, ...]]] = []
    with_joker, decks = rules.joker_single_with_level, rules.decks
    for shown in candidates:
        parsed = _parsed(shown, level, with_joker, decks, rules)
        if parsed is None:
            continue
        new = parsed
        if _refusal(current, old, seat, shown, new, rules, moment) is not None:
            continue
        suit_pos = SUITS.index(new.trump) if new.trump in SUITS else -1
        legal.append((_strength(new, rules), suit_pos, shown))
    legal.sort(key=lambda item: (-item[0][0], -item[0][1], item[1]))
    return [shown for _, _, shown in legal]
