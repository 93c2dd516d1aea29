"""``/tractor referee warn|penalty|award|disqualify``: a referee's ruling (裁判) on a seated player's team at this
thread's table (``runtime.service.referee``): by someone who does not play in that match — the table's host (a
tournament's organiser hosts its tables), a member with Manage Server, or a member holding the server's referee
role (``/tractor config referee_role:``). The ruling is posted in the thread with the referee's name; the reply
to the referee is private."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

import i18n
from cogs.gamebot import GameBot
from cogs.hub import caller_of
from cogs.replies import answering, defer, reply, user_locale
from cogs.safetext import escape_text
from cogs.subgroup import TractorSubgroup
from cogs.translator import ls
from runtime import Ruling, match_parties

log = logging.getLogger(__name__)


def _cmd(name: str, text: str) -> dict[str, Any]:
    return {"name": ls(name, f"referee.cmd.{name}"), "description": ls(text, f"referee.cmd.{name}.desc")}


def _opts(*names: str) -> Any:
    texts = {"player": "A player of the team", "points": "Points to the other side (5–400)",
             "table": "Table number (default: this thread's)"}

    def decorate(func: Any) -> Any:
        func = app_commands.describe(**{p: ls(texts[p], f"referee.opt.{p}.desc") for p in names})(func)
        return app_commands.rename(**{p: ls(p, f"referee.opt.{p}") for p in names})(func)
    return decorate


class RefereeCommands(app_commands.Group):
    """The ``referee`` subgroup of ``/tractor``."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(name=ls("referee", "referee.cmd.group"), description=ls(
            "Referee rulings at this table (host, organiser or manager)", "referee.cmd.group.desc"))
        self.bot = bot

    async def _rule(self, interaction: discord.Interaction, player: discord.Member, kind: str, points: int = 0,
                    table: int | None = None) -> None:
        async with answering(interaction):
            await defer(interaction)
            caller = caller_of(interaction)
            tournaments = getattr(self.bot, "tournaments", None)
            found = self.bot.game.find(caller, table)
            parties = match_parties(tournaments.tournaments, found) if tournaments is not None else frozenset()
            ruling = await self.bot.game.rule(
                caller, found.table_id, player.id, kind, points,
                referee=getattr(interaction.user, "display_name", None) or interaction.user.name,
                referee_role=await holds_referee_role(self.bot, interaction), parties=parties)
            rec = self.bot.game.record(ruling.table_id)
            if tournaments is not None and rec.meta.get("tournament"):
                await tournaments.note_sanction(rec, ruling.team, kind, points, ruling.hand, by=interaction.user.id)
            await reply(interaction, ruling_text(ruling, rec.names, user_locale(interaction)))

    @app_commands.command(**_cmd("warn", "A warning to a player's team (警告)"))
    @_opts("player", "table")
    async def warn(self, interaction: discord.Interaction, player: discord.Member, table: int | None = None) -> None:
        await self._rule(interaction, player, "warning", table=table)

    @app_commands.command(**_cmd("penalty", "Points to the other side in the hand in progress (罚分)"))
    @_opts("player", "points", "table")
    async def penalty(self, interaction: discord.Interaction, player: discord.Member,
                      points: app_commands.Range[int, 5, 400], table: int | None = None) -> None:
        await self._rule(interaction, player, "penalty", points, table)

    @app_commands.command(**_cmd("award", "The hand in progress goes to the other team (判负一副)"))
    @_opts("player", "table")
    async def award(self, interaction: discord.Interaction, player: discord.Member, table: int | None = None) -> None:
        await self._rule(interaction, player, "award", table=table)

    @app_commands.command(**_cmd("disqualify", "Disqualify a player's team: the match is lost (取消比赛资格)"))
    @_opts("player", "table")
    async def disqualify(self, interaction: discord.Interaction, player: discord.Member,
                         table: int | None = None) -> None:
        await self._rule(interaction, player, "disqualify", table=table)


async def holds_referee_role(bot: GameBot, interaction: discord.Interaction) -> bool:
    """The member holds one of the server's referee roles (``/tractor config referee_role:``)."""
    if interaction.guild_id is None:
        return False
    roles = set((await bot.game.guild_settings(interaction.guild_id))["referee_roles"])
    return bool(roles) and any(r.id in roles for r in getattr(interaction.user, "roles", ()))


def ruling_text(ruling: Ruling, names: tuple[str, ...], locale: str) -> str:
    what = i18n.t(f"referee.kind.{ruling.kind}", locale, points=ruling.points)
    members = [escape_text(n) for n in names[ruling.team::2]]  # a team of two, three or four (fixed partners)
    return i18n.t("referee.done", locale, ruling=what, a=", ".join(members[:-1]), b=members[-1])


class Referee(TractorSubgroup):
    """Adds ``/tractor referee`` to the ``/tractor`` group of ``cogs.tables``."""

    def __init__(self, bot: GameBot) -> None:
        super().__init__(bot, RefereeCommands(bot))


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Referee(bot))
