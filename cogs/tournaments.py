"""``/tractor tournament …``: create, join, leave, start, standings, bracket; organiser-only forfeit,
replace, advance, cancel (the organiser or a member with Manage Server; anyone else is refused privately).

Tournaments belong to their server: a tournament number from another server names nothing. Without a
number a command means the server's newest open tournament. Refusals are ephemeral; the tournament's
own messages go to its channel (``cogs.tournament_presenter``).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

import i18n
from cogs.gamebot import GameBot
from cogs.hub import caller_of
from cogs.replies import BotError, answering, defer, guild_locale, reply, reply_key, user_locale
from cogs.safetext import escape_text
from cogs.subgroup import TractorSubgroup
from cogs.tables import CLOCK_CHOICES
from cogs.translator import ls
from data.tournaments import Placing
from engine.tournament import Format, Tournament
from runtime import (
    MAX_TOURNAMENT_NAME,
    PROCEDURES,
    SANCTIONS,
    TournamentEntry,
    config_lines,
    enter_tournament,
    inputs,
    preset_choices,
    sanction_lines,
    tournament_lines,
    tournament_pictures,
)

log = logging.getLogger(__name__)

FORMAT_CHOICES = [app_commands.Choice(name=ls(f.value, f"tournament.format.{f.value}"), value=f.value) for f in Format]
TIE_CHOICES = [app_commands.Choice(name=ls("team on stage", "tournament.cmd.tie.on_stage"), value="on_stage"),
               app_commands.Choice(name=ls("first to reach the level", "tournament.cmd.tie.first"), value="first")]
BIG_CHOICES = [app_commands.Choice(name=ls("the sheet's table", "tournament.cmd.big.sheet"), value="sheet"),
               app_commands.Choice(name=ls("levels credited", "tournament.cmd.big.levels"), value="levels")]


def _cmd(name: str, text: str) -> dict[str, Any]:
    return {"name": ls(name, f"tournament.cmd.{name}"), "description": ls(text, f"tournament.cmd.{name}.desc")}


def _opts(**texts: str) -> Any:
    """Localized names and descriptions of options (``tournament.opt.<name>`` keys)."""
    def decorate(func: Any) -> Any:
        func = app_commands.describe(**{p: ls(d, f"tournament.opt.{p}.desc") for p, d in texts.items()})(func)
        return app_commands.rename(**{p: ls(p, f"tournament.opt.{p}") for p in texts})(func)
    return decorate


def unit_entry(interaction: discord.Interaction, unit: discord.Role | None,
               partner: discord.Member | None) -> dict[str, Any]:
    """The unit (单位) a team enters for: a server role both players hold (``tournament.not_in_unit`` if not), never
    ``@everyone`` (``tournament.unit_everyone``)."""
    if unit is None:
        return {}
    if unit.is_default():  # @everyone is every member's role: not a unit
        raise BotError("tournament.unit_everyone")
    players = [p for p in (interaction.user, partner) if p is not None]
    if any(unit.id not in {r.id for r in getattr(p, "roles", ())} for p in players):
        raise BotError("tournament.not_in_unit", unit=unit.name)  # escaped with every error parameter
    return {"unit": unit.id, "unit_name": unit.name}


def display_name(user: Any) -> str:
    return getattr(user, "display_name", None) or user.name


class TournamentCommands(app_commands.Group):
    """The ``tournament`` subgroup of ``/tractor``."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(name=ls("tournament", "tournament.cmd.group"), description=ls(
            "Tournaments: knock-out, Swiss, groups, duplicate", "tournament.cmd.group.desc"))
        self.bot = bot

    @property
    def service(self) -> Any:
        return self.bot.tournaments

    def _find(self, interaction: discord.Interaction, number: int | None) -> Tournament:
        if interaction.guild_id is None:
            raise BotError("error.guild_only")
        if number is not None:
            return self.service.get(number, interaction.guild_id)
        open_ones = self.service.of_guild(interaction.guild_id)
        if not open_ones:
            raise BotError("tournament.none_here")
        return open_ones[-1]

    # -- sign-up --------------------------------------------------------------------------------------
    @app_commands.command(**_cmd("create", "Create a tournament in this channel (you organise it)"))
    @_opts(name="Tournament name", format="Format", preset="Rule preset of every table",
           end_level="Matches end at this level (short matches: 5)", rounds="Swiss/duplicate rounds (0: automatic)",
           best_of_three="How many last knock-out rounds are best of three (1: the final)",
           minutes="Time limit of a match in minutes (0: none)", deadline_hours="Deadline of each round in hours",
           tie="Timed tie goes to", big_points="Duplicate scoring", ai_partners="Allow AI partners",
           clock="Time control per phase and its 超时 penalty", notice="Notice this many minutes before time",
           one_more="At time: finish the hand, then one more (再打1副牌)",
           sheet_tie="Level at time: a draw in group play, an extra hand (加赛) in knock-outs",
           no_show="A team absent this many minutes after its game starts forfeits (0: off)",
           locked_roster="No substitutes once the tournament starts (不得换人)",
           discipline="No table talk during a hand, no earlier tricks, no kitty once play starts",
           third_place="The semi-final losers play a third-place match (三四名决赛)",
           rank_levels="Teams level on points: the higher level won at ranks first (按级别)",
           unit_limit="At most this many teams per unit (a server role; 0: no units)",
           units_apart="Keep a unit's teams apart in the group draw and round 1",
           cross_tables="Duplicate: compare each team with the teams holding its cards at the other tables (复式)")
    @app_commands.choices(format=FORMAT_CHOICES, tie=TIE_CHOICES, big_points=BIG_CHOICES, clock=CLOCK_CHOICES)
    async def create(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 60], format: str,
                     preset: str | None = None, end_level: str | None = None,
                     rounds: app_commands.Range[int, 0, 20] = 0, best_of_three: app_commands.Range[int, 0, 6] = 0,
                     minutes: app_commands.Range[int, 0, 600] = 0, deadline_hours: app_commands.Range[int, 0, 720] = 0,
                     tie: str = "on_stage", big_points: str = "sheet", ai_partners: bool = False,
                     clock: str | None = None, notice: app_commands.Range[int, 0, 600] = 0, one_more: bool = False,
                     sheet_tie: bool = False, no_show: app_commands.Range[int, 0, 600] = 0,
                     locked_roster: bool = False, discipline: bool = False, third_place: bool = False,
                     rank_levels: bool = False, unit_limit: app_commands.Range[int, 0, 8] = 0,
                     units_apart: bool = False, cross_tables: bool = False) -> None:
        async with answering(interaction):
            if interaction.guild_id is None or interaction.channel_id is None:
                raise BotError("error.guild_only")
            if getattr(self.bot.config, "sharded", False):  # one process must see every table of a tournament
                raise BotError("tournament.bot.sharded")
            # every option checked by the service, whatever the client sent
            inputs.text("name", name, MAX_TOURNAMENT_NAME)
            config = inputs.tournament_config(format=format, preset=preset or None, end_level=end_level, rounds=rounds,
                                              best_of_three=best_of_three, minutes=minutes,
                                              deadline_hours=deadline_hours, tie=tie, big_points=big_points,
                                              ai_partners=ai_partners, third_place=third_place,
                                              rank_levels=rank_levels, unit_limit=unit_limit,
                                              units_apart=units_apart, cross_tables=cross_tables)
            channel_id = getattr(interaction.channel, "parent_id", None) or interaction.channel_id
            procedures = {k: v for k, v in {"clock": clock, "notice_minutes": float(notice), "one_more": one_more,
                                            "sheet_tie": sheet_tie, "no_show_minutes": float(no_show),
                                            "locked_roster": locked_roster, "discipline": discipline}.items() if v}
            t = await self.service.create(guild_id=interaction.guild_id, channel_id=channel_id,
                                          organiser_id=interaction.user.id, name=name, config=config,
                                          locale=guild_locale(interaction), procedures=procedures)
            locale = user_locale(interaction)
            text = i18n.t("tournament.bot.created", locale, id=t.tournament_id, name=escape_text(t.name))
            await reply(interaction, "\n".join([text, *tournament_lines(procedures, locale), *config_lines(t, locale)]),
                        ephemeral=True)

    @create.autocomplete("preset")
    async def _preset_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=p, value=p) for p in preset_choices(current)][:25]

    @app_commands.command(**_cmd("join", "Sign up a team: you and a partner"))
    @_opts(partner="Your partner (leave out for an AI partner, if allowed)", team_name="Team name",
           tournament="Tournament number (default: the newest here)",
           unit="Your unit (a club, a school): its server role")
    async def join(self, interaction: discord.Interaction, partner: discord.Member | None = None,
                   team_name: app_commands.Range[str, 1, 60] | None = None, tournament: int | None = None,
                   unit: discord.Role | None = None) -> None:
        async with answering(interaction):
            if team_name is not None:
                inputs.text("team_name", team_name, MAX_TOURNAMENT_NAME)
            t = self._find(interaction, tournament)
            if partner is not None and partner.bot:
                raise BotError("tournament.bot.partner_is_bot")
            entry = TournamentEntry(interaction.user.id, display_name(interaction.user),
                                    partner.id if partner else None, display_name(partner) if partner else None,
                                    team_name, **unit_entry(interaction, unit, partner))
            if not await enter_tournament(self.service, t.tournament_id, entry, interaction.guild_id):
                assert partner is not None  # the partner confirms by naming this player in turn (搭档确认)
                await reply(interaction, i18n.t("tournament.bot.invited", guild_locale(interaction),
                                                partner=partner.mention, user=escape_text(entry.name),
                                                name=escape_text(t.name), mention=interaction.user.mention),
                            ephemeral=False, allowed_mentions=discord.AllowedMentions(users=[partner]))
                return
            team = t.team_of(interaction.user.id)
            await reply_key(interaction, "tournament.bot.joined", ephemeral=True,
                            team=escape_text(team.name if team else ""), name=escape_text(t.name))

    @app_commands.command(**_cmd("leave", "Leave (before the start) or withdraw your team"))
    @_opts(tournament="Tournament number (default: the newest here)")
    async def leave(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async with answering(interaction):
            t = self._find(interaction, tournament)
            await defer(interaction)
            await self.service.leave(t.tournament_id, interaction.user.id, guild_id=interaction.guild_id)
            await reply_key(interaction, "tournament.bot.left", name=escape_text(t.name))

    # -- views ----------------------------------------------------------------------------------------
    async def _picture(self, interaction: discord.Interaction, tournament: int | None, kind: str) -> None:
        if interaction.guild_id is None:
            raise BotError("error.guild_only")
        t = await self.service.find(interaction.guild_id, tournament)  # finished tournaments too
        await defer(interaction, ephemeral=False)
        images = [i for i in await tournament_pictures(t, user_locale(interaction)) if i.kind == kind]
        if not images:
            raise BotError("tournament.bot.no_picture")
        image = images[0]
        locale = user_locale(interaction)
        lines = [escape_text(t.name), *tournament_lines(t.meta.get(PROCEDURES) or {}, locale), *config_lines(t, locale),
                 *sanction_lines(t.meta.get(SANCTIONS) or [], lambda i: escape_text(t.team(i).name), locale)]
        await reply(interaction, "\n".join(lines), ephemeral=False,
                    file=discord.File(io.BytesIO(image.png), filename=image.name))

    @app_commands.command(**_cmd("standings", "The standings table"))
    @_opts(tournament="Tournament number (default: the newest here)")
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async with answering(interaction):
            await self._picture(interaction, tournament, "standings")

    @app_commands.command(**_cmd("bracket", "The bracket (the pairings of every round)"))
    @_opts(tournament="Tournament number (default: the newest here)")
    async def bracket(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async with answering(interaction):
            await self._picture(interaction, tournament, "bracket")

    # -- organiser ------------------------------------------------------------------------------------
    def _organiser(self, interaction: discord.Interaction, tournament: int | None) -> tuple[Tournament, bool]:
        """The tournament and whether the caller is a manager; refuses anyone but the organiser or a manager."""
        t = self._find(interaction, tournament)
        manager = caller_of(interaction).manager
        self.service.require_organiser(t, interaction.user.id, manager)
        return t, manager

    async def _organise(self, interaction: discord.Interaction, tournament: int | None,
                        op: Callable[..., Awaitable[Any]], done: str, *args: Any,
                        shown: Callable[[Tournament], dict[str, str]] | None = None) -> None:
        """One organiser command: refuse anyone but the organiser or a manager, then ``op(tournament id, user,
        *args, manager=, guild_id=)`` and answer ``done`` (naming the tournament, or ``shown(t)``)."""
        async with answering(interaction):
            t, manager = self._organiser(interaction, tournament)
            await defer(interaction)
            await op(t.tournament_id, interaction.user.id, *args, manager=manager, guild_id=interaction.guild_id)
            params: dict[str, Any] = shown(t) if shown else {"name": escape_text(t.name)}
            await reply_key(interaction, done, **params)

    @app_commands.command(**_cmd("start", "Start the tournament: round 1 is drawn (organiser)"))
    @_opts(tournament="Tournament number (default: the newest here)")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, self.service.start, "tournament.bot.started")

    @app_commands.command(**_cmd("forfeit", "Declare a team forfeit in its match (organiser)"))
    @_opts(team="Team number (as in the standings)", tournament="Tournament number (default: the newest here)")
    async def forfeit(self, interaction: discord.Interaction, team: int, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, self.service.forfeit, "tournament.bot.forfeited", team,
                             shown=lambda t: {"team": escape_text(t.team(team).name)})

    @app_commands.command(**_cmd("replace", "Replace a player of a team (organiser)"))
    @_opts(player="The player who leaves", substitute="The player who takes the place",
           tournament="Tournament number (default: the newest here)")
    async def replace(self, interaction: discord.Interaction, player: discord.Member, substitute: discord.Member,
                      tournament: int | None = None) -> None:
        async def swap(tournament_id: int, user_id: int, *, manager: bool, guild_id: int | None) -> None:
            if substitute.bot:
                raise BotError("tournament.bot.partner_is_bot")
            await self.service.replace(tournament_id, user_id, player.id, substitute.id, display_name(substitute),
                                       manager=manager, guild_id=guild_id)

        await self._organise(interaction, tournament, swap, "tournament.bot.replaced",
                             shown=lambda t: {"name": escape_text(display_name(substitute))})

    @app_commands.command(**_cmd("advance", "Close the current round now; open matches are judged (organiser)"))
    @_opts(tournament="Tournament number (default: the newest here)")
    async def advance(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, self.service.advance, "tournament.bot.advanced")

    @app_commands.command(**_cmd("cancel", "Cancel the tournament; its open tables end (organiser)"))
    @_opts(tournament="Tournament number (default: the newest here)")
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, self.service.cancel, "tournament.bot.cancelled")


def placings_text(placings: list[Placing], locale: str, limit: int = 5) -> str:
    """A player's tournament results for ``/stats`` (the ladder's record of tournaments), newest first."""
    if not placings:
        return ""
    items = [i18n.t("tournament.bot.placing", locale, rank=p.placing, teams=p.teams, team=escape_text(p.team_name))
             for p in placings[:limit]]
    wins = sum(1 for p in placings if p.placing == 1)
    return i18n.t("tournament.bot.placings", locale, wins=wins, count=len(placings),
                  list=i18n.t("table.list_sep", locale).join(items))


class Tournaments(TractorSubgroup):
    """Adds ``/tractor tournament`` to the ``/tractor`` group of ``cogs.tables``."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(bot, TournamentCommands(bot))


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Tournaments(bot))
