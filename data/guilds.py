"""Per-server settings with defaults, and per-user DM-notification opt-ins."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from data.connection import Connection
from data.errors import DataError
from engine.ai.levels import LEVELS
from engine.rules import Rules

log = logging.getLogger(__name__)

# Every server setting and its default; a stored value must have the default's JSON type.
GUILD_DEFAULTS: dict[str, Any] = {
    "preset": "standard",  # default rules preset for new tables
    "options": {},  # default rule option overrides
    "locale": "auto",  # language of public messages; auto = the server's Discord language
    "mode": "live",  # default table mode (live / async)
    "turn_timeout": 300,  # seconds a player has to act (async tables: the 托管 deadline)
    "reminder_lead": 60,  # seconds before the deadline to remind the player
    "ai_level": "basic",  # level of AI players added to fill seats
    "auto_play_forced": True,  # play a player's only legal move automatically
    "allowed_channels": [],  # channel ids where tables may be opened (empty = anywhere)
    "config_roles": [],  # role ids that may change these settings (besides Manage Server)
    "season_role": 0,  # a role that may start and end seasons (besides Manage Server); 0: none
    "season_channel": 0,  # where a season's end is announced; 0: where the season was started or ended
    "champion_role": 0,  # the role the bot gives the season's champion (and takes from the last one); 0: none
    "referee_roles": [],  # role ids whose members may give referee rulings (裁判) where they do not play
}
LOCALES = ("auto", "en", "zh-CN")


def _check(name: str, value: Any) -> Any:
    """Validate one setting; the value to store."""
    if name not in GUILD_DEFAULTS:
        raise DataError("data.unknown_setting", setting=name)
    default = GUILD_DEFAULTS[name]
    kind = type(default)
    ok = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    if ok and kind is list:
        ok = all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    if ok and name in ("turn_timeout", "reminder_lead", "season_role", "season_channel", "champion_role"):
        ok = value >= 0
    if ok and name == "locale":
        ok = value in LOCALES
    if ok and name == "mode":
        ok = value in ("live", "async")
    if ok and name == "ai_level":
        ok = value in LEVELS
    if not ok:
        raise DataError("data.bad_setting", setting=name, value=repr(value))
    return list(value) if kind is list else dict(value) if kind is dict else value


class GuildsMixin(Connection):
    """Server settings and DM opt-ins."""

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """All settings of a server: stored values over the defaults."""
        row = await self.fetchone("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        stored = json.loads(row[0]) if row is not None else {}
        out = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
               for k, v in GUILD_DEFAULTS.items()}
        out.update({k: v for k, v in stored.items() if k in GUILD_DEFAULTS})
        return out

    async def get_guild_setting(self, guild_id: int, name: str) -> Any:
        if name not in GUILD_DEFAULTS:
            raise DataError("data.unknown_setting", setting=name)
        return (await self.guild_settings(guild_id))[name]

    async def set_guild_settings(self, guild_id: int, **changes: Any) -> dict[str, Any]:
        """Change some settings (validated; ``preset``+``options`` must make valid rules); all settings after."""
        checked = {name: _check(name, value) for name, value in changes.items()}
        async with self.transaction() as tx:
            row = await tx.fetchone("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
            stored = json.loads(row[0]) if row is not None else {}
            stored.update(checked)
            Rules.from_preset(stored.get("preset", GUILD_DEFAULTS["preset"]),
                              **stored.get("options", GUILD_DEFAULTS["options"]))  # raises RulesError
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
                (guild_id, json.dumps(stored), time.time()))
        return await self.guild_settings(guild_id)

    async def reset_guild_settings(self, guild_id: int, *names: str) -> dict[str, Any]:
        """Back to the defaults: the given settings, or all of them."""
        for name in names:
            if name not in GUILD_DEFAULTS:
                raise DataError("data.unknown_setting", setting=name)
        async with self.transaction() as tx:
            row = await tx.fetchone("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
            stored = json.loads(row[0]) if row is not None else {}
            for name in names or tuple(stored):
                stored.pop(name, None)
            await tx.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
            if stored:
                await tx.execute("INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)",
                                 (guild_id, json.dumps(stored), time.time()))
        return await self.guild_settings(guild_id)

    async def set_dm_notify(self, guild_id: int, user_id: int, enabled: bool) -> None:
        """Opt a user in to (or out of) DM notifications for turns on this server's tables."""
        await self.execute(
            "INSERT INTO dm_notify (guild_id, user_id, enabled) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET enabled = excluded.enabled",
            (guild_id, user_id, int(bool(enabled))))

    async def dm_notify(self, guild_id: int, user_id: int) -> bool:
        """Whether a user opted in (default: no)."""
        row = await self.fetchone("SELECT enabled FROM dm_notify WHERE guild_id = ? AND user_id = ?",
                                  (guild_id, user_id))
        return bool(row[0]) if row is not None else False

    async def dm_notify_users(self, guild_id: int) -> set[int]:
        rows = await self.fetchall("SELECT user_id FROM dm_notify WHERE guild_id = ? AND enabled = 1", (guild_id,))
        return {int(r[0]) for r in rows}
