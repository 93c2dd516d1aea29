"""The dealer's friend calls at a 找朋友 table (RULES §13.3), asked privately after it chose its bury.

The panel's Bury button (or ``/bury`` without ``calls``) answers with an ephemeral dialog: how a call works ("the
2nd K♣", 第二张), what ``friend_cards`` allows, the suggested calls (the AI's, the ones 托管 makes when the time
runs out) with a warning when the dealer holds a called card (it may become its own friend), a button making them
and one opening a form to type other calls. Calls naming a card the dealer holds are made only once it confirmed
them. The bury and the calls are one move (the engine's ``Bury``); the calls become public as play begins. Every
button's state — the table, seat, panel version, the bury's mask and the calls — is in its custom id, so the
dialog survives a restart; a dialog of an earlier turn is answered with a fresh panel.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord
from discord.ext import commands

import i18n
from cogs.cardtext import call_text, card_name, trump_name
from cogs.gamebot import GameBot
from cogs.guard import admitted
from cogs.hub import caller_of
from cogs.items import CallButton, CallId, PanelId, clicks
from cogs.panel_view import hand_order, indices_of, mask_indices
from cogs.replies import BotError, answering, reply_error, user_locale
from engine.cards import Card
from engine.friends import FriendCall
from runtime import Panel, call_dialog, check_dealer_calls, decode_calls, encode_calls, parse_calls

log = logging.getLogger(__name__)


def calls_line(calls: Sequence[FriendCall], locale: str) -> str:
    """``the 1st A♠, the 2nd K♣`` / ``第一张A♠、第二张K♣``."""
    return i18n.t("announce.calls_sep", locale).join(call_text(c.card, c.ordinal, locale) for c in calls)


def dialog_text(panel: Panel, dialog: Any, locale: str) -> str:
    """The dialog: the count, how a call works, the policy explained, the suggestion and its warning."""
    meaning = i18n.t(f"rules.val.friend_cards.{dialog.policy}", locale)
    lines = [i18n.t("friends.dialog.title", locale, count=dialog.count),
             i18n.t("friends.dialog.how", locale),
             i18n.t("friends.dialog.policy", locale, policy=dialog.policy, meaning=meaning, decks=dialog.decks),
             trumps_line(dialog.level, dialog.trump, locale),
             i18n.t("friends.dialog.suggested", locale, calls=calls_line(dialog.suggested, locale))]
    if dialog.held:
        lines.append(held_warning(dialog.held, locale))
    lines.append(i18n.t("friends.dialog.timeout", locale))
    return "\n".join(lines)


def trumps_line(level: str, trump: str, locale: str) -> str:
    """What the trumps are this hand (the cards ``no_trumps`` and the stricter policies keep from being called)."""
    if trump == "NT":
        return i18n.t("friends.dialog.trumps_nt", locale, level=level)
    return i18n.t("friends.dialog.trumps", locale, level=level, trump=trump_name(trump, locale))


def held_warning(held: Sequence[FriendCall], locale: str) -> str:
    cards = i18n.t("announce.calls_sep", locale).join(card_name(c.card, locale) for c in held)
    return i18n.t("friends.dialog.held", locale, cards=cards)


def dialog_view(ident: CallId, calls: Sequence[FriendCall], locale: str, *, confirm: bool = False
                ) -> discord.ui.View:
    """Make these calls (with the bury) — or, after a warning, call anyway — and type other calls."""
    view = discord.ui.View(timeout=None)
    key = "friends.button.anyway" if confirm else "friends.button.call"
    label = i18n.t(key, locale, calls=calls_line(calls, locale))
    view.add_item(CallButton(CallId(ident.table, ident.seat, ident.version, "call", ident.mask, encode_calls(calls)),
                             label[:80], discord.ButtonStyle.success))
    view.add_item(CallButton(CallId(ident.table, ident.seat, ident.version, "pick", ident.mask),
                             i18n.t("friends.button.pick", locale)[:80], discord.ButtonStyle.secondary))
    return view


FORM_ID = re.compile(r"tfm:(?P<t>\d+):(?P<s>[0-7]):(?P<v>\d+):(?P<m>\d+)")


class CallForm(discord.ui.Modal):
    """Type the calls: one line per friend, prefilled with the suggestion. Its state is in its custom id
    (``tfm:{table}:{seat}:{version}:{mask}``) and its submission is read by ``FriendCalls.on_interaction``, not by
    the modal object, so a form sent before a restart is still answered."""

    def __init__(self, ident: CallId, count: int, suggested: Sequence[FriendCall], locale: str) -> None:
        super().__init__(title=i18n.t("friends.form.title", locale, count=count)[:45],
                         custom_id=f"tfm:{ident.table}:{ident.seat}:{ident.version}:{ident.mask}")
        self.lines: list[discord.ui.TextInput[CallForm]] = []
        for n in range(count):
            default = call_text(suggested[n].card, suggested[n].ordinal, locale) if n < len(suggested) else None
            line: discord.ui.TextInput[CallForm] = discord.ui.TextInput(
                label=i18n.t("friends.form.label", locale, n=n + 1)[:45], default=default, max_length=40,
                placeholder=i18n.t("friends.form.placeholder", locale)[:100], custom_id=f"call{n}")
            self.lines.append(line)
            self.add_item(line)


def form_text(data: Any) -> str:
    """The lines typed in a submitted form (its text inputs ``call0`` …, in order), one call per line."""
    found: list[tuple[str, str]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if str(node.get("custom_id", "")).startswith("call") and "value" in node:
                found.append((str(node["custom_id"]), str(node["value"] or "")))
            for child in (node.get("components") or []) + ([node["component"]] if "component" in node else []):
                walk(child)

    walk(data)
    return "\n".join(value for _, value in sorted(found))


class FriendCalls(commands.Cog):
    """The 找朋友 call dialog and its buttons."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        clicks(self.bot).calls = self

    async def cog_unload(self) -> None:
        clicks(self.bot).calls = None

    def _panel(self, interaction: discord.Interaction, ident: PanelId | CallId) -> Panel:
        panel = self.bot.game.seat_panel(caller_of(interaction), ident.table, ident.seat, ident.version)
        if panel is None:
            raise BotError("friends.stale")
        return panel

    @staticmethod
    def _buried(panel: Panel, mask: int | None) -> tuple[Card, ...]:
        order = hand_order(panel)
        cards = tuple(order[i] for i in sorted(mask_indices(mask)) if i < len(order))
        if not cards:
            raise BotError("error.no_selection")
        return cards

    async def ask(self, interaction: discord.Interaction, ident: PanelId) -> None:
        """The panel's Bury at a 找朋友 table: the dialog, privately (a bury the engine would refuse is refused)."""
        panel = self._panel(interaction, ident)
        dialog = call_dialog(panel, self._buried(panel, ident.arg))
        await self.send_dialog(interaction, panel, ident.arg or 0, dialog)

    async def ask_for(self, interaction: discord.Interaction, panel: Panel, cards: Sequence[Card]) -> None:
        """``/bury`` without calls at a 找朋友 table: the same dialog for the typed cards."""
        dialog = call_dialog(panel, tuple(cards))
        mask = sum(1 << i for i in indices_of(hand_order(panel), cards))
        await self.send_dialog(interaction, panel, mask, dialog)

    async def send_dialog(self, interaction: discord.Interaction, panel: Panel, mask: int, dialog: Any) -> None:
        locale = user_locale(interaction)
        ident = CallId(panel.table_id, panel.seat, panel.version, "call", mask)
        text, view = dialog_text(panel, dialog, locale), dialog_view(ident, dialog.suggested, locale)
        if interaction.response.is_done():
            await interaction.followup.send(text, view=view, ephemeral=True)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)

    async def on_call_button(self, interaction: discord.Interaction, ident: CallId) -> None:
        async with answering(interaction):
            panel = self._panel(interaction, ident)
            if ident.op == "pick":
                dialog = call_dialog(panel, self._buried(panel, ident.mask))
                form = CallForm(ident, dialog.count, dialog.suggested, user_locale(interaction))
                await interaction.response.send_modal(form)
                form.stop()  # answered by on_interaction from its id (a restart keeps it), not by this object
                return
            await self._make(interaction, ident, panel, decode_calls(ident.calls), confirmed=True)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A submitted call form (``tfm:`` id), rate limited as a click."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        match = FORM_ID.fullmatch(str(data.get("custom_id", "")))
        if match is None or not await admitted(interaction, "action"):
            return
        ident = CallId(int(match["t"]), int(match["s"]), int(match["v"]), "call", int(match["m"]))
        await self.typed(interaction, ident, form_text(data))

    async def typed(self, interaction: discord.Interaction, ident: CallId, text: str) -> None:
        """The form's calls: checked now; calls naming a card the dealer holds wait for its confirmation."""
        try:
            panel = self._panel(interaction, ident)
            await self._make(interaction, ident, panel, parse_calls(text), confirmed=False)
        except Exception as exc:
            await reply_error(interaction, exc)

    async def _make(self, interaction: discord.Interaction, ident: CallId, panel: Panel,
                    calls: Sequence[FriendCall], *, confirmed: bool) -> None:
        buried = self._buried(panel, ident.mask)
        held = check_dealer_calls(panel, buried, calls)
        if held and not confirmed:
            locale = user_locale(interaction)
            text = "\n".join([i18n.t("friends.dialog.chosen", locale, calls=calls_line(calls, locale)),
                              held_warning(held, locale)])
            await interaction.response.send_message(text, view=dialog_view(ident, calls, locale, confirm=True),
                                                    ephemeral=True)
            return
        handler = clicks(self.bot).panel
        assert handler is not None, "the Panel cog is loaded with the others"
        await handler.bury_calling(interaction, PanelId(ident.table, ident.seat, ident.version, "bury", ident.mask),
                                   buried, tuple(calls))


async def setup(bot: GameBot) -> None:
    await bot.add_cog(FriendCalls(bot))


__all__ = ["FriendCalls"]
