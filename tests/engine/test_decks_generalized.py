"""The N-deck rules are the two-deck rules generalized (RULES §12: "written so that they give §4's and §7's
answers for two decks"): read with three decks' rules (tuples, rbtying's ladder, ``engine.cardrules.tuples``),
two-deck positions get the two-deck answers — on every v2 conformance case, and on random deals for leads whose
units hold at most three pairs and one tractor (where §7's ladder and rbtying's are the same, §7)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Card
from engine.follow import enumerate_follows, follow_error
from engine.judge import answer
from engine.rules import Rules
from engine.throws import check_throw
from engine.trick import trick_winner
from engine.trump import TrumpContext, trump_context
from engine.units import decompose_lead
from tests.helpers.shared_dir import CONFORMANCE


@pytest.mark.parametrize("name", ["follow", "lead", "trick"])
def test_every_v2_conformance_case_answers_the_same_read_with_three_decks(name: str) -> None:
    failures = []
    for line in (CONFORMANCE / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        query = {k: v for k, v in case.items() if k != "expect"}
        query["rules"] = {**(query.get("rules") or {}), "decks": 3}
        got = answer(json.dumps(query))
        got.pop("id", None)
        got.pop("largest_unit", None)
        if got != case["expect"]:
            failures.append(case["id"])
    assert not failures


@st.composite
def positions(draw: st.DrawFn) -> tuple[TrumpContext, TrumpContext, list[Card], list[list[Card]]]:
    """A two-deck deal read by two- and three-deck rules, and a one-suit lead from seat 0 (tuples likely)."""
    options = {"follow_policy": draw(st.sampled_from(("ladder", "pairs_only"))),
               "throw_compare": draw(st.sampled_from(("largest", "all")))}
    level, trump = draw(st.sampled_from(["2", "5", "10", "A"])), draw(st.sampled_from(["S", "H", "D", "NT"]))
    two = trump_context(level, trump, Rules.from_preset("standard", **options))
    three = trump_context(level, trump, Rules.from_preset("standard", decks=3, **options))
    pack = [c for c in ALL_CARDS for _ in range(2)]
    random.Random(draw(st.integers(0, 10**9))).shuffle(pack)
    hands = [pack[k * 25:(k + 1) * 25] for k in range(4)]
    suit = draw(st.sampled_from(sorted({two.suit_of(c) for c in hands[0]})))
    held = sorted([c for c in hands[0] if two.suit_of(c) == suit], key=two.rank_key)
    start = draw(st.integers(0, len(held) - 1))
    stretch = held[start:start + draw(st.integers(1, 8))]
    keep = draw(st.lists(st.booleans(), min_size=len(stretch), max_size=len(stretch)))
    lead = [c for c, k in zip(stretch, keep, strict=True) if k] or stretch[:1]
    return two, three, lead, hands


@settings(max_examples=150, deadline=None)
@given(positions())
def test_two_decks_read_by_the_n_deck_rules_get_the_two_deck_answers(
        position: tuple[TrumpContext, TrumpContext, list[Card], list[list[Card]]]) -> None:
    two, three, lead, hands = position
    v2 = decompose_lead(lead, two)
    assume(all(u.pairs <= 3 for u in v2.units) and sum(1 for u in v2.units if u.pairs >= 2) <= 1)
    assert decompose_lead(lead, three) == v2
    assert check_throw(lead, hands[1:], three) == check_throw(lead, hands[1:], two)
    plays: list[list[Card]] = [lead]
    for hand in hands[1:]:
        listed = enumerate_follows(lead, hand, two, limit=10_000)
        assume(len(listed) < 10_000)
        assert Counter(enumerate_follows(lead, hand, three, limit=10_000)) == Counter(listed)
        for play in listed[:30]:
            assert follow_error(lead, hand, play, three) is None
        plays.append(list(listed[-1]))
    assert trick_winner(plays, three) == trick_winner(plays, two)
