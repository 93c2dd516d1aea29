"""The rules object: every option of RULES §9 with its default, and the presets of §10.

``Rules`` is immutable and JSON-serializable. Build it with ``Rules.from_preset(name, **overrides)`` or
``Rules.from_json(obj)``; an unknown preset, option or value raises ``RulesError`` naming it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from engine.cards import RANKS
from engine.errors import RulesError

_CHOICES: dict[str, tuple[Any, ...]] = {
    "overcall_suit_order": (None, "SHCD", "SHDC"),
    "first_hand_dealer": ("final_declarer", "first_declarer"),
    "no_declaration": ("kitty_first", "kitty_third", "no_trump", "redeal"),
    "follow_policy": ("ladder", "pairs_only", "suit_only"),
    "throw_compare": ("largest", "all"),
    "throw_penalty": ("per_card_returned", "per_card_attempted", "attempted_minus_one", "none"),
    "kitty_multiplier": ("doubling", "by_cards", "by_pairs", "power", "flat"),
    "level_table": ("steps40", "steps20", "steps20b", "steps10"),
    "dealer_rotation": ("partner", "same_player"),
    "match_end": ("pass_end", "timed", "fixed_deals"),
}
_BOOLS = ("tractor_through_level", "direct_no_trump", "joker_single_with_level", "kitty_overcall",
          "jack_bottom", "ace_bottom")
_RANK_LISTS = ("fixed_trump_ranks", "must_play")
_OPTIONAL_INTS = ("max_gain", "points_cap")


@dataclass(frozen=True)
class Rules:
    """All table options (RULES §9). Defaults are the ``standard`` preset."""

    preset: str = "standard"
    start_level: str = "2"
    end_level: str = "A"
    fixed_trump_ranks: tuple[str, ...] = ()
    tractor_through_level: bool = True
    overcall_suit_order: str | None = None
    direct_no_trump: bool = True
    joker_single_with_level: bool = False
    first_hand_dealer: str = "final_declarer"
    no_declaration: str = "kitty_first"
    kitty_overcall: bool = False
    follow_policy: str = "ladder"
    throw_compare: str = "largest"
    throw_penalty: str = "per_card_returned"
    kitty_multiplier: str = "doubling"
    level_table: str = "steps40"
    max_gain: int | None = None
    points_cap: int | None = None
    dealer_rotation: str = "partner"
    must_play: tuple[str, ...] = ()
    jack_bottom: bool = False
    ace_bottom: bool = False
    match_end: str = "pass_end"

    def __post_init__(self) -> None:
        self._validate()

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def from_preset(cls, name: str = "standard", **overrides: Any) -> Rules:
        """The preset ``name`` with single options overridden."""
        if name not in PRESETS:
            raise RulesError("rules.unknown_preset", preset=name)
        base = dict(PRESETS[name])
        unknown = [k for k in overrides if k not in OPTION_NAMES]
        if unknown:
            raise RulesError("rules.unknown_option", option=unknown[0])
        base.update(overrides)
        return cls(preset=name, **{k: _coerce(k, v) for k, v in base.items()})

    @classmethod
    def from_json(cls, obj: Any) -> Rules:
        """A preset name, ``None`` (standard), or ``{"preset": name, option: value, …}``."""
        if obj is None:
            return cls.from_preset("standard")
        if isinstance(obj, str):
            return cls.from_preset(obj)
        if not isinstance(obj, dict):
            raise RulesError("rules.invalid", value=repr(obj))
        opts = dict(obj)
        name = opts.pop("preset", "standard")
        if not isinstance(name, str):
            raise RulesError("rules.unknown_preset", preset=repr(name))
        return cls.from_preset(name, **opts)

    def to_json(self) -> dict[str, Any]:
        """All options (lists for rank sets), ``Rules.from_json(r.to_json()) == r``."""
        out = asdict(self)
        for k in _RANK_LISTS:
            out[k] = list(out[k])
        return out

    def with_options(self, **overrides: Any) -> Rules:
        """A copy with options changed (validated)."""
        unknown = [k for k in overrides if k not in OPTION_NAMES]
        if unknown:
            raise RulesError("rules.unknown_option", option=unknown[0])
        return replace(self, **{k: _coerce(k, v) for k, v in overrides.items()})

    def overrides(self) -> dict[str, Any]:
        """Options that differ from this rules object's preset."""
        base = Rules.from_preset(self.preset)
        return {k: v for k, v in self.to_json().items() if k != "preset" and v != base.to_json()[k]}

    # -- validation -----------------------------------------------------------------------------
    def _validate(self) -> None:
        if self.preset not in PRESETS:
            raise RulesError("rules.unknown_preset", preset=self.preset)
        for name, choices in _CHOICES.items():
            if getattr(self, name) not in choices:
                raise RulesError("rules.bad_value", option=name, value=repr(getattr(self, name)))
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError("rules.bad_value", option=name, value=repr(getattr(self, name)))
        for name in ("start_level", "end_level"):
            if getattr(self, name) not in RANKS:
                raise RulesError("rules.bad_value", option=name, value=repr(getattr(self, name)))
        if RANKS.index(self.end_level) < RANKS.index(self.start_level):
            raise RulesError("rules.bad_value", option="end_level", value=repr(self.end_level))
        for name in _RANK_LISTS:
            value = getattr(self, name)
            if not isinstance(value, tuple) or any(r not in RANKS for r in value) or len(set(value)) != len(value):
                raise RulesError("rules.bad_value", option=name, value=repr(value))
        for name in _OPTIONAL_INTS:
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise RulesError("rules.bad_value", option=name, value=repr(value))


def _coerce(name: str, value: Any) -> Any:
    """Accept JSON shapes: lists (or comma strings) for rank sets, rank names for levels."""
    if name in _RANK_LISTS:
        if isinstance(value, str):
            value = [v for v in value.replace(" ", "").split(",") if v]
        if not isinstance(value, list | tuple):
            raise RulesError("rules.bad_value", option=name, value=repr(value))
        value = tuple(str(v).upper() for v in value)
        return tuple(sorted(value, key=lambda r: RANKS.index(r) if r in RANKS else -1))
    if name in ("start_level", "end_level") and isinstance(value, str | int) and not isinstance(value, bool):
        return str(value).upper()
    if name == "overcall_suit_order" and isinstance(value, str):
        return value.upper().replace(">", "")
    return value


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name != "preset")

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "national": {"direct_no_trump": False},
    "aihua": {"level_table": "steps20", "must_play": ["J", "A"], "jack_bottom": True, "ace_bottom": True,
              "kitty_multiplier": "by_cards", "no_declaration": "kitty_first"},
    "minzheng": {"must_play": ["2", "J", "A"], "overcall_suit_order": "SHCD", "kitty_overcall": True,
                 "level_table": "steps20", "jack_bottom": True, "ace_bottom": True,
                 "first_hand_dealer": "first_declarer"},
    "renda": {"tractor_through_level": False, "direct_no_trump": False, "no_declaration": "kitty_third",
              "max_gain": 5},
    "daiwang": {"joker_single_with_level": True, "kitty_multiplier": "power"},
    "tournament": {"end_level": "10", "level_table": "steps20b", "overcall_suit_order": "SHDC",
                   "kitty_overcall": True, "match_end": "timed"},
    "duplicate": {"match_end": "fixed_deals"},
}


def option_choices(name: str) -> tuple[Any, ...] | None:
    """The allowed values of an option with a closed set of choices (for UIs), else ``None``."""
    if name in _CHOICES:
        return _CHOICES[name]
    if name in _BOOLS:
        return (False, True)
    if name in ("start_level", "end_level"):
        return RANKS
    return None
