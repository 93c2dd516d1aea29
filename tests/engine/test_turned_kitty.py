"""翻底: when nobody declares, only the kitty cards looked at to find the trump are shown to the table; the
rest of the kitty goes to the dealer unseen (a public event must not reveal it)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import parse_cards
from engine.events import DeclaringClosed
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.undeclared import trump_when_undeclared, turned_kitty_cards
from engine.views import Phase


@pytest.mark.parametrize("policy,kitty,level,turned", [
    ("kitty_first", "9D SJ BJ SJ 4C 7H 8H 9H", "2", "9D"),
    ("kitty_third", "9D 3S 4C 7H 8H 9H 3S 3S", "2", "9D 3S 4C"),
    ("kitty_third", "9D SJ BJ SJ 4C 7H 8H 9H", "2", "9D SJ BJ SJ 4C"),
    ("kitty_level", "9D 5S 4C 5H 8H 9H 3S 3S", "5", "9D 5S"),
    ("kitty_level", "9D 6S 4C 7H 8H 9H 3S 3S", "5", "9D 6S 4C 7H 8H 9H 3S 3S"),
    ("swap_dealer", "9D 6S 4C 7H 8H 9H 3S 3S", "2", "9D"),
    ("no_trump", "9D 6S 4C 7H 8H 9H 3S 3S", "2", ""),
    ("redeal", "9D 6S 4C 7H 8H 9H 3S 3S", "2", ""),
])
def test_only_the_cards_that_decide_are_turned(policy: str, kitty: str, level: str, turned: str) -> None:
    assert turned_kitty_cards(parse_cards(kitty), Rules(no_declaration=policy), level) == tuple(parse_cards(turned))


@pytest.mark.parametrize("policy", ["kitty_first", "kitty_third", "kitty_level"])
def test_the_turned_cards_decide_the_trump(policy: str) -> None:
    """Whatever the rest of the kitty holds, the turned cards alone give the same trump."""
    rng = random.Random(policy)
    deck = parse_cards("SJ BJ 2S 3H 4C 5D 6S 7H 8C 9D 10S JH QC KD AS 5S 5H")
    rules = Rules(no_declaration=policy)
    for _ in range(300):
        kitty = rng.sample(deck, 8)
        turned = turned_kitty_cards(kitty, rules, "5")
        hidden_changed = list(turned) + rng.sample(deck, 8 - len(turned))
        if len(turned) < 8:
            assert trump_when_undeclared(hidden_changed, rules, "5") == trump_when_undeclared(kitty, rules, "5")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), policy=st.sampled_from(["kitty_first", "kitty_third", "kitty_level", "no_trump"]))
def test_a_public_declaring_closed_shows_only_turned_cards(seed: int, policy: str) -> None:
    """Later hands where nobody declares: the public event carries exactly the turned kitty cards."""
    table = Table.new(Rules.from_preset("standard", no_declaration=policy), seed)
    rng = random.Random(seed)
    while table.phase is not Phase.MATCH_OVER and table.hand_number < 3:
        hand = table.hand
        never_declare = table.hand_number >= 2 and hand.phase in (Phase.DEALING, Phase.DECLARING)
        action = random_action(table, rng, progressive_deal=False)
        if never_declare and type(action).__name__ == "Declare":
            continue
        for event in table.apply(action):
            if isinstance(event, DeclaringClosed) and event.to is None and event.how.startswith("no_decl"):
                assert event.kitty == turned_kitty_cards(hand.kitty, table.rules, hand.level)
                assert event.kitty is not None and len(event.kitty) <= 8
