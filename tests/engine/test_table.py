"""The table state machine: phases, dealing, declaring, burying, tricks, settlement, match flow."""

from __future__ import annotations

import random

import pytest

from engine.actions import Bury, CloseDeclaring, DealAll, DealCard, Declare, Pass, Play, StartHand, StopMatch
from engine.cards import card_points, parse_cards
from engine.errors import IllegalAction
from engine.events import CardDealt, CardsDealt, HandStarted, Redeal
from engine.follow import follow_is_legal
from engine.randomplay import play_random_hand, random_action
from engine.rules import KittyOvercall, Rules
from engine.table import Table
from engine.views import Phase


def _declare_first_option(table: Table) -> None:
    """Deal everything and let the first seat with a legal declaration declare, others pass."""
    table.apply(DealAll())
    for seat in range(4):
        declares = [a for a in table.legal_actions(seat) if isinstance(a, Declare)]
        if declares:
            table.apply(declares[-1])
            return
    raise AssertionError("no seat could declare")


def _seed_with_declaration() -> int:
    for seed in range(100):
        table = Table.new(Rules(), seed)
        table.apply(DealAll())
        if any(isinstance(a, Declare) for s in range(4) for a in table.legal_actions(s)):
            return seed
    raise AssertionError


def test_deal_gives_25_cards_each_and_keeps_8_in_the_kitty() -> None:
    table = Table.new(Rules(), 7)
    events = table.apply(DealAll())
    assert [len(h) for h in table.hand.hands] == [25, 25, 25, 25]
    assert len(table.hand.kitty) == 8
    assert table.phase is Phase.DECLARING
    private = [e for e in events if isinstance(e, CardsDealt)]
    assert sorted(e.seat for e in private) == [0, 1, 2, 3]
    assert all(e.seat == e.to for e in private)


def test_progressive_deal_goes_round_from_the_first_drawer() -> None:
    table = Table.new(Rules(), 3)
    first = table.hand.first_drawer
    for i in range(8):
        events = table.apply(DealCard())
        private, public = events[0], events[1]
        assert private.to == (first + i) % 4
        assert isinstance(public, CardDealt) and public.to is None and public.card is None
        assert "card" not in public.to_json()["data"] and "card" in private.to_json()["data"]
    assert table.hand.dealt == 8
    assert table.phase is Phase.DEALING


def test_only_drawn_cards_may_be_declared_during_the_deal() -> None:
    seed = _seed_with_declaration()
    full = Table.new(Rules(), seed)
    full.apply(DealAll())
    seat, cards = next((s, a.cards) for s in range(4) for a in full.legal_actions(s) if isinstance(a, Declare))
    early = Table.new(Rules(), seed)
    early.apply(DealCard())
    if not all(c in early.hand.hands[seat] for c in cards):
        with pytest.raises(IllegalAction) as err:
            early.apply(Declare(seat=seat, cards=cards))
        assert err.value.key == "declare.not_held"


def test_first_hand_declarer_becomes_dealer_and_takes_the_kitty() -> None:
    table = Table.new(Rules(), _seed_with_declaration())
    _declare_first_option(table)
    declarer = table.hand.bids.declaration.seat
    table.apply(CloseDeclaring())
    assert table.hand.dealer == declarer
    assert table.phase is Phase.BURYING
    assert len(table.hand.hands[declarer]) == 33
    view = table.seat_view(declarer)
    assert view.kitty is not None and len(view.kitty) == 8
    assert table.seat_view((declarer + 1) % 4).kitty is None


def test_all_four_passes_close_the_window_and_no_declaration_redeals_the_first_hand() -> None:
    table = Table.new(Rules(), 11)
    table.apply(DealAll())
    events = []
    for seat in range(4):
        events = table.apply(Pass(seat=seat))
    assert any(isinstance(e, Redeal) for e in events)
    assert table.phase is Phase.DEALING and table.hand.redeals == 1 and table.hand.dealt == 0


def test_bury_requires_exactly_eight_held_cards_and_changes_nothing_when_wrong() -> None:
    table = Table.new(Rules(), _seed_with_declaration())
    _declare_first_option(table)
    table.apply(CloseDeclaring())
    dealer = table.hand.dealer
    before = table.to_json()
    hand = table.hand.hands[dealer]
    with pytest.raises(IllegalAction) as err:
        table.apply(Bury(seat=dealer, cards=tuple(hand[:7])))
    assert err.value.key == "bury.wrong_count"
    with pytest.raises(IllegalAction) as err:
        table.apply(Bury(seat=(dealer + 1) % 4, cards=tuple(hand[:8])))
    assert err.value.key == "action.not_your_turn"
    assert table.to_json() == before
    table.apply(Bury(seat=dealer, cards=tuple(hand[:8])))
    assert table.phase is Phase.PLAYING and table.to_act() == (dealer,)
    assert len(table.hand.hands[dealer]) == 25


def test_a_whole_hand_settles_and_the_next_starts_with_the_settled_dealer() -> None:
    rng = random.Random(5)
    table = Table.new(Rules(), 5)
    play_random_hand(table, rng)
    assert table.phase is Phase.HAND_OVER
    result = table.results[-1]
    tricks = table.hand.tricks
    assert sum(len(cards) for t in tricks for _, cards in t.plays) == 4 * 25
    assert sum(t.points for t in tricks) + card_points(table.hand.kitty) == 200
    assert result.levels_after == tuple(table.levels)
    events = table.apply(StartHand())
    assert isinstance(events[0], HandStarted)
    assert table.hand.dealer == result.next_dealer
    assert table.hand.level == table.levels[result.next_dealer % 2]
    assert table.hand.first_drawer == result.next_dealer


def test_illegal_follow_is_refused_with_a_key_and_changes_nothing() -> None:
    rng = random.Random(2)
    for seed in range(40):
        table = Table.new(Rules(), seed)
        while table.phase is not Phase.PLAYING or len(table.hand.trick) != 1:
            table.apply(random_action(table, rng, throw_chance=0))
        seat = table.to_act()[0]
        lead = table.hand.trick[0][1]
        hand = table.hand.hands[seat]
        for _ in range(50):
            attempt = tuple(rng.sample(hand, len(lead)))
            if not follow_is_legal(lead, hand, attempt, table.hand.ctx()):
                before = table.to_json()
                with pytest.raises(IllegalAction) as err:
                    table.apply(Play(seat=seat, cards=attempt))
                assert err.value.key.startswith("play.")
                assert table.to_json() == before
                return
    pytest.fail("no illegal follow found to test")


def test_wrong_turn_and_wrong_phase_are_refused() -> None:
    table = Table.new(Rules(), 1)
    with pytest.raises(IllegalAction) as err:
        table.apply(Play(seat=0, cards=parse_cards("2H")))
    assert err.value.key == "action.wrong_phase"
    with pytest.raises(IllegalAction):
        table.apply(StartHand())
    with pytest.raises(IllegalAction) as err:
        table.apply(StopMatch())
    assert err.value.key == "action.not_timed"


def test_timed_match_stops_with_the_higher_level_winning() -> None:
    rng = random.Random(9)
    table = Table.new(Rules.from_preset("tournament"), 9)
    play_random_hand(table, rng)
    table.apply(StopMatch())
    assert table.phase is Phase.MATCH_OVER
    levels = table.levels
    if levels[0] != levels[1]:
        from engine.cards import RANKS
        assert table.match_winner == max((0, 1), key=lambda t: RANKS.index(levels[t]))


def test_fixed_deals_match_follows_the_schedule_and_ends_after_16_deals() -> None:
    rng = random.Random(4)
    table = Table.new(Rules.from_preset("duplicate"), 4)
    schedule = ["2", "3", "4", "5", "5", "6", "7", "8", "9", "10", "10", "J", "Q", "K", "K", "A"]
    for n in range(1, 17):
        assert table.hand.level == schedule[n - 1]
        assert table.hand.dealer == (n - 1) % 4
        play_random_hand(table, rng)
        if n < 16:
            table.apply(StartHand())
    assert table.phase is Phase.MATCH_OVER
    totals = [sum(r.level_gains[t] for r in table.results) for t in (0, 1)]
    assert table.public_view().match_points == tuple(totals)
    expected = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    assert table.match_winner == expected


@pytest.mark.parametrize("preset", ["standard", "minzheng", "tournament"])
def test_kitty_overcall_rounds_when_enabled(preset: str) -> None:
    rules = Rules.from_preset(preset)
    rng = random.Random(3)
    seen_round = False
    for seed in range(30):
        table = Table.new(rules, seed)
        while table.phase not in (Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER):
            if table.phase is Phase.KITTY_OVERCALL:
                seen_round = True
            table.apply(random_action(table, rng))
        if seen_round:
            break
    assert seen_round == (rules.kitty_overcall is not KittyOvercall.OFF)



def test_kitty_overcall_offers_no_reinforcement_of_ones_own_declaration() -> None:
    """Seed found by hypothesis: the standing declarer (not the dealer) holds the second card of its
    single; in the 炒地皮 round it may not 'reinforce' to take the kitty, and is not offered it."""
    seed = 572_120_580_120
    rules = Rules.from_preset("minzheng").with_options(start_level="Q", end_level="A", must_play=())
    table, rng = Table.new(rules, seed), random.Random(seed)
    while True:
        while table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            h = table.hand
            if h.phase is Phase.KITTY_OVERCALL and h.bids.declaration and h.bids.queue[0] == h.bids.declaration.seat:
                seat = h.bids.declaration.seat
                for action in table.legal_actions(seat):
                    if isinstance(action, Declare):
                        assert set(action.cards) != set(h.bids.declaration.cards)
            table.apply(random_action(table, rng))
        if table.phase is Phase.MATCH_OVER:
            break
        table.apply(rng.choice(table.legal_actions(None)))
