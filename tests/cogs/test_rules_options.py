"""``/tractor new options:`` and ``/tractor rules`` accept every v2 option (RULES §9) and describe it in the
user's language (SimCord, end to end); the description helpers cover every option value in both locales."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
from engine.rules import OPTION_NAMES, PRESETS, BlockedGain, KittyGuard, MatchEnd, NtTractors, Rules, option_choices
from runtime.options import describe_rules, described_completions, option_text
from tests.conftest import open_table, world
from tests.helpers.botflow import bounded, close_game, last_reply, use_locales
from tests.helpers.security import literal

pytestmark = pytest.mark.usefixtures("close_game")
__all__ = ["close_game"]

V2_OPTIONS = "nt_tractors=jokers_only kitty_guard=burier blocked_gain=deducted_negative match_end=timed_laps"


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_every_option_and_closed_value_is_described(locale: str) -> None:
    for name in (*OPTION_NAMES, "direct_no_trump"):
        assert f"rules.opt.{name}" in i18n.MESSAGES, name
    for name in OPTION_NAMES:
        for value in option_choices(name) or ():
            text = option_text(name, value, locale)
            on_off = isinstance(value, bool) and name != "kitty_overcall"
            if name in ("start_level", "end_level", "overcall_suit_order") or on_off:
                continue  # ranks, suit orders and on/off switches: the option's own text says it
            assert f"rules.val.{name}.{str(value).lower()}" in i18n.MESSAGES, (name, value)
            assert i18n.t(f"rules.val.{name}.{str(value).lower()}", locale) in text


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_is_described_within_one_message(preset: str) -> None:
    for locale in ("en", "zh-CN"):
        text = describe_rules(Rules.from_preset(preset), locale)
        assert len(text) < 2000 and f"({preset})" in text.splitlines()[0]
        for name in Rules.from_preset(preset).overrides():
            assert name in text
        for name, value in Rules.from_preset("standard", **PRESETS[preset]).to_json().items():
            if name != "preset" and value != Rules().to_json()[name]:
                assert option_text(name, value, locale).replace(" — ", "` — ", 1) in text


def test_option_autocomplete_names_what_each_value_means() -> None:
    choices = described_completions("end_level=5 kitty_guard=", "zh-CN")
    assert [v for _, v in choices] == ["end_level=5 kitty_guard=dealer_team", "end_level=5 kitty_guard=burier"]
    assert "谁扣底谁保底" in choices[1][0] and all(len(n) <= 100 for n, _ in choices)
    assert described_completions("blocked", "en") == [
        ("blocked_gain= — Levels a must-play or end level cuts off", "blocked_gain=")]
    timed = dict(described_completions("match_end=timed", "en"))
    assert set(timed.values()) == {"match_end=timed", "match_end=timed_laps"}


@bounded()
async def test_new_table_with_v2_options_and_the_rules_command_describes_them(simcord_env: Any,
                                                                              monkeypatch: Any) -> None:
    env = simcord_env
    _guild, channel, (alice, bob) = world(env, 2)
    use_locales(monkeypatch, {bob.id: "zh-CN"})
    rec, _lobby = await open_table(env, alice, channel, mode="async", preset="minzheng", options=V2_OPTIONS)
    rules = env.bot.game.record(rec.table_id).rules
    assert (rules.preset, rules.nt_tractors, rules.kitty_guard) == ("minzheng", NtTractors.JOKERS_ONLY,
                                                                    KittyGuard.BURIER)
    assert rules.blocked_gain is BlockedGain.DEDUCTED_NEGATIVE and rules.match_end is MatchEnd.TIMED_LAPS
    # /tractor rules without arguments: what the table plays, option by option, in the asker's language
    shown = last_reply(await alice.slash(channel, "tractor rules", table=rec.table_id))
    assert shown.ephemeral and shown.content == describe_rules(rules, "en")
    assert "• `kitty_guard=burier` — Who guards the kitty (保底): whoever buried (谁扣底谁保底)" in shown.content
    assert "bottom_relief=true" in shown.content  # the preset's own options too
    seen = last_reply(await bob.slash(channel, "tractor rules", table=rec.table_id))
    assert seen.ephemeral and "谁扣底谁保底" in seen.content and "Who guards" not in seen.content
    # changing options: the legacy alias and a new value, described in the answer
    changed = last_reply(await alice.slash(channel, "tractor rules", table=rec.table_id,
                                           options="direct_no_trump=false bottom_relief=false"))
    rules = env.bot.game.record(rec.table_id).rules
    assert rules.no_trump_declaration == "overcall_only" and rules.bottom_relief is False
    assert changed.ephemeral and "`no_trump_declaration=overcall_only` — " in changed.content
    refused = last_reply(await alice.slash(channel, "tractor rules", table=rec.table_id,
                                           options="kitty_guard=nobody"))
    assert refused.ephemeral and "kitty_guard" in literal(refused.content)
    assert env.bot.game.record(rec.table_id).rules == rules  # a refusal changes nothing
    offered = await alice.autocomplete(channel, "tractor new", "options", "kitty_overcall=c")
    assert [c["value"] for c in offered] == ["kitty_overcall=concealed"]
    assert "face down" in offered[0]["name"]
