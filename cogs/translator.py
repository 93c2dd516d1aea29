"""Command names and descriptions in zh-CN and en-US through ``app_commands.Translator``.

Every command string is a ``locale_str(english, key=...)``; the key names a catalogue entry
(``i18n/command.py``, ``i18n/tournament_commands.py`` …). English uses the default text; Chinese locales use the
catalogue.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

import i18n

log = logging.getLogger(__name__)

_CHINESE = {discord.Locale.chinese, discord.Locale.taiwan_chinese}


def ls(default: str, key: str) -> app_commands.locale_str:
    """A translatable command string: ``default`` is the English text, ``key`` the catalogue key."""
    return app_commands.locale_str(default, key=key)


class CatalogueTranslator(app_commands.Translator):
    """Looks up ``string.extras['key']`` in the one message catalogue."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or locale not in _CHINESE:
            return None
        if key not in i18n.MESSAGES:
            log.warning("no translation for command string %s", key)
            return None
        return i18n.t(key, "zh-CN")
