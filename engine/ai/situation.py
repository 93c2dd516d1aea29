"""A decision point in the play (出牌) as the policies see it: one seat's hand plus public memory.

Built from a ``SeatView`` for a real decision (the play policy then reads it as a ``PlayState``:
``engine.ai.policy.seat_state``). Also holds the per-context card tables the heuristics use (suit lists,
keep values, what unseen cards can beat a unit).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.ai.memory import Memory, memory_from_view, unseen_counts
from engine.ai.teams import Teams, fixed_teams, friends_teams
from engine.cards import ALL_CARDS, Card
from engine.friends import Friends
from engine.rules import Rules
from engine.settlement import kitty_multiplier
from engine.trump import TrumpContext, trump_context
from engine.views import Phase, SeatView, TrickView

log = logging.getLogger(__name__)

EFFECTIVE_SUITS = ("S", "H", "C", "D", "T")


@dataclass
class Situation:
    """Everything a play policy may use: own hand, the current trick, public memory, team roles."""

    ctx: TrumpContext
    seat: int
    hand: list[Card]
    trick: list[tuple[int, tuple[Card, ...]]]  # plays of the current trick so far, lead first
    mem: Memory
    dealer_team: int
    kitty: tuple[Card, ...] | None  # known only to the seat that buried it
    hand_sizes: tuple[int, ...]
    defender_points: int = 0
    certainties: bool = True  # use public certainties (off for ``basic_v1``)
    kitty_holder: int = -1  # the seat that took and buried the kitty (-1: none)
    # every trick of the hand so far (the current one last, if it has plays), each as its plays lead first, and the
    # defenders' points when each was led: ``engine.ai.inference``
    history: tuple[tuple[tuple[int, tuple[Card, ...]], ...], ...] = ()
    points_at: tuple[int, ...] = ()
    teams: Teams | None = None  # the sides now (``engine.ai.teams``; None: fixed partners by ``dealer_team``)
    teams_at: tuple[Teams, ...] = ()  # 找朋友: the sides when each trick of ``history`` was led
    dealer: int = -1  # the dealer's seat (-1: none yet)
    calls: tuple[tuple[int, int], ...] = ()  # 找朋友: the dealer's friend calls, as (card index, ordinal)

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    def sides(self) -> Teams:
        """The sides as everyone knows them now (not to be changed: ``copy`` it for a playout)."""
        return self.teams if self.teams is not None else fixed_teams(self.players, self.dealer_team)

    def sides_at(self, t: int) -> Teams:
        """The sides when trick ``t`` of ``history`` was led."""
        return self.teams_at[t] if self.teams_at else self.sides()

    @property
    def is_dealer_team(self) -> bool:
        return self.sides().side[self.seat] == 1

    @property
    def partner(self) -> int:
        """The partner with four seats and fixed partners (elsewhere ``mates``)."""
        return (self.seat + 2) % 4

    def mates(self) -> tuple[int, ...]:
        """The other seats on this seat's side as everyone knows it, in playing order."""
        return self.sides().mates[self.seat]

    def opponents(self) -> tuple[int, ...]:
        """The seats on the other side as everyone knows it, in playing order."""
        return self.sides().opps[self.seat]

    def unseen(self) -> list[int]:
        """Copies of each card (by index) this seat cannot locate."""
        return unseen_counts(self.mem, self.hand, self.kitty)


def situation_from_view(view: SeatView, certainties: bool = True, overcalls: bool = True) -> Situation:
    """The play situation of ``view`` (phase PLAYING); ``certainties=False`` for ``basic_v1``; ``overcalls=False``:
    without the first hand's passed-up overcalls (``memory_from_view``), which only sampled deals use."""
    pub = view.public
    ctx = trump_context(pub.level, pub.trump or "NT", pub.rules)
    mem = memory_from_view(view, ctx, overcalls)
    trick = list(pub.trick.plays) if pub.trick is not None and not pub.trick.complete else []
    dealer = pub.dealer if pub.dealer is not None else 0
    if pub.friends is not None and pub.phase is not Phase.BURYING:
        history, points_at, teams_at, teams = _friends_history(pub.tricks, pub.trick, pub.friends, pub.rules,
                                                               len(pub.hand_sizes))
    else:
        history, points_at = _history(pub.tricks, pub.trick, dealer % 2)
        teams_at, teams = (), None
    return Situation(ctx, view.seat, list(view.hand), trick, mem, dealer % 2, view.kitty, pub.hand_sizes,
                     pub.defender_points, certainties, -1 if pub.kitty_holder is None else pub.kitty_holder,
                     history, points_at, teams, teams_at, -1 if pub.dealer is None else pub.dealer,
                     _calls(pub.friends))


def _calls(friends: Friends | None) -> tuple[tuple[int, int], ...]:
    return () if friends is None else tuple((c.call.card.index, c.call.ordinal) for c in friends.calls)


def _history(tricks: Sequence[TrickView], current: TrickView | None,
             dealer_team: int) -> tuple[tuple[tuple[tuple[int, tuple[Card, ...]], ...], ...], tuple[int, ...]]:
    """The plays of every trick with plays (``current`` last, unless it is already among ``tricks``) and the
    defenders' points when each was led (card points of the tricks they won before it)."""
    done = list(tricks)
    if current is not None and current.plays and current not in done:
        done.append(current)
    plays = []
    points_at = []
    points = 0
    for trick in done:
        if not trick.plays:
            continue
        plays.append(trick.plays)
        points_at.append(points)
        if trick.complete and trick.winner is not None and trick.winner % 2 != dealer_team:
            points += trick.points
    return tuple(plays), tuple(points_at)


def _friends_history(tricks: Sequence[TrickView], current: TrickView | None, friends: Friends, rules: Rules,
                     players: int) -> tuple[tuple[tuple[tuple[int, tuple[Card, ...]], ...], ...], tuple[int, ...],
                                        tuple[Teams, ...], Teams]:
    """找朋友: ``_history`` with the sides when each trick was led and now, the calls replayed from the start (the
    defenders' points then: those won by the seats not on the dealer's team; throw penalties left out)."""
    done = list(tricks)
    if current is not None and current.plays and current not in done:
        done.append(current)
    state = Friends.start(friends.dealer, [c.call for c in friends.calls])
    won = [0] * players
    plays, points_at, teams_at = [], [], []
    for trick in done:
        if not trick.plays:
            continue
        plays.append(trick.plays)
        points_at.append(sum(won[s] for s in range(players) if s not in state.team))
        teams_at.append(friends_teams(state, won, rules))
        if trick.complete and trick.winner is not None:
            won[trick.winner] += trick.points
            state = state.after_trick(trick.plays, rules)
    return tuple(plays), tuple(points_at), tuple(teams_at), friends_teams(friends, won, rules)


@dataclass(frozen=True)
class CardTables:
    """Per-context lookups: effective suit and strength by card index, and each suit's card indices."""

    suit: tuple[str, ...]
    strength: tuple[int, ...]
    by_suit: dict[str, tuple[int, ...]]
    keep: tuple[float, ...]  # how much a card is worth keeping (trumps and high cards more)


@lru_cache(maxsize=256)
def card_tables(ctx: TrumpContext) -> CardTables:
    """Build (and cache) the lookup tables of ``ctx``."""
    suit = tuple(ctx.suit_of(c) for c in ALL_CARDS)
    strength = tuple(ctx.strength(c) for c in ALL_CARDS)
    by_suit = {s: tuple(i for i in range(len(ALL_CARDS)) if suit[i] == s) for s in EFFECTIVE_SUITS}
    top = {s: max((strength[i] for i in by_suit[s]), default=0) for s in EFFECTIVE_SUITS}
    keep = []
    for i, c in enumerate(ALL_CARDS):
        s = suit[i]
        gap = top[s] - strength[i]  # 0 for the suit's best card
        if s == "T":
            keep.append(6.0 + 1.2 * strength[i])
        else:
            keep.append(max(0.0, 7.0 - 1.5 * gap) + 0.15 * strength[i])
        if c.points:
            keep[-1] += 1.0
    return CardTables(suit, strength, by_suit, tuple(keep))


def beats_single(tables: CardTables, unseen: Sequence[int], card: Card) -> bool:
    """Whether some unseen card of ``card``'s effective suit is strictly stronger."""
    i = card.index
    st = tables.strength[i]
    return any(unseen[j] > 0 and tables.strength[j] > st for j in tables.by_suit[tables.suit[i]])


def beats_pair(tables: CardTables, unseen: Sequence[int], card: Card) -> bool:
    """Whether some unseen identical pair of ``card``'s effective suit is strictly stronger."""
    i = card.index
    st = tables.strength[i]
    return any(unseen[j] >= 2 and tables.strength[j] > st for j in tables.by_suit[tables.suit[i]])


def cannot_ruff(sit: Situation, seats: Sequence[int], tables: CardTables, unseen: Sequence[int], pair: bool) -> bool:
    """Public certainty: none of ``seats`` can ruff (毙) a single (a pair or tractor if ``pair``) — each is
    known void in trumps, or no unseen trump (trump pair) is left anywhere."""
    if all("T" in sit.mem.voids[s] for s in seats):
        return True
    need = 2 if pair else 1
    return not any(unseen[j] >= need for j in tables.by_suit["T"])


ENDGAME_CARDS: Final = 8  # from this hand size on, a certain trump is kept for the last trick (抠底/保底)
KITTY_GUESS: Final = 10  # points expected in a kitty the seat has not seen
LAST_TRUMP: Final = 15.0  # what giving up the last certain trump early costs, in score points,
STAKE_SHARE: Final = 1.0  # plus this share of the kitty bonus a single would win


def kitty_stake(sit: Situation, lead: Sequence[Card]) -> float:
    """The kitty bonus (抠底) the last trick carries when won with a play shaped like ``lead``: known
    kitty points (or a guess) times the multiplier."""
    pts = sum(c.points for c in sit.kitty) if sit.kitty is not None else KITTY_GUESS
    return float(pts * kitty_multiplier(lead, sit.ctx.level, sit.ctx.trump, sit.ctx.rules))


def certain_trumps(cards: Sequence[Card], tables: CardTables, unseen: Sequence[int]) -> int:
    """How many of ``cards`` are trumps no unseen card can beat (each wins a trump or a last trick)."""
    return sum(1 for c in cards if tables.suit[c.index] == "T" and not beats_single(tables, unseen, c))


def kitty_guard(sit: Situation, play: Sequence[Card], tables: CardTables, unseen: list[int]) -> float:
    """Near the end (``ENDGAME_CARDS``), spending the seat's one certain trump (or its one certain trump
    pair) before the last trick costs ``LAST_TRUMP`` plus a share of the kitty bonus (抠底) it would win:
    it is what wins (or saves) the last trick."""
    n = len(sit.hand)
    if not sit.certainties or n > ENDGAME_CARDS or n <= len(play):
        return 0.0
    if sit.kitty is not None and not any(c.points for c in sit.kitty):
        return 0.0
    cost = 0.0
    if certain_trumps(play, tables, unseen) and certain_trumps(sit.hand, tables, unseen) == 1:
        cost += LAST_TRUMP + STAKE_SHARE * kitty_stake(sit, play[:1])
    pairs = certain_trump_pairs(sit.hand, tables, unseen)
    if len(pairs) == 1 and play.count(pairs[0]) >= 2:  # the one certain pair: the kitty at ×4
        cost += LAST_TRUMP + STAKE_SHARE * kitty_stake(sit, (pairs[0], pairs[0]))
    return cost


def certain_trump_pairs(cards: Sequence[Card], tables: CardTables, unseen: Sequence[int]) -> list[Card]:
    """The trump pairs among ``cards`` that no unseen pair can beat."""
    return [c for c in dict.fromkeys(cards) if tables.suit[c.index] == "T" and cards.count(c) >= 2
            and not beats_pair(tables, unseen, c)]


def suit_count(tables: CardTables, counts: Sequence[int], suit: str) -> int:
    """How many cards of effective ``suit`` a counts table holds."""
    return sum(counts[j] for j in tables.by_suit[suit])
