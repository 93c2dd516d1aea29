"""Choosing a lead (首攻/出牌) by heuristics: sure winners first, trump pulling (调主) when long, safe throws
(甩牌) of top units, otherwise a cheap low card from a short suit or one the partner can ruff.

Every candidate is a unit (single, pair, tractor) of the hand, or a throw made only of units that no unseen
cards can beat; each is scored, best first. A ranking (not the play policy, ``engine.ai.policy``): it
proposes the strong player's alternative candidates, and its first entry is ``basic_v1``'s lead.
"""

from __future__ import annotations

import logging
from collections import defaultdict

from engine.ai.fastlead import ruff_risk as risk_from_count
from engine.ai.situation import (
    CardTables,
    Situation,
    beats_pair,
    beats_single,
    cannot_ruff,
    card_tables,
    kitty_guard,
    suit_count,
)
from engine.cards import ALL_CARDS, Card
from engine.units import Unit, UnitKind, find_pairs, find_tractors

log = logging.getLogger(__name__)

Play = tuple[Card, ...]


def hand_units(cards: list[Card], sit: Situation) -> list[Unit]:
    """Every distinct single, pair and tractor of ``cards`` (tractors: maximal ones and their sub-chains)."""
    ctx = sit.ctx
    units = [Unit(UnitKind.SINGLE, (c,)) for c in dict.fromkeys(cards)]
    pairs = find_pairs(cards, ctx)
    units.extend(pairs)
    if len(pairs) >= 2:
        units.extend(find_tractors(cards, ctx))
    return units


def unit_beatable(unit: Unit, sit: Situation, tables: CardTables, unseen: list[int]) -> bool:
    """Whether unseen cards (pooled: a conservative test) could beat ``unit`` in its own suit."""
    if unit.kind == UnitKind.SINGLE:
        return beats_single(tables, unseen, unit.top)
    if unit.kind == UnitKind.PAIR:
        return beats_pair(tables, unseen, unit.top)
    s = tables.suit[unit.top.index]
    pool = [ALL_CARDS[j] for j in tables.by_suit[s] for _ in range(max(unseen[j], 0))]
    top = tables.strength[unit.top.index]
    return any(t.pairs >= unit.pairs and tables.strength[t.top.index] > top
               for t in find_tractors(pool, sit.ctx))


def ruff_risk(suit: str, sit: Situation, tables: CardTables, unseen: list[int]) -> float:
    """Chance-like weight that an opponent ruffs (毙) a lead of plain ``suit``: known voids, thin suits."""
    if suit == "T":
        return 0.0
    opps = sit.opponents()
    ruffable = any(suit in sit.mem.voids[o] and "T" not in sit.mem.voids[o] for o in opps)
    return risk_from_count(suit_count(tables, unseen, suit), ruffable)  # cards the other three hold (or the kitty)


def rank_leads(sit: Situation) -> list[tuple[float, Play]]:
    """Candidate leads with heuristic scores, best first."""
    tables = card_tables(sit.ctx)
    unseen = sit.unseen()
    by_suit: dict[str, list[Card]] = defaultdict(list)
    for c in sit.hand:
        by_suit[tables.suit[c.index]].append(c)
    my_trumps = len(by_suit.get("T", []))
    other_trumps = suit_count(tables, unseen, "T")
    mates, opps = sit.mates(), sit.opponents()
    # certain winners: an unbeatable unit nobody can ruff (no trumps, or no trump pair, left with them)
    safe = [sit.certainties and cannot_ruff(sit, opps, tables, unseen, pair) for pair in (False, True)]
    out: list[tuple[float, Play]] = []
    for suit, cards in by_suit.items():
        risk = ruff_risk(suit, sit, tables, unseen)
        partner_ruffs = (suit != "T" and any(suit in sit.mem.voids[q] and "T" not in sit.mem.voids[q] for q in mates)
                         and not any(suit in sit.mem.voids[o] for o in opps))
        winners: list[Unit] = []
        for unit in hand_units(cards, sit):
            top_i = unit.top.index
            beatable = unit_beatable(unit, sit, tables, unseen)
            pts = sum(c.points for c in unit.cards)
            keep = sum(tables.keep[c.index] for c in unit.cards)
            if suit == "T":
                if not beatable:
                    # pulling trumps with a sure winner: good when the other hands still hold trumps
                    score = 30.0 + 8 * unit.pairs + (10 if other_trumps else -25) + pts * 0.2
                    if sit.is_dealer_team and my_trumps >= 8:
                        score += 10
                else:
                    long = sit.is_dealer_team and my_trumps >= max(8, other_trumps // 2) and other_trumps > 0
                    score = (8.0 if long else -12.0) - keep * 0.8 - pts * 1.5 + 3 * unit.pairs
            elif not beatable:
                winners.append(unit)
                r = 0.0 if safe[unit.kind != UnitKind.SINGLE] else risk
                score = (40.0 + pts * 1.5 + 10 * unit.pairs) * (1 - r) - 20 * r - pts * r
            else:
                # a losing lead: cheap, pointless, from a short suit; better if the partner can ruff it
                shortness = max(0, 6 - len(cards)) * 1.5
                breaks_pair = unit.kind == UnitKind.SINGLE and cards.count(unit.top) >= 2
                score = -keep - pts * (0.5 if partner_ruffs else 2.5) + shortness - 6 * breaks_pair
                if unit.kind != UnitKind.SINGLE:
                    score += 2 + 2 * unit.pairs - tables.strength[top_i] * 0.3
                if partner_ruffs:
                    score += 12
            if suit == "T":
                score -= kitty_guard(sit, unit.cards, tables, unseen)
            out.append((score, unit.cards))
        throw = _safe_throw(winners, cards)
        if throw is not None:
            pts = sum(c.points for c in throw)
            risk = 0.0 if safe[False] else risk
            out.append(((45.0 + pts * 1.5 + 6 * len(throw)) * (1 - risk) - 25 * risk, throw))
    out.sort(key=lambda t: -t[0])
    return out


def _safe_throw(winners: list[Unit], cards: list[Card]) -> Play | None:
    """All unbeatable units of a suit as one throw (甩牌), when that makes more than one unit."""
    if len(winners) < 2:
        return None
    remaining = list(cards)
    chosen: list[Card] = []
    for unit in sorted(winners, key=lambda u: -u.size):
        if all(remaining.count(c) >= unit.cards.count(c) for c in unit.cards):
            for c in unit.cards:
                remaining.remove(c)
            chosen.extend(unit.cards)
    if len(chosen) <= 2 and len(set(chosen)) <= 1:
        return None
    return tuple(chosen)
