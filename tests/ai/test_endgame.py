"""The exact endgame (残局) solver agrees with a plain minimax over every legal play, and counts the kitty."""

from __future__ import annotations

import itertools
import random

from engine.ai.endgame import Endgame, Hands, Trick, hands_of
from engine.ai.playstate import to_cards, to_counts
from engine.cards import parse_cards
from engine.follow import follow_is_legal
from engine.rules import Rules
from engine.settlement import kitty_multiplier
from engine.table import Table
from engine.trick import trick_winner
from engine.trump import TrumpContext, trump_context
from engine.units import decompose_lead
from engine.views import Phase
from tests.helpers.basic_play import play_basic_until


def _subsets(hand: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(c)) for c in itertools.combinations(hand, n)}


def _plays(ctx: TrumpContext, hand: tuple[int, ...], trick: Trick) -> list[tuple[int, ...]]:
    """Every legal play by brute force: follows that pass ``follow_is_legal``, leads of one unit."""
    cards = to_cards(hand)
    if trick:
        lead = to_cards(trick[0][1])
        return [p for p in _subsets(hand, len(lead)) if follow_is_legal(lead, cards, to_cards(p), ctx)]
    out = []
    for n in range(1, len(hand) + 1):
        for p in _subsets(hand, n):
            if len({ctx.suit_of(c) for c in to_cards(p)}) == 1 and not decompose_lead(to_cards(p), ctx).is_throw:
                out.append(p)
    return out


def _minimax(ctx: TrumpContext, dealer_team: int, kitty_points: int, hands: Hands, trick: Trick,
             leader: int) -> int:
    if len(trick) == 4:
        k = trick_winner([to_cards(p) for _, p in trick], ctx)
        winner = trick[k][0]
        gained = 0
        if winner % 2 != dealer_team:
            gained = sum(c.points for _, p in trick for c in to_cards(p))
            if not hands[winner]:
                gained += kitty_points * kitty_multiplier(to_cards(trick[k][1]), ctx.level, ctx.trump, ctx.rules)
        return gained + _minimax(ctx, dealer_team, kitty_points, hands, (), winner)
    if not trick and not hands[leader]:
        return 0
    seat = (trick[0][0] + len(trick)) % 4 if trick else leader
    values = []
    for play in _plays(ctx, hands[seat], trick):
        rest = list(hands[seat])
        for i in play:
            rest.remove(i)
        after = tuple(tuple(rest) if s == seat else h for s, h in enumerate(hands))
        values.append(_minimax(ctx, dealer_team, kitty_points, after, (*trick, (seat, play)), leader))
    return max(values) if seat % 2 != dealer_team else min(values)


def _endgame(seed: int, cards_left: int) -> tuple[TrumpContext, int, Hands, Trick, int, int] | None:
    """A real deal played by basic AIs until each hand holds ``cards_left`` cards (all hands known); ``None``
    if the hand ended first (a throw (甩牌) can skip past it)."""
    table = Table.new(Rules.from_preset("standard"), seed)

    def reached(t: Table) -> bool:
        return t.phase is Phase.PLAYING and len(t.seat_view(t.to_act()[0]).hand) <= cards_left

    if not play_basic_until(table, random.Random(seed), reached):
        return None
    pub = table.public_view()
    assert pub.dealer is not None and pub.trump is not None
    ctx = trump_context(pub.level, pub.trump, pub.rules)
    hands = hands_of([to_counts(table.seat_view(s).hand) for s in range(4)])
    kitty = table.seat_view(pub.dealer).kitty or ()
    trick: Trick = ()
    if pub.trick is not None and not pub.trick.complete:
        trick = tuple((s, tuple(sorted(c.index for c in p))) for s, p in pub.trick.plays)
    leader = trick[0][0] if trick else table.to_act()[0]
    return ctx, pub.dealer % 2, hands, trick, leader, sum(c.points for c in kitty)


def test_the_solver_agrees_with_plain_minimax() -> None:
    checked = 0
    for seed in range(1, 30):
        found = _endgame(seed, 2 + seed % 2)
        if found is None:
            continue
        ctx, dealer_team, hands, trick, leader, kitty_points = found
        solver = Endgame(ctx, dealer_team, ())
        solver.kitty_points = kitty_points  # (the solver needs only the kitty's points)
        assert solver.solve(hands, trick, leader) == _minimax(ctx, dealer_team, kitty_points, hands, trick, leader)
        checked += 1
        if checked == 8:
            break
    assert checked == 8


def test_the_last_trick_carries_the_kitty() -> None:
    # hearts trump, level 2; dealer team 0/2. Seat 0 leads, holding BJ and KS; the defenders hold AS and
    # trumps below BJ. Kept for the last trick, BJ saves the kitty: the solver leads KS first.
    ctx = trump_context("2", "H", Rules())
    hands = hands_of([to_counts(parse_cards(t)) for t in ("BJ KS", "AS 3H", "4C 5C", "6H 3S")])
    solver = Endgame(ctx, 0, parse_cards("10D 10D KD KD 3C 4C 5D 6D"))  # 45 points buried
    value = solver.solve(hands, (), 0)
    # best for the dealer: KS now (AS wins it: 10 points), BJ wins the last trick: the kitty stays safe
    assert value == 10
    cashed = Endgame(ctx, 0, parse_cards("10D 10D KD KD 3C 4C 5D 6D"))
    # leading BJ first loses KS and the last trick: 10 + 45 × 2
    assert cashed.solve(hands_of([to_counts(parse_cards(t)) for t in ("KS", "AS 3H", "4C 5C", "6H 3S")]),
                        ((0, (parse_cards("BJ")[0].index,)),), 0) == 100
