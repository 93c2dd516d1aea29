"""Choosing a follow (跟牌) by heuristics: win cheaply when the opponents are winning, feed points (送分/垫分)
to a partner who is winning safely, otherwise discard (垫牌) low cards that are worth nothing.

Each legal candidate is scored by ``(2w − 1) · T − cost``: ``w`` the chance that our team takes the trick
after this play, ``T`` the trick's points (plus a guess for the plays still to come), ``cost`` the value
of the cards spent (trumps and top cards are worth keeping, so are pairs).

A ranking of every legal follow (not the play policy, ``engine.ai.policy``): it proposes the strong
player's alternative candidates, and its first entry is ``basic_v1``'s follow (without certainties).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence

from engine.ai.situation import (
    CardTables,
    Situation,
    beats_pair,
    beats_single,
    cannot_ruff,
    card_tables,
    kitty_guard,
    kitty_stake,
)
from engine.cards import Card
from engine.follow import enumerate_follows, follow_is_legal
from engine.trick import trick_winner

log = logging.getLogger(__name__)

Play = tuple[Card, ...]
FOLLOW_LIMIT = 48


def _is_pair_play(cards: Sequence[Card]) -> bool:
    return len(cards) >= 2 and any(n >= 2 for n in Counter(cards).values())


def hold_chance(play: Sequence[Card], lead: Sequence[Card], sit: Situation, after: Sequence[int],
                tables: CardTables, unseen: list[int]) -> float:
    """A rough chance that ``play`` (winning now) still wins after the seats in ``after`` have played."""
    opponents = sit.opponents()
    opps = [s for s in after if s in opponents]
    if not opps:
        return 1.0
    led = tables.suit[lead[0].index]
    top = max(play, key=lambda c: tables.strength[c.index] + (100 if tables.suit[c.index] == "T" else 0))
    suit = tables.suit[top.index]
    pairs = _is_pair_play(lead)
    beatable = beats_pair(tables, unseen, top) if pairs else beats_single(tables, unseen, top)
    voids = sit.mem.voids
    certain = not beatable and sit.certainties and len(lead) <= 2  # (throws and tractors: no certainty)
    if suit == led:
        if certain and (led == "T" or cannot_ruff(sit, opps, tables, unseen, pairs)):
            return 1.0  # a certain winner: nothing stronger unseen, and nobody can ruff
        if led != "T" and any(led in voids[o] and "T" not in voids[o] for o in opps):
            return 0.25
        if pairs and all(led in sit.mem.no_pairs[o] for o in opps):
            return 0.95
        return 0.35 if beatable else 0.92
    if certain:
        return 1.0  # a ruff (毙) by the strongest trump (pair) still unseen: nobody can over-ruff
    # a ruff: only an opponent void in the led suit can over-ruff
    if not any(led in voids[o] for o in opps):
        return 0.85 if beatable else 0.97
    return 0.3 if beatable else 0.9


def _extra_candidates(sit: Situation, lead: Sequence[Card], tables: CardTables) -> list[Play]:
    """Point-feeding candidates the cheap-first enumeration may cut off: led-suit and free point cards."""
    n = len(lead)
    led = tables.suit[lead[0].index]
    held = [c for c in sit.hand if tables.suit[c.index] == led]
    if len(held) >= n:
        return []
    free = sorted((c for c in sit.hand if tables.suit[c.index] != led),
                  key=lambda c: (-c.points, tables.suit[c.index] == "T", tables.keep[c.index]))
    return [tuple(held + free[: n - len(held)])]


def rank_follows(sit: Situation, limit: int = FOLLOW_LIMIT) -> list[tuple[float, Play]]:
    """Legal follows with heuristic scores, best first."""
    ctx = sit.ctx
    tables = card_tables(ctx)
    lead = sit.trick[0][1]
    plays = [cards for _, cards in sit.trick]
    cands = enumerate_follows(lead, sit.hand, ctx, limit=limit)
    seen = {tuple(sorted(c.index for c in p)) for p in cands}
    for extra in _extra_candidates(sit, lead, tables):
        ident = tuple(sorted(c.index for c in extra))
        if ident not in seen and follow_is_legal(lead, sit.hand, extra, ctx):
            seen.add(ident)
            cands.append(extra)
    if len(cands) == 1:
        return [(0.0, cands[0])]
    unseen = sit.unseen()
    players = sit.players
    after = [(sit.seat + k) % players for k in range(1, players - len(sit.trick))]
    cur = trick_winner(plays, ctx)
    cur_seat = sit.trick[cur][0]
    table_pts = sum(c.points for p in plays for c in p)
    expect_more = 3.0 * len(after)
    if sit.certainties and len(sit.hand) == len(lead):  # the last trick carries the kitty bonus (抠底)
        expect_more += kitty_stake(sit, lead)
    partner_w = 0.0
    mate_wins = cur_seat in sit.mates()
    if mate_wins:
        partner_w = hold_chance(plays[cur], lead, sit, after, tables, unseen)
    counts = Counter(sit.hand)
    out: list[tuple[float, Play]] = []
    for x in cands:
        px = sum(c.points for c in x)
        wins = trick_winner([*plays, x], ctx) == len(plays)
        w = hold_chance(x, lead, sit, after, tables, unseen) if wins else partner_w
        if wins and mate_wins:
            w = max(w, partner_w)
        total = table_pts + px + expect_more
        value = (2 * w - 1) * total + w * 2.0
        cost = sum(tables.keep[c.index] for c in x)
        played = Counter(x)
        broken = sum(1 for c, k in played.items() if k == 1 and counts[c] >= 2)
        cost += 3.0 * broken
        out.append((value - 0.7 * cost - kitty_guard(sit, x, tables, unseen), x))
    out.sort(key=lambda t: -t[0])
    return out
