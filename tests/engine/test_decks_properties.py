"""Properties of units, throws, follows and tricks over one to four decks (RULES §12.2, §12.4) on random deals:
no card is created or lost, and every listed legal follow is legal."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.cards import ALL_CARDS, Card, card_points
from engine.follow import enumerate_follows, follow_error
from engine.legal import lead_units
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.throws import check_throw
from engine.trick import trick_points, trick_winner
from engine.trump import TrumpContext, trump_context
from engine.units import decompose_lead
from engine.views import Phase
from tests.helpers.held_cards import cards_of_hand

POLICIES = ("ladder", "ladder_protected", "pairs_only", "suit_only")


@st.composite
def deals(draw: st.DrawFn) -> tuple[TrumpContext, list[list[Card]]]:
    """Four hands of a shuffled N-deck pack (N = 1…4), in a random trump context and follow policy."""
    decks = draw(st.integers(1, 4))
    rules = Rules.from_preset("standard", decks=decks, follow_policy=draw(st.sampled_from(POLICIES)),
                              throw_compare=draw(st.sampled_from(("largest", "all"))))
    ctx = trump_context(draw(st.sampled_from(["2", "5", "10", "A"])), draw(st.sampled_from(["S", "H", "D", "NT"])),
                        rules)
    pack = [c for c in ALL_CARDS for _ in range(decks)]
    random.Random(draw(st.integers(0, 10**9))).shuffle(pack)
    size = rules.shape.hand_size
    return ctx, [pack[k * size:(k + 1) * size] for k in range(4)]


def _lead(draw: st.DrawFn, ctx: TrumpContext, hand: list[Card]) -> list[Card]:
    """Cards of one effective suit from ``hand``: whole tuples of neighbouring ranks are likely."""
    suits = sorted({ctx.suit_of(c) for c in hand})
    suit = draw(st.sampled_from(suits))
    held = sorted([c for c in hand if ctx.suit_of(c) == suit], key=ctx.rank_key)
    start = draw(st.integers(0, len(held) - 1))
    stretch = held[start:start + draw(st.integers(1, 10))]
    keep = draw(st.lists(st.booleans(), min_size=len(stretch), max_size=len(stretch)))
    lead = [c for c, k in zip(stretch, keep, strict=True) if k]
    return lead or stretch[:1]


def _multiset_in(part: Sequence[Card], whole: Sequence[Card]) -> bool:
    return not Counter(part) - Counter(whole)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_units_and_throws_create_and_lose_no_card(data: st.DataObject) -> None:
    ctx, hands = data.draw(deals())
    lead = _lead(data.draw, ctx, hands[0])
    units = decompose_lead(lead, ctx).units
    assert Counter(c for u in units for c in u.cards) == Counter(lead)
    assert all(u.width <= ctx.rules.decks and u.width * u.length == u.size for u in units)
    result = check_throw(lead, hands[1:], ctx)
    assert _multiset_in(result.forced, lead)
    if not result.failed:
        assert Counter(result.forced) == Counter(lead)
    else:
        assert len(result.forced) < len(lead) and len(units) > 1
        assert any(Counter(u.cards) == Counter(result.forced) for u in units)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_every_listed_follow_is_legal_and_a_trick_keeps_its_cards(data: st.DataObject) -> None:
    ctx, hands = data.draw(deals())
    lead = list(check_throw(_lead(data.draw, ctx, hands[0]), hands[1:], ctx).forced)
    assume(all(len(h) >= len(lead) for h in hands[1:]))
    plays: list[Sequence[Card]] = [lead]
    for hand in hands[1:]:
        options = enumerate_follows(lead, hand, ctx, limit=40)
        assert options, "a hand with enough cards always has a legal follow"
        for play in options:
            assert len(play) == len(lead) and _multiset_in(play, hand)
            assert follow_error(lead, hand, play, ctx) is None, (lead, hand, play)
        plays.append(options[data.draw(st.integers(0, len(options) - 1))])
    winner = trick_winner(plays, ctx)
    assert 0 <= winner < 4
    assert trick_points(plays) == sum(card_points(p) for p in plays)
    left = [Counter(h) - Counter(p) for h, p in zip(hands, plays, strict=True)]
    assert sum(sum(c.values()) for c in left) + sum(len(p) for p in plays) == sum(len(h) for h in hands)


@settings(max_examples=60, deadline=None)
@given(deals())
def test_every_listed_lead_is_one_unit_that_stands(deal: tuple[TrumpContext, list[list[Card]]]) -> None:
    """The leads offered (every single, tuple and tractor, with N decks triples and their tractors too) are each
    one unit of one suit, which always stands (RULES §4)."""
    ctx, hands = deal
    options = lead_units(hands[0], ctx)
    assert len(set(options)) == len(options)
    for play in options:
        assert _multiset_in(play, hands[0])
        units = decompose_lead(play, ctx).units
        assert len(units) == 1 and units[0].width <= ctx.rules.decks
        assert not check_throw(play, hands[1:], ctx).failed
    widths = {u.width for play in options for u in decompose_lead(play, ctx).units}
    held = max(Counter(hands[0]).values())
    assert widths == set(range(1, held + 1))


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 4), st.sampled_from(POLICIES), st.integers(0, 10**6))
def test_whole_hands_offer_only_legal_plays_and_keep_every_card(decks: int, policy: str, seed: int) -> None:
    """Random whole hands (``engine.randomplay``, throws included) with N decks: the plays offered are legal
    follows or one-unit leads, and the N × 54 cards stay N copies of each until the hand is settled."""
    table = Table.new(Rules.from_preset("standard", decks=decks, follow_policy=policy), seed)
    rng = random.Random(seed)
    every = Counter({c: decks for c in ALL_CARDS})
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        hand = table.hand
        if table.phase is Phase.PLAYING:
            assert cards_of_hand(hand) == every
            seat = hand.to_act()[0]
            ctx = hand.ctx()
            lead = hand.trick_lead()
            for action in table.legal_actions(seat)[:25]:
                assert isinstance(action, Play)
                if lead is None:
                    assert len(decompose_lead(action.cards, ctx).units) == 1
                else:
                    assert follow_error(lead, hand.hands[seat], action.cards, ctx) is None
        table.apply(random_action(table, rng))
    assert cards_of_hand(table.hand) == every
