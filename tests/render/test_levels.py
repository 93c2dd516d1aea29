"""Negative levels (-1, -2, …) and laps (RULES §8 ``deducted_negative``, ``timed_laps``) wherever levels are
written: the table picture's chips, the hand and match summaries, the ladder, the finished lobby, the
announcement of a settled hand."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from cogs.lobby_view import lobby_embed
from data.records import Status, TableRecord
from engine.events import HandSettled
from engine.rating import advance_progress, level_of
from engine.rules import Rules
from i18n.levels import level_short, level_text
from render import render_hand_summary, render_ladder, render_table
from render.fonts import font
from render.samples import NAMES, hand_result, ladder_rows, public_view
from render.table import header_chips
from runtime.announce.events import from_events
from runtime.service import seating as lobby


def test_level_text_writes_negative_levels_and_laps_in_both_locales() -> None:
    assert level_text("-2", 0, "en") == "-2" and level_text("7", 0, "zh-CN") == "7"
    assert level_text("5", 1, "en") == "5 · lap 1" and level_text("5", 2, "zh-CN") == "5 · 2 轮"
    assert level_short("A", 0) == "A" and level_short("3", 2) == "2·3" and level_short("-1", 0) == "-1"


def test_table_picture_chips_show_negative_levels_and_laps() -> None:
    view = replace(public_view(), levels=("-1", "5"), laps=(0, 2))
    for locale, expect in (("en", ("Team A: -1", "Team B: 5 · lap 2")), ("zh-CN", ("甲方 -1", "乙方 5 · 2 轮"))):
        texts = [c.text for c in header_chips(view, NAMES, locale, font(18), 1200)]
        assert all(e in texts for e in expect), texts
        png = render_table(view, NAMES, locale=locale)
        assert Image.open(io.BytesIO(png)).width > 0


def test_hand_summary_shows_a_guarded_kitty_as_a_loss() -> None:
    """kitty_guard: burier: the defenders lose kitty × multiplier; the summary says so with a minus sign."""
    guarded = replace(hand_result(), kitty_multiplier=4, kitty_bonus=-100, last_winner=0)
    for locale in ("en", "zh-CN"):
        png = render_hand_summary(guarded, NAMES, locale=locale)
        assert png != render_hand_summary(replace(guarded, kitty_bonus=100), NAMES, locale=locale)


def test_ladder_writes_a_negative_level_and_laps() -> None:
    assert level_of(advance_progress(0, -2, "-2")) == ("-2", 0)
    rows = ladder_rows(3)
    rows[0] = replace(rows[0], level=level_short(*level_of(-2)))
    rows[1] = replace(rows[1], level=level_short(*level_of(28)))
    assert (rows[0].level, rows[1].level) == ("-2", "2·4")
    plain = render_ladder(ladder_rows(3), title="Ladder", locale="en")
    assert render_ladder(rows, title="Ladder", locale="en") != plain


def _record() -> TableRecord:
    rec = TableRecord(table_id=7, guild_id=1, channel_id=2, host_id=11, rules=Rules.from_preset("aihua"),
                      thread_id=3, meta={"ai_level": "strong"})
    rec = lobby.sit(rec, 11, "小明", 0)
    for seat in (1, 2, 3):
        rec = lobby.add_ai(rec, 11, seat, "strong")
    return replace(rec, status=Status.FINISHED)


def test_finished_lobby_and_settled_hand_announcement_write_laps_and_negative_levels() -> None:
    final = replace(public_view(), levels=("-1", "9"), laps=(0, 1), match_winner=1, results=(hand_result(),))
    value = lobby_embed(_record(), "en", final).to_dict()["fields"][0]["value"]
    assert "Team A: -1 · Team B: 9 · lap 1" in value
    result = replace(hand_result(), levels_after=("-1", "9"), laps_after=(0, 1))
    note, = [a for a in from_events(_record(), [HandSettled(result)]) if a.key.startswith("announce.hand_settled")]
    assert note.key == "announce.hand_settled_laps" and note.params["levels"] == "-1 / 9"
    assert note.params["laps"] == "0 / 1"
