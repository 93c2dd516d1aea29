"""Hand and match summaries, the ladder and the stats card: both locales, deterministic, small, long names fitted."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.views import Phase
from render import LadderRow, StatsCard, render_hand_summary, render_ladder, render_match_summary, render_stats
from render.labels import level_change_text
from render.ladder import COL_RATING, format_rating, streak_text
from render.match import WIDTH as MATCH_WIDTH
from render.match import level_paths, series_for
from render.samples import (
    LONG_NAMES,
    NAMES,
    hand_result,
    ladder_rows,
    match_results,
    public_view,
    seat_view,
    stats_card,
)
from render.stats import win_pct

LIMIT = 150 * 1024


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_hand_summary_renders(locale: str) -> None:
    png = render_hand_summary(hand_result(), NAMES, locale=locale)
    assert png == render_hand_summary(hand_result(), NAMES, locale=locale)
    assert len(png) <= LIMIT


def test_hand_summary_grows_with_notes_and_winner() -> None:
    base = _image(render_hand_summary(hand_result(), NAMES, locale="en"))
    more = replace(hand_result(), notes=("settle.jack_bottom", "render.summary.keep"), match_winner=1)
    assert _image(render_hand_summary(more, LONG_NAMES, locale="en")).height > base.height


def test_hand_summary_shows_the_bonus() -> None:
    with_bonus = render_hand_summary(hand_result(), NAMES, locale="en")
    no_bonus = render_hand_summary(replace(hand_result(), kitty_multiplier=0, kitty_bonus=0), NAMES, locale="en")
    assert with_bonus != no_bonus


def test_hand_summary_rejects_other_inputs() -> None:
    with pytest.raises(TypeError):
        render_hand_summary(seat_view(), NAMES, locale="en")  # type: ignore[arg-type]


@pytest.mark.parametrize("winner", [0, 1, None])
def test_match_summary_renders(winner: int | None) -> None:
    png = render_match_summary(match_results(), NAMES, winner, locale="zh-CN")
    assert len(png) <= LIMIT
    assert render_match_summary((), NAMES, None, locale="en", finished=True)[:4] == b"\x89PNG"


def test_match_summary_from_a_public_view() -> None:
    view = replace(public_view(Phase.MATCH_OVER), results=match_results(), match_winner=0)
    assert render_match_summary(view, NAMES, locale="en") == render_match_summary(match_results(), NAMES, 0,
                                                                                  locale="en", finished=True,
                                                                                  rules=view.rules)
    with pytest.raises(TypeError):
        render_match_summary(seat_view(), NAMES, locale="en")  # type: ignore[arg-type]


def test_a_short_match_shows_a_table_of_hands_instead_of_the_chart() -> None:
    """One or two hands: a compact row per hand (a chart of one step said nothing); three or more: the chart."""
    from io import BytesIO

    from PIL import Image

    def height(n: int) -> int:
        return Image.open(BytesIO(render_match_summary(match_results()[:n], NAMES, 0, locale="en"))).height

    assert height(1) < height(2) < height(3) and height(3) == height(8)


def test_level_paths_follow_the_results() -> None:
    paths = level_paths(match_results())
    assert paths[0][0] == 0 and paths[0][-1] == 12 and paths[1][-1] == 9  # 2, A, J
    assert len(paths[0]) == len(match_results()) + 1


def test_negative_levels_and_laps_on_the_match_chart() -> None:
    """RULES §8: a negative level sits below 2 on the chart (labelled -1, -2), a lap goes on above A (1·2, …)."""
    results = [replace(r, laps_before=(0, 0), laps_after=(0, 0)) for r in match_results()[:3]]
    results[1] = replace(results[1], levels_after=("-2", results[1].levels_after[1]))
    results[2] = replace(results[2], levels_before=results[1].levels_after, levels_after=("3", "A"), level_gains=(3, 2),
                         laps_after=(0, 1))
    series = series_for(results, credits=False)
    assert series.labels[0] == "-2" and series.labels[1] == "-1" and series.labels[2] == "2"
    assert series.labels[-1] == "1·A" and series.labels[14] == "A" and series.labels[15] == "1·2"
    assert series.labels[series.values[0][2]] == "-2" and series.labels[series.values[1][3]] == "1·A"
    for locale in ("en", "zh-CN"):
        png = render_match_summary(results, NAMES, locale=locale)
        assert _image(png).width == MATCH_WIDTH  # narrow and tall (phones)
        hand = render_hand_summary(results[2], NAMES, locale=locale)
        assert _image(hand).height > 0
    assert level_change_text(results[2], 0, "en") == "-2 → 3 (+3)"
    assert level_change_text(results[2], 1, "en").endswith("A · lap 1 (+2)")
    assert level_change_text(results[2], 1, "zh-CN").endswith("A · 1 轮（+2）")


def test_a_negative_level_after_a_lap_is_not_drawn_as_the_previous_lap() -> None:
    """timed_laps with deducted_negative: a team that scored a lap and then fell below 2 (RULES §8) is at
    ``-2`` of its lap, and the chart labels that point so, not as the previous lap's K."""
    results = [replace(r, laps_before=(0, 0), laps_after=(0, 0)) for r in match_results()[:3]]
    results[1] = replace(results[1], levels_after=("2", "5"), laps_after=(1, 0))
    results[2] = replace(results[2], levels_before=("2", "5"), laps_before=(1, 0), levels_after=("-2", "5"),
                         laps_after=(1, 0), level_gains=(-2, 0))
    series = series_for(results, credits=False)
    assert series.labels[series.values[0][2]] == "1·2"
    assert series.labels[series.values[0][3]] == "1·-2"
    assert series.values[0][3] < series.values[0][2]
    assert series.labels[:13] == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert len(set(series.labels)) == len(series.labels)  # no level of the axis is written twice


def test_ladder_20_rows_small_and_deterministic() -> None:
    rows = ladder_rows(20)
    png = render_ladder(rows, title="Ladder", locale="en")
    assert png == render_ladder(rows, title="Ladder", locale="en")
    assert len(png) <= LIMIT
    assert _image(render_ladder([], title="空", locale="zh-CN")).height < _image(png).height


def test_ladder_highlights_a_rank() -> None:
    rows = ladder_rows(5)
    plain = render_ladder(rows, title="T", locale="en")
    assert render_ladder(rows, title="T", locale="en", highlight=4) != plain  # (2nd and 3rd tie at rank 2)
    assert render_ladder(rows, title="T", locale="en", highlight=99) == plain


def test_ladder_long_names_do_not_reach_the_numbers() -> None:
    short = [LadderRow(i + 1, "Al", 1500.0 - i, "5", 3, 2, 1) for i in range(4)]
    long = [replace(r, name=LONG_NAMES[i]) for i, r in enumerate(short)]
    a, b = _image(render_ladder(short, title="T", locale="en")), _image(render_ladder(long, title="T", locale="en"))
    bbox = ImageChops.difference(a, b).getbbox()
    assert bbox is not None and bbox[2] <= COL_RATING - 60


def test_ladder_formats() -> None:
    assert format_rating(1432.46) == "1432" and format_rating(25.04) == "25.0"
    assert streak_text(3, "en") == "W3" and streak_text(-2, "zh-CN") == "2连败" and streak_text(0, "en") == "—"


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_stats_card_renders(locale: str) -> None:
    png = render_stats(stats_card(), locale=locale)
    assert png == render_stats(stats_card(), locale=locale)
    assert len(png) <= LIMIT
    empty = StatsCard(name="🙂", rating=0.0, level="2")
    assert render_stats(empty, locale=locale)[:4] == b"\x89PNG"
    assert win_pct(0, 0) is None and win_pct(3, 1) == 75


def test_stats_rejects_other_inputs() -> None:
    with pytest.raises(TypeError):
        render_stats(ladder_rows(1)[0], locale="en")  # type: ignore[arg-type]


def test_duplicate_format_plots_credited_levels() -> None:
    from engine.rules import Rules
    from render.match import credit_paths, series_for

    results = tuple(replace(r, level_gains=(i % 2, 2 * (i % 3 == 0))) for i, r in enumerate(match_results()))
    assert credit_paths(results) == ([0, 0, 1, 1, 2, 2, 3, 3, 4], [0, 2, 2, 2, 4, 4, 4, 6, 6])
    series = series_for(results, credits=True)
    assert series.labels[-1] == "6" and series.values[1][-1] == 6
    view = replace(public_view(Phase.MATCH_OVER), results=results, match_winner=None,
                   rules=Rules.from_preset("duplicate"))
    png = render_match_summary(view, NAMES, locale="en")
    assert png == render_match_summary(results, NAMES, None, locale="en", finished=True, credits=True,
                                       rules=view.rules)
    assert png != render_match_summary(results, NAMES, None, locale="en", finished=True)


def test_worst_cases_stay_small_palette_pngs() -> None:
    """Busy pictures (every card raised, long names everywhere) stay 256-colour PNGs under 150 KB."""
    from render import render_hand, render_table

    busy = [
        render_hand(seat_view(33, seed=1, phase=Phase.BURYING), locale="zh-CN", selected=range(33), four_colour=True),
        render_table(public_view(), LONG_NAMES, locale="zh-CN", seat_highlight=1),
        render_ladder([replace(r, name=LONG_NAMES[i % 4]) for i, r in enumerate(ladder_rows(20))], title="X" * 80,
                      locale="zh-CN"),
        render_hand_summary(replace(hand_result(), notes=("settle.jack_bottom",) * 3, match_winner=0), LONG_NAMES,
                            locale="zh-CN"),
    ]
    for png in busy:
        assert len(png) <= LIMIT
        assert Image.open(io.BytesIO(png)).mode == "P"
