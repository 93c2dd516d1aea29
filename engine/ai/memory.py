"""Card memory (记牌): what a seat can know from public play — cards played, inferred voids, known cards.

Inferences (all permanent, since cards only ever leave a hand):
- a follower who played fewer cards of the led effective suit than were led is void in it (断门);
- a follower who answered pairs/tractors with fewer pairs of the led suit than required (while it still
  had led-suit cards to play) holds no pair of that suit any more (no ``follow_policy: suit_only`` inference);
- a declarer still holds the level cards/jokers it showed, until it plays them (unless it took the kitty,
  since it may have buried them);
- in the first hand, where declaring takes the deal (抢庄), the seats of the team that did not declare passed with
  the final declaration standing: neither held an overcall (反主) of it — every AI overcalls an opponent then
  whenever it can, and a player seldom passes up the deal (with 炒地皮 rounds, or a face-down declaration, or on
  a table of another shape than two decks and four fixed seats, not inferred).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from engine.cards import ALL_CARDS, Card, two_decks
from engine.declaring import WINDOW, declaration_options
from engine.rules import FollowPolicy, KittyOvercall, Rules
from engine.trump import TrumpContext
from engine.units import split_pairs
from engine.views import DeclarationView, SeatView, TrickView

log = logging.getLogger(__name__)

N_CARDS = len(ALL_CARDS)
Overcall = tuple[tuple[int, int], ...]  # cards of an overcall not yet played: (card index, copies)


@dataclass
class Memory:
    """Public knowledge about a hand in play, updated play by play."""

    ctx: TrumpContext
    played: list[int] = field(default_factory=lambda: [0] * N_CARDS)  # copies played, by card index
    voids: list[set[str]] = field(default_factory=lambda: [set(), set(), set(), set()])
    no_pairs: list[set[str]] = field(default_factory=lambda: [set(), set(), set(), set()])
    shown: list[Counter[Card]] = field(default_factory=lambda: [Counter(), Counter(), Counter(), Counter()])
    suit_leads: Counter[str] = field(default_factory=Counter)  # how often each effective suit was led
    # per seat, the overcalls it did not hold when the window closed (抢庄), each as the (card index, copies)
    # still to be found in its hand now: the cards it has played since are taken off
    no_overcall: list[list[Overcall]] = field(default_factory=lambda: [[], [], [], []])
    # the voids known when each trick of the hand so far was led (its plays may have shown more), in order:
    # ``engine.ai.inference``
    voids_at: list[list[set[str]]] = field(default_factory=list)

    def copy(self) -> Memory:
        return Memory(self.ctx, list(self.played), [set(v) for v in self.voids], [set(v) for v in self.no_pairs],
                      [Counter(c) for c in self.shown], Counter(self.suit_leads), [list(o) for o in self.no_overcall],
                      [[set(v) for v in at] for at in self.voids_at])

    def observe(self, seat: int, cards: Sequence[Card], lead: Sequence[Card] | None) -> None:
        """Record ``seat`` playing ``cards``; ``lead`` is the trick's lead (``None`` if this is the lead)."""
        for c in cards:
            self.played[c.index] += 1
        shown = self.shown[seat]
        if shown:
            for c in cards:
                if shown[c]:
                    shown[c] -= 1
        suit_of = self.ctx.suit_of
        if lead is None:
            self.suit_leads[suit_of(cards[0])] += 1
            return
        led = suit_of(lead[0])
        in_suit = [c for c in cards if suit_of(c) == led]
        if len(in_suit) < len(lead):
            self.voids[seat].add(led)
            self.no_pairs[seat].add(led)
            return
        if self.ctx.rules.follow_policy is FollowPolicy.SUIT_ONLY:
            return
        lead_pairs = len(split_pairs(lead)[0])
        if lead_pairs and len(split_pairs(in_suit)[0]) < lead_pairs:
            self.no_pairs[seat].add(led)


def memory_from_view(view: SeatView, ctx: TrumpContext, overcalls: bool = True) -> Memory:
    """Replay the public history of ``view`` (completed tricks and the current one) into a ``Memory``;
    ``overcalls``: infer the overcalls passed up in the first hand (only sampled deals use them: ``basic`` skips
    the work)."""
    pub = view.public
    n = len(pub.hand_sizes)
    mem = Memory(ctx, voids=[set() for _ in range(n)], no_pairs=[set() for _ in range(n)],
                 shown=[Counter() for _ in range(n)], no_overcall=[[] for _ in range(n)])
    decl = pub.declaration
    if decl is not None and decl.seat != view.seat and decl.seat != pub.kitty_holder:
        mem.shown[decl.seat] = Counter(decl.cards)
    tricks = list(pub.tricks)
    if pub.trick is not None and pub.trick not in tricks:
        tricks.append(pub.trick)
    for trick in tricks:
        if not trick.plays:
            continue
        mem.voids_at.append([set(v) for v in mem.voids])
        lead = trick.plays[0][1]
        for i, (seat, cards) in enumerate(trick.plays):
            mem.observe(seat, cards, None if i == 0 else lead)
    for fail in pub.penalties:  # cards taken back after a failed throw (甩牌失败) are known to be held
        if fail.seat == view.seat:
            continue
        back = Counter(fail.attempted) - Counter(fail.forced)
        mem.shown[fail.seat] += back - _played_by(tricks, fail.seat)
    if overcalls:
        _infer_no_overcall(view, tricks, mem)
    return mem


def _played_by(tricks: list[TrickView], seat: int) -> Counter[Card]:
    """The cards ``seat`` has played in ``tricks``."""
    return Counter(c for t in tricks for s, cards in t.plays if s == seat for c in cards)


def _infer_no_overcall(view: SeatView, tricks: list[TrickView], mem: Memory) -> None:
    """First hand (抢庄): the other team's seats held no overcall of the final declaration (module docstring)."""
    pub = view.public
    decl = pub.declaration
    if (decl is None or decl.concealed or pub.hand_number != 1 or pub.results or pub.dealer is None
            or pub.rules.kitty_overcall is not KittyOvercall.OFF or not pub.rules.shape.is_standard):
        return  # (two decks, four fixed seats only)
    for seat in range(4):
        if seat == view.seat or seat % 2 == decl.seat % 2:
            continue
        played = _played_by(tricks, seat)
        left = [_still_to_hold(option, played) for option in _overcalls(decl, seat, pub.level, pub.rules)]
        if any(not need for need in left):  # it played a whole overcall since: it passed one up (no inference)
            continue
        mem.no_overcall[seat] = left


@lru_cache(maxsize=64)
def _overcalls(decl: DeclarationView, seat: int, level: str, rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """Every overcall ``seat`` could have shown against ``decl``, from any cards (worked out once per hand and
    seat: every decision of the hand asks again)."""
    return tuple(declaration_options(two_decks(), decl, seat, level, rules, True, WINDOW))


def _still_to_hold(option: tuple[Card, ...], played: Counter[Card]) -> Overcall:
    need = Counter(option)
    return tuple((c.index, n - played[c]) for c, n in sorted(need.items(), key=lambda cn: cn[0].index)
                 if n > played[c])


def unseen_counts(mem: Memory, hand: Sequence[Card], kitty: Sequence[Card] | None) -> list[int]:
    """Copies of each card (by index) that ``seat`` cannot see: not played, not in hand, not in its kitty."""
    decks = mem.ctx.rules.decks
    out = [decks - p for p in mem.played]
    for c in hand:
        out[c.index] -= 1
    for c in kitty or ():
        out[c.index] -= 1
    return out

