"""The private hand picture's header: one line of chips, never two (the picture keeps its height through a hand).

The chips, most important first: trump and level (always), whose turn it is, the number of selected cards, the
defenders' points, the phase. The type gets smaller first (``SIZES``), then the trump chip drops the word "trump"
(the light suit chip says it). If the line is still too long, chips are left out one by one (the phase, the
points, the selection count), each time with the turn chip's name cut with ``…`` to fit (to no less than
``MIN_ELASTIC`` px while another chip can still go).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.handorder import shown_trump
from engine.views import Phase, SeatView
from i18n import t
from render.fonts import FontT, fit_text, font, text_width
from render.labels import Chip, chip_width, phase_text, relative_name, seat_name, trump_chip
from render.theme import ACCENT, SELECT, TEXT, TEXT_DARK

log = logging.getLogger(__name__)

SIZES = (24, 22, 20)  # chip type, largest first (the picture is shown at about half size on a phone)
GAP = 8
PAD = 10  # inside a chip, each side
MIN_ELASTIC = 140  # px of the turn chip's text kept while another chip can still be left out
ESSENTIAL, TURN, SELECTED, POINTS, PHASE = 0, 1, 2, 3, 4  # priorities: lower is kept longer


@dataclass(frozen=True)
class Ranked:
    """A chip, its priority and whether its text may be cut to fit."""

    chip: Chip
    rank: int
    elastic: bool = False
    short: Chip | None = None  # a shorter form tried before any chip is left out


def _turn_chip(view: SeatView, names: Sequence[str] | None, locale: str) -> Chip | None:
    public = view.public
    if public.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) or not public.to_act:
        return None
    if public.phase is Phase.BURYING and public.kitty_holder == view.seat and view.seat in public.to_act:
        return Chip(t("render.kitty_taken", locale, n=len(view.kitty or ()) or public.rules.shape.kitty), ACCENT,
                    TEXT_DARK)
    if view.seat in public.to_act:
        return Chip(t("render.your_turn", locale), ACCENT, TEXT_DARK)
    if len(public.to_act) > 1:
        return Chip(t("render.turn_many", locale))
    seat = public.to_act[0]
    players = len(public.hand_sizes)
    who = seat_name(names, seat, locale) if names is not None else relative_name(view.seat, seat, locale, players)
    return Chip(t("render.turn", locale, name=who))


def ranked_chips(view: SeatView, names: Sequence[str] | None, locale: str, n_selected: int,
                 four_colour: bool) -> list[Ranked]:
    """Every chip the header would show with room enough, in display order."""
    public = view.public
    trump = shown_trump(public)
    out = [Ranked(trump_chip(trump, locale, four_colour), ESSENTIAL,
                  short=trump_chip(trump, locale, four_colour, short=True)),
           Ranked(Chip(t("render.level", locale, level=public.level)), ESSENTIAL),
           Ranked(Chip(phase_text(public.phase, locale)), PHASE)]
    turn = _turn_chip(view, names, locale)
    if turn is not None:
        out.append(Ranked(turn, TURN, elastic=True))
    if public.phase is Phase.PLAYING:
        out.append(Ranked(Chip(t("render.points", locale, points=public.defender_points)), POINTS))
    if n_selected:
        out.append(Ranked(Chip(t("render.selected", locale, n=n_selected), SELECT, TEXT), SELECTED))
    return out


def _width(chips: Sequence[Chip], fnt: FontT) -> int:
    return sum(chip_width(c, fnt, PAD) for c in chips) + GAP * max(0, len(chips) - 1)


def _cut(kept: Sequence[Ranked], fnt: FontT, max_width: int, least: int) -> list[Chip]:
    """The chips with the elastic one's text cut (to no less than ``least`` px) so that the line fits."""
    chips = [r.chip for r in kept]
    over = _width(chips, fnt) - max_width
    for i, r in enumerate(kept):
        if r.elastic and over > 0:
            room = max(least, text_width("…", fnt), text_width(r.chip.text, fnt) - over)
            chips[i] = replace(r.chip, text=fit_text(r.chip.text, fnt, room))
    return chips


def fit_header(ranked: Sequence[Ranked], max_width: int) -> tuple[FontT, list[Chip]]:
    """The font and the chips of the one header line (see the module doc)."""
    for shortened in (ranked, [replace(r, chip=r.short or r.chip) for r in ranked]):
        for size in SIZES:
            fnt = font(size, "bold")
            if _width([r.chip for r in shortened], fnt) <= max_width:
                return fnt, [r.chip for r in shortened]
    kept = list(shortened)
    chips = [r.chip for r in kept]
    for rank, least in ((PHASE, MIN_ELASTIC), (POINTS, MIN_ELASTIC), (SELECTED, 0)):
        kept = [r for r in kept if r.rank != rank]
        chips = _cut(kept, fnt, max_width, least)
        if _width(chips, fnt) <= max_width:
            break
    while len(chips) > 1 and _width(chips, fnt) > max_width:  # a very long trump or level text: last resort
        chips.pop()
    return fnt, chips
