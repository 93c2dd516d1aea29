"""Penalties the clock or a referee gives (罚则): pure, recorded on the table, replayed with its actions.

- ``Penalize(team, points)``: 罚分 — ``points`` go to the other side in the hand in progress (the defenders'
  points move up when the dealer team is penalized, down when the defenders are); ``points`` 0 is a warning
  (警告), recorded only, allowed at any time. Points need a hand whose dealer is known and not yet settled.
- ``AwardHand(team)``: 判负一副 (seed 001 违纪规则 5: "若挣分方为出错方，则庄家升一级；若庄家为出错方，则挣分方上台"):
  the hand ends now; given to the dealer team it is settled as the smallest score that climbs one level
  (standard table: 40), given to the defenders as the smallest that takes the stage (80). No kitty bonus.
- ``Disqualify(team)``: 取消比赛资格 — the match ends, won by the other team (reason ``disqualified``).

Every sanction is kept in ``Table.sanctions`` (``PublicView.sanctions``) for the hand and match summaries.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from engine.actions import SANCTION_REASONS, SanctionReason
from engine.cards import Card
from engine.errors import IllegalAction
from engine.hand import HandState
from engine.playing import Playing
from engine.settlement import level_gain, settle_hand
from engine.trick import trick_winner
from engine.views import HandResult, Phase, Sanction

log = logging.getLogger(__name__)

MAX_POINTS = 400
AWARD_PHASES = (Phase.BURYING, Phase.KITTY_OVERCALL, Phase.PLAYING)


def check(team: int, points: int, reason: SanctionReason) -> None:
    """A sanction's own values: team 0/1, points 0…400 in steps of 5, a known reason."""
    if team not in (0, 1):
        raise IllegalAction("sanction.bad_team", team=team)
    if not 0 <= points <= MAX_POINTS or points % 5:
        raise IllegalAction("sanction.bad_points", points=points)
    if reason not in SANCTION_REASONS:
        raise IllegalAction("action.invalid", action=reason)


def hand_open(hand: HandState) -> bool:
    """A hand a penalty's points can go into: its dealer is known and it is not settled."""
    return hand.dealer is not None and hand.phase is not Phase.HAND_OVER


def penalize(hand: HandState, team: int, points: int, reason: SanctionReason) -> tuple[Sanction, int | None]:
    """Apply a penalty to ``hand`` (validated first); the sanction and the defenders' points after it."""
    check(team, points, reason)
    if points == 0:
        return Sanction(hand.number, team, 0, "warning", reason), (hand.defender_points if hand_open(hand) else None)
    if not hand_open(hand):
        raise IllegalAction("sanction.no_hand")
    assert hand.dealer is not None
    hand.defender_points += points if team == hand.dealer % 2 else -points
    log.info("hand %d: team %d penalized %d (%s)", hand.number, team, points, reason)
    return Sanction(hand.number, team, points, "penalty", reason), hand.defender_points


def award_points(hand: HandState, team: int) -> int:
    """The score that settles ``hand`` for ``team``: the smallest that climbs the dealer team one level, or
    the smallest that takes the stage for the defenders (the rules' level table decides)."""
    assert hand.dealer is not None
    dealers = team == hand.dealer % 2
    for points in range(0, MAX_POINTS + 5, 5):
        gain, take_over = level_gain(points, hand.rules)
        if dealers and not take_over and gain == 1:
            return points
        if not dealers and take_over:
            return points
    return 0 if dealers else MAX_POINTS


def award(hand: HandState, team: int, reason: SanctionReason, levels: tuple[str, str],
          laps: tuple[int, int]) -> tuple[Sanction, HandResult]:
    """Settle ``hand`` now in favour of ``team`` (validated first); the sanction and the hand's result."""
    check(team, 0, reason)
    if hand.phase not in AWARD_PHASES or hand.dealer is None or hand.trump is None:
        raise IllegalAction("sanction.no_hand")
    points = award_points(hand, team)
    result = settle_hand(rules=hand.rules, hand_number=hand.number, level=hand.level, trump=hand.trump,
                         dealer=hand.dealer, levels=levels, trick_points=points, kitty=(), last_play=(),
                         last_winner=hand.dealer, lead=(), burier=hand.kitty_holder, laps=laps)
    hand.end()
    log.info("hand %d awarded to team %d (%s)", hand.number, team, reason)
    return Sanction(hand.number, 1 - team, 0, "award", reason), replace(result, kitty=tuple(hand.kitty))


def can_undo(hand: HandState, seat: int) -> bool:
    """悔牌: ``seat`` made the latest play of the trick in progress (nobody played since), and it was not a
    failed throw (whose penalty stands)."""
    if hand.phase is not Phase.PLAYING or not hand.trick or hand.trick[-1][0] != seat:
        return False
    failed = hand.penalties[-1] if hand.penalties else None
    return not (len(hand.trick) == 1 and failed is not None and failed.seat == seat
                and failed.forced == hand.trick[0][1])


def undo(hand: HandState, seat: int) -> tuple[Card, ...]:
    """Take back ``seat``'s latest play (validated first): the cards return to its hand; its turn again."""
    play = hand.state
    if not isinstance(play, Playing) or not can_undo(hand, seat):
        raise IllegalAction("undo.not_possible")
    _, cards = play.trick.pop()
    hand.hands[seat].extend(cards)
    if play.trick:
        plays = [c for _, c in play.trick]
        play.winning = play.trick[trick_winner(plays, hand.ctx())][0]
    else:
        play.winning = seat
    log.info("hand %d: seat %d takes back %d cards", hand.number, seat, len(cards))
    return cards


def disqualify(hand: HandState, team: int, reason: SanctionReason) -> Sanction:
    check(team, 0, reason)
    return Sanction(hand.number, team, 0, "disqualify", reason)
