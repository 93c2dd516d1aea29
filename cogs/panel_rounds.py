"""The private panel's lines for the v2 declaring rounds: a face-down declaration (暗扣: the seat sees its own
cards, never another's), the 换庄 second window, and the rounds after the bury (暗反, 反无主)."""

from __future__ import annotations

import logging

import i18n
from cogs.cardtext import cards_text
from cogs.safetext import escape_text
from engine.declaring import CONCEALED, NO_TRUMP_ONLY, kitty_round_mode
from engine.views import Phase
from runtime import Panel

log = logging.getLogger(__name__)


def _name(panel: Panel, seat: int) -> str:
    return escape_text(panel.names[seat] if seat < len(panel.names) else str(seat + 1))


def round_lines(panel: Panel, locale: str) -> list[str] | None:
    """Lines replacing the standing-declaration lines while a v2 round needs its own words, else ``None``."""
    pub = panel.view.public
    current = pub.declaration
    lines: list[str] = []
    second_window = pub.declaring_team is not None and pub.declaring_team != pub.dealer_team  # 换庄
    if second_window and pub.declaring_team == panel.seat % 2:
        lines.append(i18n.t("panel.swap_window", locale, level=pub.level))
    if current is not None and current.concealed:
        lines.append(i18n.t("panel.concealed_standing", locale, name=_name(panel, current.seat)))
    for mine in panel.view.concealed:
        lines.append(i18n.t("panel.concealed_mine", locale, cards=cards_text(mine.cards, locale)))
    if pub.phase is Phase.KITTY_OVERCALL and panel.seat in pub.to_act:
        mode = kitty_round_mode(pub.rules)
        if mode == CONCEALED:
            lines.append(i18n.t("panel.concealed_round", locale))
        elif mode == NO_TRUMP_ONLY:
            lines.append(i18n.t("panel.no_trump_round", locale))
    return lines or None
