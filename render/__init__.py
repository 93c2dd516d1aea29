"""Every picture the bot shows, drawn with Pillow as deterministic PNG bytes.

Public pictures take only public inputs (``PublicView``, ``HandResult``, plain rows), so they cannot draw a
private card; only ``render_hand`` takes a ``SeatView`` (send it to that seat alone). The card order of
``render_hand`` (labels 1..N) is ``engine.handorder.hand_order``.
"""

from render.hand import render_hand
from render.ladder import LadderRow, render_ladder
from render.match import render_match_summary
from render.stats import StatsCard, render_stats
from render.summary import render_hand_summary
from render.table import render_table
from render.warmup import warm_up

__all__ = [
    "LadderRow",
    "StatsCard",
    "render_hand",
    "render_hand_summary",
    "render_ladder",
    "render_match_summary",
    "render_stats",
    "render_table",
    "warm_up",
]
