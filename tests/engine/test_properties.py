"""Hypothesis properties of the table: conservation, points, serialization, replay, termination, privacy."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Bury, Declare, Play, action_from_json
from engine.cards import ALL_CARDS, card_points, two_decks
from engine.errors import EngineError
from engine.events import Declared, DeclaringClosed, HandSettled, MatchOver, Played, ThrowFailed
from engine.randomplay import random_action
from engine.rules import PRESETS, Rules
from engine.table import Table
from engine.views import Phase

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**40)
presets = st.sampled_from(sorted(PRESETS))
PRIVATE_KEYS = ("card", "cards")


def all_cards(table: Table) -> Counter:
    """Every card the hand accounts for: hands, undealt deck, kitty, the current trick, finished tricks."""
    h = table.hand
    in_hand = h.phase is Phase.BURYING  # the kitty holder has picked the kitty up
    cards: list = [c for hand in h.hands for c in hand] + list(h.deck[h.dealt:100])
    cards += [] if in_hand else list(h.kitty)
    cards += [c for _, play in h.trick for c in play]
    cards += [c for t in h.tricks for _, play in t.plays for c in play]
    return Counter(cards)


@SETTINGS
@given(seed=seeds, preset=presets, progressive=st.booleans())
def test_cards_are_conserved_and_points_sum_to_200(seed: int, preset: str, progressive: bool) -> None:
    table = Table.new(Rules.from_preset(preset), seed)
    rng = random.Random(seed)
    full = Counter(two_decks())
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        table.apply(random_action(table, rng, progressive_deal=progressive))
        assert all_cards(table) == full
    h = table.hand
    assert sum(t.points for t in h.tricks) + card_points(h.kitty) == 200
    result = table.results[-1]
    trick_points = sum(t.points for t in h.tricks if t.winner is not None and h.dealer is not None
                       and t.winner % 2 != h.dealer % 2)
    assert result.trick_points == trick_points + sum(p.penalty for p in h.penalties)


@SETTINGS
@given(seed=seeds, preset=presets, stop_at=st.integers(min_value=0, max_value=400))
def test_serialization_round_trips_and_replay_is_deterministic(seed: int, preset: str, stop_at: int) -> None:
    rules = Rules.from_preset(preset)
    table = Table.new(rules, seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(stop_at):
        if table.phase is Phase.MATCH_OVER:
            break
        table.apply(random_action(table, rng))
    state = table.to_json()
    text = json.dumps(state, ensure_ascii=False)
    assert Table.from_json(json.loads(text)).to_json() == state
    logged = [action_from_json(json.loads(json.dumps(a.to_json()))) for a in table.actions]
    assert Table.replay(rules, seed, logged).to_json() == state
    # continuing from a restored copy gives the same future as continuing the original
    copy = Table.from_json(json.loads(text))
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(30):
        if table.phase is Phase.MATCH_OVER:
            break
        action = random_action(table, rng_a)
        assert random_action(copy, rng_b) == action
        assert [e.to_json() for e in table.apply(action)] == [e.to_json() for e in copy.apply(action)]
    assert copy.to_json() == table.to_json()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, preset=presets)
def test_random_legal_matches_always_end(seed: int, preset: str) -> None:
    rules = Rules.from_preset(preset)
    if rules.match_end != "fixed_deals":
        rules = rules.with_options(start_level="Q", end_level="A", must_play=())
    table = Table.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(40):
        while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            table.apply(random_action(table, rng))
        if table.phase is Phase.MATCH_OVER:
            break
        table.apply(rng.choice(table.legal_actions(None)))
    assert table.phase is Phase.MATCH_OVER or rules.timed


@SETTINGS
@given(seed=seeds, data=st.data())
def test_illegal_actions_change_nothing(seed: int, data: st.DataObject) -> None:
    table = Table.new(Rules(), seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(min_value=0, max_value=250))):
        if table.phase is Phase.MATCH_OVER:
            break
        table.apply(random_action(table, rng))
    before = table.to_json()
    kind = data.draw(st.sampled_from([Play, Declare, Bury]))
    seat = data.draw(st.integers(min_value=0, max_value=3))
    cards = tuple(data.draw(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=9)))
    try:
        table.apply(kind(seat=seat, cards=cards))
    except EngineError:
        assert table.to_json() == before


@SETTINGS
@given(seed=seeds, preset=presets)
def test_public_events_and_views_never_show_a_hand(seed: int, preset: str) -> None:
    table = Table.new(Rules.from_preset(preset), seed)
    rng = random.Random(seed)
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        h = table.hand
        playing = h.phase is Phase.PLAYING
        for event in table.apply(random_action(table, rng, progressive_deal=rng.random() < 0.5)):
            data = event.to_json()["data"]
            if event.to is None and not isinstance(event, Played | Declared | ThrowFailed | HandSettled
                                                   | DeclaringClosed | MatchOver):
                assert not any(k in data for k in PRIVATE_KEYS), event
            if event.to is None and isinstance(event, DeclaringClosed) and event.kitty is not None:
                assert event.how.startswith("no_declaration")  # the kitty card was turned up publicly
        view = table.public_view()
        assert not hasattr(view, "hand") and not hasattr(view, "hands")
        if playing and table.phase is Phase.PLAYING:
            assert view.kitty_holder is not None
