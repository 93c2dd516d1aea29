"""The private hand panel: an ephemeral message (never a DM, never public) with the hand picture,
card multi-selects and the phase's buttons, for the seat's owner only.

Opened by the public "My hand" button or ``/hand``. A click on a panel from an earlier version of the
table is refused with a clear message and a fresh panel. Open panels are refreshed in place (through
the interaction token, valid 15 minutes) when the seat's choices change: a declaration becomes legal
during the deal, the turn comes, the hand changes.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

import i18n
from cogs.hub import find_table
from cogs.items import PanelId, SelectId, decode_cards
from cogs.panel_view import (
    build_panel_view,
    cards_text,
    hand_order,
    panel_text,
    select_prefix,
    selection_from_message,
)
from cogs.replies import BotError, answering, check_rate, user_locale
from engine.actions import Bury, Declare, Pass, Play
from engine.cards import Card
from engine.views import Phase
from runtime.panel import Panel
from runtime.presenter import TableUpdate

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 14 * 60.0  # interaction tokens last 15 minutes


@dataclass
class _Open:
    interaction: discord.Interaction
    user_id: int
    opened: float
    shown: tuple[Any, ...] = ()
    task: asyncio.Task[None] | None = None
    dirty: bool = False


def panel_key(panel: Panel) -> tuple[Any, ...]:
    """What the panel shows that matters: its choices (and the hand outside the deal)."""
    hand = len(panel.hand) if panel.phase is not Phase.DEALING else -1
    return (panel.phase, panel.declarations, panel.can_pass, panel.bury_count, panel.your_turn, panel.away,
            panel.queued, hand, panel.view.public.trump)


def indices_of(order: list[Card], cards: Collection[Card]) -> set[int]:
    """Picture indices of ``cards`` (each copy matched once)."""
    out: set[int] = set()
    for card in cards:
        for i, c in enumerate(order):
            if c == card and i not in out:
                out.add(i)
                break
    return out


class PanelCog(commands.Cog, name="Panel"):
    """Private panels and their buttons/selects."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.open: dict[tuple[int, int], _Open] = {}
        self.locks: dict[tuple[int, int], asyncio.Lock] = {}  # a seat's answer and its refresh, one at a time

    def _lock(self, key: tuple[int, int]) -> asyncio.Lock:
        return self.locks.setdefault(key, asyncio.Lock())

    # -- showing ---------------------------------------------------------------------------------------
    async def _render(self, panel: Panel, user_id: int, locale: str, selected: Collection[int]) -> discord.File:
        png = await self.bot.game.hand_image(panel.table_id, user_id, sorted(selected), locale=locale)
        return discord.File(io.BytesIO(png), filename=f"hand_{panel.table_id}_{panel.version}.png")

    async def open_panel(self, interaction: discord.Interaction, table_id: int | None = None,
                         note: str | None = None) -> None:
        """Answer with a fresh ephemeral panel for the user's seat."""
        check_rate(interaction, "panel")
        rec = find_table(self.bot, interaction, table_id)
        panel = self.bot.game.panel(rec.table_id, interaction.user.id)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        locale = user_locale(interaction)
        file = await self._render(panel, interaction.user.id, locale, ())
        view = build_panel_view(panel, locale)
        # Its items are DynamicItems, dispatched by their custom ids: a stopped view is sent but not stored,
        # else discord.py would keep every ephemeral panel's View alive with a 15-minute expiry timer.
        view.stop()
        await interaction.followup.send(panel_text(panel, locale, (), note), file=file, view=view, ephemeral=True)
        self._remember(interaction, panel)

    def _remember(self, interaction: discord.Interaction, panel: Panel) -> None:
        key = (panel.table_id, panel.seat)
        old = self.open.get(key)
        self.open[key] = _Open(interaction, interaction.user.id, time.monotonic(), panel_key(panel),
                               task=old.task if old else None, dirty=old.dirty if old else False)

    async def _show(self, interaction: discord.Interaction, panel: Panel, selected: Collection[int] = (),
                    note: str | None = None) -> None:
        """Edit the panel message the interaction came from (already deferred). Serialized with the in-place
        refresh of the seat's panel: a refresh started by this very move never overwrites the answer (its
        note, its selection) afterwards; it edits only if the panel's choices changed again meanwhile."""
        locale = user_locale(interaction)
        async with self._lock((panel.table_id, panel.seat)):
            file = await self._render(panel, interaction.user.id, locale, selected)
            await interaction.edit_original_response(content=panel_text(panel, locale, selected, note),
                                                     attachments=[file], view=build_panel_view(panel, locale, selected))
            self._remember(interaction, panel)

    # -- refreshing open panels --------------------------------------------------------------------------
    def refresh_for(self, update: TableUpdate) -> None:
        """Called by the presenter for every change: refresh the open panels of this table."""
        tid = update.record.table_id
        for (table_id, seat), entry in list(self.open.items()):
            if table_id != tid:
                continue
            if time.monotonic() - entry.opened > TOKEN_LIFETIME or update.reason == "ended":
                self.open.pop((table_id, seat), None)
                lock = self.locks.get((table_id, seat))
                if lock is not None and not lock.locked():
                    self.locks.pop((table_id, seat), None)
                continue
            entry.dirty = True
            if entry.task is None or entry.task.done():
                entry.task = asyncio.create_task(self._refresh((table_id, seat)), name=f"panel-{table_id}-{seat}")

    async def _refresh(self, key: tuple[int, int]) -> None:
        while True:
            async with self._lock(key):
                entry = self.open.get(key)
                if entry is None or not entry.dirty:
                    return
                entry.dirty = False
                try:
                    panel = self.bot.game.panel(key[0], entry.user_id)
                    if panel_key(panel) == entry.shown:
                        continue
                    locale = user_locale(entry.interaction)
                    file = await self._render(panel, entry.user_id, locale, ())
                    await entry.interaction.edit_original_response(content=panel_text(panel, locale),
                                                                   attachments=[file],
                                                                   view=build_panel_view(panel, locale))
                    entry.shown = panel_key(panel)
                except discord.HTTPException as exc:
                    log.info("panel %s not refreshed: %s", key, exc)
                    self.open.pop(key, None)
                    return
                except Exception as exc:  # the table ended or the seat changed
                    log.debug("panel %s dropped: %s", key, exc)
                    self.open.pop(key, None)
                    return

    # -- clicks ----------------------------------------------------------------------------------------
    def _check(self, interaction: discord.Interaction, ident: PanelId | SelectId) -> Panel | None:
        """The current panel if the click is the seat owner's and current; ``None`` if stale."""
        rec = self.bot.game.record(ident.table)
        occupant = rec.seats[ident.seat]
        if occupant is None or occupant.user_id != interaction.user.id:
            raise BotError("bot.error.not_your_panel")
        panel = self.bot.game.panel(ident.table, interaction.user.id)
        return panel if panel.version == ident.version else None

    async def _stale(self, interaction: discord.Interaction, table_id: int) -> None:
        note = i18n.t("bot.panel.stale", user_locale(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.open_panel(interaction, table_id, note=note)

    async def on_card_select(self, interaction: discord.Interaction, ident: SelectId, values: list[str]) -> None:
        async with answering(interaction):
            check_rate(interaction, "action")
            panel = self._check(interaction, ident)
            if panel is None:
                await self._stale(interaction, ident.table)
                return
            await interaction.response.defer()
            prefix = select_prefix(ident.table, ident.seat, ident.version)
            mine = f"{prefix}{ident.group}"
            others = selection_from_message(interaction.message, prefix) - self._group_indices(interaction, mine)
            chosen = others | {int(v) for v in values if v.isdigit()}
            await self._show(interaction, panel, chosen)

    @staticmethod
    def _group_indices(interaction: discord.Interaction, custom_id: str) -> set[int]:
        out: set[int] = set()
        for row in interaction.message.components if interaction.message else []:
            for comp in getattr(row, "children", []):
                if isinstance(comp, discord.SelectMenu) and comp.custom_id == custom_id:
                    out.update(int(o.value) for o in comp.options if o.value.isdigit())
        return out

    async def on_panel_button(self, interaction: discord.Interaction, ident: PanelId) -> None:
        async with answering(interaction):
            check_rate(interaction, "action")
            game = self.bot.game
            user = interaction.user.id
            if ident.op == "back":
                self._check(interaction, ident)
                await interaction.response.defer()
                await game.take_back(ident.table, user)
                await self._show(interaction, game.panel(ident.table, user),
                                 note=i18n.t("bot.panel.back", user_locale(interaction)))
                return
            if ident.op == "decl":  # a declaration stays valid while cards are dealt: the engine judges it
                await self._declare(interaction, ident)
                return
            panel = self._check(interaction, ident)
            if panel is None:
                await self._stale(interaction, ident.table)
                return
            await interaction.response.defer()
            locale = user_locale(interaction)
            order = hand_order(panel)
            selected = selection_from_message(interaction.message, select_prefix(ident.table, ident.seat,
                                                                                 ident.version))
            cards = tuple(order[i] for i in sorted(selected) if i < len(order))
            note: str | None = None
            keep: Collection[int] = ()
            if ident.op in ("play", "bury") and not cards:
                raise BotError("bot.error.no_selection")
            if ident.op == "play" and not panel.your_turn:
                queued = await game.queue_play(ident.table, user, cards)
                note = i18n.t("bot.panel.queued_ok", locale, cards=cards_text(queued, locale))
            elif ident.op == "play":
                await game.act(ident.table, user, Play(cards=cards), version=ident.version)
                note = i18n.t("bot.panel.played", locale, cards=cards_text(cards, locale))
            elif ident.op == "bury":
                await game.act(ident.table, user, Bury(cards=cards), version=ident.version)
                note = i18n.t("bot.panel.buried", locale, cards=cards_text(cards, locale))
            elif ident.op == "pass":
                await game.act(ident.table, user, Pass(), version=ident.version)
                note = i18n.t("bot.panel.passed", locale)
            elif ident.op == "hint":
                action = game.suggest(ident.table, user)
                hinted = tuple(getattr(action, "cards", ()) or ())
                keep = indices_of(order, hinted)
                note = i18n.t("bot.panel.suggested", locale, cards=cards_text(hinted, locale) or action.kind)
                await self._show(interaction, panel, keep, note)
                return
            elif ident.op == "clear":
                await self._show(interaction, panel)
                return
            await self._show(interaction, game.panel(ident.table, user), keep, note)


    async def _declare(self, interaction: discord.Interaction, ident: PanelId) -> None:
        """A Declare button: its custom id carries the cards, so a panel opened earlier in a live deal (whose
        version moved on with every dealt card) still declares; a declaration no longer legal is refused
        with the engine's reason."""
        self._check(interaction, ident)  # the seat owner's click (stale or not)
        shown = decode_cards(ident.arg or 0)
        if not shown:
            raise BotError("bot.error.internal")
        await interaction.response.defer()
        game = self.bot.game
        user = interaction.user.id
        await game.act(ident.table, user, Declare(cards=shown))
        note = i18n.t("bot.panel.declared", user_locale(interaction), cards=cards_text(shown, user_locale(interaction)))
        await self._show(interaction, game.panel(ident.table, user), (), note)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PanelCog(bot))
