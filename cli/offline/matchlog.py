"""The offline match log (``match_log.txt``): one readable line per thing that matters, built from the engine's
events — each hand with the level it is played at and the dealer, the declarations (who declared what), the
trump and dealer when declaring closes, throws and failed throws with their penalties, each trick's winner and
points, and the settlement: the kitty, its points and multiplier, the defenders' total and why the levels
changed. Teams are always named the same way: ``Team A (South & North)``."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Sequence

from engine.events import (
    Declared,
    DeclaringClosed,
    Disqualified,
    Event,
    HandAwarded,
    HandSettled,
    HandStarted,
    MatchOver,
    Penalized,
    Redeal,
    ThrowFailed,
    TrickWon,
)
from engine.tricklead import is_throw
from engine.views import HandResult, PublicView
from i18n import t
from runtime.announce_procedures import log_line

log = logging.getLogger(__name__)


def cards(value: Sequence[object]) -> str:
    return " ".join(map(str, value)) or "-"


def team_label(team: int, names: Sequence[str], locale: str) -> str:
    """``Team A (South & North)`` — the one way the log names a team."""
    return t("ux.log.team", locale, team=t(f"render.team.{team}", locale),
             players=t("render.pair", locale, a=names[team], b=names[team + 2]))


def seat_label(seat: int, names: Sequence[str], locale: str) -> str:
    """``South (Team A)``."""
    return t("ux.log.seat", locale, name=names[seat], team=t(f"render.team.{seat % 2}", locale))


def trump_label(trump: str | None, locale: str) -> str:
    return t(f"render.suit.{trump}", locale) if trump else "?"


def settlement_lines(r: HandResult, names: Sequence[str], locale: str) -> list[str]:
    """The settlement of a hand: the kitty and its multiplier, the defenders' total, each team's level change and
    why (the defenders' points against the dealers' team, special rules named by their notes)."""
    defenders = 1 - r.dealer % 2
    lines = [t("ux.log.settled", locale, hand=r.hand_number, team=team_label(defenders, names, locale),
               points=r.defender_points, tricks=r.trick_points, bonus=f"{r.kitty_bonus:+d}"),
             t("ux.log.kitty" if r.kitty_multiplier else "ux.log.kitty_kept", locale, cards=cards(r.kitty),
               points=r.kitty_points, multiplier=r.kitty_multiplier, winner=seat_label(r.last_winner, names, locale))]
    why = "ux.log.take_over" if r.defenders_take_over else "ux.log.hold"
    lines.append(t(why, locale, points=r.defender_points, dealers=team_label(r.dealer % 2, names, locale),
                   defenders=team_label(defenders, names, locale)))
    for team in (0, 1):
        lines.append(t("ux.log.level_change", locale, team=team_label(team, names, locale),
                       before=r.levels_before[team], after=r.levels_after[team], gain=r.level_gains[team]))
    lines += ["  " + t(note, locale) for note in r.notes if note.startswith("settle.")]
    return lines


def hand_line(view: PublicView, names: Sequence[str], locale: str) -> str:
    """The first line of a hand, from the view (the first hand starts without a ``HandStarted`` event)."""
    dealer = seat_label(view.dealer, names, locale) if view.dealer is not None else t("ux.log.no_dealer", locale)
    return t("ux.log.hand", locale, hand=view.hand_number, level=view.level, dealer=dealer, a=view.levels[0],
             b=view.levels[1])


def lead_line(view: PublicView, names: Sequence[str], locale: str) -> str | None:
    """``West (Team B) throws (甩牌) KS KS QS`` when the trick was just led with a throw."""
    trick = view.trick
    if trick is None or len(trick.plays) != 1 or not is_throw(view, trick):
        return None
    seat, played = trick.plays[0]
    return t("ux.log.throw", locale, who=seat_label(seat, names, locale), cards=cards(played))


def is_trick_line(line: str, locale: str) -> bool:
    """A trick's line (the file has them all; the console leaves them out)."""
    return _trick_pattern(locale).fullmatch(line) is not None


@functools.cache
def _trick_pattern(locale: str) -> re.Pattern[str]:
    """The whole ``ux.log.trick`` line (a prefix alone also matched zh-CN's settlement line, "  第 N 局结算")."""
    marks = {key: f"\x00{key}\x00" for key in ("n", "who", "points", "total")}
    template = re.escape(t("ux.log.trick", locale, **marks))
    for key in marks:
        template = template.replace(re.escape(marks[key]), r"-?\d+" if key != "who" else ".+")
    return re.compile(template)


def event_lines(events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
    """The log lines of one change's public events."""
    out: list[str] = []
    for e in events:
        if not e.is_public:
            continue
        match e:
            case HandStarted():
                dealer = seat_label(e.dealer, names, locale) if e.dealer is not None else t("ux.log.no_dealer", locale)
                out += ["", t("ux.log.hand", locale, hand=e.hand_number, level=e.level, dealer=dealer,
                              a=e.levels[0], b=e.levels[1])]
            case Declared():
                out.append(t("ux.log.declared", locale, who=seat_label(e.seat, names, locale),
                             how=t(f"ux.log.how.{e.how}", locale),
                             cards=cards(e.cards), trump=trump_label(e.trump, locale)))
            case DeclaringClosed():
                how = "" if e.how == "declared" else f" ({e.how})"  # else: how the trump was set without one
                out.append(t("ux.log.trump", locale, trump=trump_label(e.trump, locale),
                             dealer=seat_label(e.dealer, names, locale)) + how)
            case Redeal():
                out.append(t("ux.log.redeal", locale, reason=e.reason))
            case ThrowFailed():
                out.append(t("ux.log.throw_failed", locale, who=seat_label(e.seat, names, locale),
                             attempted=cards(e.attempted), forced=cards(e.forced), penalty=f"{e.penalty:+d}"))
            case TrickWon():
                out.append(t("ux.log.trick", locale, n=e.trick_number, who=seat_label(e.seat, names, locale),
                             points=e.points, total=e.defender_points))
            case HandSettled():
                out += settlement_lines(e.result, names, locale)
            case Penalized() | HandAwarded() | Disqualified():
                out.append(log_line(e, team_label(e.team, names, locale), locale) or "")
            case MatchOver():
                winner = team_label(e.winner, names, locale) if e.winner is not None else "-"
                out.append(t("ux.log.match_over", locale, team=winner, a=e.levels[0], b=e.levels[1]))
    return out
