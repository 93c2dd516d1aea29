"""Answering interactions: locales, localized errors, and never missing Discord's 3-second deadline."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

import i18n
from cogs.cardtext import card_name
from cogs.safetext import escape_params, escape_text
from engine.cards import parse_cards
from engine.errors import EngineError

log = logging.getLogger(__name__)


def user_locale(interaction: discord.Interaction) -> str:
    """The locale for a reply to this user (their Discord client language)."""
    return i18n.normalize_locale(interaction.locale)


def guild_locale(interaction: discord.Interaction, setting: str | None = None) -> str:
    """The locale for a table's public messages: the server's ``locale`` setting (``/tractor config``), or,
    when that is ``auto`` (the default), the server's own Discord language (Server Settings → Community)."""
    if setting and setting != "auto":
        return i18n.normalize_locale(setting)
    guild = interaction.guild
    return i18n.normalize_locale(guild.preferred_locale if guild is not None else interaction.guild_locale or "en")


class BotError(Exception):
    """A user-facing refusal from the interface: ``key`` names a catalogue message."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def error_text(exc: BaseException, locale: str) -> str:
    """The localized message of an engine/interface error, else the generic failure text. Its parameters may
    echo what the user typed (an option, a card string): they are escaped as literal text."""
    if isinstance(exc, EngineError | BotError):
        params = {k: (" ".join(map(str, v)) if isinstance(v, list | tuple) else v) for k, v in exc.params.items()}
        params = escape_params(cut_params(params))
        if exc.key.startswith("friends.") and isinstance(exc.params.get("card"), str):
            params["card"] = readable_card(exc.params["card"], locale)  # a friend call's card: 大王, K♣
        return i18n.t(exc.key, locale, **params)
    key = getattr(exc, "key", None)
    if isinstance(key, str) and key in i18n.MESSAGES:
        return i18n.t(key, locale, **escape_params(getattr(exc, "params", None) or {}))
    return i18n.t("error.internal", locale)


def readable_card(text: str, locale: str) -> str:
    """One card's code (``BJ``, ``KC``) as players read it (``大王``/``Big joker``, ``K♣``); anything else
    escaped as literal text."""
    try:
        cards = parse_cards(text)
    except EngineError:
        cards = ()
    return card_name(cards[0], locale) if len(cards) == 1 else escape_text(text)


ECHO_LIMIT = 100  # characters of the user's own input repeated in an answer
MESSAGE_LIMIT = 2000  # Discord refuses longer message content


def cut_params(params: dict[str, Any]) -> dict[str, Any]:
    """Long texts (what the user typed, echoed back) cut to ``ECHO_LIMIT`` characters with an ellipsis."""
    return {k: (v[:ECHO_LIMIT - 1] + "…" if isinstance(v, str) and len(v) > ECHO_LIMIT else v)
            for k, v in params.items()}


async def reply(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = True,
                **kwargs: Any) -> int | None:
    """Send a response, or a followup if the interaction was already answered or deferred; the id of the message
    sent when Discord tells it (a followup's), else ``None``."""
    if content is not None and len(content) > MESSAGE_LIMIT:
        content = content[:MESSAGE_LIMIT - 1] + "…"
    if content is not None:
        kwargs["content"] = content
    try:
        if interaction.response.is_done():
            if ephemeral:
                await _drop_public_thinking(interaction)
            sent = await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)
            return getattr(sent, "id", None)
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
    except discord.HTTPException:
        log.exception("could not answer interaction %s", interaction.id)
    return None


async def _drop_public_thinking(interaction: discord.Interaction) -> None:
    """A command that deferred publicly ("… is thinking" in the channel) would turn a private answer into a public
    message (Discord's first followup completes the deferred one): delete the placeholder first."""
    if interaction.response.type is not discord.InteractionResponseType.deferred_channel_message:
        return
    try:
        original = await interaction.original_response()
        if original.flags.ephemeral or original.content or original.attachments or original.embeds:
            return  # private already, or the command's own answer: left as it is
        await interaction.edit_original_response(content="…")  # completes it: the next followup is a new message
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.warning("could not drop the public placeholder of interaction %s", interaction.id)


async def reply_error(interaction: discord.Interaction, exc: BaseException) -> None:
    """Answer with the localized error (ephemeral). Unexpected errors are logged with their traceback."""
    if not isinstance(exc, EngineError | BotError) and getattr(exc, "key", None) is None:
        log.error("interaction %s failed", interaction.id, exc_info=exc)
    await reply(interaction, error_text(exc, user_locale(interaction)), ephemeral=True)


async def reply_key(interaction: discord.Interaction, key: str, *, ephemeral: bool = True, **params: Any) -> None:
    """Answer with the catalogue message ``key`` in the user's locale."""
    await reply(interaction, i18n.t(key, user_locale(interaction), **params), ephemeral=ephemeral)


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True, thinking: bool = True) -> None:
    """Acknowledge now (before any rendering or database work)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)



@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Run a handler body: any exception is answered with a localized message (logged if unexpected),
    so no interaction goes unanswered and no table is left half-changed by the interface."""
    try:
        yield
    except Exception as exc:
        await reply_error(interaction, exc)

def check_rate(interaction: discord.Interaction, bucket: str) -> None:
    """Raise ``error.rate_limited`` if the user exceeded the ``bucket`` limit (one charge per interaction
    and bucket: ``cogs.guard`` charges every entry point before its handler runs)."""
    charged = interaction.extras.setdefault("rate_charged", set())
    if bucket in charged:
        return
    charged.add(bucket)
    limiter = getattr(interaction.client, "limiter", None)
    if limiter is not None and not limiter.allow(interaction.user.id, bucket):
        seconds = max(1, round(limiter.retry_after(interaction.user.id, bucket)))
        raise BotError("error.rate_limited", seconds=seconds)
