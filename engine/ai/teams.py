"""The sides of a position as the AI reads them (庄家方 and 闲家方), for every table shape (RULES §13).

``side[seat]`` is 1 for the dealer's side and 0 for the defenders. With fixed partners (``mode: tractor``, 4, 6 or
8 seats) the sides are the even and the odd seats. In 找朋友 the dealer's side is the dealer and the friends
revealed so far; the open friend calls (card, copies still to skip) are filled as tricks end exactly as
``engine.friends.Friends.after_trick`` fills them (every copy counts for every open call of its card, the
dealer's own copies too; ``double_join``), and a friend brings the points it won along (RULES §13.5).
A seat not revealed yet counts as a defender for the others: that is what they know, so it is what the play policy
reads of it. A seat that holds more copies of an open call's card than the call still skips can fill the call with
its own copies: it plays as the dealer's side (``for_seat``). The strong player's utility reads the side
its seat is on when the playout ends (``engine.ai.strong``): in each sampled deal the called copies lie somewhere,
so an unrevealed seat's team is averaged over the deals.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import lru_cache

from engine.choices import DoubleJoin
from engine.friends import Friends
from engine.rules import Rules
from engine.vectors import i64, vec

log = logging.getLogger(__name__)


class Teams:
    """The sides (``side``), the open friend calls (``calls``: [card index, copies to skip, filled]), the points
    each seat won (``won``, read only while calls are open) and each seat's opponents and side-mates in playing
    order from it (``opps``, ``mates``; ``opps_after[seat][n]``: its opponents among the ``n`` seats after it).
    Without open calls it never changes (and is shared, not copied)."""

    __slots__ = ("calls", "ignored", "mates", "opps", "opps_after", "side", "won")

    def __init__(self, side: list[int], calls: list[list[int]], won: list[int], ignored: bool = False) -> None:
        self.side = side
        self.calls = calls
        self.won = won
        self.ignored = ignored  # ``double_join: ignored``: a copy reaching a team member passes on
        self.opps: list[tuple[int, ...]] = []
        self.mates: list[tuple[int, ...]] = []
        self.opps_after: list[list[list[int]]] = []
        self._order()

    def _order(self) -> None:
        self.opps, self.mates, self.opps_after = _tables(tuple(self.side))

    def for_seat(self, seat: int, hand: vec[i64]) -> Teams:
        """The sides as ``seat`` holding ``hand`` (a count vector) reads them: these, or, if it is not on the dealer's
        side yet but holds more copies of an open call's card than the call still skips, the same with itself on
        the dealer's side (it can fill the call with its own copies)."""
        if not self.calls or self.side[seat]:
            return self
        for call in self.calls:
            if hand[call[0]] > call[1]:
                side = list(self.side)
                side[seat] = 1
                return _joined(tuple(side))
        return self

    def in_trick(self, trick: Sequence[tuple[int, Sequence[int]]]) -> Teams:
        """找朋友: the sides once the copies played in ``trick`` so far are counted (a seat that played the copy filling
        an open call joins the dealer's side at the trick's end, but everyone has seen the copy: the seats still to
        play read it as on that side already); these sides when no called copy is in the trick."""
        if not self.calls or not any(i == call[0] for call in self.calls for _, play in trick for i in play):
            return self
        after = self.copy()
        after.after_trick(trick, trick[0][0], 0)
        return after

    def double_joins(self, seat: int) -> dict[int, int]:
        """找朋友 under ``double_join: consumes``: for ``seat`` on the dealer's side (revealed), each open call's card
        with the copies it may still play before one fills the call with nobody new and the team stays smaller
        (RULES §13.4); empty otherwise. In a trick under way, ask the sides ``in_trick`` gives (a call filled
        earlier in the trick is no longer open, and its copies played so far count)."""
        if not self.calls or self.ignored or not self.side[seat]:
            return {}
        out: dict[int, int] = {}
        for call in self.calls:
            card, left = call[0], call[1]
            out[card] = min(out[card], left) if card in out else left
        return out

    def reveals(self, seat: int) -> tuple[int, ...]:
        """找朋友: for ``seat`` not on the dealer's side yet, the called cards whose next copy, played by it, fills an
        open call, so that it joins the dealer's team (暗朋友 revealed); else none. In a trick under way, ask the sides
        ``in_trick`` gives (a call another seat has filled earlier in the trick is no longer open)."""
        if not self.calls or self.side[seat]:
            return ()
        return tuple(call[0] for call in self.calls if call[1] == 0)

    def call_suits(self, seat: int, hand: vec[i64], suit: vec[i64]) -> tuple[int, ...]:
        """找朋友: for ``seat`` on the dealer's side (revealed), the suits (``suit``: each card index's) of the open
        calls whose card ``hand`` holds none of (their copies are in other hands); empty otherwise."""
        if not self.calls or not self.side[seat]:
            return ()
        return tuple(sorted({suit[call[0]] for call in self.calls if not hand[call[0]]}))

    def copy(self) -> Teams:
        """An independent copy (the same object when no call is open: it cannot change)."""
        if not self.calls:
            return self
        other = Teams.__new__(Teams)  # (the order tables are shared: ``_order`` replaces them, never changes them)
        other.side, other.calls, other.won, other.ignored = list(self.side), [list(c) for c in self.calls], \
            list(self.won), self.ignored
        other.opps, other.mates, other.opps_after = self.opps, self.mates, self.opps_after
        return other

    def after_trick(self, trick: Sequence[tuple[int, Sequence[int]]], winner: int, points: int) -> int:
        """The trick ``trick`` (seat, card indices, in playing order) ends, won by ``winner`` with ``points``: the
        change in the defenders' points (the winner's points if it defends, less what the friends it reveals won)."""
        side, won, calls = self.side, self.won, self.calls
        won[winner] += points
        delta = 0 if side[winner] else points
        joined = False
        for seat, play in trick:
            for i in play:
                for call in calls:
                    if call[2] or call[0] != i:
                        continue
                    if call[1] > 0:
                        call[1] -= 1
                    elif not side[seat]:
                        call[2] = 1
                        side[seat] = 1
                        delta -= won[seat]
                        joined = True
                    elif not self.ignored:
                        call[2] = 1  # a double join: the team stays smaller
        if any(c[2] for c in calls):
            self.calls = [c for c in calls if not c[2]]
        if joined:
            self._order()
        return delta


def double_join_cost(allowed: dict[int, int], play: tuple[int, ...], cost: float) -> float:
    """``cost`` if ``play`` holds more copies of a called card than ``allowed`` (``Teams.double_joins``), else 0."""
    for i, n in allowed.items():
        used = 0
        for j in play:
            if j == i:
                used += 1
        if used > n:
            return cost
    return 0.0


@lru_cache(maxsize=4096)
def _tables(side: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[list[list[int]]]]:
    """Each seat's opponents and side-mates in playing order from it, and its opponents among the next ``m``
    seats, for the sides ``side`` (remembered: a playout asks again and again; never changed by the callers)."""
    n = len(side)
    opps = [tuple((s + k) % n for k in range(1, n) if side[(s + k) % n] != side[s]) for s in range(n)]
    mates = [tuple((s + k) % n for k in range(1, n) if side[(s + k) % n] == side[s]) for s in range(n)]
    after = [[[(s + k) % n for k in range(1, m + 1) if side[(s + k) % n] != side[s]] for m in range(n)]
             for s in range(n)]
    return opps, mates, after


@lru_cache(maxsize=4096)
def _joined(side: tuple[int, ...]) -> Teams:
    """The sides ``side`` as one seat reads them once it counts itself on the dealer's side (``for_seat``; no
    calls: it is only read)."""
    return Teams(list(side), [], [0] * len(side))


@lru_cache(maxsize=64)
def fixed_teams(players: int, dealer_team: int) -> Teams:
    """Fixed partners: the dealer's team is the seats of ``dealer_team``'s parity (shared: it never changes)."""
    return Teams([1 if s % 2 == dealer_team else 0 for s in range(players)], [], [0] * players)


def friends_teams(friends: Friends, won: Sequence[int], rules: Rules) -> Teams:
    """找朋友: the sides once the tricks so far have ended (``friends``: the public calls and team), with the points
    each seat won (``won``)."""
    side = [1 if s in friends.team else 0 for s in range(len(won))]
    calls = [[c.call.card.index, c.skip, 0] for c in friends.open_calls]
    return Teams(side, calls, list(won), rules.double_join is DoubleJoin.IGNORED)


def teams_of(players: int, dealer: int, friends: Friends | None, won: Sequence[int], rules: Rules) -> Teams:
    """The sides of a hand: ``friends_teams`` in 找朋友 (``friends`` given), else fixed partners."""
    if friends is None:
        return fixed_teams(players, dealer % 2)
    return friends_teams(friends, won, rules)
