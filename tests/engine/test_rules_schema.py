"""The v2 rule options (RULES §9), the presets (§10) read from RULES.md itself, typed values, and the legacy
forms that stored tables and old option strings use."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.errors import RulesError
from engine.rules import (
    OPTION_NAMES,
    PRESETS,
    BlockedGain,
    KittyGuard,
    KittyOvercall,
    MatchEnd,
    NoDeclaration,
    NoTrumpDeclaration,
    NtTractors,
    Rules,
    option_choices,
)
from tests.helpers.shared_dir import RULEBOOK

#: every v2 option and value of RULES §9 (the JSON form), default first
V2_VALUES: dict[str, tuple[Any, ...]] = {
    "nt_tractors": ("level_pairs", "jokers_only"),
    "no_trump_declaration": ("anytime", "overcall_only", "never"),
    "first_hand_dealer": ("final_declarer", "first_declarer", "final_suit_declarer"),
    "no_declaration": ("kitty_first", "kitty_third", "kitty_level", "no_trump", "redeal", "swap_dealer"),
    "kitty_overcall": (False, True, "concealed", "no_trump_only"),
    "kitty_guard": ("dealer_team", "burier"),
    "bottom_relief": (False, True),
    "blocked_gain": ("lost", "deducted", "deducted_negative"),
    "match_end": ("pass_end", "timed", "timed_laps", "fixed_deals"),
}

#: ``Rules.to_json()`` of the v1 ``aihua`` preset, as tables stored it before v2
V1_AIHUA = {
    "preset": "aihua", "start_level": "2", "end_level": "A", "fixed_trump_ranks": [], "tractor_through_level": True,
    "overcall_suit_order": None, "direct_no_trump": True, "joker_single_with_level": False,
    "first_hand_dealer": "final_declarer", "no_declaration": "kitty_first", "kitty_overcall": False,
    "follow_policy": "ladder", "throw_compare": "largest", "throw_penalty": "per_card_returned",
    "kitty_multiplier": "by_cards", "level_table": "steps20", "max_gain": None, "points_cap": None,
    "dealer_rotation": "partner", "must_play": ["J", "A"], "jack_bottom": True, "ace_bottom": True,
    "match_end": "pass_end",
}


def _rules_md_presets() -> dict[str, dict[str, Any]]:
    """The §10 table of RULES.md: preset → its `option: value` differences, as JSON values."""
    text = RULEBOOK.read_text(encoding="utf-8")
    section = text.split("## 10.")[1].split("## 11.")[0]
    out: dict[str, dict[str, Any]] = {}
    for line in section.splitlines():
        row = re.match(r"\| `(\w+)` \|[^|]*\|(.*)\|\s*$", line)
        if not row:
            continue
        diffs: dict[str, Any] = {}
        for key, raw in re.findall(r"`(\w+): ([^`]+)`", row.group(2)):
            value = _md_value(raw.strip())
            diffs[key] = int(value) if key in ("max_gain", "points_cap") else value
        out[row.group(1)] = diffs
    return out


def _md_value(raw: str) -> Any:
    """A §10 value as written: a rank list, a boolean, else the text (``5`` stays ``"5"``)."""
    if raw.startswith("["):
        return [v.strip() for v in raw.strip("[]").split(",") if v.strip()]
    if raw in ("true", "false"):
        return raw == "true"
    return raw  # integers (max_gain: 5) are compared through Rules below


def test_presets_are_exactly_the_rows_of_rules_section_10() -> None:
    rows = _rules_md_presets()
    assert set(rows) == set(PRESETS) and len(rows) == 8
    for name, diffs in rows.items():
        assert Rules.from_preset(name).overrides() == {}, name
        standard = Rules().to_json()
        assert Rules.from_preset("standard", **diffs).overrides() == {
            k: v for k, v in diffs.items() if standard[k] != v}, name  # aihua also names a default
        rules = Rules.from_preset(name)
        for key, value in diffs.items():
            assert rules.to_json()[key] == value, (name, key)
        others = {k: v for k, v in rules.to_json().items() if k not in diffs and k != "preset"}
        assert others == {k: v for k, v in Rules().to_json().items() if k in others}, name


@pytest.mark.parametrize(("name", "values"), list(V2_VALUES.items()))
def test_every_v2_value_is_accepted_typed_and_round_trips(name: str, values: tuple[Any, ...]) -> None:
    assert option_choices(name) == values
    assert Rules().to_json()[name] == values[0]
    for value in values:
        rules = Rules.from_preset("standard", **{name: value})
        stored = json.loads(json.dumps(rules.to_json()))
        assert stored[name] == value
        assert Rules.from_json(stored) == rules
    with pytest.raises(RulesError) as info:
        Rules.from_preset("standard", **{name: "nonsense"})
    assert info.value.key == "rules.bad_value" and info.value.params["option"] == name


def test_option_values_are_typed_enums_equal_to_their_json_strings() -> None:
    rules = Rules(no_declaration="swap_dealer", kitty_overcall=True, match_end="timed_laps", kitty_guard="burier")
    assert rules.no_declaration is NoDeclaration.SWAP_DEALER
    assert rules.kitty_overcall is KittyOvercall.ON and rules.to_json()["kitty_overcall"] is True
    assert Rules().kitty_overcall is KittyOvercall.OFF and Rules().to_json()["kitty_overcall"] is False
    assert rules.match_end is MatchEnd.TIMED_LAPS and rules.match_end == "timed_laps" and rules.timed
    assert rules.kitty_guard is KittyGuard.BURIER
    assert Rules(nt_tractors="JOKERS_ONLY").nt_tractors is NtTractors.JOKERS_ONLY
    assert Rules.from_preset("aihua").blocked_gain is BlockedGain.DEDUCTED_NEGATIVE
    assert not Rules().timed and Rules(match_end="timed").timed


@pytest.mark.parametrize(("legacy", "mapped"), [(True, "anytime"), (False, "overcall_only"),
                                                ("true", "anytime"), ("false", "overcall_only")])
def test_direct_no_trump_is_a_legacy_alias(legacy: Any, mapped: str) -> None:
    assert Rules.from_preset("standard", direct_no_trump=legacy).no_trump_declaration == mapped
    assert Rules.from_json({"preset": "renda", "direct_no_trump": legacy}).no_trump_declaration == mapped
    assert Rules().with_options(direct_no_trump=legacy).no_trump_declaration == mapped
    assert "direct_no_trump" not in Rules().to_json() and "direct_no_trump" not in OPTION_NAMES


def test_direct_no_trump_conflicting_with_the_new_option_or_not_boolean_is_refused() -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_preset("standard", direct_no_trump=False, no_trump_declaration="never")
    assert info.value.key == "rules.bad_value" and info.value.params["option"] == "direct_no_trump"
    with pytest.raises(RulesError):
        Rules.from_preset("standard", direct_no_trump="sometimes")
    agreeing = Rules.from_preset("standard", direct_no_trump=False, no_trump_declaration="overcall_only")
    assert agreeing.no_trump_declaration is NoTrumpDeclaration.OVERCALL_ONLY


def test_a_v1_stored_rules_object_restores_with_its_v1_behaviour() -> None:
    """A v1 dump names every v1 option: the new options take the values that reproduce v1, not the v2 preset's."""
    rules = Rules.from_json(V1_AIHUA)
    assert rules.preset == "aihua"
    assert rules.kitty_overcall is KittyOvercall.OFF and rules.first_hand_dealer == "final_declarer"
    assert rules.kitty_guard is KittyGuard.DEALER_TEAM and rules.blocked_gain is BlockedGain.LOST
    assert rules.bottom_relief is False and rules.nt_tractors is NtTractors.LEVEL_PAIRS
    assert rules.match_end is MatchEnd.PASS_END and rules.throw_penalty == "per_card_returned"
    assert rules.no_trump_declaration is NoTrumpDeclaration.ANYTIME
    assert Rules.from_json(rules.to_json()) == rules  # and it is stored in the v2 form from then on
    v1_renda = {**V1_AIHUA, **Rules.from_preset("renda").to_json(), "direct_no_trump": False}
    for key in ("nt_tractors", "no_trump_declaration", "kitty_guard", "bottom_relief", "blocked_gain"):
        v1_renda.pop(key)
    assert Rules.from_json(v1_renda).no_trump_declaration is NoTrumpDeclaration.OVERCALL_ONLY  # v1 renda


def test_a_partial_object_still_starts_from_the_v2_preset() -> None:
    """Only a complete v1 dump is read as v1: ``{"preset": "aihua"}`` and option strings get the v2 preset."""
    rules = Rules.from_json({"preset": "aihua", "direct_no_trump": True})
    assert rules.kitty_overcall is KittyOvercall.CONCEALED and rules.kitty_guard is KittyGuard.BURIER
