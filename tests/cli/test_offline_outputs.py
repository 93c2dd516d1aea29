"""Issue #26's offline output defects: a timed-laps match stopped by the hand limit has its time called (winners
named, the match summary final), the ladder keeps laps, zh-CN keeps every settlement line and Chinese seat names,
the last trick has its "Trick N" line in the side panel, and a dealer-team trick reads as kept."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cli.offline.job import run_offline_match
from cli.offline.matchlog import is_trick_line
from engine.views import Phase
from i18n import t
from render import render_table, samples
from tests.render.test_phone import texts


async def test_timed_laps_stopped_by_the_hand_limit_calls_time(tmp_path: Path, capsys: Any) -> None:
    """aihua (``timed_laps``): at the hand limit time is called; the winners are named, not "-"."""
    report = await run_offline_match(tmp_path, seed=1, preset="aihua", ai_level="random", db_path=None,
                                     end_level="5", max_hands=8, echo=True)
    assert report.winner in (0, 1)
    out = capsys.readouterr().out
    assert "winners -" not in out and "Match over" in out
    assert report.laps != (0, 0)  # seed 1: team B laps in hand 7 (levels "1·2" in the summary)
    assert "1·" in out.splitlines()[-1]


async def test_ladder_picture_keeps_laps() -> None:
    """The offline ladder.png shows a player's level with its laps (``1·6``), as ``/ladder`` does, not ``6``."""
    from types import SimpleNamespace

    from runtime.pictures import imaging

    row = SimpleNamespace(user_id=1, rating=3.5, level="6", laps=1, matches_won=2, matches_lost=0, streak=2)
    with texts() as seen:
        await imaging.ladder_image([row], {1: "South"}, "en")
    assert "1·6" in [text for _, text in seen]


async def test_zh_cn_console_keeps_settlements_and_chinese_seats(tmp_path: Path, capsys: Any) -> None:
    await run_offline_match(tmp_path, seed=4, ai_level="random", db_path=None, end_level="A", max_hands=1,
                            echo=True, locale="zh-CN")
    out = capsys.readouterr().out
    assert "第 1 局结算" in out and "原因" in out
    assert "南（甲方）" in out and "South" not in out and "East" not in out


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_only_trick_lines_are_trick_lines(locale: str) -> None:
    trick = t("tricklog.trick", locale, n=12, who="南（甲方）", points=10, total=-20)
    settled = t("tricklog.settled", locale, hand=3, team="x", points=5, tricks=5, bonus="+0")
    assert is_trick_line(trick, locale) and not is_trick_line(settled, locale)


def _texts(view: Any) -> list[str]:
    with texts() as seen:
        render_table(view, samples.NAMES, locale="en")
    return [text for _, text in seen]


def test_last_trick_has_its_number_and_dealer_points_read_as_kept() -> None:
    view = samples.public_view()  # dealer seat 0; the trick on the table won by seat 3 (a defender)
    trick = view.trick
    assert trick is not None and trick.points
    over = replace(view, phase=Phase.HAND_OVER, trick=trick, tricks=(*view.tricks, trick))
    number = len(over.tricks)
    assert f"Trick {number}" in _texts(over)  # the hand's last trick keeps its line
    assert f"+{trick.points}" in _texts(over)
    kept = replace(over, trick=replace(trick, winner=2), tricks=(*view.tricks, replace(trick, winner=2)))
    seen = _texts(kept)
    assert f"{trick.points} kept" in seen and f"+{trick.points}" not in seen


def test_trick_log_line_of_a_dealer_trick_reads_kept() -> None:
    from cogs.tricklog import trick_line

    view = samples.public_view()
    trick = view.trick
    assert trick is not None and trick.points
    assert trick_line(view, 1, trick, samples.NAMES, "en").endswith(f"+{trick.points}")
    mine = replace(trick, winner=0)
    assert trick_line(view, 1, mine, samples.NAMES, "en").endswith(f"keeps {trick.points}")
