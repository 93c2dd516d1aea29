"""找朋友 (finding friends) — RULES §13.3–§13.4: the dealer's friend calls, and who joins its team as tricks end.

A call names a card and an ordinal k: "the k-th copy of C to be played" (1 ≤ k ≤ decks). ``check_calls`` applies
``friend_cards`` (no trumps by default). ``Friends`` is the state of the calls: at the end of each trick its
cards are read in playing order, each player's cards in the order played, every copy separately; a copy of a
called card with copies left to skip counts one down, the copy that reaches none fills the call and its player
joins the dealer's team (the dealer's own copies count). A copy reaching a player already on the team fills
the call with nobody new under ``double_join: consumes``, and passes under ``ignored``. Pure values, no I/O.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.cards import Card, parse_card
from engine.choices import DoubleJoin, FriendCards
from engine.errors import IllegalAction
from engine.rules import Rules

log = logging.getLogger(__name__)

POINT_RANKS = frozenset({"5", "10", "K"})


@dataclass(frozen=True, slots=True)
class FriendCall:
    """One call: the ``ordinal``-th copy of ``card`` to be played makes its player a friend."""

    card: Card
    ordinal: int


@dataclass(frozen=True, slots=True)
class CallState:
    """A call during play: copies still to skip, whether it is filled, and by whom (``None``: open, or filled by
    a player already on the team)."""

    call: FriendCall
    skip: int
    filled: bool = False
    friend: int | None = None


def call_error(call: FriendCall, level: str, trump: str, rules: Rules) -> str | None:
    """The message key refusing one call under ``friend_cards`` and the deck count, else ``None`` (§13.3):
    ``no_trumps`` forbids jokers, the level rank and the trump suit; ``no_highest`` also A (K at level A);
    ``no_points`` also 5, 10 and K (a K is allowed at level A); ``trumps_included`` lifts the trump rule."""
    if not 1 <= call.ordinal <= rules.decks:
        return "friends.bad_ordinal"
    card, policy = call.card, rules.friend_cards
    if policy is not FriendCards.TRUMPS_INCLUDED and (card.is_joker or card.rank == level or card.suit == trump):
        return "friends.card_not_allowed"
    if policy is FriendCards.NO_HIGHEST and card.rank == ("K" if level == "A" else "A"):
        return "friends.card_not_allowed"
    if policy is FriendCards.NO_POINTS and card.rank in POINT_RANKS and not (card.rank == "K" and level == "A"):
        return "friends.card_not_allowed"
    return None


def check_calls(calls: Sequence[FriendCall], level: str, trump: str, rules: Rules, *, count: bool = True) -> None:
    """Raise ``IllegalAction`` unless ``calls`` are the dealer's legal calls: ``rules.friend_calls`` of them
    (``count``), distinct (card, ordinal) pairs, each allowed by ``call_error``."""
    if rules.shape.fixed_partners:
        raise IllegalAction("friends.not_friends_mode")
    if count and len(calls) != rules.friend_calls:
        raise IllegalAction("friends.wrong_count", count=rules.friend_calls, called=len(calls))
    if len(set(calls)) != len(calls):
        twice = next(c for i, c in enumerate(calls) if c in calls[:i])
        raise IllegalAction("friends.duplicate", card=str(twice.card))
    for call in calls:
        key = call_error(call, level, trump, rules)
        if key is not None:
            raise IllegalAction(key, card=str(call.card), ordinal=call.ordinal, decks=rules.decks,
                                policy=str(rules.friend_cards))


@dataclass(frozen=True, slots=True)
class Friends:
    """The calls during play and the dealer's team so far: the dealer, then friends in the order they joined."""

    dealer: int
    calls: tuple[CallState, ...]
    team: tuple[int, ...]

    @classmethod
    def start(cls, dealer: int, calls: Iterable[FriendCall]) -> Friends:
        """The calls as play begins: nobody has joined; the k-th copy skips k − 1 copies."""
        return cls(dealer, tuple(CallState(c, c.ordinal - 1) for c in calls), (dealer,))

    @property
    def open_calls(self) -> tuple[CallState, ...]:
        """Calls not yet filled (a called copy in the kitty keeps its call open to the end, §13.4)."""
        return tuple(c for c in self.calls if not c.filled)

    def on_team(self, seat: int) -> bool:
        """Whether ``seat`` is the dealer or a revealed friend."""
        return seat in self.team

    def after_trick(self, plays: Sequence[tuple[int, Sequence[Card]]], rules: Rules) -> Friends:
        """The state once a trick ends: ``plays`` are (seat, cards) in playing order."""
        calls, team = list(self.calls), list(self.team)
        ignored = rules.double_join is DoubleJoin.IGNORED
        for seat, cards in plays:
            for card in cards:
                for i, state in enumerate(calls):
                    if state.filled or state.call.card != card:
                        continue
                    if state.skip > 0:
                        calls[i] = replace(state, skip=state.skip - 1)
                    elif seat not in team:
                        calls[i] = replace(state, filled=True, friend=seat)
                        team.append(seat)
                        log.debug("seat %d joins the dealer's team on %s", seat, card)
                    elif not ignored:
                        calls[i] = replace(state, filled=True)  # double join: the team stays smaller
        return Friends(self.dealer, tuple(calls), tuple(team))

    def defenders(self, players: int) -> tuple[int, ...]:
        """Every seat not on the dealer's team, in seat order."""
        return tuple(s for s in range(players) if s not in self.team)


def default_calls(hand: Sequence[Card], level: str, trump: str, rules: Rules) -> tuple[FriendCall, ...]:
    """A simple legal set of calls for the dealer holding ``hand`` (the kitty buried): the highest allowed card of
    each suit it is shortest in, the first copy it does not hold itself (ordinal = its own copies + 1), so it does
    not call itself; then, if calls are still missing, lower cards of those suits, then any allowed card."""
    count = rules.friend_calls
    held = {c: hand.count(c) for c in set(hand)}
    suits = sorted((s for s in "SHCD" if s != trump), key=lambda s: sum(c.suit == s for c in hand))
    order = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    calls: list[FriendCall] = []
    for own in (True, False):  # first without the dealer's own copies, then anything allowed
        for rank in order:
            for suit in suits:
                card = Card(rank, suit)
                ordinal = held.get(card, 0) + 1 if own else 1
                call = FriendCall(card, ordinal)
                if len(calls) < count and call not in calls and call_error(call, level, trump, rules) is None:
                    calls.append(call)
    return tuple(calls)


def joined_events(before: Friends, after: Friends) -> list[tuple[int, FriendCall]]:
    """(seat, call) for each call a trick filled by a new friend, in the order they joined."""
    out = [(a.friend, a.call) for b, a in zip(before.calls, after.calls, strict=True)
           if a.friend is not None and b.friend is None]
    return sorted(((s, c) for s, c in out if s is not None), key=lambda sc: after.team.index(sc[0]))


def friends_to_json(friends: Friends) -> dict[str, object]:
    return {"dealer": friends.dealer, "team": list(friends.team),
            "calls": [{"card": str(c.call.card), "ordinal": c.call.ordinal, "skip": c.skip, "filled": c.filled,
                       "friend": c.friend} for c in friends.calls]}


def friends_from_json(obj: dict[str, object]) -> Friends:
    calls = obj["calls"]
    team = obj["team"]
    dealer = obj["dealer"]
    assert isinstance(calls, list) and isinstance(team, list) and isinstance(dealer, int)
    return Friends(dealer, tuple(CallState(FriendCall(parse_card(c["card"]), c["ordinal"]), c["skip"], c["filled"],
                                           c["friend"]) for c in calls), tuple(team))
