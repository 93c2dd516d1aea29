"""The quiet thread's trick log: one text message per hand, edited as tricks finish, one line per trick —
``3. ▸alice K♠ K♠ · bob 3♠ 4♠ · carol A♠ A♠ · dave 5♠ 5♠ → **carol** +20`` (a defender scored them; a trick of
the dealer team ``→ **alice** keeps 20``, as the pictures show kept points). The leader is marked ▸, a throw
(甩牌) is tagged, a failed throw names what was attempted (the cards shown are the ones it was forced to play).
A log longer than one Discord message continues in a new message (``LOG_LIMIT``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import i18n
from cogs.cardtext import cards_text
from cogs.safetext import escape_text
from engine.tricklead import is_throw, lead_failure
from engine.views import PublicView, TrickView

log = logging.getLogger(__name__)

LOG_LIMIT = 1900  # characters of one log message (Discord's limit is 2000)


def trick_line(view: PublicView, number: int, trick: TrickView, names: Sequence[str], locale: str) -> str:
    """One finished trick as a line of the log."""
    plays = []
    for k, (seat, cards) in enumerate(trick.plays):
        mark = i18n.t("tricklog.lead", locale) if k == 0 else ""
        plays.append(f"{mark}{escape_text(names[seat])} {cards_text(cards, locale)}")
    failed = lead_failure(view, trick)
    if failed is not None:  # the lead shows the forced cards; the tag names what was attempted
        plays[0] += " (" + i18n.t("tricklog.forced", locale, cards=cards_text(failed.attempted, locale),
                                  penalty=f"{failed.penalty:+d}") + ")"
    elif is_throw(view, trick):
        plays[0] += f" ({i18n.t('tricklog.throw_tag', locale)})"
    text = " · ".join(plays)
    winner = escape_text(names[trick.winner]) if trick.winner is not None else "-"
    kept = trick.winner is not None and view.dealer is not None and trick.winner % 2 == view.dealer % 2
    key = "outputs.log_line_kept" if kept and trick.points else "tricklog.line"  # the dealers' points are kept
    return i18n.t(key, locale, n=number, plays=text, winner=winner, points=trick.points)


def log_text(view: PublicView, names: Sequence[str], locale: str, start: int = 0) -> str:
    """The log message for the finished tricks of the hand from index ``start`` on (title first)."""
    lines = [i18n.t("tricklog.title", locale, hand=view.hand_number)]
    lines += [trick_line(view, i + 1, t, names, locale) for i, t in enumerate(view.tricks) if i >= start]
    return "\n".join(lines)


def log_start(view: PublicView, names: Sequence[str], locale: str, start: int) -> int:
    """Where the current log message starts: ``start``, or the last trick when the message would be too long."""
    if len(log_text(view, names, locale, start)) <= LOG_LIMIT:
        return start
    return max(start, len(view.tricks) - 1)
