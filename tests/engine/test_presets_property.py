"""All eight presets (RULES §10) played by random legal players for at least 200 hands each: 108 cards, 200
points, every hand's levels and laps exactly as RULES §8 gives them (checked against the reference below,
written from §8's wording), and no illegal state (every state restores from JSON; the hand ends empty)."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import StartHand, StopMatch
from engine.cards import RANKS, Card, card_points, two_decks
from engine.levels import level_gain
from engine.randomplay import random_action
from engine.rules import PRESETS, BlockedGain, MatchEnd, Rules
from engine.table import Table
from engine.views import HandResult, Phase

HANDS_PER_EXAMPLE = 20
EXAMPLES = 10  # 10 × 20 = 200 hands per preset
FULL_DECK = Counter(two_decks())


# -- §8 written out once more, step by step, as the reference -------------------------------------------

def _track(level: str) -> int:
    """2 → 0 … A → 12; -1 → -1, -2 → -2 (each level below 2 is one step)."""
    return RANKS.index(level) if level in RANKS else int(level)


def _name(pos: int) -> str:
    return RANKS[pos] if pos >= 0 else str(pos)


def _bottom(level: str, last: Sequence[Card], rules: Rules) -> str | None:
    """钩J / A bottom: the level the dealer team drops to, if any."""
    if level == "J" and rules.jack_bottom and any(c.rank == "J" for c in last):
        return "2"
    aces = Counter(c for c in last if c.rank == "A")
    if level == "A" and rules.ace_bottom and aces:
        return "2" if max(aces.values()) == 2 else "J"
    return None


def expected_levels(r: HandResult, last: Sequence[Card], rules: Rules) -> tuple[list[str], list[int], int | None]:
    """(levels after, laps after, match winner) of a settled hand, from §8."""
    levels: list[str] = list(r.levels_before)
    laps = list(r.laps_before)
    dealers, defenders = r.dealer % 2, 1 - r.dealer % 2
    points = r.defender_points
    gain, take_over = level_gain(points, rules)
    drop = _bottom(r.level, last, rules) if r.last_winner % 2 == defenders else None
    if drop is not None and rules.bottom_relief and points < 40:
        return levels, laps, None  # 落实政策
    if drop is not None:
        levels[dealers] = drop
    climber = defenders if take_over else dealers
    at_home = not take_over and drop is None  # won as dealers at its own level
    if at_home and levels[climber] == rules.end_level:
        if rules.match_end is MatchEnd.TIMED_LAPS:
            laps[climber] += 1
            levels[climber] = "2"
            return levels, laps, None
        return levels, laps, climber
    stops = set(rules.must_play) | {rules.end_level}
    if drop == "2" and rules.bottom_relief and not take_over:  # 此时2非必打: the dropped team's own gain only
        stops.discard("2")
    start = pos = _track(levels[climber])
    moved = 0
    while moved < gain and not (_name(pos) in stops and not (at_home and pos == start)):
        pos += 1
        moved += 1
    levels[climber] = _name(pos)
    cut = gain - moved
    if cut and rules.blocked_gain is not BlockedGain.LOST:
        other = 1 - climber
        lowered = _track(levels[other]) - cut
        floor = lowered if rules.blocked_gain is BlockedGain.DEDUCTED_NEGATIVE else min(0, _track(levels[other]))
        levels[other] = _name(max(lowered, floor))
    return levels, laps, None


# -- the random matches ----------------------------------------------------------------------------------

def _cards_in_play(table: Table) -> Counter[Card]:
    h = table.hand
    cards = [c for hand in h.hands for c in hand] + list(h.deck[h.dealt:100])
    cards += [] if h.phase is Phase.BURYING else list(h.kitty)
    cards += [c for _, play in h.trick for c in play]
    cards += [c for t in h.tricks for _, play in t.plays for c in play]
    return Counter(cards)


def _check_settled_hand(table: Table, rules: Rules) -> None:
    h, r = table.hand, table.results[-1]
    assert _cards_in_play(table) == FULL_DECK and not any(h.hands)
    assert sum(t.points for t in h.tricks) + card_points(h.kitty) == 200
    won = sum(t.points for t in h.tricks if t.winner is not None and t.winner % 2 != r.dealer % 2)
    assert r.trick_points == won + sum(p.penalty for p in h.penalties)
    assert r.defender_points >= 0
    if rules.match_end is not MatchEnd.FIXED_DEALS:  # a fixed number of deals has no levels to check
        _check_levels(table, rules)


def _check_levels(table: Table, rules: Rules) -> None:
    """The hand was played at the dealer team's level and moved the levels as the rulebook's §8 says."""
    h, r = table.hand, table.results[-1]
    assert r.level == (r.levels_before[r.dealer % 2] if r.levels_before[r.dealer % 2] in RANKS else "2")
    last = h.tricks[-1]
    winning = next(cards for seat, cards in last.plays if seat == last.winner)
    levels, laps, winner = expected_levels(r, winning, rules)
    assert (list(r.levels_after), list(r.laps_after), r.match_winner) == (levels, laps, winner), r
    assert table.levels == levels and table.laps == laps


def _play_hands(rules: Rules, seed: int, hands: int) -> tuple[int, set[str]]:
    """Play ``hands`` settled hands (new matches as matches end); return (hands, settlement notes and event
    kinds seen)."""
    rng = random.Random(seed)
    notes: set[str] = set()
    table, played, previous = Table.new(rules, seed), 0, None
    while played < hands:
        if table.phase is Phase.MATCH_OVER:
            table, previous = Table.new(rules, rng.randrange(2**32)), None
        if table.phase is Phase.HAND_OVER:
            table.apply(StartHand())
        if rules.timed and not table.time_called and rng.random() < 0.002:
            notes.update(e.kind for e in table.apply(StopMatch()))  # the hand in progress is finished first
        number = table.hand.number
        while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            notes.update(e.kind for e in table.apply(random_action(table, rng)))
            assert table.phase is Phase.MATCH_OVER or table.hand.number == number  # a redeal keeps the number
        if len(table.results) < number:
            continue  # time was called between hands: the match ended without a new result
        r = table.results[-1]
        if previous is not None and rules.match_end is not MatchEnd.FIXED_DEALS:
            assert (r.levels_before, r.laps_before) == (previous.levels_after, previous.laps_after)
        _check_settled_hand(table, rules)
        assert Table.from_json(json.loads(json.dumps(table.to_json()))).to_json() == table.to_json()
        played, previous = played + 1, r
        notes.update(r.notes)
    return played, notes


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_every_preset_plays_whole_matches_by_the_rules(preset: str, seed: int) -> None:
    rules = Rules.from_preset(preset)
    played, _ = _play_hands(rules, seed, HANDS_PER_EXAMPLE)
    assert played == HANDS_PER_EXAMPLE


@pytest.mark.parametrize(("preset", "options", "note"), [
    ("aihua", {"start_level": "9"}, "settle.blocked_deducted"),
    ("aihua", {"start_level": "Q"}, "settle.lap"),
    ("minzheng", {"start_level": "J"}, "settle.jack_bottom"),
    ("minzheng", {"start_level": "J", "points_cap": 35}, "settle.bottom_relief"),
    ("aihua", {}, "declared_concealed"),  # §5 v2 declaring phases, played by the same random players
    ("aihua", {}, "time_called"),
    ("daiwang", {}, "swap_window"),
    ("daiwang", {}, "kitty_overcall_round"),
    ("duplicate", {}, "kitty_overcall_round"),
])
def test_the_reference_sees_the_v2_level_rules_in_play(preset: str, options: dict[str, str], note: str) -> None:
    """The random matches reach the v2 cases the reference checks (laps, deductions, 钩J, 落实政策, time called)
    and the v2 declaring phases (暗扣, 换庄, 反无主)."""
    assert note in _seen(preset, tuple(sorted(options.items())))


@functools.cache
def _seen(preset: str, options: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """What 120 random hands of these rules show (cached: several checks read one run)."""
    return frozenset(_play_hands(Rules.from_preset(preset, **dict(options)), 7, 120)[1])
