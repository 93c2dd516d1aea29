"""Following a lead (跟牌, RULES §7) on card indices: which plays are legal, and the list of legal follows.

1. Play as many cards of the led effective suit as you hold, up to the number led.
2. Among them, match the lead's shape by the first rung of its format ladder the led-suit holding can satisfy
   (有对必跟对, 有拖拉机必出拖拉机); option ``follow_policy``: ``ladder`` (default), ``pairs_only`` (only the
   number of pairs), ``suit_only`` (only rule 1).
3. Fill the rest from other suits freely.

The enumeration's order: void in a plain led suit, trump plays that split into the lead's units (possible
ruffs, 毙) first; with enough led-suit cards, the strongest play of the required rung first; then plays built
from low, non-point cards first. Generation is lazy and stops at ``limit`` distinct follows (display-sorted
index tuples), so a long suit never expands all its combinations; with at most ``limit`` legal follows all
of them are returned.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator, Sequence
from typing import Final

from engine.cardrules import ladder, tuples
from engine.cardrules.multisets import multisets, shaped
from engine.cardrules.tables import TRUMP, RuleTables
from engine.cardrules.units import (
    Shape,
    contains,
    distinct,
    format_ladder,
    holds,
    ordered,
    packs,
    pair_cards,
    pair_count,
    shape_size,
)
from engine.rules import FollowPolicy
from engine.vectors import i64, vec

# a one-card play and a pair of each card index, made once: a listing returns these instead of new tuples (typed
# as tuples of any length: compiled, a fixed-length tuple type is unboxed when read and boxed anew when stored)
ONE_CARD: Final[tuple[tuple[int, ...], ...]] = tuple((i,) for i in range(54))
PAIR_OF: Final[tuple[tuple[int, ...], ...]] = tuple((i, i) for i in range(54))

log = logging.getLogger(__name__)


def follow_error(r: RuleTables, led: int, shape: Shape, hand: Sequence[int], play: Sequence[int]) -> str | None:
    """Why ``play`` (from ``hand``, the whole hand before playing) is not a legal follow to a lead of effective
    suit ``led`` and ``shape``, as a message key (``play.wrong_count``, ``play.not_in_hand``,
    ``play.must_follow_suit``, ``play.must_follow_pairs``, ``play.must_follow_tractor``), or None if legal."""
    n = shape_size(shape)
    if len(play) != n:
        return "play.wrong_count"
    suit = r.suit
    if n == 1:
        card = play[0]
        return single_error(suit, led, card, card in hand, any(suit[i] == led for i in hand))
    if not contains(hand, play):
        return "play.not_in_hand"
    held = [i for i in hand if suit[i] == led]
    played = [i for i in play if suit[i] == led]
    if len(played) < min(len(held), n):
        return "play.must_follow_suit"
    if len(held) <= n or r.policy is FollowPolicy.SUIT_ONLY or shape[0] == 0:
        return None
    if uses_tuples(r):
        return ladder.tuple_follow_error(r, shape, held, played)
    return _shape_error(r, shape, held, played)


def uses_tuples(r: RuleTables) -> bool:
    """Following by RULES §12.4 (``engine.cardrules.ladder``): three or more decks, or ``ladder_protected``."""
    return r.decks >= 3 or r.policy is FollowPolicy.LADDER_PROTECTED


def single_error(suit: Sequence[int], led: int, card: int, in_hand: bool, holds_led: bool) -> str | None:
    """A single lead's follow ``card``: any held card, of the led suit if the hand (``holds_led``) has one."""
    if not in_hand:
        return "play.not_in_hand"
    if suit[card] == led or not holds_led:
        return None
    return "play.must_follow_suit"


def _shape_error(r: RuleTables, shape: Shape, held: list[int], played: list[int]) -> str | None:
    """Rule 2 for a follower holding more led-suit cards than led, who played as many as led."""
    if shape == _PAIR:  # a pair led (the commonest multi-card lead), under either policy: a pair if one is held
        return None if played[0] == played[1] or len(set(held)) == len(held) else "play.must_follow_pairs"
    if r.policy is FollowPolicy.PAIRS_ONLY:
        need = min(sum(shape), pair_count(held))
        return None if pair_count(played) >= need else "play.must_follow_pairs"
    rung = required_rung(r, shape, held)
    if holds(r, played, rung):
        return None
    tractors = [k for k in rung if k >= 2]
    if tractors and not packs(r, pair_cards(played), tractors):
        return "play.must_follow_tractor"
    return "play.must_follow_pairs"


_PAIR: Shape = (1,)


def required_rung(r: RuleTables, shape: Shape, held: Sequence[int]) -> Shape:
    """The first rung of the lead's format ladder that ``held`` (led-suit cards, more than led) can satisfy."""
    for rung in format_ladder(shape):
        if holds(r, held, rung):
            return rung
    return (0,) * shape_size(shape)  # unreachable: the all-singles rung always holds


def enumerate_follows(r: RuleTables, led: int, shape: Shape, hand: Sequence[int],
                      limit: int = 200) -> list[tuple[int, ...]]:
    """The legal follows of ``hand`` (card indices) to a lead of effective suit ``led`` and ``shape``, as
    distinct display-sorted index tuples, best candidates first, at most ``limit``."""
    n = shape_size(shape)
    if len(hand) < n or limit <= 0:
        return []
    suit = r.suit
    cards: list[int] = hand if isinstance(hand, list) else list(hand)  # (compiled, a list is read without an iterator)
    if n == 1:
        return _single_follows(r, led, cards, limit)
    held = [i for i in cards if suit[i] == led]
    if shape == _PAIR and r.policy is FollowPolicy.LADDER and r.decks < 3 and len(held) > 2:
        return _pair_follows(r, held, limit)
    return _enumerate(r, led, shape, n, held, [i for i in cards if suit[i] != led], limit)


def _enumerate(r: RuleTables, led: int, shape: Shape, n: int, held: list[int], others: list[int],
               limit: int) -> list[tuple[int, ...]]:
    """``enumerate_follows`` from its sources (``_sources``): each play display-sorted, once, up to ``limit``."""
    display = r.display
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[int, ...]] = []
    for source in _sources(r, shape, led, n, held, others):
        for play in source:
            ident = _display_order(play, display)
            if ident in seen:
                continue
            seen.add(ident)
            out.append(ident)
            if len(out) >= limit:
                return out
    return out


def _pair_follows(r: RuleTables, held: list[int], limit: int) -> list[tuple[int, ...]]:
    """``_enumerate`` of a pair led (``ladder``, one or two decks) to more than two cards of the led suit, without
    its generators: the strongest pair, then every pair cheapest first; without a pair, the two strongest cards,
    then every two of them cheapest first (ties in order of appearance, as ``ordered``; display-sorted, once)."""
    pairs = pair_cards(held)
    if pairs:
        strong = r.strong
        best = pairs[0]
        for p in pairs:
            if strong[p] < strong[best]:
                best = p
        out: list[tuple[int, ...]] = [(best, best)]
        for p in ordered(pairs, r.cheap):
            if p != best and len(out) < limit:
                out.append((p, p))
        return out
    display = r.display
    strongest = ordered(held, r.strong)
    first = _display_order((strongest[0], strongest[1]), display)
    out = [first]
    cheap = ordered(held, r.cheap)
    m = len(cheap)
    for a in range(m):
        for b in range(a + 1, m):
            if len(out) >= limit:
                return out
            ident = _display_order((cheap[a], cheap[b]), display)
            if ident != first:
                out.append(ident)
    return out


def _single_follows(r: RuleTables, led: int, cards: list[int], limit: int) -> list[tuple[int, ...]]:
    """A single's follows: the distinct held cards of the led suit, cheapest first, else (void) all of them,
    trumps first on a plain lead. Cards keyed as plain numbers (``_cheapest_first``) in the pass that picks the
    led suit's."""
    one = ONE_CARD
    by_suit = r.cheap_by_suit
    if by_suit and len(r.suit_vec) == 54 and 0 <= led < len(by_suit):  # (no two cheap keys tie: one order)
        suit_vec = r.suit_vec
        marked = vec[i64]([0] * 64)
        holds_led = True
        found = False
        for i in cards:
            if not 0 <= i < 54:  # not a card index: the general way
                holds_led = False
                break
            if suit_vec[i] == led:
                marked[i] = 1
                found = True
        if holds_led and found:  # the led suit's cards, cheapest first, those held
            out: list[tuple[int, ...]] = []
            for c in by_suit[led]:
                if marked[c]:
                    out.append(one[c])
            return out if len(out) <= limit else out[:limit]
    suit = r.suit
    held = [i for i in cards if suit[i] == led]
    plays = _cheapest_first(r, held or cards)
    if not held and led != TRUMP:
        plays = [i for i in plays if suit[i] == TRUMP] + [i for i in plays if suit[i] != TRUMP]
    if len(plays) > limit:
        plays = plays[:limit]
    return [one[i] if 0 <= i < 54 else (i,) for i in plays]


def _cheapest_first(r: RuleTables, cards: list[int]) -> list[int]:
    """``ordered(distinct(cards), r.cheap)``: when no two cards' ``cheap`` keys tie, one sort of plain numbers
    (key * 64 + card: copies of a card sort together and count once)."""
    cheap = r.cheap
    if not r.cheap_distinct:
        return ordered(distinct(cards), cheap)
    coded: list[int] = []
    for i in cards:
        if not 0 <= i < 54:  # not a card index
            return ordered(distinct(cards), cheap)
        coded.append(cheap[i] * 64 + i)
    coded.sort()
    out: list[int] = []
    last = -1
    for c in coded:
        if c != last:
            out.append(c & 63)
            last = c
    return out


def _display_order(play: tuple[int, ...], display: tuple[int, ...]) -> tuple[int, ...]:
    """``tuple(sorted(play, key=display.__getitem__))`` (stable: ties keep their order); two cards without a sort."""
    if len(play) == 2:
        a, b = play[0], play[1]
        return (b, a) if display[b] < display[a] else play
    rising = falling = True  # already in order (the sort leaves it), or strictly the reverse of it
    for k in range(1, len(play)):
        before, after = display[play[k - 1]], display[play[k]]
        if after < before:
            rising = False
        if after >= before:
            falling = False
        if not (rising or falling):
            break
    if rising:
        return play
    if falling:
        return play[::-1]
    return tuple(ordered(list(play), display))


def _sources(r: RuleTables, shape: Shape, led: int, n: int, held: list[int],
             others: list[int]) -> list[Iterator[tuple[int, ...]]]:
    """The enumeration's sources of follows, in order (rule 2 with enough led-suit cards, else ruffs
    and fills)."""
    sources: list[Iterator[tuple[int, ...]]] = []
    policy = r.policy
    if len(held) >= n:
        if policy is FollowPolicy.SUIT_ONLY or shape[0] == 0 or len(held) == n:
            sources.append(multisets(held, n, r.cheap))
        elif policy is FollowPolicy.PAIRS_ONLY:
            need = min(ladder.lead_pairs(shape) if uses_tuples(r) else sum(shape), pair_count(held))
            sources.append(shaped(r, held, (1,) * need + (0,) * (n - 2 * need), r.cheap))
        elif uses_tuples(r):
            sources.extend(_tuple_follows(r, shape, held))
        else:
            rung = required_rung(r, shape, held)
            sources.append(itertools.islice(shaped(r, held, rung, r.strong), 1))
            sources.append(shaped(r, held, rung, r.cheap))
        return sources
    if not held and led != TRUMP:
        trumps = [i for i in others if r.suit[i] == TRUMP]
        if len(trumps) >= n:
            sources.append(_tuple_shaped(r, trumps, ladder.ladder(shape)[0], n) if r.decks >= 3
                           else shaped(r, trumps, shape, r.cheap))
    if held:
        sources.append(_after(held, multisets(others, n - len(held), r.cheap)))
    else:
        sources.append(multisets(others, n, r.cheap))
    return sources


def _tuple_follows(r: RuleTables, shape: Shape, held: list[int]) -> list[Iterator[tuple[int, ...]]]:
    """§12.4's legal plays from ``held`` (more led-suit cards than led): those filling the first rung the holding
    can fill, and (``ladder_protected``) an earlier rung the play fills by breaking a tuple; all plays of as many
    cards when the holding fills no rung."""
    n = shape_size(shape)
    protected = r.policy is FollowPolicy.LADDER_PROTECTED
    rungs = ladder.ladder(shape)
    k = ladder.required_rung(r, shape, held, protected)
    if k >= len(rungs):
        return [multisets(held, n, r.cheap)]
    return [_tuple_shaped(r, held, rung, n) for rung in (rungs[: k + 1] if protected else rungs[k:k + 1])]


def _tuple_shaped(r: RuleTables, cards: list[int], rung: tuples.Requirement, n: int) -> Iterator[tuple[int, ...]]:
    """Plays of ``n`` cards from ``cards`` filling ``rung``: its groups placed, the singles from what is left
    (cheapest first); a play may repeat (the caller dedupes)."""
    singles = n - sum([sum(g) for g in rung if g != (1,)])
    for chains in tuples.matchings(r, cards, rung):
        taken = [c for chain in chains for c, k in chain for _ in range(k)]
        rest = list(cards)
        for c in taken:
            rest.remove(c)
        if not singles:
            yield tuple(taken)
            continue
        for extra in multisets(rest, singles, r.cheap):
            yield (*taken, *extra)


def _after(held: list[int], rests: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    for rest in rests:
        yield (*held, *rest)
