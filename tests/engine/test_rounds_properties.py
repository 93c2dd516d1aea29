"""Hypothesis: random players through every v2 declaring phase (暗扣暗反, 反无主, 换庄 windows, the kitty card,
redeals) never reach an illegal or stuck state, conserve the 108 cards, never show a face-down card in
public, and every state survives a JSON round trip."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import CloseDeclaring, DealAll, StartHand
from engine.ai import choose_action
from engine.cards import two_decks
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from tests.engine.test_properties import all_cards

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = st.sampled_from([
    Rules.from_preset("aihua"),
    Rules.from_preset("daiwang"),
    Rules(kitty_overcall="concealed", no_declaration="swap_dealer", overcall_suit_order="SHDC"),
    Rules(kitty_overcall="no_trump_only", first_hand_dealer="final_suit_declarer", no_declaration="kitty_level"),
    Rules(kitty_overcall=True, no_trump_declaration="never", no_declaration="swap_dealer"),
])


def _names_cards_or_trump(value: object) -> bool:
    """Any ``cards`` or ``trump`` with a value, at any depth of an event's JSON."""
    if isinstance(value, dict):
        return any((k in ("cards", "trump") and v) or _names_cards_or_trump(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_names_cards_or_trump(v) for v in value)
    return False


def check_state(table: Table, full: Counter) -> None:
    h = table.hand
    assert all_cards(table) == full
    pub = table.public_view()
    if h.bids.declaration is not None and h.bids.declaration.concealed:
        assert pub.declaration is not None and pub.declaration.cards == () and pub.trump is None
    assert pub.concealed_seats == tuple(d.seat for d in h.bids.hidden)
    for seat in range(4):
        view = table.seat_view(seat)
        assert all(d.seat == seat for d in view.concealed)
        assert view.public == pub
    if table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER, Phase.DEALING):
        assert table.to_act() or table.legal_actions(None), f"stuck in {table.phase}"
    if h.phase is Phase.PLAYING:
        assert not h.bids.hidden and h.trump is not None and pub.trump == h.trump


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**40), rules=RULES, progressive=st.booleans())
def test_random_players_through_the_v2_declaring_phases(seed: int, rules: Rules, progressive: bool) -> None:
    table = Table.new(rules, seed)
    rng = random.Random(seed)
    full = Counter(two_decks())
    for _ in range(3):  # three hands: the first hand (抢庄) and later ones (换庄, 反无主, no overcall before the bury)
        steps = 0
        while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            action = random_action(table, rng, progressive_deal=progressive)
            events = table.apply(action)  # raises if the driver's legal choice is refused: an illegal state
            public = [e.data() for e in events if e.to is None and e.kind != "declarations_revealed"]
            if table.hand.bids.hidden:  # a face-down declaration: no public event names a card or the trump
                assert not any(_names_cards_or_trump(d) for d in public), public
            steps += 1
            assert steps < 3000
            if table.phase is not Phase.DEALING or steps % 25 == 0:
                check_state(table, full)
            if steps % 7 == 0:
                again = Table.from_json(json.loads(json.dumps(table.to_json())))
                assert again.to_json() == table.to_json()
                assert again.public_view() == table.public_view()
        if table.phase is Phase.MATCH_OVER:
            return
        table.apply(StartHand())


@pytest.mark.parametrize("preset", ["aihua", "daiwang"])
@pytest.mark.parametrize("level", ["basic", "random"])
def test_ai_players_play_the_v2_declaring_phases_legally(preset: str, level: str) -> None:
    """Every seat an AI seeing only its ``SeatView``: each move it makes is accepted, through three hands."""
    phases: set[str] = set()
    for seed in range(4):  # (enough deals for every phase to come up with these players)
        table = Table.new(Rules.from_preset(preset), seed)
        rng = random.Random(seed)
        for _ in range(3):
            while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
                phases.add(table.phase.value + (":" + table.hand.bids.swap_stage if table.hand.bids.swap_stage else ""))
                if table.phase is Phase.DEALING:
                    table.apply(DealAll())
                    continue
                seats = table.to_act()
                if not seats:
                    table.apply(CloseDeclaring())
                    continue
                action = choose_action(table.seat_view(seats[0]), level, rng)
                assert action is not None
                table.apply(action)
            if table.phase is Phase.MATCH_OVER:
                break
            table.apply(StartHand())
    assert "kitty_overcall" in phases
    if preset == "daiwang":
        assert "declaring:due" in phases
