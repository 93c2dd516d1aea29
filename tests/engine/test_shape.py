"""RULES §12.1, §12.6, §13.1: the table's shape (decks, seats, mode), its deal sizes and the option checks."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import i18n
from engine.errors import RulesError
from engine.rules import PRESETS, V3_OPTIONS, Rules
from engine.shape import Mode, TableShape

#: §12.1 (four players) and §13.1 / §14 example 41: players, decks → each hand, kitty
DEALS = {
    (4, 1): (12, 6), (4, 2): (25, 8), (4, 3): (39, 6), (4, 4): (52, 8),
    (5, 2): (20, 8), (6, 3): (26, 6), (7, 3): (22, 8), (8, 4): (26, 8), (5, 3): (31, 7),
}


@pytest.mark.parametrize(("players", "decks"), sorted(DEALS))
def test_hand_and_kitty_sizes_follow_the_tables(players: int, decks: int) -> None:
    shape = Rules.from_preset("standard", decks=decks, players=players, mode="friends").shape
    assert (shape.hand_size, shape.kitty) == DEALS[players, decks]
    assert shape.total_points == 100 * decks


@given(st.integers(1, 4), st.sampled_from([5, 7]))
def test_fixed_partners_need_an_even_table(decks: int, players: int) -> None:
    with pytest.raises(RulesError) as err:
        TableShape.of(decks, players, Mode.TRACTOR)
    assert err.value.key == "rules.tractor_odd_players"


@given(st.integers(1, 4), st.integers(4, 8), st.sampled_from(list(Mode)))
def test_every_shape_deals_every_card(decks: int, players: int, mode: Mode) -> None:
    assume(mode is Mode.FRIENDS or players % 2 == 0)
    shape = TableShape.of(decks, players, mode)
    assert shape.hand_size * players + shape.kitty == 54 * decks
    assert 5 <= shape.kitty <= players + 4  # §12.1: never below 5; one round of the table more at most


def test_example_41_deal_sizes_and_friend_calls() -> None:
    """§14 example 41: six players, three decks: 26 cards each, kitty 6, F = 2; five: two decks, 20 each, kitty 8,
    F = 1; seven: three decks, 22 each, kitty 8, F = 2; eight: four decks, 26 each, kitty 8, F = 3."""
    got = {}
    for players in (6, 5, 7, 8):
        rules = Rules.from_preset("standard", players=players, mode="friends")
        got[players] = (rules.decks, rules.shape.hand_size, rules.shape.kitty, rules.friend_calls)
    assert got == {6: (3, 26, 6, 2), 5: (2, 20, 8, 1), 7: (3, 22, 8, 2), 8: (4, 26, 8, 3)}


def test_friend_calls_default_to_half_the_table_less_one() -> None:
    assert [Rules.from_preset("standard", players=p, mode="friends").friend_calls for p in range(4, 9)] == [
        1, 1, 2, 2, 3]
    assert Rules.from_preset("standard", players=6).friend_calls == 0  # fixed partners call nobody
    assert Rules.from_preset("standard", players=6).decks == 3  # §13.1 a deck per two players unless set


def test_the_two_deck_four_seat_json_is_unchanged() -> None:
    out = Rules().to_json()
    assert not set(V3_OPTIONS) & set(out)  # stored states and the wire keep their bytes
    three = Rules.from_preset("standard", decks=3)
    assert three.to_json()["decks"] == 3 and three.to_json()["players"] == 4 and three.to_json()["mode"] == "tractor"
    assert Rules.from_json(three.to_json()) == three and three.overrides() == {"decks": 3}
    odd = Rules.from_preset("standard", players=6, decks=2)  # written with its decks: not the per-two default
    assert Rules.from_json(odd.to_json()) == odd


@pytest.mark.parametrize(("options", "key"), [
    ({"players": 5}, "rules.tractor_odd_players"),
    ({"decks": 5}, "rules.bad_value"),
    ({"players": 9, "mode": "friends"}, "rules.bad_value"),
    ({"mode": "solo"}, "rules.bad_value"),
    ({"kitty_size": 7}, "rules.kitty_uneven"),
    ({"friends": 1}, "rules.friends_only"),
    ({"double_join": "ignored"}, "rules.friends_only"),
    ({"mode": "friends", "friends": 3}, "rules.bad_value"),  # friends + 1 < players
    ({"decks": 3, "joker_single_with_level": True}, "rules.two_decks_only"),
    ({"decks": 1, "match_end": "fixed_deals"}, "rules.two_decks_only"),
    ({"players": 6, "decks": 2, "match_end": "fixed_deals"}, "rules.shape_unsupported"),
    ({"players": 6, "mode": "friends", "no_declaration": "swap_dealer"}, "rules.shape_unsupported"),
])
def test_bad_shapes_are_refused_with_a_localized_error(options: dict[str, object], key: str) -> None:
    with pytest.raises(RulesError) as err:
        Rules.from_preset("standard", **options)
    assert err.value.key == key
    for locale in ("en", "zh-CN"):
        text = i18n.t(err.value.key, locale, **err.value.params)
        assert "{" not in text and text != err.value.key


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_two_deck_only_presets_are_refused_with_other_deck_counts(preset: str) -> None:
    """§12.6: a preset with a two-deck-only option (带王亮主, the 16-deal duplicate) is refused with N ≠ 2 unless
    that option is overridden; the others play with any deck count."""
    two_deck_only = {"daiwang": {"joker_single_with_level": False}, "duplicate": {"match_end": "pass_end"}}
    for decks in (1, 3, 4):
        if preset in two_deck_only:
            with pytest.raises(RulesError) as err:
                Rules.from_preset(preset, decks=decks)
            assert err.value.key == "rules.two_decks_only"
            assert Rules.from_preset(preset, decks=decks, **two_deck_only[preset]).decks == decks
        else:
            assert Rules.from_preset(preset, decks=decks).shape.decks == decks


def test_friends_mode_takes_its_options() -> None:
    rules = Rules.from_json({"mode": "friends", "players": 7, "friends": 1, "friend_cards": "no_points",
                             "double_join": "ignored", "small_team_bonus": False})
    assert rules.shape == TableShape(3, 7, Mode.FRIENDS, 8) and rules.friend_calls == 1
    assert Rules.from_json(rules.to_json()) == rules


def test_a_table_seats_every_shape() -> None:
    from engine.table import Table

    assert Table.new(Rules.from_preset("standard", decks=3), seed=1).hand.players == 4
    assert Table.new(Rules.from_preset("standard", players=7, mode="friends"), seed=1).levels == ["2"] * 7


def test_swap_dealer_needs_four_seats_and_the_bot_seats_four() -> None:
    from runtime.options import build_rules

    with pytest.raises(RulesError) as err:
        Rules.from_preset("standard", players=6, no_declaration="swap_dealer")
    assert err.value.key == "rules.shape_unsupported"
    assert build_rules(None, "decks=3").decks == 3
    with pytest.raises(RulesError) as err:
        build_rules(None, "players=6")
    assert err.value.key == "rules.seats_not_supported"
    with pytest.raises(RulesError) as err:
        build_rules(None, "mode=friends")
    assert err.value.key == "rules.friends_not_offered"
