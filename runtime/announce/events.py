"""Announcements derived from engine events: message keys (``i18n/announce.py``) with parameters.

Cards are given as canonical text (``"10H 10H"``); names are the seats' display names; ``user_id``
is set when a human should be mentioned (their turn, a reminder, a move made for them).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from data.records import TableRecord
from engine.cards import Card, format_cards
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
    TimeCalled,
)
from engine.views import Phase, PublicView
from runtime.announce.gains import gains_announcement
from runtime.announce.procedures import procedure_announcement
from runtime.announce.rounds import round_announcement, same_window, turn_prompt
from runtime.presenter import Announcement

log = logging.getLogger(__name__)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(format_cards(cards))


def _match_over(rec: TableRecord, team: int | None, reason: str) -> Announcement:
    """The winners as ``a`` and ``b`` (the catalogue joins them: ``alice & carol`` / ``小明和小红``); no winner
    (a timed match that ends level) is ``announce.match_drawn``. A team of six or eight seats names all its
    players, and in 找朋友 the winner is the player who passed the end level (RULES §13.7): ``announce.match_won``."""
    if team is None:
        return Announcement("announce.match_drawn", {"reason": reason})
    if not rec.rules.shape.fixed_partners:
        return Announcement("announce.match_won", {"names": rec.names[team], "reason": reason})
    members = rec.names[team::2]
    if len(members) > 2:
        return Announcement("announce.match_won", {"names": ", ".join(members), "reason": reason})
    return Announcement("announce.match_over", {"a": members[0], "b": members[1], "reason": reason})


def _levels(rec: TableRecord, levels: Sequence[str]) -> str:
    """The levels after a hand: the two teams' (``3 / 2``), or in 找朋友 each player's by name (``alice 3 / bob 2 /
    …``, RULES §13.7)."""
    if rec.rules.shape.fixed_partners:
        return " / ".join(levels)
    return " / ".join(f"{name} {level}" for name, level in zip(rec.names, levels, strict=False))


def from_events(rec: TableRecord, events: Sequence[Event], view: PublicView | None = None) -> list[Announcement]:
    """Announcements for the public events of one change (``view``: the table after it, naming a 找朋友 team)."""
    out: list[Announcement] = []
    for e in events:
        if e.is_public:
            note = _friends_announcement(rec, e, view) or _announcement(rec, e)
            if note is not None:
                out.append(note)
            gains = gains_announcement(rec, e.result) if isinstance(e, HandSettled) else None
            if gains is not None:  # outside the standard game: who gained what, and why
                out.append(gains)
    return out


def calls_param(calls: Sequence[tuple[str, int]]) -> str:
    """Friend calls as one announcement parameter: ``"KC:2 AH:1"`` (card, ordinal; the interfaces word it, "the 2nd
    K♣")."""
    return " ".join(f"{card}:{ordinal}" for card, ordinal in calls)


def _friends_announcement(rec: TableRecord, event: Event, view: PublicView | None) -> Announcement | None:
    """找朋友 (RULES §13.3-§13.4): the dealer's calls, public as play begins; a friend revealed, once, with the copy
    that revealed it and the dealer's team as it now stands."""
    names = rec.names
    match event:
        case FriendsCalled(seat=seat, calls=calls) if not calls:
            return Announcement("announce.friends_none", {"name": names[seat]}, seat=seat)
        case FriendsCalled(seat=seat, calls=calls):
            return Announcement("announce.friends_called", {"name": names[seat], "calls": calls_param(calls)},
                                seat=seat)
        case FriendJoined(seat=seat, card=card, ordinal=ordinal):
            friends = view.friends if view is not None else None
            team = friends.team if friends is not None and seat in friends.team else (seat,)
            dealer = friends.dealer if friends is not None else seat
            return Announcement("announce.friend_joined", {
                "name": names[seat], "call": calls_param([(str(card), ordinal)]), "dealer": names[dealer],
                "team": ", ".join(names[s] for s in team)}, seat=seat)
    return None


def _announcement(rec: TableRecord, event: Event) -> Announcement | None:
    names = rec.names
    special = round_announcement(rec, event) or procedure_announcement(rec, event)  # 暗扣暗反, 换庄, 罚则
    if special is not None:
        return special
    match event:
        case HandStarted(hand_number=hand, level=level, dealer=dealer):
            return Announcement("announce.hand_started", {
                "hand": hand, "level": level, "dealer": names[dealer] if dealer is not None else "-"})
        case Declared(seat=seat, cards=cards, trump=trump, how=how):
            return Announcement(f"announce.{how}", {"name": names[seat], "cards": _cards(cards), "trump": trump},
                                seat=seat)
        case DeclaringClosed(trump=trump, dealer=dealer):
            return Announcement("announce.declaring_closed", {"trump": trump, "dealer": names[dealer]}, seat=dealer)
        case Redeal(reason=reason):
            return Announcement("announce.redeal", {"reason": reason})
        case ThrowFailed(seat=seat):
            return Announcement("announce.throw_failed", {
                "name": names[seat], "attempted": _cards(event.attempted), "forced": _cards(event.forced),
                "beaten": _cards(event.beaten_unit), "penalty": event.penalty}, seat=seat)
        case HandSettled(result=r) if r.match_winner is not None:  # the last hand: nobody deals next
            return Announcement("announce.hand_final", {
                "hand": r.hand_number, "points": r.defender_points, "levels": _levels(rec, r.levels_after)})
        case HandSettled(result=r):
            laps = r.laps_after != (0, 0)  # timed_laps: the laps go with the levels (negative levels read -1)
            return Announcement("announce.hand_settled_laps" if laps else "announce.hand_settled", {
                "hand": r.hand_number, "points": r.defender_points, "levels": _levels(rec, r.levels_after),
                "laps": " / ".join(map(str, r.laps_after)), "dealer": names[r.next_dealer]})
        case MatchOver(winner=winner, reason=reason):
            return _match_over(rec, winner, reason)
        case TimeCalled():
            return Announcement("announce.time_called", {})
    return None


def turn_prompts(rec: TableRecord, before: PublicView | None, after: PublicView) -> list[Announcement]:
    """Mention the humans who now have to act (a new turn, or the declaration window opening)."""
    out: list[Announcement] = []
    if after.phase in (Phase.DEALING, Phase.HAND_OVER, Phase.MATCH_OVER):
        return out
    was = set(before.to_act) if before is not None and same_window(before, after) else set()
    for seat in after.to_act:
        occupant = rec.seats[seat]
        if occupant is None or occupant.autopilot or seat in was:
            continue
        key, params = turn_prompt(after)
        out.append(Announcement(key, {"name": occupant.name, **params}, user_id=occupant.user_id, seat=seat))
    return out
