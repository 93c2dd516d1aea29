"""Text commands: ``/hand`` (the private panel), ``/play``, ``/declare`` and ``/bury`` with autocomplete of
the legal choices that match what was typed. Every card string is validated (``card.invalid``) and
every refusal is answered privately with the localized reason."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import time_snowflake, utcnow

import i18n
from cogs.gamebot import GameBot
from cogs.hub import find_table
from cogs.items import clicks
from cogs.panel_view import cards_text
from cogs.replies import BotError, answering, reply, user_locale
from cogs.translator import ls
from engine.actions import Bury, Declare
from engine.actions import Play as PlayAction
from engine.cards import parse_cards
from runtime import match_typed, parse_calls, play_text

log = logging.getLogger(__name__)

CardsText = app_commands.Range[str, 1, 200]  # a whole hand of cards fits; a 2,500-character paste is refused

TABLE_RENAME = {"table": ls("table", "command.opt.table")}
TABLE_DESC = {"table": ls("Table number (default: yours here)", "command.opt.table.desc")}


DONE: dict[type, str] = {PlayAction: "panel.played", Declare: "panel.declared", Bury: "panel.buried"}


def _cards_command(name: str, text: str) -> Callable[[Any], Any]:
    """A move command in a guild: ``/<name> cards [table]`` with its localized name, description and options."""
    def decorate(func: Any) -> Any:
        func = app_commands.guild_only()(func)
        func = app_commands.describe(cards=ls("Cards, e.g. 10H 10H or ♥10 ♥10", "command.opt.cards.desc"),
                                     **TABLE_DESC)(func)
        func = app_commands.rename(cards=ls("cards", "command.opt.cards"), **TABLE_RENAME)(func)
        return app_commands.command(name=ls(name, f"command.{name}"),
                                    description=ls(text, f"command.{name}.desc"))(func)
    return decorate


def _choices(texts: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t[:100], value=t[:100]) for t in texts[:25]]


class Play(commands.Cog):
    """Slash commands for players."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def _parse(self, cards: str) -> tuple[Any, ...]:
        parsed = parse_cards(cards)
        if not parsed:
            raise BotError("error.no_cards")
        return parsed

    async def _move(self, interaction: discord.Interaction, kind: type[PlayAction | Declare | Bury], cards: str,
                    table: int | None, calls: str | None = None) -> None:
        """``/play``, ``/declare`` and ``/bury``: the move with the typed cards, answered privately. A play made
        before the player's turn is queued for it (played then if still legal). Applied once: the interaction's id
        is the service's key, and a copy of the command (sent twice) is refused (``runtime.service.idempotency``)."""
        async with answering(interaction):
            rec = find_table(self.bot, interaction, table, here=True)
            game, user, locale = self.bot.game, interaction.user.id, user_locale(interaction)
            seen = game.seen_version(rec.table_id)  # on arrival, before any wait (runtime.views.versions)
            parsed = self._parse(cards)
            if kind is Bury and calls is None and not rec.rules.shape.fixed_partners:  # 找朋友: ask for the calls
                asker = clicks(self.bot).calls
                assert asker is not None, "the friend calls' cog is loaded with the others"
                await asker.ask_for(interaction, game.panel(rec.table_id, user), parsed)
                return
            action = kind(cards=parsed) if calls is None else Bury(cards=parsed, calls=parse_calls(calls))
            await interaction.response.defer(ephemeral=True, thinking=True)
            if kind is PlayAction and not game.panel(rec.table_id, user).your_turn:
                parsed = await game.queue_play(rec.table_id, user, parsed, since=seen, key=interaction.id)
                done = "panel.queued_ok"
            else:
                await game.act(rec.table_id, user, action, since=seen, key=interaction.id)
                done = DONE[kind]
            at = await reply(interaction, i18n.t(done, locale, cards=cards_text(parsed, locale)))
            game.command_answered(rec.table_id, user, interaction.id, at or time_snowflake(utcnow(), high=True))

    def _table_for(self, interaction: discord.Interaction) -> int | None:
        try:
            return find_table(self.bot, interaction, here=True).table_id
        except Exception:
            return None

    @app_commands.command(name=ls("hand", "command.hand"),
                          description=ls("Show your hand privately", "command.hand.desc"))
    @app_commands.rename(**TABLE_RENAME)
    @app_commands.describe(**TABLE_DESC)
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction, table: int | None = None) -> None:
        async with answering(interaction):
            panel = self.bot.panels()
            assert panel is not None, "the Panel cog is loaded with the others"
            await panel.open_panel(interaction, table)

    @_cards_command("play", "Play cards")
    async def play(self, interaction: discord.Interaction, cards: CardsText, table: int | None = None) -> None:
        await self._move(interaction, PlayAction, cards, table)

    @play.autocomplete("cards")
    async def _play_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = self._table_for(interaction)
        if table is None:
            return []
        return _choices(self.bot.game.legal_play_choices(table, interaction.user.id, current))

    @_cards_command("declare", "Declare or overcall the trump")
    async def declare(self, interaction: discord.Interaction, cards: CardsText, table: int | None = None) -> None:
        await self._move(interaction, Declare, cards, table)

    @declare.autocomplete("cards")
    async def _declare_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = self._table_for(interaction)
        if table is None:
            return []
        try:
            panel = self.bot.game.panel(table, interaction.user.id)
        except Exception:
            return []
        return _choices(match_typed(list(panel.declarations), current))

    @_cards_command("bury", "Bury the kitty's count of cards (找朋友: and call your friends)")
    @app_commands.rename(calls=ls("calls", "command.opt.calls"))
    @app_commands.describe(calls=ls("找朋友: your friend calls, e.g. 2nd K♣, 1st A♥ (default: a dialog asks)",
                                    "command.opt.calls.desc"))
    async def bury(self, interaction: discord.Interaction, cards: CardsText, table: int | None = None,
                   calls: app_commands.Range[str, 1, 120] | None = None) -> None:
        await self._move(interaction, Bury, cards, table, calls)

    @bury.autocomplete("cards")
    async def _bury_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = self._table_for(interaction)
        if table is None:
            return []
        out: list[str] = []
        try:
            action = self.bot.game.suggest(table, interaction.user.id)
            if isinstance(action, Bury):
                out.append(play_text(action.cards))
        except Exception:
            pass
        if current.strip():
            out.insert(0, current.strip())
        return _choices(out)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Play(bot))
