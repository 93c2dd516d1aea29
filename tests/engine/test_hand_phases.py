"""A hand is in one phase's state at a time (``engine.phase``): one state type per phase, the one its stored
``phase`` names, restored as the same type; an action its phase does not define is refused with
``action.wrong_phase`` naming the phase, and changes nothing."""

from __future__ import annotations

import json
import random

import pytest

from engine.actions import Action, AwardHand, Bury, CloseDeclaring, DealAll, DealCard, Declare, Pass, Play
from engine.errors import IllegalAction
from engine.hand import Dealing, HandState
from engine.phase import HandPhase
from engine.playing import HandOver, Playing
from engine.randomplay import random_action
from engine.rounds import Burying, KittyOvercall
from engine.rules import KittyOvercall as KittyOvercallMode
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from engine.window import Declaring

STATES: dict[Phase, type[HandPhase]] = {Phase.DEALING: Dealing, Phase.DECLARING: Declaring, Phase.BURYING: Burying,
                                        Phase.KITTY_OVERCALL: KittyOvercall, Phase.PLAYING: Playing,
                                        Phase.HAND_OVER: HandOver}
# the actions each phase defines; every other one is refused there
DEFINED: dict[Phase, set[type[Action]]] = {Phase.DEALING: {DealCard, DealAll, Declare},
                                           Phase.DECLARING: {Declare, Pass, CloseDeclaring}, Phase.BURYING: {Bury},
                                           Phase.KITTY_OVERCALL: {Declare, Pass}, Phase.PLAYING: {Play},
                                           Phase.HAND_OVER: set()}
SHAPES = [Rules(), Rules(kitty_overcall="concealed"), Rules(kitty_overcall="true"),
          Rules(no_declaration="swap_dealer"), Rules(decks=3), Rules(players=6, mode="friends")]


def _attempts(table: Table) -> list[Action]:
    """One action of each kind the phases define, by a seat holding cards (the refusal comes first)."""
    hand = table.hand
    seat = next(s for s in range(hand.players) if hand.hands[s]) if any(hand.hands) else 0
    cards = tuple(hand.hands[seat][:1])
    return [DealCard(), DealAll(), Declare(seat=seat, cards=cards), Pass(seat=seat), CloseDeclaring(),
            Bury(seat=seat, cards=tuple(hand.hands[seat][:table.rules.shape.kitty])), Play(seat=seat, cards=cards)]


def _walk(rules: Rules, seed: int) -> list[Table]:
    """A match played at random through its first two hands: a copy of the table after every action."""
    table, rng, seen = Table.new(rules, seed), random.Random(seed), []
    while table.hand.number <= 2 and table.phase is not Phase.MATCH_OVER:
        seen.append(Table.from_json(table.to_json()))
        table.apply(random_action(table, rng, progressive_deal=rng.random() < 0.5))
    return seen


@pytest.mark.parametrize("rules", SHAPES, ids=lambda r: json.dumps(r.to_json(), sort_keys=True)[:60])
def test_each_phase_has_its_own_state_and_refuses_the_other_actions(rules: Rules) -> None:
    reached: set[Phase] = set()
    for table in _walk(rules, 3):
        hand = table.hand
        phase = hand.phase
        reached.add(phase)
        assert type(hand.state) is STATES[phase] and hand.state.phase is phase
        restored = HandState.from_json(rules, json.loads(json.dumps(hand.to_json())))
        assert type(restored.state) is STATES[phase]
        before = json.dumps(table.to_json())
        for action in _attempts(table):
            if type(action) in DEFINED[phase]:
                continue
            with pytest.raises(IllegalAction) as refused:
                table.apply(action)
            assert (refused.value.key, refused.value.params) == ("action.wrong_phase", {"phase": phase.value})
            assert json.dumps(table.to_json()) == before
    assert reached >= {Phase.DEALING, Phase.DECLARING, Phase.BURYING, Phase.PLAYING, Phase.HAND_OVER}
    assert (Phase.KITTY_OVERCALL in reached) is (rules.kitty_overcall is not KittyOvercallMode.OFF)


def test_the_trick_in_progress_is_the_playing_state_and_stays_when_the_hand_ends() -> None:
    table, rng = Table.new(Rules(), 7), random.Random(7)
    while not (table.phase is Phase.PLAYING and len(table.hand.trick) == 2):
        table.apply(random_action(table, rng))
    play = table.hand.state
    assert isinstance(play, Playing)
    assert (table.hand.leader, table.hand.trick, table.hand.winning) == (play.leader, play.trick, play.winning)
    assert table.hand.to_act() == ((play.leader + 2) % 4,)
    table.apply(AwardHand(team=0))
    over = table.hand.state
    assert isinstance(over, HandOver) and over.stopped is play and table.to_act() == ()
    stored = table.hand.to_json()
    assert (stored["leader"], len(stored["trick"]), stored["winning"]) == (play.leader, 2, play.winning)
    assert HandState.from_json(table.rules, stored).to_json() == stored


def test_before_play_the_hand_has_no_trick_and_its_deal_counts_the_cards_dealt() -> None:
    table = Table.new(Rules(), 2)
    table.apply(DealCard())
    dealing = table.hand.state
    assert isinstance(dealing, Dealing) and dealing.dealt == table.hand.dealt == 1
    assert (table.hand.leader, table.hand.trick, table.hand.winning) == (0, [], 0)
    table.apply(DealAll())
    assert isinstance(table.hand.state, Declaring) and table.hand.dealt == table.hand.deal_size()

