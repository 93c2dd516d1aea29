"""Server settings with defaults and DM opt-ins."""

from __future__ import annotations

import pytest

from data.database import Database
from data.errors import DataError
from data.guilds import GUILD_DEFAULTS
from engine.errors import RulesError
from engine.rules import Rules


async def test_defaults_then_changes(db: Database) -> None:
    assert await db.guild_settings(1) == GUILD_DEFAULTS
    settings = await db.set_guild_settings(1, locale="en", turn_timeout=90, allowed_channels=[5, 6],
                                           preset="renda", options={"max_gain": 3})
    assert settings["locale"] == "en" and settings["turn_timeout"] == 90 and settings["allowed_channels"] == [5, 6]
    assert settings["reminder_lead"] == GUILD_DEFAULTS["reminder_lead"]
    assert await db.get_guild_setting(1, "turn_timeout") == 90
    settings = await db.guild_settings(1)
    assert Rules.from_preset(settings["preset"], **settings["options"]) == Rules.from_preset("renda", max_gain=3)
    assert await db.guild_settings(2) == GUILD_DEFAULTS  # other servers untouched
    settings = await db.set_guild_settings(1, ai_level="strong")
    assert settings["locale"] == "en" and settings["ai_level"] == "strong"  # earlier changes kept
    settings = await db.reset_guild_settings(1, "locale")
    assert settings["locale"] == GUILD_DEFAULTS["locale"] and settings["ai_level"] == "strong"
    assert await db.reset_guild_settings(1) == GUILD_DEFAULTS


async def test_defaults_are_not_shared_mutable(db: Database) -> None:
    settings = await db.guild_settings(1)
    settings["allowed_channels"].append(9)
    assert GUILD_DEFAULTS["allowed_channels"] == []
    assert (await db.guild_settings(1))["allowed_channels"] == []


@pytest.mark.parametrize("change", [
    {"locale": "fr"}, {"turn_timeout": -1}, {"turn_timeout": "60"}, {"turn_timeout": True}, {"ai_level": "god"},
    {"allowed_channels": ["x"]}, {"auto_play_forced": 1}, {"mode": "slow"}, {"options": []},
])
async def test_bad_values_are_rejected(db: Database, change: dict[str, object]) -> None:
    with pytest.raises(DataError) as err:
        await db.set_guild_settings(1, **change)
    assert err.value.key == "data.bad_setting"
    assert await db.guild_settings(1) == GUILD_DEFAULTS


async def test_unknown_setting_and_bad_rules(db: Database) -> None:
    with pytest.raises(DataError) as err:
        await db.set_guild_settings(1, colour="red")
    assert err.value.key == "data.unknown_setting"
    with pytest.raises(DataError):
        await db.get_guild_setting(1, "colour")
    with pytest.raises(RulesError):
        await db.set_guild_settings(1, options={"no_such_option": 1})
    with pytest.raises(RulesError):
        await db.set_guild_settings(1, preset="nope")
    assert await db.guild_settings(1) == GUILD_DEFAULTS


async def test_dm_notify_opt_in(db: Database) -> None:
    assert not await db.dm_notify(1, 100)
    await db.set_dm_notify(1, 100, True)
    await db.set_dm_notify(1, 101, True)
    await db.set_dm_notify(2, 100, True)
    await db.set_dm_notify(1, 101, False)
    assert await db.dm_notify(1, 100) and not await db.dm_notify(1, 101)
    assert await db.dm_notify_users(1) == {100}
