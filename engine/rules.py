"""The rules object: every option of RULES §9 with its default, and the presets of §10.

``Rules`` is immutable and JSON-serializable. Build it with ``Rules.from_preset(name, **overrides)`` or
``Rules.from_json(obj)``; an unknown preset, option or value raises ``RulesError`` naming it. Options with a
closed set of values are ``StrEnum``s (they compare equal to their JSON strings); the JSON form is the v1 one
(``kitty_overcall`` is still ``true``/``false`` when it is on/off), and ``direct_no_trump`` is accepted as the
legacy alias of ``no_trump_declaration``. A rules object stored before v2 (every v1 option, no v2 option)
restores with the v2 options at their standard values, so it plays on unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from engine.cards import RANKS
from engine.choices import (
    BlockedGain,
    DealerRotation,
    DoubleJoin,
    FirstHandDealer,
    FollowPolicy,
    FriendCards,
    KittyGuard,
    KittyMultiplier,
    KittyOvercall,
    LevelTable,
    MatchEnd,
    NoDeclaration,
    NoTrumpDeclaration,
    NtTractors,
    ThrowCompare,
    ThrowPenalty,
)
from engine.errors import RulesError
from engine.shape import Mode, TableShape, default_decks

__all__ = [
    "FRIENDS_OPTIONS", "LEGACY_DIRECT_NO_TRUMP", "OPTION_NAMES", "PRESETS", "SHAPE_OPTIONS", "V2_OPTIONS",
    "V3_OPTIONS", "BlockedGain", "DealerRotation", "DoubleJoin", "FirstHandDealer", "FollowPolicy", "FriendCards",
    "KittyGuard", "KittyMultiplier", "KittyOvercall", "LevelTable", "MatchEnd", "Mode", "NoDeclaration",
    "NoTrumpDeclaration", "NtTractors", "Rules", "ThrowCompare", "ThrowPenalty", "option_choices",
]

_ENUMS: dict[str, type[StrEnum]] = {
    "nt_tractors": NtTractors, "no_trump_declaration": NoTrumpDeclaration, "first_hand_dealer": FirstHandDealer,
    "no_declaration": NoDeclaration, "kitty_overcall": KittyOvercall, "follow_policy": FollowPolicy,
    "throw_compare": ThrowCompare, "throw_penalty": ThrowPenalty, "kitty_multiplier": KittyMultiplier,
    "kitty_guard": KittyGuard, "level_table": LevelTable, "dealer_rotation": DealerRotation,
    "blocked_gain": BlockedGain, "match_end": MatchEnd, "mode": Mode, "friend_cards": FriendCards,
    "double_join": DoubleJoin,
}
_SUIT_ORDERS: tuple[str | None, ...] = (None, "SHCD", "SHDC")
_BOOLS = ("tractor_through_level", "joker_single_with_level", "jack_bottom", "ace_bottom", "bottom_relief",
          "small_team_bonus")
_RANK_LISTS = ("fixed_trump_ranks", "must_play")
_OPTIONAL_INTS = ("max_gain", "points_cap")
_BOOL_JSON: dict[str, bool] = {"false": False, "true": True}  # kitty_overcall keeps its v1 JSON form
#: ``direct_no_trump`` (v1) → ``no_trump_declaration``
LEGACY_DIRECT_NO_TRUMP = {True: NoTrumpDeclaration.ANYTIME, False: NoTrumpDeclaration.OVERCALL_ONLY}
#: options added in v2: a stored v1 rules object (all v1 options, none of these) gets their standard values
V2_OPTIONS = ("nt_tractors", "no_trump_declaration", "kitty_guard", "bottom_relief", "blocked_gain")
#: options added in v3 (§12.6): written to JSON only when a table changes them, so a two-deck, four-seat
#: table's JSON (stored states, the wire) stays as it was; the shape's three are written together
SHAPE_OPTIONS = ("decks", "players", "mode")
V3_OPTIONS = (*SHAPE_OPTIONS, "friends", "friend_cards", "double_join", "small_team_bonus", "kitty_size")
#: 找朋友 options: only with ``mode: friends``
FRIENDS_OPTIONS = ("friends", "friend_cards", "double_join", "small_team_bonus")


@dataclass(frozen=True)
class Rules:
    """All table options (RULES §9). Defaults are the ``standard`` preset."""

    preset: str = "standard"
    start_level: str = "2"
    end_level: str = "A"
    fixed_trump_ranks: tuple[str, ...] = ()
    tractor_through_level: bool = True
    nt_tractors: NtTractors = NtTractors.LEVEL_PAIRS
    overcall_suit_order: str | None = None
    no_trump_declaration: NoTrumpDeclaration = NoTrumpDeclaration.ANYTIME
    joker_single_with_level: bool = False
    first_hand_dealer: FirstHandDealer = FirstHandDealer.FINAL_DECLARER
    no_declaration: NoDeclaration = NoDeclaration.KITTY_FIRST
    kitty_overcall: KittyOvercall = KittyOvercall.OFF
    follow_policy: FollowPolicy = FollowPolicy.LADDER
    throw_compare: ThrowCompare = ThrowCompare.LARGEST
    throw_penalty: ThrowPenalty = ThrowPenalty.PER_CARD_RETURNED
    kitty_multiplier: KittyMultiplier = KittyMultiplier.DOUBLING
    kitty_guard: KittyGuard = KittyGuard.DEALER_TEAM
    level_table: LevelTable = LevelTable.STEPS40
    max_gain: int | None = None
    points_cap: int | None = None
    dealer_rotation: DealerRotation = DealerRotation.PARTNER
    must_play: tuple[str, ...] = ()
    jack_bottom: bool = False
    ace_bottom: bool = False
    bottom_relief: bool = False
    blocked_gain: BlockedGain = BlockedGain.LOST
    match_end: MatchEnd = MatchEnd.PASS_END
    decks: int = 2
    players: int = 4
    mode: Mode = Mode.TRACTOR
    friends: int | None = None
    friend_cards: FriendCards = FriendCards.NO_TRUMPS
    double_join: DoubleJoin = DoubleJoin.CONSUMES
    small_team_bonus: bool = True
    kitty_size: int | None = None

    @cached_property
    def shape(self) -> TableShape:
        """Decks, seats and mode with the deal's sizes (RULES §12.1, §13.1)."""
        return TableShape.of(self.decks, self.players, self.mode, self.kitty_size)

    @property
    def friend_calls(self) -> int:
        """§13.3 how many friends the dealer calls (0 with fixed partners)."""
        if self.mode is not Mode.FRIENDS:
            return 0
        return self.shape.default_friends() if self.friends is None else self.friends

    @property
    def timed(self) -> bool:
        """The interface may call time (``match_end: timed`` or ``timed_laps``)."""
        return self.match_end is MatchEnd.TIMED or self.match_end is MatchEnd.TIMED_LAPS

    def __post_init__(self) -> None:
        values = self.__dict__  # (the fields, read without getattr calls: this runs for every table)
        for name, enum in _ENUMS.items():  # strings (and kitty_overcall booleans) become the typed values
            value = values[name]
            if type(value) is not enum:  # (a member already stays as it is)
                object.__setattr__(self, name, _enum_value(name, enum, value))
        self._validate()

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def from_preset(cls, name: str = "standard", **overrides: Any) -> Rules:
        """The preset ``name`` with single options overridden (``direct_no_trump`` accepted as an alias)."""
        if name not in PRESETS:
            raise RulesError("rules.unknown_preset", preset=name, presets=", ".join(PRESETS))
        overrides = _legacy_aliases(overrides)
        base = dict(PRESETS[name])
        base.update(_default_decks(overrides))
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
            raise RulesError("rules.unknown_preset", preset=repr(name), presets=", ".join(PRESETS))
        if _is_stored_v1(opts):
            standard = Rules()
            opts.update({k: getattr(standard, k) for k in V2_OPTIONS if k != "no_trump_declaration"})
        return cls.from_preset(name, **opts)

    def to_json(self) -> dict[str, Any]:
        """All options as JSON values (lists for rank sets); ``Rules.from_json(r.to_json()) == r``."""
        out: dict[str, Any] = {}
        shaped = any(getattr(self, k) != _V3_DEFAULTS[k] for k in SHAPE_OPTIONS)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _V3_DEFAULTS and value == _V3_DEFAULTS[f.name] and not (shaped and f.name in SHAPE_OPTIONS):
                continue
            if f.name in _RANK_LISTS:
                value = list(value)
            elif isinstance(value, StrEnum):
                value = _json_value(value)
            out[f.name] = value
        return out

    def with_options(self, **overrides: Any) -> Rules:
        """A copy with options changed (validated)."""
        overrides = _default_decks(_legacy_aliases(overrides))
        return replace(self, **{k: _coerce(k, v) for k, v in overrides.items()})

    def overrides(self) -> dict[str, Any]:
        """Options that differ from this rules object's preset (JSON values)."""
        mine, base = self.to_json(), Rules.from_preset(self.preset).to_json()
        return {k: v for k, v in mine.items() if k != "preset" and v != base.get(k, _V3_DEFAULTS.get(k))}

    # -- validation -----------------------------------------------------------------------------
    def _validate(self) -> None:
        values = self.__dict__
        if values["preset"] not in PRESETS:
            raise RulesError("rules.unknown_preset", preset=self.preset, presets=", ".join(PRESETS))
        if values["overcall_suit_order"] not in _SUIT_ORDERS:
            raise RulesError("rules.bad_value", option="overcall_suit_order", value=repr(self.overcall_suit_order))
        for name in _BOOLS:
            if type(values[name]) is not bool:  # (bool has no subclasses: isinstance's answer)
                raise RulesError("rules.bad_value", option=name, value=repr(values[name]))
        for name in ("start_level", "end_level"):
            if values[name] not in RANKS:
                raise RulesError("rules.bad_value", option=name, value=repr(values[name]))
        if RANKS.index(self.end_level) < RANKS.index(self.start_level):
            raise RulesError("rules.end_below_start", end=self.end_level, start=self.start_level)
        for name in _RANK_LISTS:
            value = values[name]
            if not isinstance(value, tuple) or any(r not in RANKS for r in value) or len(set(value)) != len(value):
                raise RulesError("rules.bad_value", option=name, value=repr(value))
        for name in _OPTIONAL_INTS:
            value = values[name]
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise RulesError("rules.bad_value", option=name, value=repr(value))
        self._validate_shape()

    def _validate_shape(self) -> None:
        """§12.6: the shape itself, the 找朋友 options, and options defined only for two decks or four seats."""
        shape = self.shape  # raises for a bad deck count, seat count, mode or kitty size
        friends = self.friends
        if friends is not None and (isinstance(friends, bool) or not isinstance(friends, int)
                                    or not 0 <= friends < shape.players - 1):
            raise RulesError("rules.bad_value", option="friends", value=repr(friends))
        if shape.mode is not Mode.FRIENDS:
            for name in FRIENDS_OPTIONS:
                if getattr(self, name) != _V3_DEFAULTS[name]:
                    raise RulesError("rules.friends_only", option=name)
        limited = _two_deck_only(self) if shape.decks != 2 else None
        if limited is not None:
            raise RulesError("rules.two_decks_only", option=limited[0], value=limited[1], decks=shape.decks)
        limited = _fixed_partners_only(self) if not shape.is_standard else None
        if limited is not None:
            raise RulesError("rules.shape_unsupported", option=limited[0], value=limited[1],
                             players=shape.players, mode=str(shape.mode))


def _two_deck_only(rules: Rules) -> tuple[str, str] | None:
    """The first option set to a value defined for two decks only (§12.6), as (option, value)."""
    if rules.joker_single_with_level:
        return "joker_single_with_level", "true"
    if rules.match_end is MatchEnd.FIXED_DEALS:
        return "match_end", str(rules.match_end)
    return None


def _fixed_partners_only(rules: Rules) -> tuple[str, str] | None:
    """The first option whose rule speaks of two fixed teams of two (four seats, or fixed partners), as (option,
    value): the 16-deal duplicate format seats four; 换庄, deducted gains, laps, 谁扣底谁保底 and the 钩J / A
    bottom drops name a team that is known before the hand (in 找朋友 it is not)."""
    if rules.match_end is MatchEnd.FIXED_DEALS:
        return "match_end", str(rules.match_end)
    if rules.no_declaration is NoDeclaration.SWAP_DEALER and rules.players != 4:
        return "no_declaration", str(rules.no_declaration)
    if rules.mode is not Mode.FRIENDS:
        return None
    for name, value in (("no_declaration", NoDeclaration.SWAP_DEALER), ("match_end", MatchEnd.TIMED_LAPS),
                        ("kitty_guard", KittyGuard.BURIER), ("blocked_gain", BlockedGain.DEDUCTED),
                        ("blocked_gain", BlockedGain.DEDUCTED_NEGATIVE), ("match_end", MatchEnd.TIMED),
                        ("jack_bottom", True), ("ace_bottom", True), ("bottom_relief", True),
                        ("kitty_overcall", KittyOvercall.ON), ("kitty_overcall", KittyOvercall.CONCEALED),
                        ("kitty_overcall", KittyOvercall.NO_TRUMP_ONLY)):
        if getattr(rules, name) is value:
            return name, str(value)
    return None


def _default_decks(overrides: dict[str, Any]) -> dict[str, Any]:
    """§13.1: ``players`` without ``decks`` brings a deck for every two players."""
    players = overrides.get("players")
    if "decks" in overrides or players is None or isinstance(players, bool) or not isinstance(players, int):
        return overrides
    return {**overrides, "decks": default_decks(players)}


def _json_value(member: StrEnum) -> str | bool:
    """An option value's JSON form: its string, except ``kitty_overcall`` on/off as ``true``/``false``."""
    text = str(member)
    return _BOOL_JSON[text] if isinstance(member, KittyOvercall) and text in _BOOL_JSON else text


def _enum_value(name: str, enum: type[StrEnum], value: Any) -> StrEnum:
    """``value`` as a member of ``enum`` (booleans as ``"true"``/``"false"``), else ``RulesError``."""
    if isinstance(value, enum):
        return value
    text = str(value).lower() if isinstance(value, bool) else value
    if isinstance(text, str):
        try:
            return enum(text.strip().lower())
        except ValueError:
            pass
    raise RulesError("rules.bad_value", option=name, value=repr(value))


def _legacy_aliases(overrides: dict[str, Any]) -> dict[str, Any]:
    """Check option names and turn ``direct_no_trump`` (v1: true/false) into ``no_trump_declaration``."""
    unknown = [k for k in overrides if k not in OPTION_NAMES and k != "direct_no_trump"]
    if unknown:
        raise RulesError("rules.unknown_option", option=unknown[0])
    if "direct_no_trump" not in overrides:
        return overrides
    out = dict(overrides)
    legacy = out.pop("direct_no_trump")
    if isinstance(legacy, str) and legacy.strip().lower() in ("true", "false"):
        legacy = legacy.strip().lower() == "true"
    if not isinstance(legacy, bool):
        raise RulesError("rules.bad_value", option="direct_no_trump", value=repr(legacy))
    mapped = LEGACY_DIRECT_NO_TRUMP[legacy]
    if "no_trump_declaration" in out and _coerce("no_trump_declaration", out["no_trump_declaration"]) != mapped:
        raise RulesError("rules.bad_value", option="direct_no_trump", value=repr(legacy))
    out["no_trump_declaration"] = mapped
    return out


def _is_stored_v1(opts: dict[str, Any]) -> bool:
    """Every v1 option written out and none of v2's: a ``Rules.to_json()`` stored before v2."""
    return all(k in opts for k in _V1_OPTIONS) and not any(k in opts for k in V2_OPTIONS)


def _coerce(name: str, value: Any) -> Any:
    """Accept JSON shapes: lists (or comma strings) for rank sets, rank names for levels, option strings."""
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
    if name in _ENUMS:
        return _enum_value(name, _ENUMS[name], value)
    return value


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name != "preset")
_V1_OPTIONS = (*(n for n in OPTION_NAMES if n not in V2_OPTIONS and n not in V3_OPTIONS), "direct_no_trump")
_V3_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Rules) if f.name in V3_OPTIONS}

#: RULES §10: each preset's differences from ``standard``.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "national": {"no_trump_declaration": "overcall_only"},
    "aihua": {"level_table": "steps20", "must_play": ["J", "A"], "jack_bottom": True, "ace_bottom": True,
              "kitty_multiplier": "by_cards", "no_declaration": "kitty_first", "throw_penalty": "per_card_attempted",
              "blocked_gain": "deducted_negative", "kitty_overcall": "concealed", "kitty_guard": "burier",
              "first_hand_dealer": "final_suit_declarer", "match_end": "timed_laps"},
    "minzheng": {"must_play": ["2", "J", "A"], "kitty_overcall": True, "level_table": "steps20", "jack_bottom": True,
                 "ace_bottom": True, "first_hand_dealer": "first_declarer", "no_declaration": "kitty_level",
                 "blocked_gain": "deducted", "bottom_relief": True},
    "renda": {"tractor_through_level": False, "no_trump_declaration": "never", "no_declaration": "kitty_third",
              "max_gain": 5},
    "daiwang": {"joker_single_with_level": True, "kitty_multiplier": "power", "no_trump_declaration": "overcall_only",
                "kitty_overcall": "no_trump_only", "no_declaration": "swap_dealer",
                "first_hand_dealer": "first_declarer"},
    "tournament": {"end_level": "10", "level_table": "steps20b", "overcall_suit_order": "SHDC",
                   "kitty_overcall": True, "match_end": "timed"},
    "duplicate": {"match_end": "fixed_deals", "nt_tractors": "jokers_only", "overcall_suit_order": "SHCD",
                  "kitty_overcall": True},
}


def option_choices(name: str) -> tuple[Any, ...] | None:
    """The allowed values of an option with a closed set of choices (for UIs), else ``None``.

    Enum options give their JSON values (``kitty_overcall``: ``False, True, "concealed", "no_trump_only"``)."""
    if name in _ENUMS:
        return tuple(_json_value(m) for m in _ENUMS[name])
    if name == "overcall_suit_order":
        return _SUIT_ORDERS
    if name in _BOOLS:
        return (False, True)
    if name in ("start_level", "end_level"):
        return RANKS
    if name == "decks":
        return (2, 1, 3, 4)
    if name == "players":
        return tuple(range(4, 9))
    return None
