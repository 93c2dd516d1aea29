"""Following (跟牌, RULES §7, §11.4–5): suit, the format ladder, the follow policies, and enumeration."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cardrules import follow as core
from engine.cardrules.tables import SUITS, rule_tables
from engine.cards import ALL_CARDS, Card, parse_cards
from engine.follow import enumerate_follows, follow_error, follow_is_legal
from engine.rules import Rules
from engine.trump import TrumpContext, trump_context
from engine.units import decompose_lead, fits, format_ladder
from tests.engine.test_units import _brute_fits


def cards(text: str) -> tuple[Card, ...]:
    """Compact notation: ``'KSKSQS'`` or ``'KS KS QS'``."""
    return parse_cards(re.findall(r"10[SHCD]|[2-9JQKA][SHCD]|SJ|BJ", text))


def err(lead: str, hand: str, play: str, ctx: TrumpContext) -> str | None:
    return follow_error(cards(lead), cards(hand), cards(play), ctx)


def test_example_4_a_pair_must_be_followed_by_a_pair() -> None:
    ctx = TrumpContext("5", "S")
    hand = "QH QH 3H 7C 8D"
    assert err("KH KH", hand, "QH QH", ctx) is None
    assert err("KH KH", hand, "QH 3H", ctx) == "play.must_follow_pairs"
    assert err("KH KH", hand, "QH 7C", ctx) == "play.must_follow_suit"


def test_example_5_two_pairs_when_no_tractor() -> None:
    ctx = TrumpContext("2", "H")
    hand = "9C 9C JC JC 3C 4D"
    assert err("6C6C7C7C", hand, "9C 9C JC JC", ctx) is None
    assert err("6C6C7C7C", hand, "9C 9C 3C JC", ctx) == "play.must_follow_pairs"
    assert err("6C6C7C7C", hand, "9C 9C 3C 4D", ctx) == "play.must_follow_suit"  # the JUDGE example


def test_a_tractor_must_be_followed_by_a_tractor() -> None:
    ctx = TrumpContext("2", "H")
    hand = "9C 9C 10C 10C 3C 4C KS"
    assert err("6C6C7C7C", hand, "10C 10C 9C 9C", ctx) is None
    assert err("6C6C7C7C", hand, "9C 9C 3C 4C", ctx) == "play.must_follow_tractor"
    assert err("6C6C7C7C", hand, "9C 10C 3C 4C", ctx) == "play.must_follow_tractor"


def test_ladder_rungs_for_a_three_pair_tractor() -> None:
    ctx = TrumpContext("2", "S")
    lead = "5H5H6H6H7H7H"
    # T2 + P holdable: must play exactly that
    hand = "9H9H10H10H KH KH 3H 4H"
    assert err(lead, hand, "9H9H10H10H KH KH", ctx) is None
    assert err(lead, hand, "9H9H KH KH 3H 4H", ctx) == "play.must_follow_tractor"
    # only a tractor of 2 and singles: the tractor's pairs + P + … rung (1,1,0,0) applies
    hand = "9H9H10H10H QH 3H 4H 8D"
    assert err(lead, hand, "9H9H10H10H 3H 4H", ctx) is None
    assert err(lead, hand, "9H 10H 10H QH 3H 4H", ctx) == "play.must_follow_pairs"


def test_a_throw_of_singles_has_no_pair_obligation() -> None:
    ctx = TrumpContext("2", "H")
    assert err("AS KS QS", "9S 9S 3S 4S", "3S 4S 9S", ctx) is None
    assert err("AS KS QS", "9S 9S 3S 4S", "9S 9S 3S", ctx) is None


def test_short_and_void_holdings() -> None:
    ctx = TrumpContext("2", "H")
    assert err("6C6C7C7C", "9C 3C KD 5S 4S", "9C 3C KD 5S", ctx) is None
    assert err("6C6C7C7C", "9C 3C KD 5S 4S", "9C KD 5S 4S", ctx) == "play.must_follow_suit"
    assert err("QD QD", "3H 4H 5S", "3H 4H", ctx) is None  # void: anything
    assert err("QD QD", "3H 4H 5S", "3H", ctx) == "play.wrong_count"
    assert err("QD QD", "3H 4H 5S", "3H 3H", ctx) == "play.not_in_hand"


def test_trump_lead_is_followed_with_trumps_including_level_cards() -> None:
    ctx = TrumpContext("2", "H")
    hand = "2S 2S 5H AC AC"
    assert err("KH KH", hand, "2S 2S", ctx) is None
    assert err("KH KH", hand, "2S 5H", ctx) == "play.must_follow_pairs"
    assert err("KH KH", hand, "AC AC", ctx) == "play.must_follow_suit"


def test_follow_policies() -> None:
    lead, hand = "6C6C7C7C", "9C 9C 10C 10C KC KC 3C"
    ladder = TrumpContext("2", "H")
    pairs_only = TrumpContext("2", "H", Rules.from_preset("standard", follow_policy="pairs_only"))
    suit_only = TrumpContext("2", "H", Rules.from_preset("standard", follow_policy="suit_only"))
    assert err(lead, hand, "9C 9C KC KC", ladder) == "play.must_follow_tractor"
    assert err(lead, hand, "9C 9C KC KC", pairs_only) is None
    assert err(lead, hand, "9C 9C KC 3C", pairs_only) == "play.must_follow_pairs"
    assert err(lead, hand, "9C 10C KC 3C", suit_only) is None
    assert err(lead, hand + " 4D", "9C 10C KC 4D", suit_only) == "play.must_follow_suit"


def test_enumeration_is_ordered_and_bounded() -> None:
    ctx = TrumpContext("2", "H")
    hand = cards("9C 9C JC JC 3C 4D KS KS")
    follows = enumerate_follows(cards("6C6C7C7C"), hand, ctx)
    assert [[str(c) for c in f] for f in follows] == [["JC", "JC", "9C", "9C"]]
    long_hand = cards("AS AS KS KS QS QS JS JS 10S 10S 9S 9S 8S 8S 7S 7S 6S 6S 5S 5S 4S 4S 3S 3S 3D")
    for limit in (1, 7, 50):
        got = enumerate_follows(cards("AD KD QD"), long_hand, ctx, limit=limit)
        assert len(got) == limit and len({tuple(c.index for c in f) for f in got}) == limit
        assert all(cards("3D")[0] in f for f in got)
        assert all(follow_is_legal(cards("AD KD QD"), long_hand, f, ctx) for f in got)


# -- properties ------------------------------------------------------------------------------------

@st.composite
def follow_case(draw: st.DrawFn) -> tuple[TrumpContext, tuple[Card, ...], list[Card]]:
    """A small deal: a lead of one effective suit and a follower's hand, few enough for brute force."""
    rules = draw(st.sampled_from([Rules(), Rules.from_preset("renda"),
                                  Rules.from_preset("standard", follow_policy="pairs_only"),
                                  Rules.from_preset("standard", follow_policy="suit_only")]))
    ctx = trump_context(draw(st.sampled_from(["2", "5", "9"])), draw(st.sampled_from(["S", "H", "NT"])), rules)
    suit = draw(st.sampled_from(sorted({ctx.suit_of(c) for c in ALL_CARDS} & {"S", "H", "C", "T"})))
    pool = [c for c in ALL_CARDS if ctx.suit_of(c) == suit][-7:]  # a short stretch: tractors are likely
    stock = Counter({c: 2 for c in pool})
    lead = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6).filter(
        lambda xs: all(n <= 2 for n in Counter(xs).values())))
    stock.subtract(lead)
    left = sorted(stock.elements(), key=lambda c: c.index)
    held = draw(st.lists(st.sampled_from(range(len(left))), max_size=9, unique=True)) if left else []
    others = draw(st.lists(st.sampled_from([c for c in ALL_CARDS if ctx.suit_of(c) != suit][:12]),
                           max_size=4, unique=True))
    hand = [left[i] for i in held] + others
    if len(hand) < len(lead):
        hand += [c for c in ALL_CARDS if ctx.suit_of(c) != suit][12:12 + len(lead) - len(hand)]
    return ctx, tuple(lead), hand


def _all_plays(hand: list[Card], n: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(c.index for c in combo)) for combo in itertools.combinations(hand, n)}


def _ident(play: tuple[Card, ...] | list[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in play))


@given(follow_case())
@settings(max_examples=150, deadline=None)
def test_enumeration_is_exactly_the_legal_follows(case: tuple[TrumpContext, tuple[Card, ...], list[Card]]) -> None:
    ctx, lead, hand = case
    lead_units = decompose_lead(lead, ctx)
    by_id = {c.index: c for c in ALL_CARDS}
    legal = {p for p in _all_plays(hand, len(lead))
             if follow_is_legal(lead_units, hand, [by_id[i] for i in p], ctx)}
    got = enumerate_follows(lead_units, hand, ctx, limit=10_000)
    assert len({_ident(f) for f in got}) == len(got)
    assert {_ident(f) for f in got} == legal
    small = enumerate_follows(lead_units, hand, ctx, limit=3)
    assert len(small) == min(3, len(legal)) and {_ident(f) for f in small} <= legal


@given(follow_case())
@settings(max_examples=120, deadline=None)
def test_ladder_legality_agrees_with_a_brute_force_reading(
        case: tuple[TrumpContext, tuple[Card, ...], list[Card]]) -> None:
    """Rule 1 + rule 2 re-derived from scratch: the first rung any n led-suit cards of the hand fit."""
    ctx, lead, hand = case
    assume(ctx.rules.follow_policy == "ladder")
    lead_units = decompose_lead(lead, ctx)
    n = len(lead)
    held = [c for c in hand if ctx.suit_of(c) == lead_units.suit]
    subsets = [list(s) for s in {tuple(sorted(x, key=lambda c: c.index))
                                 for x in itertools.combinations(held, min(n, len(held)))}]
    rung = None
    if len(held) > n:
        rung = next(r for r in format_ladder(lead_units.shape) if any(_brute_fits(s, r, ctx) for s in subsets))
    for combo in {_ident(c) for c in itertools.combinations(hand, n)}:
        play = [c for i in combo for c in ALL_CARDS if c.index == i]
        led = [c for c in play if ctx.suit_of(c) == lead_units.suit]
        expected = len(led) == min(n, len(held)) and (rung is None or _brute_fits(led, rung, ctx))
        assert follow_is_legal(lead_units, hand, play, ctx) == expected
        if rung is not None and expected:
            assert fits(led, rung, ctx)


@pytest.mark.parametrize("seed", range(3))
def test_enumerated_follows_on_full_deals_are_legal(seed: int) -> None:
    from engine.cards import shuffled_deck
    from engine.units import find_pairs, find_tractors

    deck = shuffled_deck(seed)
    hands = [deck[i * 25:(i + 1) * 25] for i in range(4)]
    for trump in ("S", "NT"):
        ctx = trump_context("7", trump)
        leads = [u.cards for u in find_tractors(hands[0], ctx)] + [u.cards for u in find_pairs(hands[0], ctx)]
        leads += [(c,) for c in hands[0][:5]]
        for lead in leads:
            for hand in hands[1:]:
                follows = enumerate_follows(lead, hand, ctx, limit=60)
                assert follows and all(follow_is_legal(lead, hand, f, ctx) for f in follows)


def test_every_play_message_key_has_english_and_chinese_text() -> None:
    from i18n import MESSAGES
    from i18n.play import MESSAGES as PLAY

    keys = {"play.wrong_count", "play.not_in_hand", "play.must_follow_suit", "play.must_follow_pairs",
            "play.must_follow_tractor", "play.empty", "play.mixed_suits", "play.bad_level", "play.bad_trump"}
    assert keys <= set(PLAY)
    for key in keys:
        assert MESSAGES[key]["en"] and MESSAGES[key]["zh-CN"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=12), st.sampled_from(ALL_CARDS),
       st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=2), st.sampled_from(["S", "H", "NT"]))
def test_a_single_leads_follow_read_on_cards_agrees_with_the_index_rules(
        hand: list[Card], led: Card, play: list[Card], trump: str) -> None:
    """``follow_error`` reads a single lead's follow on the cards in one pass (no index lists); its answer is
    the index rules' (``engine.cardrules.follow``) for held and unheld cards, of the led suit or not, and wrong
    counts."""
    ctx = trump_context("2", trump)
    lead = decompose_lead((led,), ctx)
    ids = [c.index for c in hand]
    expected = core.follow_error(rule_tables(ctx), SUITS[lead.suit], lead.shape, ids, [c.index for c in play])
    assert follow_error((led,), hand, play, ctx) == expected
    assert follow_error(lead, hand, play, ctx) == expected
