"""JSON forms of the engine's result values (``HandResult``), shared by events, snapshots and storage."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from engine.cards import format_cards, parse_cards
from engine.levels import Level
from engine.trump import Trump
from engine.views import DeclarationView, HandResult

_PAIRS = ("levels_before", "levels_after", "level_gains", "laps_before", "laps_after")
_FIELDS = tuple(f.name for f in fields(HandResult))


def result_to_json(result: HandResult) -> dict[str, Any]:
    """A ``HandResult`` as plain JSON (cards as strings, tuples as lists)."""
    # asdict(result) without its deep copy: every field is a scalar except the tuples replaced below
    out = {name: getattr(result, name) for name in _FIELDS}
    out["kitty"] = format_cards(result.kitty)
    for name in (*_PAIRS, "notes"):
        out[name] = list(out[name])
    if result.team:  # 找朋友 only: a fixed-partner result keeps its JSON
        out["team"] = list(result.team)
    else:
        del out["team"]
    return out


def result_from_json(obj: dict[str, Any]) -> HandResult:
    """Inverse of ``result_to_json``."""
    values = {f.name: obj[f.name] for f in fields(HandResult) if f.name in obj}
    values["kitty"] = parse_cards(obj["kitty"])
    for name in (*_PAIRS, "notes", "team"):
        if name in values:
            values[name] = tuple(values[name])
    values["level"], values["trump"] = Level.parse(obj["level"]), Trump.parse(obj["trump"])
    for name in ("levels_before", "levels_after"):
        values[name] = tuple(Level.parse(v) for v in values[name])
    return HandResult(**values)


def declaration_to_json(d: DeclarationView) -> dict[str, Any]:
    """A declaration as JSON; ``reinforced``/``concealed`` only when set (older states read the defaults)."""
    out: dict[str, Any] = {"seat": d.seat, "cards": format_cards(d.cards), "trump": d.trump}
    if d.reinforced:
        out["reinforced"] = True
    if d.concealed:
        out["concealed"] = True
    return out


def declaration_from_json(obj: dict[str, Any]) -> DeclarationView:
    return DeclarationView(obj["seat"], parse_cards(obj["cards"]), Trump.parse(obj["trump"]),
                           reinforced=obj.get("reinforced", False), concealed=obj.get("concealed", False))
