"""Events: what ``Table.apply`` reports. Each event says who may see it, so no interface leaks a hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC: None = None


@dataclass(frozen=True)
class Event:
    """``kind`` names what happened; ``data`` is JSON-ready; ``to`` is ``None`` (everyone) or one seat.

    Kinds (data keys): ``hand_started`` (hand_number, dealer, level, first_drawer), ``card_dealt``
    (private: seat, card; public twin: seat, count), ``dealing_done``, ``declared`` (seat, cards, trump,
    kind: declare/overcall/reinforce), ``passed`` (seat), ``declaring_closed`` (trump, dealer, how),
    ``redeal`` (reason), ``kitty_taken`` (private: seat, cards; public twin: seat), ``buried`` (seat;
    private twin adds cards), ``kitty_overcall_round`` (seat to act), ``played`` (seat, cards),
    ``throw_failed`` (seat, attempted, forced, beaten_unit, penalty), ``trick_won`` (seat, points,
    defender_points, trick_number), ``hand_settled`` (the ``HandResult`` as JSON), ``match_over``
    (winner team, reason).
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: int | None = PUBLIC

    @property
    def is_public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        """True if ``seat`` (``None`` = a spectator) may see this event."""
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data, "to": self.to}
