"""The declarations of one hand (亮主/反主): the state the declaring window and the rounds after the bury share.

``Bids`` is owned by ``engine.hand.HandState`` (``hand.bids``) and lives from the deal to the end of the hand: the
standing declaration, the first declarer (反主不反庄), the passes of the current window or round, the face-down
declarations not yet turned up (暗扣), the last seat that declared with level cards (一对王不能反庄), the seats
still to be asked in turn (the 换庄 second window, a 炒地皮 round), the 换庄 stage with both teams' levels, and
the count of rounds opened after the bury. The rules that change it live in ``engine.window`` (the deal and the
window) and ``engine.rounds`` (the bury and the rounds after it); what it shows to a seat or to everyone is here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.cards import Card
from engine.declaring import CONCEALED, NO_TRUMP, kitty_round_mode
from engine.errors import IllegalAction
from engine.events import DeclarationKind, DeclarationsRevealed, Declared, DeclaredConcealed, Event
from engine.levels import Level
from engine.rules import Rules
from engine.trump import Trump
from engine.views import DeclarationView
from engine.wire import declaration_from_json, declaration_to_json

log = logging.getLogger(__name__)


class SwapStage(StrEnum):
    """换庄 (``no_declaration: swap_dealer``): the due dealer team's window, then the other team's; stored by its
    value in a hand's JSON (``swap_stage``, absent when ``NONE``)."""

    NONE = ""
    DUE = "due"
    OTHER = "other"


@dataclass
class Bids:
    """What has been declared in a hand, and who is still to answer (see the module's docstring)."""

    declaration: DeclarationView | None = None
    first_declarer: int | None = None
    passed: set[int] = field(default_factory=set)
    hidden: list[DeclarationView] = field(default_factory=list)  # 暗扣: face-down, not yet turned up
    suit_declarer: int | None = None  # the last seat that declared with level cards (final_suit_declarer)
    queue: list[int] = field(default_factory=list)  # seats to ask in turn: 换庄's second window, a 炒地皮 round
    swap_stage: SwapStage = SwapStage.NONE  # 换庄: the due dealer team's window, then the other team's
    team_levels: tuple[Level, Level] | None = None  # 换庄: both teams' levels (the other team declares at its own)
    kitty_rounds: int = 0  # rounds of overcalls opened after the bury in this hand

    # -- what a seat or everyone sees -----------------------------------------------------------------------
    def public_declaration(self) -> DeclarationView | None:
        """The standing declaration as everyone may see it: a face-down one without its cards and trump."""
        d = self.declaration
        if d is None or not d.concealed:
            return d
        return DeclarationView(d.seat, (), Trump.HIDDEN, concealed=True)

    def public_trump(self, trump: Trump | None) -> Trump | None:
        """The hand's ``trump`` as everyone knows it: none while the standing declaration is face down."""
        d = self.declaration
        return None if d is not None and d.concealed else trump

    def own_concealed(self, seat: int) -> tuple[DeclarationView, ...]:
        """``seat``'s own face-down declarations not turned up yet (only that seat sees their cards)."""
        return tuple(d for d in self.hidden if d.seat == seat)

    def concealed_seats(self) -> tuple[int, ...]:
        return tuple(d.seat for d in self.hidden)

    def only_team(self, dealer: int | None) -> int | None:
        """The team that alone may make the first declaration now (换庄), else ``None``."""
        if not self.swap_stage or self.declaration is not None or dealer is None:
            return None
        return dealer % 2 if self.swap_stage is SwapStage.DUE else 1 - dealer % 2

    def turn(self) -> tuple[int, ...]:
        """The seat asked now in a round taken in turn (``()`` when the round is over)."""
        return (self.queue[0],) if self.queue else ()

    def window_to_act(self, players: int = 4) -> tuple[int, ...]:
        """The seats that may still act in the declaration window: in turn in 换庄's second window, else every
        seat that has not passed since the last declaration."""
        if self.swap_stage is SwapStage.OTHER:
            return self.turn()
        return tuple(s for s in range(players) if s not in self.passed)

    # -- showing and turning up -----------------------------------------------------------------------------
    def check_not_repeated(self, seat: int, cards: Sequence[Card]) -> None:
        if shown_before(cards, self.own_concealed(seat)):
            raise IllegalAction("declare.concealed_repeat")

    def show(self, seat: int, cards: tuple[Card, ...], trump: Trump, kind: DeclarationKind, rules: Rules,
             first_hand: bool) -> list[Event]:
        """Make ``cards`` the standing declaration: face down under 暗扣 (only ``seat`` sees them), else shown."""
        concealed = kitty_round_mode(rules) == CONCEALED and trump != NO_TRUMP
        decl = DeclarationView(seat, cards, trump, reinforced=kind == "reinforce", concealed=concealed)
        self.declaration = decl
        if trump != NO_TRUMP and first_hand and rules.first_hand_dealer == "final_suit_declarer":
            self.suit_declarer = seat  # 一对王不能反庄: the last to declare with level cards deals
        if concealed:
            self.hidden.append(decl)
            return [Declared(seat, cards, trump, kind, to=seat), DeclaredConcealed(seat, kind)]
        return [Declared(seat, cards, trump, kind), *self.reveal()]

    def reveal(self) -> list[Event]:
        """Turn up every face-down declaration of the hand (nothing if there is none)."""
        if not self.hidden:
            return []
        shown = tuple(replace(d, concealed=False) for d in self.hidden)
        self.hidden = []
        if self.declaration is not None and self.declaration.concealed:
            self.declaration = replace(self.declaration, concealed=False)
        trump = self.declaration.trump if self.declaration is not None else None
        return [DeclarationsRevealed(shown, trump)]

    # -- stored state (keys of the hand's JSON) -------------------------------------------------------------
    def window_json(self) -> dict[str, Any]:
        """The keys every stored hand has (v1), in their order: ``declaration``, ``first_declarer``, ``passed``."""
        d = self.declaration
        return {"declaration": None if d is None else declaration_to_json(d), "first_declarer": self.first_declarer,
                "passed": sorted(self.passed)}

    def rounds_json(self) -> dict[str, Any]:
        """The v2 declaring state, written only when used (a state stored before v2 reads the defaults)."""
        out: dict[str, Any] = {}
        if self.hidden:
            out["hidden"] = [declaration_to_json(d) for d in self.hidden]
        if self.suit_declarer is not None:
            out["suit_declarer"] = self.suit_declarer
        if self.swap_stage:
            out["swap_stage"] = self.swap_stage.value
        if self.team_levels is not None:
            out["team_levels"] = list(self.team_levels)
        if self.kitty_rounds:
            out["kitty_rounds"] = self.kitty_rounds
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Bids:
        """The bids of a stored hand (``obj`` is the hand's JSON; the v2 keys default when absent)."""
        d, levels = obj["declaration"], obj.get("team_levels")
        return cls(declaration=None if d is None else declaration_from_json(d),
                   first_declarer=obj["first_declarer"], passed=set(obj["passed"]),
                   hidden=[declaration_from_json(h) for h in obj.get("hidden", [])],
                   suit_declarer=obj.get("suit_declarer"), queue=list(obj["overcall_queue"]),
                   swap_stage=SwapStage(obj.get("swap_stage", "")),
                   team_levels=None if levels is None else (Level.parse(levels[0]), Level.parse(levels[1])),
                   kitty_rounds=obj.get("kitty_rounds", 0))


def shown_before(cards: Sequence[Card], own: Sequence[DeclarationView]) -> bool:
    """暗扣: the seat already put these very cards face down in this hand (they lie on the table; no seat
    repeats a declaration, which also ends every run of overcalls)."""
    key = sorted(c.index for c in cards)
    return any(sorted(c.index for c in d.cards) == key for d in own)
