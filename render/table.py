"""The public table picture: four seats (0 bottom, 1 right, 2 top, 3 left: play runs counter-clockwise), or five
to eight around a grid (``render.seating``); each seat's play of the current trick with the winner so far framed
in gold and a failed throw tagged, whose turn it is, a header (hand, trump, level, both teams' levels, dealer,
defenders' points; in 找朋友 the calls, ``render.friend_calls``, instead of team levels, each seat's own level
being in its box) and a side panel (the previous trick, or before play the dealing/declaring/burying status).
Declarations and passes show in the play areas.

It takes a ``PublicView`` only (a ``SeatView`` is refused), so it cannot draw a private card.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.cards import Card
from engine.handorder import is_shown_trump, shown_trump
from engine.tricklead import is_throw, lead_failure
from engine.views import Phase, PublicView, SeatView, TrickView
from i18n import normalize_locale, t
from render.cardrow import CardStyle, draw_cards, fit_strip, row_width
from render.draw import Box, Canvas, serialized
from render.fonts import FontT, fit_text, font
from render.friend_calls import call_lines, draw_calls
from render.labels import (
    Chip,
    chip_width,
    draw_chip,
    layout_chips,
    level_text,
    seat_name,
    team_name,
    trump_chip,
    trump_text,
)
from render.seat_box import GRID, draw_seat
from render.seating import SeatSpot, grid_height, grid_spots, middle
from render.side_panel import band_height, draw_side_panel
from render.sides import is_friends, on_dealer_side
from render.sprites import card_back
from render.theme import (
    ACCENT,
    BAD,
    FELT,
    FELT_DARK,
    HEADER,
    NEUTRAL,
    PANEL,
    RGB,
    SMALL_CARD,
    TABLE_CARD,
    TEAM,
    TEXT_DARK,
    TEXT_DIM,
)

log = logging.getLogger(__name__)

MAIN_W = 760
WIDTH = MAIN_W  # the side panel is a band below the table: a tall picture that reads on a phone
TABLE_H = 592
BOX_W, BOX_H = 288, 68  # name boxes with large type (the picture is shown ~320 px wide on a phone)
INFO_FONT = 28  # a name box's "Team A · 22 cards": ~13 px on a 390 px phone
LAYOUT_BOX_H = 58  # the box height the play areas were laid out for: taller boxes grow away from the plays
CHIP_H = 34
CHIP_GAP = 8
MIN_NAME_W = 60
MARGIN = 14
SIDE_PLAY_W = (MAIN_W - 2 * MARGIN - 10) / 2  # left and right seats' play areas, 10 px apart
READABLE_STRIP = 30  # narrower and a "10" would be cut: switch to small cards


def seat_spots(top: int) -> dict[int, SeatSpot]:
    """Seat 0 bottom, 1 right, 2 top, 3 left (relative to the table region starting at ``top``)."""
    cx = MAIN_W / 2
    w, h = BOX_W, BOX_H
    side = top + 210 - (h - LAYOUT_BOX_H)
    bottom = top + 520 - (h - LAYOUT_BOX_H) // 2
    return {
        2: SeatSpot((cx - w / 2, top + 12, cx + w / 2, top + 12 + h), cx, top + 88 + (h - LAYOUT_BOX_H) // 2, 470),
        3: SeatSpot((MARGIN, side, MARGIN + w, side + h), MARGIN + SIDE_PLAY_W / 2, top + 276, SIDE_PLAY_W),
        1: SeatSpot((MAIN_W - MARGIN - w, side, MAIN_W - MARGIN, side + h), MAIN_W - MARGIN - SIDE_PLAY_W / 2,
                    top + 276, SIDE_PLAY_W),
        0: SeatSpot((cx - w / 2, bottom, cx + w / 2, bottom + h), cx, top + 404, 470),
    }


def spots_for(view: PublicView, top: int) -> dict[int, SeatSpot]:
    """Four seats on the cross, five to eight on the grid."""
    players = len(view.hand_sizes)
    return seat_spots(top) if players == 4 else grid_spots(players, top)


def table_height(view: PublicView) -> int:
    return TABLE_H if len(view.hand_sizes) == 4 else grid_height(len(view.hand_sizes))


def header_chips(view: PublicView, names: Sequence[str], locale: str, chip_font: FontT,
                 max_width: int, hand: bool = True) -> list[Chip]:
    """Hand number and dealer (unless not ``hand``), trump, level, both teams' levels and the defenders' points;
    the dealer's name is fitted into the room left on the line (so a long name does not change the picture's
    height)."""
    chips = [Chip(t("render.hand_number", locale, n=view.hand_number))] if hand else []
    chips += [trump_chip(shown_trump(view), locale, short=not hand), Chip(t("render.level", locale, level=view.level))]
    for team in () if is_friends(view) else (0, 1):  # 找朋友: each seat's level is in its name box
        level = level_text(view.levels[team], view.laps[team], locale)
        chips.append(Chip(t("render.team_level_chip", locale, team=team_name(team, locale), level=level),
                          TEAM[team], TEXT_DARK))
    if view.phase in (Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER):
        chips.append(Chip(t("render.points", locale, points=view.defender_points)))
    if view.dealer is not None and hand:  # the compact picture: the dealer's name box carries the tag
        used = sum(chip_width(c, chip_font) + CHIP_GAP for c in chips)
        room = max_width - used - chip_width(Chip(t("render.dealer", locale, name="")), chip_font) - 16
        who = fit_text(seat_name(names, view.dealer, locale), chip_font, max(MIN_NAME_W, min(200, room)))
        chips.insert(len(chips) - (view.phase in (Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER)),
                     Chip(t("render.dealer", locale, name=who), ACCENT, TEXT_DARK))
    return chips


def header_line(view: PublicView, names: Sequence[str], locale: str, width: int = WIDTH,
                compact: bool = False) -> tuple[FontT, list[list[Chip]]]:
    """The header's chips on one line: the type gets smaller rather than the header wrapping (the picture keeps
    its height through a hand). The ``compact`` picture leaves out the hand number (its message says it), the
    dealer (tagged on its name box) and the word "trump" (the light suit chip), so its type stays large enough
    for a phone."""
    for size in (24, 22, 20, 18, 16, 14) if compact else (20, 18, 16, 14):
        chip_font = font(size, "bold")
        lines = layout_chips(header_chips(view, names, locale, chip_font, width - 2 * MARGIN, hand=not compact),
                             chip_font, width - 2 * MARGIN, CHIP_GAP)
        if len(lines) == 1:
            break
    return chip_font, lines[:1]


def _placeholder(cv: Canvas, spot: SeatSpot) -> None:
    """An empty card outline where the seat to act will play."""
    w, h = TABLE_CARD.width, TABLE_CARD.height
    x, y = spot.play_x - w / 2, spot.play_y
    cv.panel((x, y, x + w, y + h), FELT_DARK, radius=TABLE_CARD.radius, outline=ACCENT, width=2)
    cv.text((spot.play_x, y + h / 2), "…", font(30, "bold"), ACCENT, "mm")


def _tag(cv: Canvas, text: str, box: Box, seat: int, fill: RGB = ACCENT, spot: SeatSpot | None = None) -> None:
    """A small pill on a play's frame: above its top-right corner for the bottom seat, to the right of the top
    seat's (below it the side seats' name boxes begin) when it fits, else below the bottom-right corner; on the
    grid, centred in the seat's tag lane."""
    fnt = font(20, "bold")
    w = Canvas.pill_width(text, fnt, 8)
    if spot is not None and spot.tag_y is not None:
        x = min(max(MARGIN, spot.play_x - w / 2), MAIN_W - MARGIN - w)
        cv.text_pill(text, fnt, x, spot.tag_y, fill, TEXT_DARK, pad=8, height=28)
        return
    if seat == 2 and box[2] + 8 + w <= MAIN_W - MARGIN:
        cv.text_pill(text, fnt, box[2] + 8, (box[1] + box[3]) / 2, fill, TEXT_DARK, pad=8, height=28)
        return
    cv.text_pill(text, fnt, box[2] + 10 - w, box[1] - 6 if seat == 0 else box[3] + 6, fill, TEXT_DARK, pad=8,
                 height=28)


def _draw_play(cv: Canvas, view: PublicView, spot: SeatSpot, cards: Sequence[Card | None], style: CardStyle,
               frame: tuple[int, int, int] | None = None) -> Box:
    """One play centred in the seat's play area, on a coloured ``frame`` if given; returns the frame box.

    A long play (a throw, 甩牌) that would hide the ranks switches to small cards."""
    x = spot.play_x
    size = TABLE_CARD if fit_strip(len(cards), TABLE_CARD, spot.play_w) >= READABLE_STRIP else SMALL_CARD
    y = spot.play_y + (TABLE_CARD.height - size.height) / 2
    w = row_width(len(cards), size, fit_strip(len(cards), size, spot.play_w))
    box = (x - w / 2 - 6, y - 6, x + w / 2 + 6, y + size.height + 6)
    if frame is not None:
        cv.panel(box, frame, radius=size.radius + 5)
    draw_cards(cv, cards, size, x, y, max_width=spot.play_w, style=style, is_trump=lambda c: is_shown_trump(c, view))
    return box


def shown_trick(view: PublicView) -> TrickView | None:
    """The trick drawn on the table: the current one, or the last one once the hand is over."""
    if view.phase is Phase.PLAYING:
        return view.trick
    if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return view.trick if view.trick is not None and view.trick.plays else view.previous_trick
    return None


def _draw_trick(cv: Canvas, view: PublicView, spots: dict[int, SeatSpot], locale: str, style: CardStyle) -> None:
    """Each seat's play, the winner so far framed and tagged, a failed throw tagged, the seat to act."""
    trick = shown_trick(view)
    plays = dict(trick.plays) if trick is not None else {}
    failure = lead_failure(view, trick)
    for seat, spot in spots.items():
        if trick is not None and seat in plays:
            win = trick.winner == seat
            box = _draw_play(cv, view, spot, plays[seat], style, ACCENT if win else None)
            labels, fill = play_tags(view, trick, seat, failure is not None and seat == trick.leader, locale)
            if failure is not None and seat == trick.leader:
                labels.insert(1, t("render.throw_failed_tag", locale, penalty=failure.penalty))
            if labels:
                _tag(cv, " · ".join(labels), box, seat, fill=fill, spot=spot)
        elif view.phase is Phase.PLAYING and seat in view.to_act:
            _placeholder(cv, spot)


def dealer_side(view: PublicView, seat: int) -> bool:
    """The seat plays on the dealer's team (庄家; in 找朋友 as far as known): the points of its tricks do not
    count."""
    return on_dealer_side(view, seat)


def play_tags(view: PublicView, trick: TrickView, seat: int, failed: bool, locale: str) -> tuple[list[str], RGB]:
    """The tags on a play and their colour: the lead (首出; a throw 甩牌 says so), the winner so far or the winner
    with the points it takes — gold "+25" only when the defenders take points, a neutral badge ("won · 25") when the
    dealer's team wins the trick (its points are not scored)."""
    labels: list[str] = []
    fill: RGB = NEUTRAL
    if seat == trick.leader:
        labels.append(t("render.throw" if is_throw(view, trick) and not failed else "render.lead", locale))
        fill = BAD if failed else NEUTRAL
    if trick.winner == seat:
        key = "render.won" if trick.complete else "render.winning"
        if not trick.complete or not trick.points:
            labels.append(t(key, locale))
            fill = ACCENT
        elif dealer_side(view, seat):
            labels.append(t("render.won_kept", locale, points=trick.points))
            fill = NEUTRAL
        else:
            labels.append(f"{t(key, locale)} +{trick.points}")
            fill = ACCENT
    return labels, fill


def _draw_declaring(cv: Canvas, view: PublicView, spots: dict[int, SeatSpot], names: Sequence[str], locale: str,
                    style: CardStyle) -> None:
    """Dealing, declaring, burying and 炒地皮: the standing declaration, passes and the seats to act (the status
    line and the kitty are in the side panel)."""
    decl = view.declaration
    for seat, spot in spots.items():
        if seat in view.concealed_seats:  # 暗扣: each face-down declaration lies before its seat, no trump
            box = _draw_play(cv, view, spot, [None], style, ACCENT)
            _tag(cv, t("render.face_down", locale), box, seat, spot=spot)
        elif decl is not None and decl.seat == seat:
            box = _draw_play(cv, view, spot, decl.cards, style, ACCENT)
            _tag(cv, t("render.declared", locale, trump=trump_text(decl.trump, locale)), box, seat, spot=spot)
        elif seat in view.passed:
            text, fnt = t("render.pass", locale), font(21, "bold")
            cv.text_pill(text, fnt, spot.play_x - Canvas.pill_width(text, fnt, 14) / 2,
                         spot.play_y + TABLE_CARD.height / 2, PANEL, TEXT_DIM, pad=14, height=32)
        elif seat in view.to_act and view.phase is not Phase.DEALING:
            _placeholder(cv, spot)
    if view.phase is Phase.DEALING:  # the undealt deck in the middle
        if len(spots) == 4:
            mid_x, mid_y = spots[3].play_x + (spots[1].play_x - spots[3].play_x) / 2, spots[3].play_y
        else:
            mid_x, mid_y = middle(spots, len(spots))
        deck = card_back(TABLE_CARD)
        for k in range(4):
            cv.paste(deck, mid_x - TABLE_CARD.width / 2 - 3 * k, mid_y - 3 * k)


@serialized
def render_table(view: PublicView, names: Sequence[str], *, locale: str, seat_highlight: int | None = None,
                 four_colour: bool = False, compact: bool = False) -> bytes:
    """PNG of the public table state; ``seat_highlight`` frames one seat's name box (e.g. the viewer's). A
    ``compact`` picture (the quiet thread's live message, whose trick log and text give the last trick and the
    status) leaves out the side panel (a band below the table)."""
    if isinstance(view, SeatView) or not isinstance(view, PublicView):
        raise TypeError("render_table takes a PublicView, never a SeatView")
    locale = normalize_locale(locale)
    style = CardStyle("zh-CN" if locale == "zh-CN" else "en", four_colour)
    width = WIDTH
    chip_font, lines = header_line(view, names, locale, width, compact=True)  # the band names the hand
    calls = call_lines(view, locale, width - 2 * MARGIN)
    n_lines = len(lines) + calls
    header_h = 20 + n_lines * CHIP_H + (n_lines - 1) * 6
    table_h = table_height(view)
    cv = Canvas.new(width, header_h + table_h + (0 if compact else band_height(view)), FELT)
    cv.draw.rectangle((0, 0, width, header_h), fill=HEADER)
    y = 10 + CHIP_H / 2
    for line in lines:
        x: float = MARGIN
        for chip in line:
            x = draw_chip(cv, chip, chip_font, x, y, CHIP_H) + CHIP_GAP
        y += CHIP_H + 6
    if calls:
        draw_calls(cv, view, names, locale, MARGIN, y, width - 2 * MARGIN, CHIP_H + 6, CHIP_H)
    spots = spots_for(view, header_h)
    for seat, spot in spots.items():
        if len(spots) == 4:
            draw_seat(cv, view, seat, spot, names, locale, seat == seat_highlight)
        else:
            draw_seat(cv, view, seat, spot, names, locale, seat == seat_highlight, GRID)
    if view.phase in (Phase.DEALING, Phase.DECLARING, Phase.BURYING, Phase.KITTY_OVERCALL):
        _draw_declaring(cv, view, spots, names, locale, style)
    else:
        _draw_trick(cv, view, spots, locale, style)
    if not compact:
        draw_side_panel(cv, view, names, locale, header_h + table_h, shown_trick(view), style)
    return cv.png()
