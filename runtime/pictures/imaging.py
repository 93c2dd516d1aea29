"""Rendering for the service: calls ``render/`` off the event loop (on the drawing thread of
``runtime.pictures.renderqueue``, an interaction's pictures first) and names the files.
Which pictures an update carries depends on the ``ImagePolicy``:

- ``EVERY_ACTION`` (the bot): the table after every change (during a live deal every 25th card; the live
  message's picture, ``table_picture``: drawn in the background and only for the table's newest state), the
  completed trick when the table shows trick pictures (``TableOptions.trick_pictures``; the quiet thread logs a
  line instead), hand summaries, the match summary and the ladder; a hand is drawn when asked for
  (``GameService.hand_image``: the private panel);
- ``TRICKS`` (the offline job): one picture per completed trick (``hand03_trick12.png``), the hand
  summaries (``hand03_summary.png``), the match summary and the ladder; no per-action pictures;
- ``NONE``: no pictures (logic tests, headless tools).

Every picture the bot shows goes through here and the drawing queue (its timeout, retry and "picture
unavailable"): the table's, the ladder, a player's statistics card, a replay's settlement
(``runtime.records.ladder_views``) and a tournament's bracket and standings (``runtime.tournament.views``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from data.shapes import DEFAULT_SHAPE, key_shape
from engine.rules import Rules
from engine.views import HandResult, Phase, PublicView, SeatView
from i18n import t
from i18n.levels import level_short
from render.fonts import font_path
from render.hand import render_hand
from render.ladder import LadderRow, render_ladder, shared_ranks
from render.match import render_match_summary
from render.stats import StatsCard, render_stats
from render.summary import render_hand_summary
from render.table import render_table
from runtime.pictures.renderqueue import QUEUE
from runtime.presenter import HAND, HAND_SUMMARY, LADDER, MATCH_SUMMARY, STATS, TABLE, TRICK, Image, LivePicture

log = logging.getLogger(__name__)


class ImagePolicy(StrEnum):
    EVERY_ACTION = "every_action"
    TRICKS = "tricks"
    NONE = "none"



def trick_view(view: PublicView) -> PublicView:
    """The view as the last card of the last completed trick landed: that trick is the current one, and after the
    last trick of a hand the levels are still those the hand was played at (not the levels after scoring)."""
    if not view.tricks:
        return view
    out = replace(view, trick=view.tricks[-1], tricks=view.tricks[:-1])
    if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and view.last_result is not None:
        out = replace(out, levels=view.last_result.levels_before)
    return out


def table_picture(table_id: int, view: PublicView, names: Sequence[str], locale: str, version: int,
                  compact: bool = False) -> LivePicture:
    """The table as it stands (``compact``: without the side panel, for the quiet thread's live message), drawn in
    the background: the caller does not wait for it, and it is drawn only if no newer picture of the table comes
    while it waits in the queue (then its waiters get the newer one: ``runtime.pictures.renderqueue``, newest only)."""
    future: LivePicture = QUEUE.submit((table_id, TABLE), draw_table, f"table_v{version:05d}.png", view,
                                       list(names), locale, compact)
    future.add_done_callback(_log_failure)
    return future


def draw_table(name: str, view: PublicView, names: list[str], locale: str, compact: bool) -> Image:
    """On the drawing thread (or process): the picture with its name (a superseded picture's waiters get this)."""
    return Image(TABLE, name, render_table(view, names, locale=locale, compact=compact))


def _log_failure(future: LivePicture) -> None:
    """A picture nobody waits for (the presenter skipped it) still has its failure logged, once."""
    if not future.cancelled() and (error := future.exception()) is not None:
        log.error("drawing a table picture failed", exc_info=error)


async def trick_image(view: PublicView, names: Sequence[str], locale: str) -> Image:
    number = len(view.tricks)  # the completed trick's number (1-based)
    png = await QUEUE.run(render_table, trick_view(view), list(names), locale=locale)
    return Image(TRICK, f"hand{view.hand_number:02d}_trick{number:02d}.png", png)


async def hand_image(view: SeatView, locale: str, names: Sequence[str] | None = None,
                     selected: Sequence[int] = ()) -> Image:
    png = await QUEUE.run(render_hand, view, locale=locale, selected=tuple(selected),
                                  names=list(names) if names else None)
    return Image(HAND, f"hand_seat{view.seat}.png", png)


async def hand_summary_image(result: HandResult, names: Sequence[str], locale: str,
                             rules: Rules | None = None) -> Image:
    """The settlement of a hand; ``rules`` (the table's) set the points scale for its deck count and the 找朋友
    small-team bonus."""
    png = await QUEUE.run(render_hand_summary, result, list(names), locale=locale, rules=rules)
    return Image(HAND_SUMMARY, f"hand{result.hand_number:02d}_summary.png", png)


async def match_summary_image(view: PublicView, names: Sequence[str], locale: str) -> Image:
    png = await QUEUE.run(render_match_summary, view, list(names), locale=locale)
    return Image(MATCH_SUMMARY, "match_summary.png", png)


async def ladder_image(stats: Sequence[Any], names: Mapping[int, str], locale: str, *, by: str = "rating",
                       title: str | None = None) -> Image:
    """The server's ladder from ``data``'s ``PlayerStats`` rows (best first, ordered ``by`` rating: equal ratings
    share a rank, or by level: one rank each); ``names`` names every row (``runtime.records.names``)."""
    ranks = shared_ranks([p.rating for p in stats]) if by == "rating" else range(1, len(stats) + 1)
    rows = [LadderRow(rank=r, name=names.get(p.user_id) or t("records.unnamed_player", locale), rating=p.rating,
                      level=level_short(p.level, p.laps),
                      wins=p.matches_won, losses=p.matches_lost, streak=p.streak)
            for r, p in zip(ranks, stats, strict=True)]
    friends = bool(stats) and not key_shape(getattr(stats[0], "shape", DEFAULT_SHAPE)).fixed_partners
    note = "records.ladder.note_level_friends" if friends else "records.ladder.note_level"  # RULES §13.7
    png = await QUEUE.run(render_ladder, rows, title=title or t("records.ladder.picture_title", locale), locale=locale,
                          level_note=note)
    return Image(LADDER, "ladder.png", png)


async def stats_image(card: StatsCard, locale: str) -> Image:
    """A player's statistics card (``/stats``)."""
    return Image(STATS, "stats.png", await QUEUE.run(render_stats, card, locale=locale))


async def replay_image(result: HandResult, names: Sequence[str], locale: str, table_id: int,
                       rules: Rules | None = None) -> Image:
    """A finished hand's settlement for ``/replay``: the hand summary (on the table's ``rules``: its deck count),
    named after the table and the hand."""
    png = await QUEUE.run(render_hand_summary, result, list(names), locale=locale, rules=rules)
    return Image(HAND_SUMMARY, f"replay_t{table_id}_h{result.hand_number}.png", png)


def cjk_font_file() -> Path:
    """The pictures' bundled CJK font file (Noto Sans CJK, regular), which the web page carries too."""
    return font_path("regular")
