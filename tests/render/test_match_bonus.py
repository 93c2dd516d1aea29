"""The 找朋友 match summary says why players gained (RULES §13.6): beside each player's level change over the match,
the levels of it the small-team bonus gave — one for each hand it won on a dealer's team short of friends."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from engine.rules import Rules
from engine.views import HandResult
from render import render_match_summary
from render.match_players import bonus_levels

FRIENDS = Rules.from_preset("standard", players=6, mode="friends")  # two friend calls: a full team is three
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"  # git-ignored: looked at, not kept
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def hand(n: int, before: tuple[str, ...], gains: tuple[int, ...], team: tuple[int, ...], *,
         take_over: bool = False) -> HandResult:
    after = tuple(str(int(level) + gain) for level, gain in zip(before, gains, strict=True))
    return HandResult(hand_number=n, dealer=team[0], level=before[team[0]], trump="S", kitty=(), kitty_points=0,
                      trick_points=30, kitty_multiplier=0, kitty_bonus=0, defender_points=30, last_winner=0,
                      levels_before=before, levels_after=after, level_gains=gains, defenders_take_over=take_over,
                      next_dealer=team[0], match_winner=None, team=team)


def results() -> list[HandResult]:
    first = hand(1, ("2",) * 6, (3, 0, 0, 0, 0, 0), (0,))  # the dealer alone: +2 and the bonus
    second = hand(2, first.levels_after, (3, 0, 3, 0, 0, 0), (0, 2))  # two of three: the bonus again
    third = hand(3, second.levels_after, (2, 0, 2, 2, 0, 0), (0, 2, 3))  # a full team: no bonus
    lost = hand(4, third.levels_after, (0, 1, 0, 0, 1, 1), (2, 0), take_over=True)  # the defenders won
    return [first, second, third, lost]


def test_the_bonus_levels_each_player_won() -> None:
    played = results()
    assert [bonus_levels(played, FRIENDS, seat) for seat in range(6)] == [2, 0, 1, 0, 0, 0]
    assert bonus_levels(played, FRIENDS.with_options(small_team_bonus=False), 0) == 0
    assert bonus_levels(played, None, 0) == 0  # without the table's rules nothing is claimed


def test_the_match_summary_shows_them() -> None:
    SHOTS.mkdir(exist_ok=True)
    for locale in ("en", "zh-CN"):
        with_bonus = render_match_summary(results(), NAMES, locale=locale, rules=FRIENDS)
        without = render_match_summary(results(), NAMES, locale=locale,
                                       rules=FRIENDS.with_options(small_team_bonus=False))
        assert with_bonus != without  # the bonus is written beside Ann's and Cat's changes
        image = Image.open(io.BytesIO(with_bonus))
        assert image.width == 600
        image.save(SHOTS / f"match_bonus_{locale}.png")
