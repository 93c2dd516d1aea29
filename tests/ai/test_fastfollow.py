"""``fastfollow.follow_single`` writes ``FollowScorer.card_score``'s terms out inline (the compiled playouts'
hottest path): on many positions of real games it must choose exactly what scoring every card with
``total(w) + card_score(i, w)`` chooses, for both play policy versions. A change to one side only fails here."""

from __future__ import annotations

import random
from collections import Counter

from engine.ai.basic import basic_action
from engine.ai.fastfollow import WORST, FollowScorer, follow_single
from engine.ai.playstate import POLICY_CURRENT, POLICY_V2, PlayState
from engine.ai.policy import seat_state
from engine.ai.situation import situation_from_view
from engine.randomplay import random_action
from engine.rules import PRESETS, Rules
from engine.table import Table
from engine.views import Phase
from tests.helpers.scorer_positions import single_lead_scorers

GAMES_PER_PRESET = 3
MIN_POSITIONS = 600
RANDOM_SHARE = 0.2  # plays made at random (not by basic), to vary the positions


def scored_single(p: PlayState, seat: int) -> tuple[int, ...]:
    """The follow to a single lead by ``card_score`` (the plain path): the first best of the allowed cards."""
    t, hand = p.t, p.hands[seat]
    led = p.led
    cards = [i for i in t.by_suit[led] if hand[i]] if p.held[seat][led] else [i for i, n in enumerate(hand) if n]
    sc = FollowScorer(p, seat)
    best, best_v = cards[0], WORST
    for i in cards:
        wins = t.suit[i] in (led, 4) and t.rank[i] > p.win_key
        w = max(sc.hold(i, False), sc.partner_w) if wins else sc.partner_w
        v = sc.total(w) + sc.card_score(i, w)
        if v > best_v:
            best, best_v = i, v
    return (best,)


def _game(preset: str, seed: int, seen: Counter[str], misses: list[object]) -> None:
    table = Table.new(Rules.from_preset(preset), seed)
    rng = random.Random(seed)
    while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        seat = table.to_act()[0] if table.to_act() else -1
        view = table.seat_view(seat) if seat >= 0 else None
        action = basic_action(view) if view is not None else None
        if table.phase is Phase.PLAYING and view is not None:
            sit = situation_from_view(view)
            if sit.trick and len(sit.trick[0][1]) == 1:
                for version in (POLICY_V2, POLICY_CURRENT):
                    p = seat_state(sit, version)
                    if p.held[seat][p.led] == 1:
                        continue  # (forced: follow_single does not score)
                    seen[str(version)] += 1
                    fast, plain = follow_single(p, seat), scored_single(p, seat)
                    if fast != plain:
                        misses.append((preset, seed, version, fast, plain))
            if rng.random() < RANDOM_SHARE:
                action = random_action(table, rng)
        table.apply(action if action is not None else random_action(table, rng))


def test_follow_single_chooses_as_card_score_does() -> None:
    seen: Counter[str] = Counter()
    misses: list[object] = []
    for preset in sorted(PRESETS):
        for seed in range(GAMES_PER_PRESET):
            _game(preset, seed, seen, misses)
    assert min(seen.values()) >= MIN_POSITIONS, seen
    assert not misses, misses[:5]


def test_in_tractor_and_play_score_read_the_rules_tables_as_written_out() -> None:
    """``FollowScorer.in_tractor`` (tables ``up``/``down``, made once per context) answers as the definition: a
    pair of the hand one step stronger or weaker in the same effective suit (``TrumpContext.indices_adjacent``);
    ``play_score`` is the sum of ``card_score`` with each card's count in the play."""
    rng = random.Random(25)
    checked = 0
    for preset, p, sc in single_lead_scorers(rng, 40, (0, 0, 1, 2)):
        hand = sc.hand
        ctx = p.ctx
        for i in range(len(hand)):
            expected = any(hand[j] >= 2 and (ctx.indices_adjacent(i, j) or ctx.indices_adjacent(j, i))
                           for j in range(len(hand)))
            assert sc.in_tractor(i) == expected, (preset, i)
            checked += expected
        cards = [i for i in range(len(hand)) for _ in range(hand[i])]
        play = tuple(rng.sample(cards, min(len(cards), 6)))
        w = rng.random()
        assert sc.play_score(play, w) == sum(sc.card_score(i, w, play.count(i)) for i in play)
    assert checked >= 50
