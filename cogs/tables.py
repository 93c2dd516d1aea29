"""``/tractor`` commands (new, rules, kick, end, notify, config) and the public table buttons.

A table opens in the channel as a lobby message with seat buttons and gets its own thread, where the
game is played. Several tables per channel and per guild may run at once. The host changes the
rules, kicks and ends; members with Manage Server may end any table.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import admin
from cogs.delivery import guild_gone, tell_host_here
from cogs.gamebot import GameBot
from cogs.hub import authorized, caller_of, send_web_link
from cogs.items import TableId, clicks
from cogs.replies import BotError, answering, guild_locale, reply, reply_key, user_locale
from cogs.translator import ls
from data.records import TableOptions
from engine.rules import Rules
from runtime import (
    DESCRIBE_LIMIT,
    TIME_CONTROLS,
    Op,
    build_rules,
    describe_rules,
    described_completions,
    inputs,
    is_manager,
    preset_choices,
    with_time_control,
)

log = logging.getLogger(__name__)

# Longest text Discord lets a user type into these options (a longer paste is refused by the client instead of
# producing an answer over Discord's 2,000-character limit): every option string fits in a few hundred.
OptionsText = app_commands.Range[str, 0, 400]
PresetText = app_commands.Range[str, 0, 40]

MODE_CHOICES = [app_commands.Choice(name=ls("live (deal card by card)", "command.choice.live"), value="live"),
                app_commands.Choice(name=ls("async (deal at once)", "command.choice.async"), value="async")]
AI_CHOICES = [app_commands.Choice(name=ls(v, f"command.choice.{v}"), value=v) for v in ("random", "basic", "strong")]
CLOCK_CHOICES = [app_commands.Choice(name=ls(n, f"procedures.clock.{n}"), value=n) for n in TIME_CONTROLS]
TEAMS_CHOICES = [app_commands.Choice(name=ls(n, f"command.choice.{v}"), value=v)
                 for v, n in (("tractor", "fixed partners"), ("friends", "找朋友 (find friends)"))]
LOCALE_CHOICES = [app_commands.Choice(name=ls("Server language (auto)", "command.choice.auto"), value="auto"),
                  app_commands.Choice(name=ls("English", "command.choice.en"), value="en"),
                  app_commands.Choice(name=ls("Chinese", "command.choice.zh"), value="zh-CN")]


# Each slash-command option: its localized name and description (shared by /tractor new, rules, config …).
_OPTION_TEXT: dict[str, tuple[str, str]] = {
    "preset": ("Rule preset", "command.opt.preset"),
    "options": ("Rule overrides: key=value, separated by spaces", "command.opt.options"),
    "mode": ("live: deal card by card; async: deal at once", "command.opt.mode"),
    "timeout": ("Turn timeout in seconds before the AI takes over", "command.opt.timeout"),
    "ai": ("AI level for AI seats", "command.opt.ai"),
    "autoplay": ("Play forced moves automatically", "command.opt.autoplay"),
    "trick_pictures": ("Post a picture of every trick (default: one trick log message)", "command.opt.pictures"),
    "declare_wait": ("First hand: seconds AI seats wait for humans before declaring", "command.opt.declare_wait"),
    "clock": ("Time control per phase and its 超时 penalty (the seed sheets' presets)", "command.opt.clock"),
    "card_counter": ("Show in each panel what each suit has left (记牌器)", "command.opt.counter"),
    "undo": ("Allow undoing one's last play with the other players' consent", "command.opt.undo"),
    "decks": ("Decks 1-4 (default: one per two players)", "command.opt.decks"),
    "players": ("Players 4-8 (default 4)", "command.opt.players"),
    "teams": ("Fixed partners (default) or 找朋友: the dealer calls friends", "command.opt.teams"),
    "locale": ("Language of public messages", "command.opt.locale"),
    "channel": ("Allow or disallow this channel for tables", "command.opt.channel"),
    "allow": ("Allow (true) or disallow (false) the channel", "command.opt.allow"),
    "referee_role": ("Members with this role may referee tables they do not play at", "command.opt.referee_role"),
    "table": ("Table number (default: yours here)", "command.opt.table"),
    "seat": ("Seat 1-8", "command.opt.seat"),
    "on": ("On or off", "command.opt.on"),
}


def _named(*params: str) -> Any:
    """``app_commands.rename`` + ``describe`` of the given options, localized through the translator."""
    def decorate(func: Any) -> Any:
        func = app_commands.describe(**{p: ls(_OPTION_TEXT[p][0], _OPTION_TEXT[p][1] + ".desc") for p in params})(func)
        return app_commands.rename(**{p: ls(p, _OPTION_TEXT[p][1]) for p in params})(func)
    return decorate


def is_admin(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


class Tables(commands.Cog):
    """Opening and running tables."""

    tractor = app_commands.Group(name=ls("tractor", "command.tractor"), description=ls("Tractor (Shengji) tables",
                                                                                   "command.tractor.desc"),
                                 guild_only=True)

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        clicks(self.bot).table = self  # the table buttons' handler (cogs.items)

    async def cog_unload(self) -> None:
        clicks(self.bot).table = None

    # -- /tractor new ------------------------------------------------------------------------------------
    @tractor.command(name=ls("new", "command.new"), description=ls("Open a table in this channel", "command.new.desc"))
    @_named("preset", "options", "mode", "timeout", "ai", "autoplay", "trick_pictures", "declare_wait", "clock",
            "card_counter", "undo", "decks", "players", "teams")
    @app_commands.choices(mode=MODE_CHOICES, ai=AI_CHOICES, clock=CLOCK_CHOICES, teams=TEAMS_CHOICES)
    async def new(self, interaction: discord.Interaction, preset: PresetText | None = None,
                  options: OptionsText | None = None,
                  mode: str | None = None, timeout: int | None = None, ai: str | None = None,
                  autoplay: bool | None = None, trick_pictures: bool | None = None,
                  declare_wait: app_commands.Range[int, 0, 600] | None = None, clock: str | None = None,
                  card_counter: bool = False, undo: bool = False, decks: app_commands.Range[int, 1, 4] | None = None,
                  players: app_commands.Range[int, 4, 8] | None = None, teams: str | None = None) -> None:
        async with answering(interaction):
            if interaction.guild_id is None or interaction.channel is None:
                raise BotError("error.guild_only")
            settings = await self.bot.game.guild_settings(interaction.guild_id)
            allowed = settings["allowed_channels"]
            channel_id: int = getattr(interaction.channel, "parent_id", None) or interaction.channel.id
            if allowed and channel_id not in allowed:
                raise BotError("error.channel_not_allowed")
            rules = build_rules(preset, options, Rules.from_preset(settings["preset"], **settings["options"]),
                                any_shape=True, shape={"decks": decks, "players": players, "mode": teams})
            # every option value checked by the service (runtime.inputs), whatever the client sent: nothing stored
            table_options = self._table_options(settings, timeout, autoplay, trick_pictures, declare_wait)
            table_mode = inputs.mode(mode if mode is not None else settings["mode"])
            ai_level = inputs.ai_level(ai if ai is not None else settings["ai_level"])
            if clock is not None:
                table_options = with_time_control(table_options, clock)
            table_options = replace(table_options, card_counter=card_counter, undo=undo)  # the casual aids
            self.bot.game.check_open(interaction.guild_id, interaction.user.id)  # refused privately, before the defer
            await interaction.response.defer(thinking=True)
            locale = guild_locale(interaction, settings["locale"])
            rec = await self.bot.game.open_table(
                guild_id=interaction.guild_id, channel_id=channel_id, host_id=interaction.user.id,
                host_name=display_name(interaction.user), rules=rules, mode=table_mode, options=table_options,
                ai_level=ai_level)
            message = await interaction.edit_original_response(content=None, embed=None, view=None)
            try:  # a refused thread: the table is played in the channel and the host is told why (cogs.delivery)
                thread = await message.create_thread(name=i18n.t("table.thread.name", locale, id=rec.table_id)[:100],
                                                     auto_archive_duration=10080)  # the longest Discord allows
            except discord.Forbidden:
                thread = None
                await tell_host_here(interaction, rec.table_id, "create_public_threads")
            rec = await self.bot.game.set_messages(rec.table_id, thread_id=thread.id if thread else None,
                                                   lobby_message_id=message.id, locale=locale)
            from cogs.lobby_view import lobby_embed, lobby_view

            await interaction.edit_original_response(embed=lobby_embed(rec, locale), view=lobby_view(rec, locale))
            if thread is not None:
                try:
                    await thread.send(i18n.t("table.thread.welcome", locale, host=interaction.user.mention),
                                      allowed_mentions=discord.AllowedMentions.none())
                except discord.Forbidden:
                    await tell_host_here(interaction, rec.table_id, "send_messages_in_threads")

    def _table_options(self, settings: dict[str, Any], timeout: object, autoplay: object, trick_pictures: object,
                       declare_wait: object) -> TableOptions:
        """The new table's options: the bot's base, the server's settings, then the command's (all checked)."""
        base: TableOptions = getattr(self.bot, "table_options", None) or TableOptions()
        turn = timeout if timeout is not None else settings["turn_timeout"] or base.turn_timeout
        forced = settings["auto_play_forced"] if autoplay is None else autoplay
        return inputs.table_options(base, timeout=turn, reminder_lead=float(settings["reminder_lead"]),
                                    autoplay=forced, trick_pictures=trick_pictures, declare_wait=declare_wait)

    @new.autocomplete("preset")
    async def _preset_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=p, value=p) for p in preset_choices(current)][:25]

    @new.autocomplete("options")
    async def _options_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = user_locale(interaction)
        return [app_commands.Choice(name=name, value=value) for name, value in described_completions(current, locale)]

    # -- /tractor rules, kick, end ----------------------------------------------------------------------------
    @tractor.command(name=ls("rules", "command.rules"),
                     description=ls("See the rules of your table, or change them before the start",
                                    "command.rules.desc"))
    @_named("preset", "options", "table")
    async def rules(self, interaction: discord.Interaction, preset: PresetText | None = None,
                  options: OptionsText | None = None,
                    table: int | None = None) -> None:
        async with answering(interaction):
            if not preset and not options:  # nothing to change: what the table's rules are, option by option
                rec = authorized(self.bot, interaction, table, Op.VIEW)
                await reply(interaction, describe_rules(rec.rules, user_locale(interaction)))
                return
            rec = authorized(self.bot, interaction, table, Op.MANAGE)
            rules = build_rules(preset, options, rec.rules, any_shape=True)
            rec = await self.bot.game.set_rules(rec.table_id, interaction.user.id, rules,
                                                is_admin=is_manager(caller_of(interaction), rec))
            from cogs.lobby_view import rules_summary

            locale = user_locale(interaction)
            await reply(interaction, i18n.t("table.rules_changed", locale, summary=rules_summary(rec, locale)) + "\n"
                        + describe_rules(rec.rules, locale, DESCRIBE_LIMIT - 200))

    rules.autocomplete("preset")(_preset_ac)
    rules.autocomplete("options")(_options_ac)

    @tractor.command(name=ls("kick", "command.kick"),
                     description=ls("Empty a seat of your table (host)", "command.kick.desc"))
    @_named("seat", "table")
    async def kick(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 8],
                   table: int | None = None) -> None:
        async with answering(interaction):
            rec = authorized(self.bot, interaction, table, Op.END)
            await self.bot.game.kick(rec.table_id, interaction.user.id, seat - 1,
                                     is_admin=is_manager(caller_of(interaction), rec))
            await reply_key(interaction, "table.kicked", n=seat)

    @tractor.command(name=ls("end", "command.end"),
                     description=ls("End a table (host or Manage Server)", "command.end.desc"))
    @_named("table")
    async def end(self, interaction: discord.Interaction, table: int | None = None) -> None:
        async with answering(interaction):
            rec = authorized(self.bot, interaction, table, Op.END)
            await self.bot.game.end(rec.table_id, interaction.user.id, is_admin=is_manager(caller_of(interaction), rec))
            await reply_key(interaction, "table.ended", id=rec.table_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its tables are paused (no clocks, nothing sent), still in the database."""
        paused = await guild_gone(self.bot, guild.id)
        if paused:
            log.warning("removed from guild %d: tables %s paused", guild.id, paused)

    # -- /tractor help ------------------------------------------------------------------------------------------
    @tractor.command(name=ls("help", "command.help"),
                     description=ls("What this bot does and how to play", "command.help.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            await reply(interaction, i18n.t("ops.help", user_locale(interaction)), ephemeral=True)

    # -- /tractor notify, config (implemented in cogs.admin) -----------------------------------------------------
    @tractor.command(name=ls("notify", "command.notify"),
                     description=ls("Direct-message me when it is my turn", "command.notify.desc"))
    @_named("on")
    async def notify(self, interaction: discord.Interaction, on: bool) -> None:
        async with answering(interaction):
            await admin.set_notify(self.bot, interaction, on)

    @tractor.command(name=ls("config", "command.config"),
                     description=ls("Server defaults for tables (Manage Server)", "command.config.desc"))
    @_named("preset", "options", "mode", "timeout", "ai", "locale", "channel", "allow", "referee_role")
    @app_commands.choices(mode=MODE_CHOICES, ai=AI_CHOICES, locale=LOCALE_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    async def config(self, interaction: discord.Interaction, preset: PresetText | None = None,
                  options: OptionsText | None = None,
                     mode: str | None = None, timeout: int | None = None, ai: str | None = None,
                     locale: str | None = None, channel: discord.TextChannel | None = None,
                     allow: bool | None = None, referee_role: discord.Role | None = None) -> None:
        async with answering(interaction):
            if not is_admin(interaction):
                raise BotError("error.manage_guild")
            await admin.configure(self.bot, interaction, preset=preset, options=options, mode=mode, timeout=timeout,
                                  ai=ai, locale=locale, channel=channel, allow=allow, referee_role=referee_role)

    config.autocomplete("preset")(_preset_ac)
    config.autocomplete("options")(_options_ac)

    # -- public buttons ------------------------------------------------------------------------------------
    async def on_table_button(self, interaction: discord.Interaction, ident: TableId) -> None:
        """A public table button: the table is looked up in this guild and channel/thread only, and the
        click is authorized for its operation (``BUTTON_OPS``) before anything changes."""
        async with answering(interaction):
            if ident.op not in BUTTON_OPS:
                raise BotError("error.internal")
            rec = authorized(self.bot, interaction, ident.table, BUTTON_OPS[ident.op], here=True)
            game = self.bot.game
            user = interaction.user.id
            if ident.op == "hand":
                panel = self.bot.panels()
                assert panel is not None, "the Panel cog is loaded with the others"
                await panel.open_panel(interaction, rec.table_id)
                return
            if ident.op == "web":
                await send_web_link(self.bot, interaction, rec.table_id)
                return
            if ident.op == "back":
                await interaction.response.defer(ephemeral=True, thinking=True)
                await game.take_back(rec.table_id, user)
                await reply_key(interaction, "panel.back")
                return
            await interaction.response.defer()
            await self._lobby_button(interaction, rec, ident)

    async def _lobby_button(self, interaction: discord.Interaction, rec: Any, ident: TableId) -> None:
        game, user, tid = self.bot.game, interaction.user.id, rec.table_id
        manager = is_manager(caller_of(interaction), rec)
        if ident.op == "sit":
            await game.sit(tid, user, display_name(interaction.user), ident.arg)
        elif ident.op == "leave":
            await game.leave(tid, user)
        elif ident.op == "addai":
            await game.add_ai(tid, user, None, str(rec.meta.get("ai_level", "basic")), is_admin=manager)
        elif ident.op == "fillai":
            await game.fill_ai(tid, user, str(rec.meta.get("ai_level", "basic")), is_admin=manager)
        elif ident.op == "rmai":
            seats = [i for i, s in enumerate(rec.seats) if s is not None and s.is_ai]
            if not seats:
                raise BotError("lobby.no_ai", seat="-")
            await game.remove_ai(tid, user, seats[-1], is_admin=manager)
        elif ident.op == "start":
            await game.start(tid, user, is_admin=manager)
        elif ident.op == "end":
            await game.end(tid, user, is_admin=manager)


# which rule (runtime.access.Op) each public table button needs
BUTTON_OPS: dict[str, Op] = {"sit": Op.JOIN, "leave": Op.JOIN, "addai": Op.MANAGE, "fillai": Op.MANAGE,
                             "rmai": Op.MANAGE,
                             "start": Op.MANAGE, "end": Op.END, "hand": Op.SEAT, "back": Op.SEAT,
                             "web": Op.VIEW}


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Tables(bot))


__all__ = ["Tables"]
