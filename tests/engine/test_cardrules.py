"""The rules on card indices (``engine.cardrules``, what the AI's rollouts call) and the engine's ``Card``
functions (``engine.follow``, ``trick``, ``units``: wrappers over them) give the same answers:
the same legal follows in the same order, the same formats, the same winners, on random hands."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import trick
from engine import units as rules_units
from engine.cardrules import follow as follow_rules
from engine.cardrules.follow import enumerate_follows as fast_follows
from engine.cardrules.multisets import multisets
from engine.cardrules.tables import SUITS, rule_tables
from engine.cardrules.trick import beats, has_format, trick_winner, vectors
from engine.cardrules.units import holds, is_tractor, ordered, tractors
from engine.cards import ALL_CARDS, Card, shuffled_deck
from engine.follow import enumerate_follows
from engine.rules import FollowPolicy, Rules
from engine.trump import TrumpContext, trump_context
from engine.units import decompose_lead, fits, format_ladder

RULES = [Rules(), Rules.from_preset("renda"), Rules.from_preset("duplicate"),
         Rules.from_preset("standard", follow_policy="pairs_only"),
         Rules.from_preset("standard", follow_policy="suit_only"),
         Rules.from_preset("standard", throw_compare="all"),
         Rules.from_preset("renda", throw_compare="all", fixed_trump_ranks=["2", "3"])]


def _ids(cards: list[Card] | tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(c.index for c in cards)


@st.composite
def contexts(draw: st.DrawFn) -> TrumpContext:
    return trump_context(draw(st.sampled_from(["2", "5", "9", "A"])), draw(st.sampled_from(["S", "H", "D", "NT"])),
                         draw(st.sampled_from(RULES)))


@st.composite
def lead_and_hands(draw: st.DrawFn) -> tuple[TrumpContext, tuple[Card, ...], list[list[Card]]]:
    """A lead of one effective suit (short stretches make pairs and tractors likely) and three hands:
    from a real shuffled deck, or stretches of the led suit and of trumps."""
    ctx = draw(contexts())
    suit = draw(st.sampled_from(sorted({ctx.suit_of(c) for c in ALL_CARDS})))
    in_suit = [c for c in ALL_CARDS if ctx.suit_of(c) == suit]
    start = draw(st.integers(0, max(0, len(in_suit) - 5)))
    stretch = in_suit[start:start + draw(st.integers(3, 8))]
    stock = Counter({c: 2 for c in ALL_CARDS})
    if draw(st.booleans()):  # pairs of neighbouring cards: tractors (拖拉机), or pairs thrown together
        first = draw(st.integers(0, len(stretch) - 2))
        lead = [c for c in stretch[first:first + draw(st.integers(2, 4))] for _ in range(2)]
        lead += draw(st.lists(st.sampled_from(stretch), max_size=2).filter(lambda xs: all(x not in lead for x in xs)))
    else:
        lead = draw(st.lists(st.sampled_from(stretch), min_size=2, max_size=10).filter(
            lambda xs: all(n <= 2 for n in Counter(xs).values())))
    stock.subtract(lead)
    rng = random.Random(draw(st.integers(0, 10**6)))
    if draw(st.booleans()):  # dense: the rest of the stretch, trumps and a few others
        near = [c for c in ALL_CARDS if ctx.suit_of(c) in (suit, "T")]
        pool = [c for c in sorted(stock.elements(), key=lambda c: c.index) if c in near or rng.random() < 0.15]
    else:
        pool = [c for c in shuffled_deck(rng.randrange(10**6)) if stock[c] > 0 and not stock.subtract([c])]
    rng.shuffle(pool)
    sizes = [draw(st.integers(len(lead), max(len(lead), 25))) for _ in range(3)]
    hands = [pool[:sizes[0]], pool[sizes[0]:sizes[0] + sizes[1]], pool[sizes[0] + sizes[1]:sum(sizes)]]
    return ctx, tuple(lead), [sorted(h, key=lambda c: c.index) for h in hands if len(h) >= len(lead)]


@given(lead_and_hands(), st.sampled_from([1, 3, 8, 200]))
@settings(max_examples=400, deadline=None)
def test_legal_follows_are_the_rules_enumeration(case: tuple[TrumpContext, tuple[Card, ...], list[list[Card]]],
                                                 limit: int) -> None:
    ctx, lead, hands = case
    units = decompose_lead(lead, ctx)
    r = rule_tables(ctx)
    for hand in hands:
        expected = [_ids(f) for f in enumerate_follows(units, hand, ctx, limit=limit)]
        assert fast_follows(r, SUITS[units.suit], units.shape, list(_ids(hand)), limit) == expected


@given(lead_and_hands())
@settings(max_examples=300, deadline=None)
def test_formats_and_winners_are_the_rules(case: tuple[TrumpContext, tuple[Card, ...], list[list[Card]]]) -> None:
    """Every enumerated follow (ruffs first) read by ``has_format``, and every pair of them (and the lead)
    compared by ``beats``; ``holds``, ``is_tractor`` and the split vectors on the way."""
    ctx, lead, hands = case
    units = decompose_lead(lead, ctx)
    r = rule_tables(ctx)
    led = SUITS[units.suit]
    plays = [lead] + [f for hand in hands for f in enumerate_follows(units, hand, ctx, limit=12)]
    formatted = []
    for play in plays:
        ids = _ids(play)
        assert has_format(r, led, units.shape, ids) == trick.has_format(units, play, ctx), play
        assert is_tractor(r, ids) == rules_units.is_tractor(play, ctx), play
        for rung in format_ladder(units.shape):
            assert holds(r, ids, rung) == rules_units.holds(play, rung, ctx), (play, rung)
        if units.is_throw:
            assert len(vectors(r, ids, units.shape)) == len(rules_units.splits(play, units.shape, ctx))
        if play is lead or trick.has_format(units, play, ctx):
            formatted.append(play)
    for a in formatted:
        for b in formatted:
            assert beats(r, units.shape, _ids(a), _ids(b)) == trick.beats(a, b, units, ctx), (a, b)
    assert fits(lead, units.shape, ctx)
    rng = random.Random(len(plays))
    for _ in range(10):  # whole tricks: the lead and three follows
        played = [lead, *rng.sample(plays[1:], min(3, len(plays) - 1))]
        assert trick_winner(r, units.shape, [_ids(p) for p in played]) == trick.trick_winner(played, ctx)
    for hand in hands:
        assert tractors(r, _ids(hand)) == [_ids(u.cards) for u in rules_units.find_tractors(hand, ctx)]


@given(st.lists(st.integers(0, 59), max_size=80), st.lists(st.integers(-5, 40), min_size=60, max_size=60),
       st.booleans())
def test_ordered_sorts_as_sorted_with_the_key_ties_in_their_order(items: list[int], key: list[int],
                                                                   reverse: bool) -> None:
    """``ordered`` (a sort of key * 64 + position) gives exactly ``sorted(items, key=..., reverse=...)``: equal keys
    keep the items' order (the legal-play lists, and with them the random player's draws, do not change)."""
    assert ordered(items, tuple(key), reverse) == sorted(items, key=tuple(key).__getitem__, reverse=reverse)


@given(st.lists(st.integers(min_value=0, max_value=53), max_size=14), st.integers(min_value=1, max_value=4),
       st.permutations(range(54)))
def test_multisets_are_every_sub_multiset_by_decreasing_count_vector(cards: list[int], k: int,
                                                                     rank: list[int]) -> None:
    """``multisets``: the distinct cards ordered by ``rank`` (ties: first seen), every vector of copies taken (up to
    those held) adding up to ``k``, in decreasing lexicographic order; the same with the two-card shortcut."""
    first = list(dict.fromkeys(cards))
    order = sorted(first, key=lambda c: (rank[c], first.index(c)))
    held = [cards.count(c) for c in order]
    vectors = [v for v in itertools.product(*[range(n + 1) for n in held]) if sum(v) == k]
    expected = [tuple(c for c, n in zip(order, v, strict=True) for _ in range(n))
                for v in sorted(vectors, reverse=True)]
    assert list(multisets(cards, k, tuple(rank))) == expected


LADDER_RULES = [rules for rules in RULES
                if rule_tables(trump_context("2", "S", rules)).policy is FollowPolicy.LADDER and rules.shape.decks == 2]


@st.composite
def pair_follow_hands(draw: st.DrawFn) -> tuple[TrumpContext, str, list[int]]:
    """A two-deck ``ladder`` context, a led suit and a hand (card indices, at most two copies each) holding more than
    two cards of that suit (drawn as positions in a deck of 108: two copies of each card)."""
    ctx = trump_context(draw(st.sampled_from(["2", "5", "9", "A"])), draw(st.sampled_from(["S", "H", "D", "NT"])),
                        draw(st.sampled_from(LADDER_RULES)))
    r = rule_tables(ctx)
    led_suit = draw(st.sampled_from([s for s in SUITS if SUITS[s] in r.suit]))  # (the trump suit's cards are trumps)
    in_suit = [p for p in range(108) if r.suit[p // 2] == SUITS[led_suit]]
    led = draw(st.lists(st.sampled_from(in_suit), min_size=3, max_size=min(14, len(in_suit)), unique=True))
    rest = draw(st.lists(st.sampled_from([p for p in range(108) if p not in in_suit]), max_size=11, unique=True))
    return ctx, led_suit, [position // 2 for position in draw(st.permutations(led + rest))]


@given(pair_follow_hands(), st.sampled_from([1, 2, 3, 8, 200]))
def test_a_pair_leds_follows_are_those_of_the_general_enumeration(case: tuple[TrumpContext, str, list[int]],
                                                                 limit: int) -> None:
    """A pair led (``ladder``, two decks) to more than two cards of its suit: the shortcut ``_pair_follows`` lists
    what the enumeration's sources do, in the same order (with and without a pair held, and cut at ``limit``)."""
    ctx, led_suit, hand = case
    r = rule_tables(ctx)
    led = SUITS[led_suit]
    held = [i for i in hand if r.suit[i] == led]
    assert len(held) > 2
    others = [i for i in hand if r.suit[i] != led]
    expected = follow_rules._enumerate(r, led, (1,), 2, held, others, limit)
    assert follow_rules._pair_follows(r, held, limit) == expected
    assert fast_follows(r, led, (1,), hand, limit) == expected
