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

from cli.offline import friendslog
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
from engine.rules import MatchEnd
from engine.tricklead import is_throw
from engine.views import HandResult, PublicView
from i18n import t
from i18n.levels import level_short
from runtime import log_line

log = logging.getLogger(__name__)


def cards(value: Sequence[object]) -> str:
    return " ".join(map(str, value)) or "-"


def team_label(team: int, names: Sequence[str], locale: str) -> str:
    """``Team A (South & North)`` — the one way the log names a team (six or eight seats: all its players)."""
    members = names[team::2]
    players = t("render.pair", locale, a=members[0], b=members[1]) if len(members) == 2 else ", ".join(members)
    return t("tricklog.team", locale, team=t(f"render.team.{team}", locale), players=players)


def _friends(view: PublicView | None) -> bool:
    """找朋友 (RULES §13): no fixed teams, the log of ``cli.offline.friendslog``."""
    return view is not None and not view.rules.shape.fixed_partners


def seat_label(seat: int, names: Sequence[str], locale: str) -> str:
    """``South (Team A)``."""
    return t("tricklog.seat", locale, name=names[seat], team=t(f"render.team.{seat % 2}", locale))


def trump_label(trump: str | None, locale: str) -> str:
    return t(f"render.suit.{trump}", locale) if trump else "?"


def credits_of(view: PublicView | None, until: int | None = None) -> tuple[int, int] | None:
    """The duplicate format's credited levels (16 fixed deals: the teams do not climb) so far, or up to hand
    ``until``; ``None`` in any other format."""
    if view is None or view.rules.match_end is not MatchEnd.FIXED_DEALS:
        return None
    done = [r for r in view.results if until is None or r.hand_number <= until]
    return sum(r.level_gains[0] for r in done), sum(r.level_gains[1] for r in done)


def settlement_lines(r: HandResult, names: Sequence[str], locale: str,
                     credited: tuple[int, int] | None = None) -> list[str]:
    """The settlement of a hand: the kitty and its multiplier, the defenders' total, each team's level change (with
    its lap, ``timed_laps``) or, in the duplicate format, the levels credited and their total so far (``credited``),
    and why (the defenders' points against the dealers' team, special rules named by their notes)."""
    defenders = 1 - r.dealer % 2
    lines = [t("tricklog.settled", locale, hand=r.hand_number, team=team_label(defenders, names, locale),
               points=r.defender_points, tricks=r.trick_points, bonus=f"{r.kitty_bonus:+d}"),
             t("tricklog.kitty" if r.kitty_multiplier else "tricklog.kitty_kept", locale, cards=cards(r.kitty),
               points=r.kitty_points, multiplier=r.kitty_multiplier, winner=seat_label(r.last_winner, names, locale))]
    why = "tricklog.take_over" if r.defenders_take_over else "tricklog.hold"
    lines.append(t(why, locale, points=r.defender_points, dealers=team_label(r.dealer % 2, names, locale),
                   defenders=team_label(defenders, names, locale)))
    for team in (0, 1):
        if credited is not None:
            lines.append(t("tricklog.credited", locale, team=team_label(team, names, locale), gain=r.level_gains[team],
                           total=credited[team]))
            continue
        lines.append(t("tricklog.level_change", locale, team=team_label(team, names, locale),
                       before=level_short(r.levels_before[team], r.laps_before[team]),
                       after=level_short(r.levels_after[team], r.laps_after[team]), gain=r.level_gains[team]))
    lines += ["  " + t(note, locale) for note in r.notes if note.startswith("settle.")]
    return lines


def hand_line(view: PublicView, names: Sequence[str], locale: str) -> str:
    """The first line of a hand, from the view (the first hand starts without a ``HandStarted`` event)."""
    if _friends(view):
        return friendslog.hand_line(view.hand_number, view.level, view.dealer, view.levels, names, locale)
    dealer = seat_label(view.dealer, names, locale) if view.dealer is not None else t("tricklog.no_dealer", locale)
    return _hand(view.hand_number, view.level, dealer, view.levels, view, locale)


def _hand(hand: int, level: str, dealer: str, levels: Sequence[str], view: PublicView | None, locale: str) -> str:
    """A hand's first line: the level it is played at and the dealer, and the teams' levels (with laps); a duplicate
    deal says its levels are credited instead (the teams' levels do not move)."""
    if credits_of(view) is not None:
        return t("tricklog.hand_deal", locale, hand=hand, level=level, dealer=dealer)
    laps = view.laps if view is not None else (0, 0)
    return t("tricklog.hand", locale, hand=hand, level=level, dealer=dealer, a=level_short(levels[0], laps[0]),
             b=level_short(levels[1], laps[1]))


def lead_line(view: PublicView, names: Sequence[str], locale: str) -> str | None:
    """``West (Team B) throws (甩牌) KS KS QS`` when the trick was just led with a throw."""
    trick = view.trick
    if trick is None or len(trick.plays) != 1 or not is_throw(view, trick):
        return None
    seat, played = trick.plays[0]
    who = names[seat] if _friends(view) else seat_label(seat, names, locale)
    return t("tricklog.throw", locale, who=who, cards=cards(played))


def is_trick_line(line: str, locale: str) -> bool:
    """A trick's line (the file has them all; the console leaves them out)."""
    return _trick_pattern(locale).fullmatch(line) is not None


@functools.cache
def _trick_pattern(locale: str) -> re.Pattern[str]:
    """The whole ``tricklog.trick`` line (a prefix alone also matched zh-CN's settlement line, "  第 N 局结算")."""
    marks = {key: f"\x00{key}\x00" for key in ("n", "who", "points", "total")}
    template = re.escape(t("tricklog.trick", locale, **marks))
    for key in marks:
        template = template.replace(re.escape(marks[key]), r"-?\d+" if key != "who" else ".+")
    return re.compile(template)


def event_lines(events: Sequence[Event], names: Sequence[str], locale: str,
                view: PublicView | None = None) -> list[str]:
    """The log lines of one change's public events (``view``, the table after them: its rules, laps and results)."""
    if _friends(view):
        return friendslog.event_lines(events, names, locale)
    return _team_event_lines(events, names, locale, view)


def _team_event_lines(events: Sequence[Event], names: Sequence[str], locale: str,
                      view: PublicView | None) -> list[str]:
    """``event_lines`` at a table of fixed partners."""
    out: list[str] = []
    credited = credits_of(view)
    for e in events:
        if not e.is_public:
            continue
        match e:
            case HandStarted():
                dealer = (seat_label(e.dealer, names, locale) if e.dealer is not None
                          else t("tricklog.no_dealer", locale))
                out += ["", _hand(e.hand_number, e.level, dealer, e.levels, view, locale)]
            case Declared():
                out.append(t("tricklog.declared", locale, who=seat_label(e.seat, names, locale),
                             how=t(f"tricklog.how.{e.how}", locale),
                             cards=cards(e.cards), trump=trump_label(e.trump, locale)))
            case DeclaringClosed():
                how = "" if e.how == "declared" else f" ({e.how})"  # else: how the trump was set without one
                out.append(t("tricklog.trump", locale, trump=trump_label(e.trump, locale),
                             dealer=seat_label(e.dealer, names, locale)) + how)
            case Redeal():
                out.append(t("tricklog.redeal", locale, reason=e.reason))
            case ThrowFailed():
                out.append(t("tricklog.throw_failed", locale, who=seat_label(e.seat, names, locale),
                             attempted=cards(e.attempted), forced=cards(e.forced), penalty=f"{e.penalty:+d}"))
            case TrickWon():
                out.append(t("tricklog.trick", locale, n=e.trick_number, who=seat_label(e.seat, names, locale),
                             points=e.points, total=e.defender_points))
            case HandSettled():
                out += settlement_lines(e.result, names, locale, credits_of(view, e.result.hand_number))
            case Penalized() | HandAwarded() | Disqualified():
                out.append(log_line(e, team_label(e.team, names, locale), locale) or "")
            case MatchOver():
                out.append(_match_over(e, names, locale, view, credited))
    return out


def _match_over(e: MatchOver, names: Sequence[str], locale: str, view: PublicView | None,
                credited: tuple[int, int] | None) -> str:
    """``Match over (time was called): Team B (East & West) wins; final levels Team A 3·4, Team B 4·5``."""
    result = t("tricklog.wins", locale, team=team_label(e.winner, names, locale)) if e.winner is not None else \
        t("tricklog.drawn", locale)
    why = t(f"tricklog.why.{e.reason.value}", locale)
    if credited is not None:
        return t("tricklog.match_over_credits", locale, why=why, result=result, a=credited[0], b=credited[1])
    laps = view.laps if view is not None else (0, 0)
    return t("tricklog.match_over", locale, why=why, result=result, a=level_short(e.levels[0], laps[0]),
             b=level_short(e.levels[1], laps[1]))
