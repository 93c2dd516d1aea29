"""First hand (抢庄): the seats of the team that did not declare passed with the final declaration standing, so
the strong player's sampled deals give neither an overcall of it (``engine.ai.memory``, ``engine.ai.determinize``)."""

from __future__ import annotations

import random

from engine.actions import DealAll, Declare, Pass, StartHand
from engine.ai.determinize import World, _overcalls_ok, sample_world
from engine.ai.fasttables import N
from engine.ai.memory import memory_from_view
from engine.ai.situation import situation_from_view
from engine.cards import Card
from engine.declaring import WINDOW, declaration_options
from engine.rules import Rules
from engine.table import Table
from engine.trump import trump_context
from engine.views import Phase, SeatView
from tests.helpers.basic_play import play_basic_until


def _in_play(preset: str, seed: int) -> Table | None:
    table = Table.new(Rules.from_preset(preset), seed)
    if not play_basic_until(table, random.Random(seed), lambda t: t.phase is Phase.PLAYING):
        return None
    return table


def _real_deal(table: Table) -> World:
    hands = [[0] * N for _ in range(4)]
    for seat in range(4):
        for c in table.seat_view(seat).hand:
            hands[seat][c.index] += 1
    return World(hands, [])


def _no_overcall(view: SeatView) -> list[list[tuple[tuple[int, int], ...]]]:
    pub = view.public
    return memory_from_view(view, trump_context(pub.level, pub.trump or "NT", pub.rules)).no_overcall


def test_ai_players_first_hands_hold_no_overcall_they_passed_up_and_samples_give_none() -> None:
    inferred = 0
    rng = random.Random(5)
    for seed in range(1, 25):
        table = _in_play("standard", seed)
        if table is None:
            continue
        decl = table.public_view().declaration
        assert decl is not None
        for seat in range(4):
            view = table.seat_view(seat)
            sit = situation_from_view(view)
            no_overcall = sit.mem.no_overcall
            for s in range(4):  # only the other team's seats, never the seat itself
                assert not no_overcall[s] or (s != seat and s % 2 != decl.seat % 2)
            if not any(no_overcall):
                continue
            inferred += 1
            assert not any(situation_from_view(view, overcalls=False).mem.no_overcall)  # basic's: not worked out
            assert _overcalls_ok(_real_deal(table), no_overcall)  # true of AI players (they overcall when they can)
            for _ in range(10):
                assert _overcalls_ok(sample_world(sit, rng), no_overcall)
    assert inferred >= 20


def test_an_inferred_overcall_names_the_cards_still_missing() -> None:
    table = _in_play("standard", 3)
    assert table is not None
    pub = table.public_view()
    decl = pub.declaration
    assert decl is not None
    other = (decl.seat + 1) % 4
    view = table.seat_view(decl.seat)
    options = declaration_options(table.seat_view(other).hand + tuple(view.hand), decl, other, pub.level, pub.rules,
                                  True, WINDOW)
    for option in options:  # any overcall from cards in play is among the ones it is known not to hold
        need = tuple(sorted((c.index, option.count(c)) for c in set(option)))
        assert need in _no_overcall(view)[other]


def test_no_inference_in_later_hands_or_with_kitty_overcall_rounds() -> None:
    table = _in_play("standard", 2)
    assert table is not None
    assert play_basic_until(table, random.Random(2), lambda t: t.phase is Phase.HAND_OVER)
    table.apply(StartHand())
    assert play_basic_until(table, random.Random(2), lambda t: t.phase is Phase.PLAYING)
    assert table.public_view().hand_number == 2
    assert not any(any(_no_overcall(table.seat_view(s))) for s in range(4))
    kitty_rounds = _in_play("minzheng", 4)  # 炒地皮: the final declaration may come after the bury
    assert kitty_rounds is not None
    assert not any(any(_no_overcall(kitty_rounds.seat_view(s))) for s in range(4))


def test_a_seat_that_played_an_overcall_it_passed_up_is_not_inferred() -> None:
    """A player may pass up the deal: once it has played all of an overcall's cards, nothing is inferred of it."""
    for seed in range(1, 200):
        table = Table.new(Rules.from_preset("standard"), seed)
        table.apply(DealAll())
        first = next((o for o in table.legal_actions(0) if isinstance(o, Declare)), None)
        if first is None:
            continue
        table.apply(first)
        decl = table.public_view().declaration
        holder = next((s for s in (1, 3) if declaration_options(table.seat_view(s).hand, decl, s,
                                                                table.public_view().level,
                                                                table.public_view().rules, True, WINDOW)), None)
        if holder is None:
            continue
        while table.phase is Phase.DECLARING:  # every seat passes: the holder passes its overcall up
            table.apply(Pass(seat=table.to_act()[0]))
        view = table.seat_view(0)
        assert _no_overcall(view)[holder]  # inferred (wrongly: this seat passed one up)
        shown = declaration_options(table.seat_view(holder).hand, decl, holder, view.public.level, view.public.rules,
                                    True, WINDOW)[0]

        def played_it(t: Table, cards: frozenset[Card] = frozenset(shown), seat: int = holder) -> bool:
            return not cards & set(t.seat_view(seat).hand)

        if not play_basic_until(table, random.Random(seed), played_it):
            continue
        assert not _no_overcall(table.seat_view(0))[holder]
        return
    raise AssertionError("no seed where a seat passed up an overcall and played it")
