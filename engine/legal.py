"""Legal actions from what a seat may see (a ``SeatView``): used by ``Table.legal_actions``, the AI,
hints and the bot's autocomplete, so every interface offers exactly what the rules allow.

Leads list every distinct single unit (single, pair, tractor, and the shorter tractors inside a longer one;
with three or four decks also triples, quadruples and their tractors); a throw (甩牌) is also a legal lead but
is not enumerated. Follows are the enumerated legal follows (``engine.follow.enumerate_follows``). Burying lists
one choice: any 8 cards are legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine import builders
from engine.actions import Action, Bury, CloseDeclaring, DealAll, DealCard, Play, StartHand, StopMatch
from engine.bids import shown_before
from engine.cardrules import follow as core_follow
from engine.cardrules.tables import SUITS, RuleTables, rule_tables
from engine.cardrules.tuples import counts_of
from engine.cardrules.units import adjacent, distinct, ordered, pair_cards, tractor_paths, tractors
from engine.cards import ALL_CARDS, Card, remove_cards
from engine.declaring import declaration_options, stage_of
from engine.follow import LeadLike, enumerate_follows
from engine.friends import default_calls
from engine.rules import Rules
from engine.trump import TrumpContext, trump_context
from engine.units import Lead
from engine.vectors import i64, vec
from engine.views import DeclarationView, Phase, SeatView

FOLLOW_LIMIT = 200


def system_legal_actions(phase: Phase, dealt: int, rules: Rules) -> list[Action]:
    """Actions the interface (timers, host) may apply in ``phase``."""
    out: list[Action] = []
    if phase is Phase.DEALING:
        out += [DealCard(), DealAll()]
    elif phase is Phase.DECLARING:
        out.append(CloseDeclaring())
    elif phase is Phase.HAND_OVER:
        out.append(StartHand())
    if rules.timed and phase is not Phase.MATCH_OVER:
        out.append(StopMatch())
    return out


def seat_legal_actions(view: SeatView, follow_limit: int = FOLLOW_LIMIT) -> list[Action]:
    """Everything ``view.seat`` may do now (empty when it is not its turn)."""
    pub = view.public
    seat = view.seat
    if seat not in pub.to_act:
        return []
    if pub.phase in DECLARING_PHASES:
        return declaring_actions(seat, pub.phase, view.hand, pub.declaration, pub.level, pub.rules, pub.dealer,
                                 pub.declaring_team, view.concealed)
    if pub.phase is Phase.BURYING:
        cards = default_bury(view)
        if pub.rules.shape.fixed_partners:
            return [Bury(seat=seat, cards=cards)]
        kept = remove_cards(view.hand, cards)  # 找朋友: the dealer calls its friends with the bury
        return [Bury(seat=seat, cards=cards, calls=default_calls(kept, pub.level, pub.trump or "NT", pub.rules))]
    if pub.phase is Phase.PLAYING:
        return [Play(seat=seat, cards=c) for c in legal_plays(view, follow_limit)]
    return []


DECLARING_PHASES = (Phase.DEALING, Phase.DECLARING, Phase.KITTY_OVERCALL)


def declaring_actions(seat: int, phase: Phase, hand: Sequence[Card], declaration: DeclarationView | None,
                      level: str, rules: Rules, dealer: int | None, only_team: int | None = None,
                      concealed: Sequence[DeclarationView] = ()) -> list[Action]:
    """The declarations (and ``Pass`` after the deal) of a seat that may act in a declaring phase.
    ``declaration`` is the standing one as the public sees it (a face-down one without its cards);
    ``concealed`` the seat's own face-down declarations, which it may not repeat."""
    options = declaration_options(hand, declaration, seat, level, rules, dealer is None, stage_of(phase), only_team)
    if concealed:
        options = [c for c in options if not shown_before(c, concealed)]
    out: list[Action] = [builders.declare(seat, c) for c in options]
    if phase is not _DEALING:
        out.append(builders.pass_turn(seat))
    return out


_DEALING: Final = Phase.DEALING  # a module constant reads faster than an enum member


def view_context(view: SeatView) -> TrumpContext:
    pub = view.public
    assert pub.trump is not None
    return trump_context(pub.level, pub.trump, pub.rules)


def legal_plays(view: SeatView, follow_limit: int = FOLLOW_LIMIT) -> list[tuple[Card, ...]]:
    """The plays to offer: enumerated follows, or every distinct single-unit lead."""
    trick = view.public.trick
    lead = trick.plays[0][1] if trick is not None and trick.plays else None
    return play_options(view.hand, lead, view_context(view), follow_limit)


def play_options(hand: Sequence[Card], lead: LeadLike | None, ctx: TrumpContext,
                 follow_limit: int = FOLLOW_LIMIT) -> list[tuple[Card, ...]]:
    """Enumerated legal follows of ``lead`` (its cards or a ``Lead``), or every distinct single-unit
    lead when ``lead`` is None."""
    if lead:
        return enumerate_follows(lead, hand, ctx, limit=follow_limit)
    return lead_units(hand, ctx)


def play_option_ids(ids: list[int], lead: Lead | None, ctx: TrumpContext,
                    follow_limit: int = FOLLOW_LIMIT) -> list[tuple[int, ...]]:
    """``play_options`` on card indices, for the trick's decomposed lead (None: the seat leads)."""
    if lead is None:
        return lead_unit_ids(ids, ctx)
    return core_follow.enumerate_follows(rule_tables(ctx), SUITS[lead.suit], lead.shape, ids, follow_limit)


def lead_units(hand: Sequence[Card], ctx: TrumpContext) -> list[tuple[Card, ...]]:
    """Every distinct single, pair and tractor (every sub-chain of each tractor) in ``hand``: singles
    in display order, pairs high→low, tractors longest first then higher first."""
    return [tuple([ALL_CARDS[i] for i in unit]) for unit in lead_unit_ids([c.index for c in hand], ctx)]


def lead_unit_ids(ids: list[int], ctx: TrumpContext) -> list[tuple[int, ...]]:
    """``lead_units`` on card indices (``Card.index``): the distinct cards and the pairs are read off the tables'
    display and rank orders (a hand's copies of each card counted in a list), without sorting."""
    r = rule_tables(ctx)
    by_display = r.display_order
    if not len(by_display):  # tied display keys: sorted as the hand stands
        return _sorted_lead_unit_ids(ids, ctx)
    counts = vec[i64]([0] * 64)  # (a count vector: compiled, its items are machine integers)
    for i in ids:
        if not 0 <= i < 54:  # not a card index
            return _sorted_lead_unit_ids(ids, ctx)
        counts[i] += 1
    one, two = core_follow.ONE_CARD, core_follow.PAIR_OF  # (made once: no new tuples)
    out: list[tuple[int, ...]] = []
    for k in range(len(by_display)):
        c = by_display[k]
        if counts[c]:
            out.append(one[c])
    pairs: list[int] = []  # high→low
    by_rank = r.rank_order
    for k in range(len(by_rank)):
        c = by_rank[k]
        if counts[c] >= 2:
            pairs.append(int(c))
            out.append(two[c])
    if len(pairs) >= 2 and _linked(r, pairs):
        _add_tractors(r, ids, out)
    if r.decks >= 3:
        _add_wide(r, ids, out)
    return out


def _linked(r: RuleTables, pairs: list[int]) -> bool:
    """Two of the pair cards ``pairs`` are consecutive links of a tractor (else the hand holds no tractor)."""
    for low in pairs:
        for high in pairs:
            if adjacent(r, low, high):
                return True
    return False


def _sorted_lead_unit_ids(ids: list[int], ctx: TrumpContext) -> list[tuple[int, ...]]:
    """``lead_unit_ids`` by sorting the hand's cards (any display and rank keys)."""
    out: list[tuple[int, ...]] = [(i,) for i in ordered(distinct(ids), ctx.sort_table)]
    pairs = pair_cards(ids)
    if not pairs:
        return out
    seen: set[tuple[int, ...]] = set()  # pairs (a single never equals them)
    for i in ordered(pairs, ctx.rank_table, reverse=True):
        _add((i, i), seen, out)
    if len(pairs) >= 2:
        _add_tractors(rule_tables(ctx), ids, out)
    if rule_tables(ctx).decks >= 3:
        _add_wide(rule_tables(ctx), ids, out)
    return out


def _add_tractors(r: RuleTables, ids: list[int], out: list[tuple[int, ...]]) -> None:
    """Every tractor in ``ids`` and each shorter tractor inside it, longest first then higher, each once."""
    seen: set[tuple[int, ...]] = set()  # (a pair never equals a tractor)
    for cards in tractors(r, ids):
        for length in range(2, len(cards) // 2 + 1):
            for start in range(0, len(cards) - 2 * length + 1, 2):
                _add(tuple(cards[start:start + 2 * length]), seen, out)


def _add_wide(r: RuleTables, ids: list[int], out: list[tuple[int, ...]]) -> None:
    """With three or more decks (RULES §12.2): every triple and quadruple, high→low, and every tractor of them
    (each shorter one inside it too), longest first, then higher."""
    counts = counts_of(ids)
    order = sorted(counts, key=lambda i: -r.rank[i])
    seen: set[tuple[int, ...]] = set()
    for width in range(3, r.decks + 1):
        wide = [i for i in order if counts[i] >= width]
        for i in wide:
            _add((i,) * width, seen, out)
        chains = [[wide[k] for k in reversed(path)] for path in tractor_paths(r, wide)]  # (high→low)
        chains.sort(key=lambda chain: (len(chain), r.rank[chain[0]]), reverse=True)  # longest, then higher, first
        for chain in chains:
            _add(tuple([i for i in chain for _ in range(width)]), seen, out)


def _add(unit: tuple[int, ...], seen: set[tuple[int, ...]], out: list[tuple[int, ...]]) -> None:
    if unit not in seen:
        seen.add(unit)
        out.append(unit)


def default_bury(view: SeatView) -> tuple[Card, ...]:
    """A simple legal burial: the kitty's count (8 with two decks) of the weakest cards in display order, point
    cards kept when possible."""
    pub = view.public
    ctx = trump_context(pub.level, pub.trump or "NT", pub.rules)
    size = pub.rules.shape.kitty
    ordered = ctx.sort_hand(view.hand)
    non_points = [c for c in reversed(ordered) if c.points == 0]
    chosen = non_points[:size]
    if len(chosen) < size:
        rest = [c for c in reversed(ordered) if c.points > 0]
        chosen += rest[: size - len(chosen)]
    return tuple(chosen)
