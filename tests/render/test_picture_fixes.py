"""Pictures as organisers and players saw them (issue #55, item 8): the match subtitle says how a match at 5 is won
(as dealers at 5, not "past 5"); where the two level lines meet both teams' marks show; the groups bracket names
each group; the stats card does not put a hand win rate beside "No games yet"; the bracket's captions and the
hand's "Buried" strip and the table's "Team A · 22 cards" read on a phone."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.rules import Rules
from engine.tournament import Format
from i18n import t
from render import render_hand, render_table, samples
from render.match import _chart, match_format, series_for
from render.theme import PANEL, TEAM
from render.tournament import render_bracket
from runtime.tournament.views import bracket_columns
from tests.helpers.tournaments import make, play_out
from tests.render.test_phone import SHOWN, _shown, texts

LARGE = 11.5  # px once shown: what a player reads at a glance (the strip's label, the seats' card counts)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_subtitle_says_how_a_short_match_is_won(locale: str) -> None:
    text = match_format(Rules.from_preset("standard", end_level="5"), locale)
    assert "5" in text and text.split(" · ")[0] == t("render.match.pass_end", locale, level="5")
    assert "past" not in text and "dealers" in t("render.match.pass_end", "en", level="5")


def _near(pixel: tuple[int, ...], colour: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(pixel, colour, strict=False))


def test_both_marks_show_where_the_lines_meet() -> None:
    """After hand 1 (dealt by seat 1: team B) both teams stand at 3: B's filled dot inside A's ring."""
    first = samples.match_results()[0]
    results = (replace(first, dealer=1, levels_before=samples._levels("2", "2"),
                       levels_after=samples._levels("3", "3")),
               replace(first, hand_number=2, dealer=0, levels_before=samples._levels("3", "3"),
                       levels_after=samples._levels("5", "3")))
    series = series_for(results, credits=False)
    width, height = 560, 400
    image = _chart(results, series, width, height).convert("RGB")
    left, right, top, bottom = 50, width - 18, 16, height - 38
    steps = len(series.labels) - 1
    x, y = left + (right - left) / 2, bottom - (bottom - top) * series.values[0][1] / steps
    assert series.values[0][1] == series.values[1][1]
    assert _near(image.getpixel((round(x), round(y))), TEAM[1])  # the dealers' dot on top
    ring = [image.getpixel((round(x + dx), round(y))) for dx in (9, 10, 11)]
    assert any(_near(p, TEAM[0]) for p in ring), ring  # the other team's ring around it
    assert not _near(image.getpixel((round(x), round(y))), PANEL)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_groups_bracket_names_each_group(locale: str) -> None:
    tour = make(8, Format.GROUPS, seed=3)
    play_out(tour, random.Random(3))
    titles = [c.title for c in bracket_columns(tour, locale)]
    for letter in "AB":
        assert t("tournament.stage.group_named", locale, group=letter, round=1) in titles
    render_bracket(bracket_columns(tour, locale), title="Cup", locale=locale)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_stats_without_a_finished_match_do_not_contradict(locale: str) -> None:
    """Hands lost but no match finished: the tile is the share of hands won, and the empty list says no match."""
    label, empty = t("render.stats.win_rate", locale), t("render.stats.no_games", locale)
    assert label in ("Hands won", "每局胜率") and ("match" in empty or "比赛" in empty)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_captions_strips_and_counts_read_on_a_phone(locale: str) -> None:
    with texts() as seen:
        png = render_hand(samples.seat_view(25, kitty=True), locale=locale)
    buried = next(size for size, text in seen if text == t("render.buried", locale))
    assert _shown(buried, png) >= LARGE
    with texts() as seen:
        png = render_table(samples.public_view(), samples.NAMES, locale=locale)
    counts = [size for size, text in seen if "· 2" in text]
    assert counts and all(_shown(size, png) >= LARGE for size in counts)
    with texts() as seen:
        png = render_bracket(bracket_columns(_played(), locale), title="Cup", locale=locale)
    notes = [size for size, text in seen if size < 22]
    assert notes and all(_shown(size, png) >= 9.5 for size in notes), (notes, SHOWN)


def _played():  # type: ignore[no-untyped-def]
    tour = make(4, Format.KNOCKOUT, seed=1)
    play_out(tour, random.Random(1))
    return tour
