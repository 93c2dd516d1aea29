"""The end of a 找朋友 hand — RULES §13.5–§13.8: points carried by players, levels per player, the next dealer.

Point cards stay with the player who won them; at the end the defenders' points P are those of the players not on
the dealer's final team (a friend brings its points along), throw penalties counted by the thrower's final team.
The last trick's winner takes the kitty × the multiplier (§12.5) for the defenders if it ends a defender. P goes
through the level table for the deck count (§12.5), whatever the team sizes. Every member of the winning side
climbs from its own level; a dealer's team smaller than friends + 1 that wins gains one more (``small_team_bonus``).
A player passes the end level (and a must-play rank) only as a winning dealer's-team member in a hand played at
that level. Next dealer: the first seat after the dealer on the winning side (the dealer itself if it played
alone and won).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.cards import Card, card_points
from engine.choices import DealerRotation
from engine.friends import Friends
from engine.levels import Level, capped_points, climb, level_gain, level_index
from engine.rules import Rules
from engine.settlement import kitty_multiplier
from engine.trump import Trump
from engine.views import HandResult, ThrowFailure, TrickView

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FriendsResult:
    """The settlement of one 找朋友 hand; per-seat tuples are indexed by seat."""

    team: tuple[int, ...]  # the dealer's final team
    trick_points: int  # defenders' points from tricks and penalties, before the kitty bonus
    kitty_points: int
    kitty_multiplier: int  # 0 when a dealer's-team member won the last trick
    kitty_bonus: int
    defender_points: int  # final P (never below 0)
    defenders_take_over: bool
    levels_before: tuple[Level, ...]
    levels_after: tuple[Level, ...]
    level_gains: tuple[int, ...]  # steps each seat moved
    next_dealer: int
    winners: tuple[int, ...]  # seats that passed the end level (won the match)


def defender_points(won: Mapping[int, int], penalties: Mapping[int, int], team: Sequence[int]) -> int:
    """P from the points each seat won and each thrower's penalties (magnitudes): a defender's won points count;
    a penalty adds to P when its thrower ends on the dealer's team, else subtracts (§4, §13.5)."""
    points = sum(p for seat, p in won.items() if seat not in team)
    return points + sum(p if seat in team else -p for seat, p in penalties.items())


def next_friends_dealer(dealer: int, team: Sequence[int], dealer_team_won: bool, players: int,
                        rules: Rules) -> int:
    """§13.8: the first seat after the dealer on the winning side (the dealer's team: the dealer itself last;
    ``dealer_rotation: same_player`` keeps the dealer when its team wins)."""
    if dealer_team_won and rules.dealer_rotation is DealerRotation.SAME_PLAYER:
        return dealer
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if (seat in team) == dealer_team_won:
            return seat
    return dealer


def settle_friends(*, rules: Rules, level: str, trump: str, dealer: int, levels: Sequence[str],
                   team: Sequence[int], trick_points: int, kitty: Sequence[Card], last_play: Sequence[Card],
                   last_winner: int, lead: Sequence[Card] | None = None) -> FriendsResult:
    """Settle a 找朋友 hand played at ``level`` (the dealer's): ``levels`` per seat before the hand, ``team`` the
    dealer's final team, ``trick_points`` the defenders' P before the kitty (penalties in), ``last_play`` /
    ``last_winner`` the last trick's winning play and seat, ``lead`` its lead (the multiplier reads its units)."""
    players = len(levels)
    members = set(team) | {dealer}
    pot = card_points(kitty)
    multiplier = 0 if last_winner in members else kitty_multiplier(lead or last_play, level, trump, rules)
    points = max(0, capped_points(trick_points + pot * multiplier, rules))
    gain, take_over = level_gain(points, rules)
    climbers = [s for s in range(players) if (s in members) != take_over]
    if not take_over and rules.small_team_bonus and len(members) < rules.friend_calls + 1:
        gain += 1
    after = [Level.parse(v) for v in levels]
    winners: list[int] = []
    for seat in climbers:
        as_dealer = not take_over and levels[seat] == level  # a hand played at this member's own level
        new, won, _ = climb(levels[seat], gain, rules, as_dealer)
        after[seat] = Level.parse(new)
        if won:
            winners.append(seat)
    gains = tuple(level_index(after[s]) - level_index(levels[s]) for s in range(players))
    log.info("找朋友 hand settled: P=%d team=%s gains=%s", points, sorted(members), gains)
    return FriendsResult(
        team=tuple(team), trick_points=trick_points, kitty_points=pot, kitty_multiplier=multiplier,
        kitty_bonus=pot * multiplier, defender_points=points, defenders_take_over=take_over,
        levels_before=tuple(Level.parse(v) for v in levels), levels_after=tuple(after), level_gains=gains,
        next_dealer=next_friends_dealer(dealer, tuple(members), not take_over, players, rules),
        winners=tuple(winners))


class FriendsHand(Protocol):
    """What a 找朋友 settlement reads of a finished hand (``engine.hand.HandState``)."""

    rules: Rules
    number: int
    level: Level
    trump: Trump | None
    dealer: int | None
    kitty: list[Card]
    tricks: list[TrickView]
    penalties: list[ThrowFailure]
    won: list[int]
    friends: Friends | None


def friends_hand_result(hand: FriendsHand, levels: tuple[Level, ...], winning_play: Sequence[Card],
                        last_winner: int) -> HandResult:
    """The ``HandResult`` of a finished 找朋友 hand: per-seat levels and gains, the dealer's final ``team``; P from
    the points each player carries and the penalties by the thrower's final team (§13.5)."""
    friends, dealer, trump = hand.friends, hand.dealer, hand.trump
    assert friends is not None and dealer is not None and trump is not None
    penalties: dict[int, int] = {}
    for p in hand.penalties:
        penalties[p.seat] = penalties.get(p.seat, 0) + abs(p.penalty)
    points = defender_points(dict(enumerate(hand.won)), penalties, friends.team)
    result = settle_friends(rules=hand.rules, level=hand.level, trump=trump, dealer=dealer, levels=levels,
                            team=friends.team, trick_points=points, kitty=hand.kitty, last_play=winning_play,
                            last_winner=last_winner, lead=hand.tricks[-1].plays[0][1])
    return HandResult(
        hand_number=hand.number, dealer=dealer, level=hand.level, trump=Trump.parse(trump), kitty=tuple(hand.kitty),
        kitty_points=result.kitty_points, trick_points=points, kitty_multiplier=result.kitty_multiplier,
        kitty_bonus=result.kitty_bonus, defender_points=result.defender_points, last_winner=last_winner,
        levels_before=result.levels_before, levels_after=result.levels_after, level_gains=result.level_gains,
        defenders_take_over=result.defenders_take_over, next_dealer=result.next_dealer,
        match_winner=result.winners[0] if result.winners else None, burier=dealer, team=result.team)
