"""Hand and match summaries of every shape: per-player levels in 找朋友 (who gained what, the small-team bonus),
teams of three or four with six or eight fixed seats, the points scale and 大光 / 小光 / 上台 by the deck count."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from engine.levels import Level
from engine.randomplay import random_action
from engine.rules import Rules
from engine.table import Table
from engine.views import HandResult, Phase, PublicView
from render import render_hand_summary, render_match_summary
from render.match import level_paths, series_for
from render.player_levels import rows_height, sides, small_team_bonus
from render.summary import outcome_text, team_members, winner_text
from tests.render.test_shapes import NAMES, size


@cache
def after_hands(decks: int, players: int, mode: str, hands: int, seed: int = 4) -> PublicView:
    """The public view once ``hands`` hands are settled (or the match is over)."""
    table = Table.new(Rules.from_preset("standard", decks=decks, players=players, mode=mode), seed)
    rng = random.Random(seed)
    while table.phase is not Phase.MATCH_OVER and len(table.public_view().results) < hands:
        table.apply(random_action(table, rng))
    return table.public_view()


@pytest.mark.parametrize(("decks", "players", "mode"), [(1, 4, "tractor"), (3, 4, "tractor"), (4, 4, "friends"),
                                                        (2, 5, "friends"), (3, 6, "friends"), (4, 8, "friends"),
                                                        (2, 8, "tractor"), (3, 7, "friends")])
def test_summaries_of_every_shape_are_drawn_at_their_widths(decks: int, players: int, mode: str) -> None:
    view = after_hands(decks, players, mode, 2)
    result = view.results[-1]
    for locale in ("en", "zh-CN"):
        width, height = size(render_hand_summary(result, NAMES[:players], locale=locale, rules=view.rules))
        assert width == 600 and 700 < height < 1300
        width, height = size(render_match_summary(view, NAMES[:players], locale=locale))
        assert width == 600 and 400 < height < 1300


def test_a_friends_summary_has_a_line_per_player_on_its_side() -> None:
    view = after_hands(3, 6, "friends", 1)
    result = view.results[0]
    team, defenders = sides(result, 6)
    assert team[0] == result.dealer and set(team) == set(result.team) | {result.dealer}
    assert sorted(team + defenders) == list(range(6))
    assert rows_height(result) > rows_height(after_hands(2, 5, "friends", 1).results[0])  # one line a player
    short = size(render_hand_summary(result, NAMES[:6], locale="en", rules=view.rules))[1]
    four = after_hands(4, 4, "friends", 1)
    assert short > size(render_hand_summary(four.results[0], NAMES[:4], locale="en", rules=four.rules))[1]


def test_the_small_team_bonus_is_said_only_when_a_short_team_wins() -> None:
    rules = Rules.from_preset("standard", decks=3, players=6, mode="friends")  # two calls: a full team is three
    result = replace(after_hands(3, 6, "friends", 1).results[0], dealer=0, team=(0, 2), defenders_take_over=False)
    assert small_team_bonus(result, rules)
    assert not small_team_bonus(replace(result, team=(0, 2, 4)), rules)
    assert not small_team_bonus(replace(result, defenders_take_over=True), rules)
    assert not small_team_bonus(result, rules.with_options(small_team_bonus=False))
    assert not small_team_bonus(result, None)


def test_outcomes_name_da_guang_xiao_guang_and_shang_tai_beyond_the_standard_game() -> None:
    result = after_hands(3, 4, "tractor", 1).results[0]
    keep = replace(result, defenders_take_over=False)
    assert outcome_text(replace(keep, defender_points=0), 3, False, "zh-CN").startswith("大光")
    assert outcome_text(replace(keep, defender_points=55), 3, False, "en").startswith("小光")
    assert "60" in outcome_text(replace(keep, defender_points=55), 3, False, "zh-CN")
    assert outcome_text(replace(keep, defender_points=60), 3, False, "en") == "Dealers keep the deal"
    assert "上台" in outcome_text(replace(result, defenders_take_over=True), 3, False, "en")
    assert outcome_text(replace(keep, defender_points=0), 2, True, "en") == "Dealers keep the deal"  # as before


def test_teams_of_six_and_eight_seats_name_every_member() -> None:
    assert team_members(NAMES[:4], 1, "en") == "Alice & Bob the Builder"
    assert team_members(NAMES[:6], 0, "zh-CN") == "张伟、王小明、李娜"
    assert team_members(NAMES, 1, "en") == "Alice, Bob the Builder, Chen & 小红"


def test_the_match_charts_a_path_per_player_and_names_the_winning_player() -> None:
    view = after_hands(3, 6, "friends", 4)
    paths = level_paths(view.results)
    assert len(paths) == 6 and all(len(p) == len(view.results) + 1 for p in paths)
    assert len(series_for(view.results, False).values) == 6
    won = replace(view.results[-1], match_winner=3, levels_after=(*view.results[-1].levels_after[:3], Level("A"),
                                                                    *view.results[-1].levels_after[4:]))
    assert winner_text(won, NAMES, "en") == "Bob the Builder wins the match!"
    assert winner_text(replace(won, team=(), match_winner=1), NAMES, "zh-CN") == "乙方赢得比赛！"


def test_a_result_of_the_standard_game_still_has_two_team_paths() -> None:
    results = after_hands(2, 4, "tractor", 3).results
    assert len(level_paths(results)) == 2 and isinstance(results[0], HandResult)


def test_the_summaries_name_the_table_s_shape_beyond_the_standard_game() -> None:
    from render.labels import shape_text

    assert shape_text(Rules(), "en") == ""
    friends = Rules.from_preset("standard", decks=3, players=6, mode="friends")
    assert shape_text(friends, "zh-CN") == "找朋友 · 6人 · 3副牌"
    assert shape_text(Rules.from_preset("standard", decks=1, players=4), "en") == "4 players · 1 deck"
