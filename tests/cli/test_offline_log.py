"""The offline match log tells what happened (issue #55, item 12): a duplicate match credits levels per deal (no
"Team A: 2 → A (+0)"); a match stopped at the hand limit says so (and a timed one that time was called); levels carry
their laps; a level below 2 is explained when the first appears; the match chart's laps run 2 … the end level."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from pathlib import Path

from cli.offline.job import run_offline_match
from cli.offline.matchlog import settlement_lines
from engine.rules import Rules
from i18n import t
from render.match import series_for
from render.samples import NAMES, hand_result, match_results


def _log(out: Path) -> str:
    return (out / "match_log.txt").read_text(encoding="utf-8")


def test_a_duplicate_match_credits_levels(tmp_path: Path) -> None:
    report = asyncio.run(run_offline_match(tmp_path / "dup", rules=Rules.from_preset("duplicate"), ai_level="random",
                                           echo=False, max_hands=4))
    log = _log(tmp_path / "dup")
    assert "Deal 1 — played at level 2" in log and "levels Team A 2, Team B 2" not in log
    assert not re.search(r": 2 → \S+ \(\+\d\)", log)  # the meaningless climb of the old log
    credited = re.findall(r"\(South & North\): ([+-]\d+) credited \(total (-?\d+)\)", log)
    assert len(credited) == report.hands and int(credited[-1][1]) == sum(int(g) for g, _ in credited)
    assert report.credited is not None and "credited" in report.describe()[0]


def test_the_hand_limit_is_said(tmp_path: Path) -> None:
    asyncio.run(run_offline_match(tmp_path / "std", ai_level="random", echo=False, max_hands=1))
    assert t("tricklog.hand_limit", "en", hands=1) in _log(tmp_path / "std")
    asyncio.run(run_offline_match(tmp_path / "aihua", rules=Rules.from_preset("aihua", end_level="5"),
                                  ai_level="random", echo=False, max_hands=8, locale="zh-CN"))
    log = _log(tmp_path / "aihua")
    said = log.index(t("tricklog.hand_limit_timed", "zh-CN", hands=8))
    assert log.index(t("tricklog.why.time_up", "zh-CN")) > said  # then the match ends: time was called
    first_negative = re.search(r"(?m)^.*(?<![\d·])-\d.*$", log)
    if first_negative is not None:  # a level below 2 appeared: explained right then, once
        assert log.count(t("render.match.negative", "zh-CN")) == 1
        assert log.index(t("render.match.negative", "zh-CN")) > first_negative.start()


def test_levels_carry_their_laps() -> None:
    r = replace(hand_result(), laps_before=(1, 0), laps_after=(1, 1), levels_before=("4", "K"),
                levels_after=("4", "2"))
    lines = settlement_lines(r, NAMES, "en")
    assert any(line.endswith(": 1·4 → 1·4 (+0)") for line in lines)
    assert any(line.endswith(": K → 1·2 (+2)") for line in lines)


def test_a_lap_ends_at_the_end_level_on_the_chart() -> None:
    results = [replace(r, laps_before=(0, 0), laps_after=(0, 0)) for r in match_results()[:2]]
    results[0] = replace(results[0], levels_before=("2", "2"), levels_after=("4", "2"))
    results[1] = replace(results[1], levels_before=("4", "2"), levels_after=("3", "3"), laps_after=(1, 0))
    series = series_for(results, credits=False, end_level="5")
    assert series.labels == ("2", "3", "4", "5", "1·2", "1·3")
    assert series.labels[series.values[0][2]] == "1·3" and series.labels[series.values[1][2]] == "3"
