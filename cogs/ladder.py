"""``/ladder`` (picture, by rating or by level), ``/stats [user]``, ``/history`` and ``/replay`` of a finished hand.

The pictures are read and drawn by the runtime (``runtime.records.ladder_views``, ``runtime.pictures.imaging``: the
drawing queue, as the table's pictures); answers are public in the channel except errors."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs.gamebot import GameBot
from cogs.hub import caller_of
from cogs.panel_view import cards_text
from cogs.replies import BotError, answering, user_locale
from cogs.safetext import escape_text
from cogs.season_presenter import hall_text, season_completions
from cogs.translator import ls
from data.history import MatchRecord
from data.shapes import DEFAULT_SHAPE
from runtime import AI_NAME, LADDER_ORDERS, HandReplay, Image, inputs, replay_image, shape_label

log = logging.getLogger(__name__)

BY_CHOICES = [app_commands.Choice(name=ls("rating", "command.choice.rating"), value="rating"),
              app_commands.Choice(name=ls("level", "command.choice.level"), value="level")]


def _guild(interaction: discord.Interaction) -> int:
    """The guild of a guild-only command."""
    if interaction.guild_id is None:
        raise BotError("error.guild_only")
    return interaction.guild_id

class Ladder(commands.Cog):
    """Ladders, statistics, history, replays."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name=ls("ladder", "command.ladder"),
                          description=ls("This server's ladder", "command.ladder.desc"))
    @app_commands.rename(by=ls("by", "command.opt.by"), season=ls("season", "season.opt.season"),
                         hall=ls("hall", "season.opt.hall"), shape=ls("shape", "command.opt.shape"))
    @app_commands.describe(by=ls("Order by rating or by level", "command.opt.by.desc"),
                           season=ls("A past season, by name or number", "season.opt.season.desc"),
                           hall=ls("The hall of fame: every season's top three", "season.opt.hall.desc"),
                           shape=ls("Which table shape's ladder (decks, players, 找朋友)", "command.opt.shape.desc"))
    @app_commands.choices(by=BY_CHOICES)
    @app_commands.guild_only()
    async def ladder(self, interaction: discord.Interaction, by: str = "rating",
                     season: app_commands.Range[str, 1, 40] | None = None, hall: bool = False,
                     shape: app_commands.Range[str, 1, 20] = DEFAULT_SHAPE) -> None:
        async with answering(interaction):
            inputs.choice("by", by, LADDER_ORDERS)
            locale = user_locale(interaction)
            shape_label(shape, locale)  # a key that names no shape is refused (data.bad_shape)
            if hall:
                await interaction.response.send_message(await hall_text(self.bot.game, _guild(interaction), locale),
                                                        allowed_mentions=discord.AllowedMentions.none())
                return
            past = None if season is None else await self.bot.game.find_season(_guild(interaction), season)
            await interaction.response.defer(thinking=True)
            # players are named as seen at their last interaction here (runtime.records.names; the caller's is current)
            if past is not None:
                image = await self.bot.seasons.standings(_guild(interaction), past, locale, by, shape)
            else:
                image = await self.bot.game.ladder_picture(_guild(interaction), by, locale, shape)
            if image is None:
                await interaction.followup.send(i18n.t("records.ladder.empty", locale))
                return
            # the picture carries the title: no text above it repeating it
            await interaction.followup.send(file=_file(image))

    @ladder.autocomplete("season")
    async def _ladder_season_ac(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return await self._seasons_ac(interaction, current)

    @ladder.autocomplete("shape")
    async def _ladder_shape_ac(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        return await self._shapes_ac(interaction, current)

    async def _shapes_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The table shapes with a ladder on this server this season, by their label (the two-deck four-seat first)."""
        if interaction.guild_id is None:
            return []
        locale, wanted = user_locale(interaction), current.strip().lower()
        labelled = [(shape_label(k, locale), k) for k in await self.bot.game.ladder_shapes(interaction.guild_id)]
        return [app_commands.Choice(name=label[:100], value=key) for label, key in labelled
                if not wanted or wanted in label.lower() or wanted in key][:25]

    async def _seasons_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await season_completions(self.bot.game, interaction.guild_id, current, user_locale(interaction))
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @app_commands.command(name=ls("stats", "command.stats"),
                          description=ls("A player's statistics", "command.stats.desc"))
    @app_commands.rename(user=ls("user", "command.opt.user"), season=ls("season", "season.opt.season"),
                         shape=ls("shape", "command.opt.shape"))
    @app_commands.describe(user=ls("Whom", "command.opt.user.desc"),
                           season=ls("A past season, by name or number", "season.opt.season.desc"),
                           shape=ls("Which table shape's ladder (decks, players, 找朋友)", "command.opt.shape.desc"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None,
                    season: app_commands.Range[str, 1, 40] | None = None,
                    shape: app_commands.Range[str, 1, 20] = DEFAULT_SHAPE) -> None:
        async with answering(interaction):
            target = user or interaction.user
            locale = user_locale(interaction)
            shape_label(shape, locale)  # a key that names no shape is refused (data.bad_shape)
            past = None if season is None else await self.bot.game.find_season(_guild(interaction), season)
            await interaction.response.defer(thinking=True)
            answer = await self.bot.game.player_card(_guild(interaction), target.id, target.display_name, locale,
                                                     past, shape)
            from cogs.tournaments import placings_text  # tournament results, recorded with the ladder

            text = placings_text(answer.placings, locale)
            if answer.image is None:
                none = i18n.t("records.stats.none", locale, name=escape_text(target.display_name))
                await interaction.followup.send("\n".join(filter(None, [none, text])),
                                                allowed_mentions=discord.AllowedMentions.none())
                return
            file = _file(answer.image)
            if text:
                await interaction.followup.send(text, file=file, allowed_mentions=discord.AllowedMentions.none())
            else:
                await interaction.followup.send(file=file, allowed_mentions=discord.AllowedMentions.none())

    @stats.autocomplete("shape")
    async def _stats_shape_ac(self, interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
        return await self._shapes_ac(interaction, current)

    @stats.autocomplete("season")
    async def _stats_season_ac(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        return await self._seasons_ac(interaction, current)

    @app_commands.command(name=ls("history", "command.history"),
                          description=ls("Recent matches on this server", "command.history.desc"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            locale = user_locale(interaction)
            guild_id = _guild(interaction)
            matches = await self.bot.game.match_history(guild_id, limit=10)
            if not matches:
                await interaction.response.send_message(i18n.t("records.history.empty", locale), ephemeral=True)
                return
            users = {s.user_id for m in matches for s in m.seats if s is not None and s.user_id is not None}
            names = await self.bot.game.player_names(guild_id, users, locale)
            lines = [i18n.t("records.history.title", locale)]
            lines += [history_line(m, [seat_label(s, i, names, locale) for i, s in enumerate(m.seats)], locale)
                      for m in matches]
            await interaction.response.send_message("\n".join(lines)[:2000],
                                                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=ls("replay", "command.replay"),
                          description=ls("Replay a finished hand", "command.replay.desc"))
    @app_commands.rename(table=ls("table", "command.opt.table"), hand=ls("hand", "command.opt.hand"))
    @app_commands.describe(table=ls("Table number (default: yours here)", "command.opt.table.desc"),
                           hand=ls("Hand number", "command.opt.hand.desc"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, table: int, hand: app_commands.Range[int, 1, 500]) -> None:
        async with answering(interaction):
            locale = user_locale(interaction)
            replay = await self.bot.game.hand_replay(caller_of(interaction), table, hand)
            await interaction.response.defer(thinking=True)
            names = list(replay.names)
            text = self._transcript(replay, locale)
            files = [discord.File(io.BytesIO(text.encode()), filename=f"replay_t{table}_h{hand}.txt")]
            if replay.result is not None:  # the settlement (and its kitty) only once the hand is over
                files.append(_file(await replay_image(replay.result, names, locale, table, replay.rules)))
            await interaction.followup.send(i18n.t("records.replay.title", locale, table=table, hand=hand), files=files)

    @staticmethod
    def _transcript(replay: HandReplay, locale: str) -> str:
        """A plain-text file (never rendered as markdown): the completed tricks, one line each."""
        names = replay.names
        lines = [i18n.t("records.replay.title", locale, table=replay.table_id, hand=replay.hand_number)]
        for n, trick in enumerate(replay.tricks, start=1):
            plays = "  ".join(f"{names[s]}: {cards_text(c, locale)}" for s, c in trick.plays)
            winner = names[trick.winner] if trick.winner is not None else "-"
            lines.append(i18n.t("records.replay.trick", locale, n=n, plays=plays, winner=winner, points=trick.points))
        if replay.result is None:
            lines.append(i18n.t("records.replay.in_progress", locale))
        return "\n".join(lines) + "\n"


def _file(image: Image) -> discord.File:
    return discord.File(io.BytesIO(image.png), filename=image.name)


def name_list(names: list[str], locale: str) -> str:
    """``a, b & c`` (``a、b、c``): the players of a team or a match; ``-`` for none."""
    if len(names) < 2:
        return names[0] if names else "-"
    return i18n.t("render.pair", locale, a=i18n.t("render.list_sep", locale).join(names[:-1]), b=names[-1])


def history_line(m: MatchRecord, seated: list[str], locale: str) -> str:
    """One past match in ``/history``: fixed partners as the even seats against the odd ones (two, three or four a
    side) and the winning team; a 找朋友 match as its players and the ones who won (teams changed every hand)."""
    hands = i18n.count("outputs.hands", m.hands, locale)
    if m.fixed_partners:
        teams = [name_list(seated[t::2], locale) for t in (0, 1)]
        winner = teams[m.winner_team] if m.winner_team is not None else "-"
        return i18n.t("records.history.line", locale, table=m.table_id or "-", a=teams[0], b=teams[1],
                      winner=winner, hands=hands, ts=int(m.finished_at))
    return i18n.t("records.history.line_friends", locale, table=m.table_id or "-", players=name_list(seated, locale),
                  winner=name_list([seated[s] for s in m.winners], locale), hands=hands, ts=int(m.finished_at))


def seat_label(seat: Any, index: int, names: dict[int, str], locale: str) -> str:
    """A past match's seat in ``/history``: the player by the name last seen here (``runtime.records.names``; a mention
    shows an unknown user's id to clients that have not met them), an AI by its seat, ``-`` if empty."""
    if seat is None:
        return "-"
    if seat.user_id is not None:
        return escape_text(names[seat.user_id])
    return i18n.t("lobby.ai_seat", locale, name=AI_NAME.format(n=index + 1))


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Ladder(bot))
