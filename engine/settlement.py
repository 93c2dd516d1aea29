"""End of a hand (RULES §8): kitty bonus (抠底), level change, 钩J / A bottom, next dealer, match end.

``settle_hand`` is pure: the table passes the hand's facts and stores the ``HandResult``. Level tables,
``max_gain``, ``points_cap``, ``end_level`` and ``must_play`` live in ``engine.levels`` (re-exported here).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.cards import RANKS, Card, card_points
from engine.errors import EngineError, IllegalAction
from engine.levels import Level, advance, capped_points, climb, deduct, lap_track, level_gain, level_index, table_gain
from engine.rules import BlockedGain, DealerRotation, KittyGuard, KittyMultiplier, MatchEnd, Rules
from engine.trump import Trump, trump_context
from engine.units import Unit, UnitKind, decompose, decompose_lead
from engine.views import HandResult

log = logging.getLogger(__name__)

__all__ = [
    "FIXED_DEAL_LEVELS", "advance", "fixed_deal", "fixed_deals_totals", "fixed_deals_winner", "kitty_multiplier",
    "kitty_outcome", "largest_unit", "level_gain", "multiplier_for_unit", "next_dealer", "settle_hand", "timed_winner",
]

#: 附件3 duplicate format: the level of each of the 16 deals, whatever the results.
FIXED_DEAL_LEVELS: tuple[str, ...] = ("2", "3", "4", "5", "5", "6", "7", "8", "9", "10", "10", "J", "Q", "K", "K", "A")
POWER_CAP = 64
RELIEF_POINTS = 40  # 落实政策: below this the dealer team keeps J / A


def largest_unit(play: Sequence[Card], level: str, trump: str, rules: Rules) -> Unit:
    """The play's largest unit: the one with the most cards, a tractor before a tuple of as many (RULES §4, §12.5;
    with two decks: the longest tractor, else a pair, else a single).

    A winning play is always of one effective suit; a mixed play is read suit by suit."""
    ctx = trump_context(level, trump, rules)
    try:
        units = list(decompose_lead(play, ctx).units)
    except IllegalAction:
        suits = {ctx.suit_of(c) for c in play}
        units = [u for s in suits for u in decompose([c for c in play if ctx.suit_of(c) == s], ctx)]
    return max(units, key=lambda u: (len(u.cards), u.kind is UnitKind.TRACTOR))


def unit_shape(cards: Sequence[Card]) -> tuple[int, int]:
    """A unit's (width, length): copies per rank and ranks (§12.2: a single (1, 1), a pair (2, 1), a tractor of n
    pairs (2, n), a triple (3, 1))."""
    copies: dict[Card, int] = {}  # (a dict, not a ``Counter``: compiled, read and written natively)
    for card in cards:
        copies[card] = copies.get(card, 0) + 1
    width = max(copies.values())
    return width, len(cards) // width


def multiplier_for_unit(unit: Unit, rules: Rules) -> int:
    """Option ``kitty_multiplier`` for a unit of width w and length L (§8, §12.5): doubling 2^(w+L−1) (2/4/8/16…
    for singles, pairs and tractors of pairs; a triple 8), by_cards 2×cards, by_pairs 2×(⌊cards/2⌋+1), power
    2^cards (at most 64), flat 2."""
    policy = rules.kitty_multiplier
    size = len(unit.cards)
    if policy is KittyMultiplier.DOUBLING:
        width, length = unit_shape(unit.cards)
        return 1 << (width + length - 1)
    if policy is KittyMultiplier.BY_CARDS:
        return 2 * size
    if policy is KittyMultiplier.BY_PAIRS:
        return 2 * (size // 2 + 1)
    if policy is KittyMultiplier.POWER:
        return min(POWER_CAP, 1 << size)
    return 2


def kitty_multiplier(last_play: Sequence[Card], level: str, trump: str, rules: Rules) -> int:
    """The kitty multiplier (抠底倍数) of the last trick's winning play, from its largest unit."""
    if not last_play:
        raise IllegalAction("play.empty")
    return multiplier_for_unit(largest_unit(last_play, level, trump, rules), rules)


def next_dealer(dealer: int, dealer_team_won: bool, rules: Rules) -> int:
    """Dealer team wins → the partner deals (轮庄; ``same_player`` keeps the dealer); defenders win → the
    seat after the old dealer (下家). ``fixed_deals``: seats deal in turn whatever the result. With fixed partners
    at 6 or 8 seats (even against odd seats): the next seat of the winning team after the dealer (§13.8)."""
    shape = rules.shape
    if rules.match_end is MatchEnd.FIXED_DEALS or not dealer_team_won:
        return shape.next_seat(dealer)
    return shape.next_seat(dealer, 2) if rules.dealer_rotation is DealerRotation.PARTNER else dealer


def bottom_drop(level: str, last_play: Sequence[Card], rules: Rules) -> tuple[str, str] | None:
    """钩J / A bottom when the defenders won the last trick: (level the dealer team drops to, note key).

    ``jack_bottom``: at J, a winning play containing a J (any suit) → 2. ``ace_bottom``: at A, a play
    with a pair of As (two identical As, RULES §4 pair) → 2, else with any A → J."""
    if level == "J" and rules.jack_bottom and any(c.rank == "J" for c in last_play):
        return "2", "settle.jack_bottom"
    if level == "A" and rules.ace_bottom:
        aces = Counter(c for c in last_play if c.rank == "A")
        if aces and max(aces.values()) >= 2:
            return "2", "settle.ace_bottom_pair"
        if aces:
            return "J", "settle.ace_bottom_single"
    return None


@dataclass(frozen=True)
class _Kitty:
    """The kitty's points and what they do to the defenders' points (抠底 / 保底)."""

    points: int
    multiplier: int  # 0 when the kitty counts for nobody
    bonus: int  # added to the defenders' points (negative: 谁扣底谁保底)


def kitty_outcome(*, kitty: Sequence[Card], lead: Sequence[Card], level: str, trump: str, rules: Rules,
                  defenders_last: bool, burier_is_defender: bool) -> _Kitty:
    """RULES §8: defenders winning the last trick add kitty points × the multiplier of the lead's units
    (a pair ruffing two led singles counts as singles); under ``kitty_guard: burier`` a defender's burial won
    back by the dealer team subtracts them."""
    points = card_points(kitty)
    guarded = rules.kitty_guard is KittyGuard.BURIER and burier_is_defender
    if not defenders_last and not guarded:
        return _Kitty(points, 0, 0)
    multiplier = kitty_multiplier(lead, level, trump, rules)
    return _Kitty(points, multiplier, points * multiplier if defenders_last else -points * multiplier)


@dataclass
class _Climb:
    """The match side of one settlement: levels, laps, the winner and notes, as they are worked out."""

    levels: list[str]
    laps: list[int]
    winner: int | None = None
    notes: list[str] = field(default_factory=list)


def _level_change(state: _Climb, *, rules: Rules, level: str, dealer_team: int, points: int,
                  last_play: Sequence[Card] | None, take_over: bool, gain: int) -> bool:
    """Apply 钩J / A bottom (with 落实政策), the climb, ``blocked_gain`` and laps; return whether the dealer
    team keeps the deal as a winning dealer team."""
    defenders = 1 - dealer_team
    drop = bottom_drop(level, last_play, rules) if last_play is not None else None
    as_dealer = True
    if drop is not None and rules.bottom_relief and points < RELIEF_POINTS:
        state.notes.append("settle.bottom_relief")  # 落实政策: no drop, no gain, the deal stays
        return True
    if drop is not None:
        state.levels[dealer_team], as_dealer = drop[0], False
        state.notes.append(drop[1])
    climber = defenders if take_over else dealer_team
    # 此时2非必打 frees only the gain of the team that dropped to 2 (the dealers keeping the deal), never the
    # defenders' climb on a take-over: defenders at a must-play 2 stay on it and the cut is deducted (RULES §8)
    free_two = drop is not None and rules.bottom_relief and drop[0] == "2" and not take_over
    state.levels[climber], won, cut = climb(state.levels[climber], gain, rules, as_dealer and not take_over,
                                            free_two)
    if cut:
        state.notes.append("settle.must_play_stop")
        if rules.blocked_gain is not BlockedGain.LOST:
            other = 1 - climber
            negative = rules.blocked_gain is BlockedGain.DEDUCTED_NEGATIVE
            state.levels[other] = deduct(state.levels[other], cut, negative)
            state.notes.append("settle.blocked_deducted")
    if won and rules.match_end is MatchEnd.TIMED_LAPS:
        state.laps[dealer_team] += 1  # 打过A: a lap, and the climb starts again from 2
        state.levels[dealer_team] = RANKS[0]
        state.notes.append("settle.lap")
    elif won:
        state.winner = dealer_team
        state.notes.append("settle.match_won")
    return not take_over


def settle_hand(
    *,
    rules: Rules,
    hand_number: int,
    level: str,
    trump: str,
    dealer: int,
    levels: tuple[str, str],
    trick_points: int,
    kitty: Sequence[Card],
    last_play: Sequence[Card],
    last_winner: int,
    lead: Sequence[Card] | None = None,
    burier: int | None = None,
    laps: tuple[int, int] = (0, 0),
) -> HandResult:
    """Settle one hand. ``trick_points``: the defenders' points from tricks and penalties, before the kitty
    bonus; ``last_play``/``last_winner``: the last trick's winning play and its seat; ``lead``: that trick's
    lead (default ``last_play``), whose units set the multiplier; ``burier``: whose burial stands (default the
    dealer); ``laps``: the teams' laps so far (``timed_laps``). ``levels`` may be negative (``-1``, …).

    ``level_gains`` are the steps each team moved (negative after 钩J or a deduction; a lap counts as the
    steps past the end level); with ``fixed_deals`` they are the credits the level table gives (the dealer
    team's gain, or the defenders' on a take-over) and ``levels_after`` is the next deal's scheduled level for
    both teams (this deal's level after deal 16); ``match_winner`` is then ``None`` (the table compares
    ``fixed_deals_totals`` after deal 16). P below 0 counts as 0 (``defender_points`` is never negative)."""
    dealer_team, defenders = dealer % 2, 1 - dealer % 2
    defenders_last = last_winner % 2 == defenders
    burier_seat = dealer if burier is None else burier
    pot = kitty_outcome(kitty=kitty, lead=last_play if lead is None else lead, level=level, trump=trump, rules=rules,
                        defenders_last=defenders_last, burier_is_defender=burier_seat % 2 == defenders)
    points = max(0, capped_points(trick_points + pot.bonus, rules))
    gain, take_over = level_gain(points, rules)
    state = _Climb(list(levels), list(laps))
    if pot.bonus < 0:
        state.notes.append("settle.kitty_guard")
    if gain < table_gain(points, rules)[0]:
        state.notes.append("settle.max_gain")
    if rules.match_end is MatchEnd.FIXED_DEALS:
        gains = [0, 0]
        gains[defenders if take_over else dealer_team] = gain
        after_level = fixed_deal(hand_number + 1)[0] if 1 <= hand_number < len(FIXED_DEAL_LEVELS) else level
        state.levels = [after_level, after_level]
        dealers_keep = not take_over
    else:
        dealers_keep = _level_change(state, rules=rules, level=level, dealer_team=dealer_team, points=points,
                                     last_play=last_play if defenders_last else None, take_over=take_over,
                                     gain=gain)
        gains = [lap_track(state.levels[i], state.laps[i], rules) - lap_track(levels[i], laps[i], rules)
                 for i in (0, 1)]
    result = HandResult(
        hand_number=hand_number, dealer=dealer, level=Level.parse(level), trump=Trump.parse(trump), kitty=tuple(kitty),
        kitty_points=pot.points, trick_points=trick_points, kitty_multiplier=pot.multiplier, kitty_bonus=pot.bonus,
        defender_points=points, last_winner=last_winner, levels_before=(Level.parse(levels[0]), Level.parse(levels[1])),
        levels_after=(Level.parse(state.levels[0]), Level.parse(state.levels[1])), level_gains=(gains[0], gains[1]),
        defenders_take_over=take_over, next_dealer=next_dealer(dealer, dealers_keep, rules),
        match_winner=state.winner, notes=tuple(state.notes), laps_before=(laps[0], laps[1]),
        laps_after=(state.laps[0], state.laps[1]), burier=burier_seat,
    )
    log.info("hand %d settled: P=%d gains=%s levels=%s", hand_number, points, result.level_gains,
             result.levels_after)
    return result


def fixed_deal(n: int) -> tuple[Level, int]:
    """``fixed_deals`` (附件3): deal ``n``'s (1…16) level and dealer (seats 0, 1, 2, 3 in turn)."""
    if not 1 <= n <= len(FIXED_DEAL_LEVELS):
        raise EngineError("settle.bad_deal_number", number=n)
    return Level(FIXED_DEAL_LEVELS[n - 1]), (n - 1) % 4


def fixed_deals_totals(results: Sequence[HandResult]) -> tuple[int, int]:
    """Each team's total credited levels over the settled deals."""
    return sum(r.level_gains[0] for r in results), sum(r.level_gains[1] for r in results)


def fixed_deals_winner(totals: tuple[int, int]) -> int | None:
    """After 16 deals the higher total wins; a tie is a draw (``None``)."""
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def timed_winner(levels: tuple[str, str], on_stage: int, laps: tuple[int, int] = (0, 0)) -> int:
    """A ``timed`` / ``timed_laps`` match at time: more laps, then the higher level wins; a tie goes to the team
    on stage (台上) after the finished hand, i.e. the team that would deal next."""
    mine = [(laps[i], level_index(levels[i])) for i in (0, 1)]
    if mine[0] == mine[1]:
        return on_stage
    return 0 if mine[0] > mine[1] else 1
