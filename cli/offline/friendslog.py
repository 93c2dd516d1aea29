"""The offline match log of 找朋友 (RULES §13): teams are not fixed, so players are named by themselves, the
dealer's friend calls and each friend's reveal get a line, and the settlement names the dealer's final team,
the defenders and every player's own level (``cli.offline.matchlog`` writes the fixed-partner log)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.events import (
    Declared,
    DeclaringClosed,
    Event,
    FriendJoined,
    FriendsCalled,
    HandSettled,
    HandStarted,
    MatchOver,
    Redeal,
    ThrowFailed,
    TrickWon,
)
from engine.views import HandResult
from i18n import t

log = logging.getLogger(__name__)


def _cards(value: Sequence[object]) -> str:
    return " ".join(map(str, value)) or "-"


def _trump(trump: str | None, locale: str) -> str:
    return t(f"render.suit.{trump}", locale) if trump else "?"


def levels_text(levels: Sequence[str], names: Sequence[str], locale: str) -> str:
    """``Player 1 2, Player 2 3, …``: every player's own level (§13.2)."""
    return t("outputs.friends.levels_sep", locale).join(
        t("outputs.friends.level", locale, name=name, level=level) for name, level in zip(names, levels, strict=False))


def hand_line(hand: int, level: str, dealer: int | None, levels: Sequence[str], names: Sequence[str],
              locale: str) -> str:
    """A hand's first line: the level it is played at (the dealer's own), the dealer, every player's level."""
    who = names[dealer] if dealer is not None else t("tricklog.no_dealer", locale)
    return t("outputs.friends.hand", locale, hand=hand, level=level, dealer=who,
             levels=levels_text(levels, names, locale))


def settlement_lines(r: HandResult, names: Sequence[str], locale: str) -> list[str]:
    """The dealer's final team and the defenders with their points (§13.5), the kitty, why, and each player's
    level change (§13.6–§13.7)."""
    team = r.team or (r.dealer,)
    sep = t("outputs.friends.names_sep", locale)
    defenders = [names[s] for s in range(len(names)) if s not in team]
    lines = [t("outputs.friends.team", locale, players=sep.join(names[s] for s in team)),
             t("outputs.friends.settled", locale, hand=r.hand_number, players=sep.join(defenders),
               points=r.defender_points, tricks=r.trick_points, bonus=f"{r.kitty_bonus:+d}"),
             t("tricklog.kitty" if r.kitty_multiplier else "tricklog.kitty_kept", locale, cards=_cards(r.kitty),
               points=r.kitty_points, multiplier=r.kitty_multiplier, winner=names[r.last_winner])]
    why = "outputs.friends.take_over" if r.defenders_take_over else "outputs.friends.hold"
    lines.append(t(why, locale, points=r.defender_points))
    for seat, name in enumerate(names):
        if r.level_gains[seat] or seat in team:
            lines.append(t("tricklog.level_change", locale, team=name, before=r.levels_before[seat],
                           after=r.levels_after[seat], gain=r.level_gains[seat]))
    return lines


def _calls(e: FriendsCalled, locale: str) -> str:
    return t("outputs.friends.calls_sep", locale).join(
        t("outputs.friends.call", locale, card=card, ordinal=ordinal) for card, ordinal in e.calls)


def event_lines(events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
    """The log lines of one change's public events at a 找朋友 table."""
    return [line for e in events if e.is_public for line in _lines(e, names, locale)]


def _lines(e: Event, names: Sequence[str], locale: str) -> list[str]:
    match e:
        case HandStarted():
            return ["", hand_line(e.hand_number, e.level, e.dealer, e.levels, names, locale)]
        case Declared():
            return [t("tricklog.declared", locale, who=names[e.seat], how=t(f"tricklog.how.{e.how}", locale),
                      cards=_cards(e.cards), trump=_trump(e.trump, locale))]
        case DeclaringClosed():
            how = "" if e.how == "declared" else f" ({e.how})"
            return [t("tricklog.trump", locale, trump=_trump(e.trump, locale), dealer=names[e.dealer]) + how]
        case FriendsCalled():
            return [t("outputs.friends.called", locale, who=names[e.seat], calls=_calls(e, locale))]
        case FriendJoined():
            return [t("outputs.friends.joined", locale, who=names[e.seat], card=e.card, ordinal=e.ordinal,
                      trick=e.trick)]
        case Redeal():
            return [t("tricklog.redeal", locale, reason=e.reason)]
        case ThrowFailed():
            return [t("tricklog.throw_failed", locale, who=names[e.seat], attempted=_cards(e.attempted),
                      forced=_cards(e.forced), penalty=f"{e.penalty:+d}")]
        case TrickWon():
            return [t("tricklog.trick", locale, n=e.trick_number, who=names[e.seat], points=e.points,
                      total=e.defender_points)]
        case HandSettled():
            return settlement_lines(e.result, names, locale)
        case MatchOver():
            result = names[e.winner] if e.winner is not None else t("tricklog.drawn", locale)
            return [t("outputs.friends.match_over", locale, why=t(f"tricklog.why.{e.reason.value}", locale),
                      winner=result, levels=levels_text(e.levels, names, locale))]
    return []
