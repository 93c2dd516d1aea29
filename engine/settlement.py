"""End of a hand (RULES §8): kitty bonus (抠底), level change, 钩J / A bottom, next dealer, match end.

``settle_hand`` is pure: the table passes the hand's facts and stores the ``HandResult``. Level tables,
``max_gain``, ``points_cap``, ``end_level`` and ``must_play`` live in ``engine.levels`` (re-exported here).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence

from engine.cards import RANKS, Card, card_points
from engine.errors import EngineError, IllegalAction
from engine.levels import advance, capped_points, climb, level_gain, rank_distance, table_gain
from engine.rules import DealerRotation, KittyMultiplier, MatchEnd, Rules
from engine.trump import trump_context
from engine.units import Unit, decompose, decompose_lead
from engine.views import HandResult

log = logging.getLogger(__name__)

__all__ = [
    "FIXED_DEAL_LEVELS", "advance", "fixed_deal", "fixed_deals_totals", "fixed_deals_winner", "kitty_multiplier",
    "largest_unit", "level_gain", "multiplier_for_unit", "next_dealer", "settle_hand", "timed_winner",
]

#: 附件3 duplicate format: the level of each of the 16 deals, whatever the results.
FIXED_DEAL_LEVELS: tuple[str, ...] = ("2", "3", "4", "5", "5", "6", "7", "8", "9", "10", "10", "J", "Q", "K", "K", "A")
POWER_CAP = 64


def largest_unit(play: Sequence[Card], level: str, trump: str, rules: Rules) -> Unit:
    """The play's largest unit: its longest tractor, else a pair, else a single (RULES §4 decomposition).

    A winning play is always of one effective suit; a mixed play is read suit by suit."""
    ctx = trump_context(level, trump, rules)
    try:
        units = list(decompose_lead(play, ctx).units)
    except IllegalAction:
        suits = {ctx.suit_of(c) for c in play}
        units = [u for s in suits for u in decompose([c for c in play if ctx.suit_of(c) == s], ctx)]
    return max(units, key=lambda u: (u.pairs, u.size))


def multiplier_for_unit(unit: Unit, rules: Rules) -> int:
    """Option ``kitty_multiplier`` for a unit: doubling 2/4/8/16…, by_cards 2×cards, by_pairs 2×(pairs+1),
    power 2^cards (at most 64), flat 2."""
    policy = rules.kitty_multiplier
    if policy is KittyMultiplier.DOUBLING:
        return 2 ** (unit.pairs + 1)
    if policy is KittyMultiplier.BY_CARDS:
        return 2 * unit.size
    if policy is KittyMultiplier.BY_PAIRS:
        return 2 * (unit.pairs + 1)
    if policy is KittyMultiplier.POWER:
        return min(POWER_CAP, 2**unit.size)
    return 2


def kitty_multiplier(last_play: Sequence[Card], level: str, trump: str, rules: Rules) -> int:
    """The kitty multiplier (抠底倍数) of the last trick's winning play, from its largest unit."""
    if not last_play:
        raise IllegalAction("play.empty")
    return multiplier_for_unit(largest_unit(last_play, level, trump, rules), rules)


def next_dealer(dealer: int, dealer_team_won: bool, rules: Rules) -> int:
    """Dealer team wins → the partner deals (轮庄; ``same_player`` keeps the dealer); defenders win → the
    seat after the old dealer (下家). ``fixed_deals``: seats deal in turn whatever the result."""
    if rules.match_end is MatchEnd.FIXED_DEALS or not dealer_team_won:
        return (dealer + 1) % 4
    return (dealer + 2) % 4 if rules.dealer_rotation is DealerRotation.PARTNER else dealer


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
) -> HandResult:
    """Settle one hand. ``trick_points``: the defenders' points from tricks and penalties, before the kitty
    bonus; ``last_play``/``last_winner``: the last trick's winning play and its seat.

    ``level_gains`` are the rank steps each team moved (negative after 钩J); with ``fixed_deals`` they are
    the credits the level table gives (the dealer team's gain, or the defenders' on a take-over) and
    ``levels_after`` is the next deal's scheduled level for both teams (this deal's level after deal 16);
    ``match_winner`` is then ``None`` (the table compares ``fixed_deals_totals`` after deal 16)."""
    dealer_team, defenders = dealer % 2, 1 - dealer % 2
    defenders_last = last_winner % 2 == defenders
    kitty_points = card_points(kitty)
    multiplier = kitty_multiplier(last_play, level, trump, rules) if defenders_last else 0
    bonus = kitty_points * multiplier
    points = capped_points(trick_points + bonus, rules)
    gain, take_over = level_gain(points, rules)
    notes: list[str] = []
    if gain < table_gain(points, rules)[0]:
        notes.append("settle.max_gain")
    gains = [0, 0]
    gains[defenders if take_over else dealer_team] = gain
    winner: int | None = None
    if rules.match_end is MatchEnd.FIXED_DEALS:
        after_level = fixed_deal(hand_number + 1)[0] if 1 <= hand_number < len(FIXED_DEAL_LEVELS) else level
        after = (after_level, after_level)
    else:
        new = list(levels)
        start, as_dealer = levels[dealer_team], True
        drop = bottom_drop(level, last_play, rules) if defenders_last else None
        if drop is not None:
            start, as_dealer = drop[0], False
            notes.append(drop[1])
        new[dealer_team] = start
        climber = defenders if take_over else dealer_team
        new[climber], won, stopped = climb(new[climber], gain, rules, as_dealer and not take_over)
        if stopped:
            notes.append("settle.must_play_stop")
        if won:
            winner = dealer_team
            notes.append("settle.match_won")
        after = (new[0], new[1])
        gains = [rank_distance(levels[i], after[i]) for i in (0, 1)]
    result = HandResult(
        hand_number=hand_number, dealer=dealer, level=level, trump=trump, kitty=tuple(kitty),
        kitty_points=kitty_points, trick_points=trick_points, kitty_multiplier=multiplier, kitty_bonus=bonus,
        defender_points=points, last_winner=last_winner, levels_before=(levels[0], levels[1]), levels_after=after,
        level_gains=(gains[0], gains[1]), defenders_take_over=take_over,
        next_dealer=next_dealer(dealer, not take_over, rules), match_winner=winner, notes=tuple(notes),
    )
    log.info("hand %d settled: P=%d gains=%s levels=%s", hand_number, points, result.level_gains, after)
    return result


def fixed_deal(n: int) -> tuple[str, int]:
    """``fixed_deals`` (附件3): deal ``n``'s (1…16) level and dealer (seats 0, 1, 2, 3 in turn)."""
    if not 1 <= n <= len(FIXED_DEAL_LEVELS):
        raise EngineError("settle.bad_deal_number", number=n)
    return FIXED_DEAL_LEVELS[n - 1], (n - 1) % 4


def fixed_deals_totals(results: Sequence[HandResult]) -> tuple[int, int]:
    """Each team's total credited levels over the settled deals."""
    return sum(r.level_gains[0] for r in results), sum(r.level_gains[1] for r in results)


def fixed_deals_winner(totals: tuple[int, int]) -> int | None:
    """After 16 deals the higher total wins; a tie is a draw (``None``)."""
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def timed_winner(levels: tuple[str, str], dealer_team: int) -> int:
    """A ``timed`` match stopped early: the higher level wins, a tie goes to the current dealer team."""
    a, b = RANKS.index(levels[0]), RANKS.index(levels[1])
    if a == b:
        return dealer_team
    return 0 if a > b else 1
