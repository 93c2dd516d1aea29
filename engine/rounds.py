"""The declaring rounds of RULES §5 v2 around the kitty, played on a ``DeclaringHand``.

- 暗扣暗反 (``kitty_overcall: concealed``): declarations and overcalls are made face down; a public view
  shows only who declared. They are turned up when the round after the bury ends (a joker pair is shown
  at once and turns them all up; nothing follows it).
- 炒地皮 rounds after the bury (``true``, ``concealed``: repeated from each new burier's next seat until a
  full round passes; ``no_trump_only`` (反无主): one round from the dealer's next seat to the dealer, not in
  the first hand, continued after an overcaller re-buries). A round never opens when nobody declared
  (the trump came from ``no_declaration``).
- 换庄 (``no_declaration: swap_dealer``, later hands): only the due dealer's team may make the first
  declaration in the deal and its window; then a second window, in turn from the due dealer's next seat,
  for the other team at its own level (谁亮主谁坐庄); then the first kitty card; then a redeal.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, Protocol

from engine.cards import Card
from engine.declaring import CONCEALED, NO_TRUMP, NO_TRUMP_ONLY, kitty_round_mode
from engine.errors import IllegalAction
from engine.events import (
    DeclarationKind,
    DeclarationsRevealed,
    Declared,
    DeclaredConcealed,
    Event,
    KittyOvercallRound,
    SwapDealer,
    SwapWindow,
)
from engine.rules import Rules
from engine.views import DeclarationView, Phase
from engine.wire import declaration_from_json, declaration_to_json

log = logging.getLogger(__name__)

class DeclaringHand(Protocol):
    """What the declaring rounds read and change of a hand (``engine.hand.HandState``)."""

    rules: Rules
    level: str
    dealer: int | None
    first_hand: bool
    kitty: list[Card]
    phase: Phase
    declaration: DeclarationView | None
    passed: set[int]
    trump: str | None
    overcall_queue: list[int]
    hidden: list[DeclarationView]
    suit_declarer: int | None
    swap_stage: SwapStage
    team_levels: tuple[str, str] | None
    kitty_rounds: int

    def begin_play(self) -> list[Event]: ...


class SwapStage(StrEnum):
    """换庄 (``no_declaration: swap_dealer``): the due dealer team's window, then the other team's; stored by its
    value in a hand's JSON (``swap_stage``, absent when ``NONE``)."""

    NONE = ""
    DUE = "due"
    OTHER = "other"


def show(hand: DeclaringHand, seat: int, cards: tuple[Card, ...], trump: str, kind: DeclarationKind) -> list[Event]:
    """Make ``cards`` the standing declaration: face down under 暗扣 (only ``seat`` sees them), else shown."""
    concealed = kitty_round_mode(hand.rules) == CONCEALED and trump != NO_TRUMP
    decl = DeclarationView(seat, cards, trump, reinforced=kind == "reinforce", concealed=concealed)
    hand.declaration = decl
    if trump != NO_TRUMP and hand.first_hand and hand.rules.first_hand_dealer == "final_suit_declarer":
        hand.suit_declarer = seat  # 一对王不能反庄: the last to declare with level cards deals
    if concealed:
        hand.hidden.append(decl)
        return [Declared(seat, cards, trump, kind, to=seat), DeclaredConcealed(seat, kind)]
    return [Declared(seat, cards, trump, kind), *reveal(hand)]


def reveal(hand: DeclaringHand) -> list[Event]:
    """Turn up every face-down declaration of the hand (nothing if there is none)."""
    if not hand.hidden:
        return []
    shown = tuple(replace(d, concealed=False) for d in hand.hidden)
    hand.hidden = []
    if hand.declaration is not None and hand.declaration.concealed:
        hand.declaration = replace(hand.declaration, concealed=False)
    trump = hand.declaration.trump if hand.declaration is not None else None
    return [DeclarationsRevealed(shown, trump)]


def public_declaration(hand: DeclaringHand) -> DeclarationView | None:
    """The standing declaration as everyone may see it: a face-down one without its cards and trump."""
    d = hand.declaration
    if d is None or not d.concealed:
        return d
    return DeclarationView(d.seat, (), "", concealed=True)


def public_trump(hand: DeclaringHand) -> str | None:
    """The trump everyone knows: none while the standing declaration is face down."""
    d = hand.declaration
    return None if d is not None and d.concealed else hand.trump


def own_concealed(hand: DeclaringHand, seat: int) -> tuple[DeclarationView, ...]:
    return tuple(d for d in hand.hidden if d.seat == seat)


def shown_before(cards: Sequence[Card], own: Sequence[DeclarationView]) -> bool:
    """暗扣: the seat already put these very cards face down in this hand (they lie on the table; no seat
    repeats a declaration, which also ends every run of overcalls)."""
    key = sorted(c.index for c in cards)
    return any(sorted(c.index for c in d.cards) == key for d in own)


def check_not_repeated(hand: DeclaringHand, seat: int, cards: Sequence[Card]) -> None:
    if shown_before(cards, own_concealed(hand, seat)):
        raise IllegalAction("declare.concealed_repeat")


# -- rounds after the bury ----------------------------------------------------------------------------------
def round_after_bury(hand: DeclaringHand, burier: int) -> list[Event]:
    """After a bury: open (or continue) a round of overcalls after the bury, or turn up and begin play."""
    mode = kitty_round_mode(hand.rules)
    queue = _next_round(hand, burier, mode)
    if not queue:
        hand.overcall_queue = []
        return reveal(hand) + hand.begin_play()
    hand.overcall_queue = queue
    hand.phase = Phase.KITTY_OVERCALL
    return [KittyOvercallRound(queue[0], mode)]


def _next_round(hand: DeclaringHand, burier: int, mode: str) -> list[int]:
    """The seats still to be asked, in order ([] = no round)."""
    decl = hand.declaration
    if mode == "false" or decl is None:  # never when the trump came from no_declaration
        return []
    if mode == NO_TRUMP_ONLY:
        if hand.overcall_queue:  # the one round goes on after an overcaller re-buried
            return list(hand.overcall_queue)
        if hand.first_hand or hand.kitty_rounds or decl.cards == _BJ_PAIR:
            return []
        hand.kitty_rounds += 1
        assert hand.dealer is not None
        return [(hand.dealer + k) % 4 for k in (1, 2, 3, 4)]
    if mode == CONCEALED and not decl.concealed and decl.trump == NO_TRUMP:
        return []  # a joker pair ended the overcalling
    hand.kitty_rounds += 1
    return [(burier + k) % 4 for k in (1, 2, 3)]


_BJ_PAIR = (Card("BJ", ""), Card("BJ", ""))


def after_kitty_overcall(hand: DeclaringHand, seat: int) -> None:
    """The overcaller leaves the round: ``no_trump_only`` goes on with the seats after it, else a new round
    starts after its bury."""
    if kitty_round_mode(hand.rules) == NO_TRUMP_ONLY:
        hand.overcall_queue = [s for s in hand.overcall_queue if s != seat]
    else:
        hand.overcall_queue = []


# -- 换庄 ---------------------------------------------------------------------------------------------------
def only_team(hand: DeclaringHand) -> int | None:
    """The team that alone may make the first declaration now (换庄), else ``None``."""
    if not hand.swap_stage or hand.declaration is not None or hand.dealer is None:
        return None
    return hand.dealer % 2 if hand.swap_stage is SwapStage.DUE else 1 - hand.dealer % 2


def open_second_window(hand: DeclaringHand) -> list[Event]:
    """The due dealer's team declared nothing: the other team's window, in turn, at its own level."""
    assert hand.dealer is not None and hand.team_levels is not None
    other = 1 - hand.dealer % 2
    hand.swap_stage = SwapStage.OTHER
    hand.level = hand.team_levels[other]
    hand.overcall_queue = [(hand.dealer + 1) % 4, (hand.dealer + 3) % 4]
    hand.passed = set()
    return [SwapWindow(other, hand.level, hand.overcall_queue[0])]


def swap_declared(hand: DeclaringHand, seat: int) -> list[Event]:
    """谁亮主谁坐庄: the first declaration of the second window takes the deal; overcalls follow as usual."""
    hand.dealer = seat
    hand.swap_stage = SwapStage.NONE
    hand.overcall_queue = []
    hand.passed = set()
    return [SwapDealer(seat, hand.level)]


def swap_kitty_card(hand: DeclaringHand) -> str | None:
    """Nobody declared in either window: the first kitty card decides (its rank a team's level: that team
    deals at it with its suit as trump, the due team first); the trump, or ``None`` to redeal."""
    assert hand.dealer is not None and hand.team_levels is not None
    card = hand.kitty[0]
    if card.is_joker:
        return None
    due = hand.dealer
    for team, seat in ((due % 2, due), (1 - due % 2, (due + 1) % 4)):
        if card.rank == hand.team_levels[team]:
            hand.dealer, hand.level = seat, hand.team_levels[team]
            hand.swap_stage = SwapStage.NONE
            return card.suit
    return None


# -- stored state -------------------------------------------------------------------------------------------
def state_to_json(hand: DeclaringHand) -> dict[str, Any]:
    """The v2 declaring state, written only when used (a state stored before v2 reads the defaults)."""
    out: dict[str, Any] = {}
    if hand.hidden:
        out["hidden"] = [declaration_to_json(d) for d in hand.hidden]
    if hand.suit_declarer is not None:
        out["suit_declarer"] = hand.suit_declarer
    if hand.swap_stage:
        out["swap_stage"] = hand.swap_stage.value
    if hand.team_levels is not None:
        out["team_levels"] = list(hand.team_levels)
    if hand.kitty_rounds:
        out["kitty_rounds"] = hand.kitty_rounds
    return out


def state_from_json(obj: dict[str, Any]) -> dict[str, Any]:
    """``DeclaringHand`` keyword arguments for the v2 declaring state of a stored hand (defaults when absent)."""
    levels = obj.get("team_levels")
    return {"hidden": [declaration_from_json(h) for h in obj.get("hidden", [])],
            "suit_declarer": obj.get("suit_declarer"), "swap_stage": SwapStage(obj.get("swap_stage", "")),
            "team_levels": None if levels is None else (levels[0], levels[1]),
            "kitty_rounds": obj.get("kitty_rounds", 0)}
