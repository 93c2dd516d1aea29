"""Properties of every table shape (RULES §12.1, §13.1): one to four decks, four to eight seats, fixed partners
(even seats only) or 找朋友. Whole hands of random legal play: no card is created or lost at any point, hands and
kitty have the sizes of rbtying's formula, every action a legal list offers is legal (plays checked by the follow
rules, other actions applied to a copy of the table), and the points add up to 100 per deck."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.cards import ALL_CARDS, card_points
from engine.errors import IllegalAction
from engine.follow import follow_error
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.units import decompose_lead
from engine.views import Phase
from tests.helpers.held_cards import cards_of_hand

DONE = (Phase.HAND_OVER, Phase.MATCH_OVER)


def deal_sizes(decks: int, players: int) -> tuple[int, int]:
    """§12.1's formula, written out again: kitty = 54N mod P; 0 → P; below 5 → plus P; the rest dealt evenly."""
    kitty = 54 * decks % players or players
    while kitty < 5:
        kitty += players
    return (54 * decks - kitty) // players, kitty


def _check_plays(table: Table, limit: int = 25) -> None:
    """Each listed play of the seat to act is its own cards and legal: a lead is one unit, a follow passes
    ``follow_error``."""
    hand = table.hand
    seat = hand.to_act()[0]
    ctx, lead = hand.ctx(), hand.trick_lead()
    for action in table.legal_actions(seat)[:limit]:
        assert isinstance(action, Play) and action.seat == seat
        assert not Counter(action.cards) - Counter(hand.hands[seat])
        if lead is None:
            assert len(decompose_lead(action.cards, ctx).units) == 1
        else:
            assert follow_error(lead, hand.hands[seat], action.cards, ctx) is None, (lead, action.cards)


def _check_other_actions(table: Table, rng: random.Random) -> None:
    """A few listed declarations, passes and buries (with their friend calls) apply to a copy of the table."""
    state = table.to_json()
    for seat in table.to_act():
        offered = table.legal_actions(seat)
        for action in rng.sample(offered, min(3, len(offered))):
            copy = Table.from_json(state)
            try:
                copy.apply(action)
            except IllegalAction as exc:  # pragma: no cover - the failure message names the action
                raise AssertionError(f"listed but refused: {action} ({exc.key})") from exc


@st.composite
def shapes(draw: st.DrawFn) -> Rules:
    decks, players = draw(st.integers(1, 4)), draw(st.integers(4, 8))
    mode = draw(st.sampled_from(["tractor", "friends"]))
    assume(mode == "friends" or players % 2 == 0)  # fixed partners: even against odd seats
    return Rules.from_preset("standard", decks=decks, players=players, mode=mode,
                             follow_policy=draw(st.sampled_from(["ladder", "ladder_protected"])))


@settings(max_examples=60, deadline=None)
@given(shapes(), st.integers(0, 10**6))
def test_a_whole_hand_of_every_shape_keeps_its_cards_offers_legal_actions_and_counts_its_points(
        rules: Rules, seed: int) -> None:
    table, rng = Table.new(rules, seed), random.Random(seed)
    decks, players = rules.decks, rules.players
    every = Counter({c: decks for c in ALL_CARDS})
    size, kitty = deal_sizes(decks, players)
    checked_deal = False
    while table.phase not in DONE:
        hand = table.hand
        if table.phase is Phase.DECLARING and not checked_deal:
            assert [len(h) for h in hand.hands] == [size] * players and len(hand.kitty) == kitty
            checked_deal = True
        if table.phase is Phase.PLAYING:
            assert cards_of_hand(hand) == every
            _check_plays(table)
        elif table.phase in (Phase.DECLARING, Phase.BURYING):
            _check_other_actions(table, rng)
        table.apply(random_action(table, rng))
    hand = table.hand
    assert checked_deal and cards_of_hand(hand) == every and not any(hand.hands)
    assert all(len(t.plays) == players and len({len(c) for _, c in t.plays}) == 1 for t in hand.tricks)
    assert sum(t.points for t in hand.tricks) + card_points(hand.kitty) == 100 * decks
    if not rules.shape.fixed_partners:  # 找朋友: the points each player carries (§13.5)
        assert sum(hand.won) + card_points(hand.kitty) == 100 * decks
    result = table.results[-1]
    assert len(result.levels_after) == (2 if rules.shape.fixed_partners else players)
    assert 0 <= result.next_dealer < players


@given(st.integers(1, 4), st.integers(4, 8))
def test_the_formula_gives_the_tables_of_the_rulebook(decks: int, players: int) -> None:
    """§12.1 and §13.1's tables are the formula's answers; the engine's shape agrees with it."""
    size, kitty = deal_sizes(decks, players)
    assert size * players + kitty == 54 * decks and 5 <= kitty <= players + 4
    shape = Rules.from_preset("standard", decks=decks, players=players, mode="friends").shape
    assert (shape.hand_size, shape.kitty) == (size, kitty)
    assert {(4, 1): (12, 6), (4, 2): (25, 8), (4, 3): (39, 6), (4, 4): (52, 8), (5, 2): (20, 8), (6, 3): (26, 6),
            (7, 3): (22, 8), (8, 4): (26, 8), (5, 3): (31, 7)}.get((players, decks), (size, kitty)) == (size, kitty)
