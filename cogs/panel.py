"""The private hand panel: an ephemeral message (never a DM, never public) with the current trick (or the
standing declaration) above the hand picture, the "Legal plays" menu, card multi-selects and the phase's
buttons, for the seat's owner only.

Opened by the "My panel" button of the live table message (a fresh panel at the bottom) or ``/hand``. Answers
stay inside the panel: a confirmation ("✅ Played …"), a refusal ("⚠️ You must follow …", nothing changed,
the selection kept) or the next action replace its text. A click on a panel from an earlier version of the
table is answered with a fresh panel. Open panels are refreshed in place (through the interaction token, valid
15 minutes) when what they show changes: a card is played, a declaration is made, the turn comes, the hand
changes; the selection is kept while the hand is unchanged, and the picture is redrawn only when needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import AsyncIterator, Collection
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

import i18n
from cogs.gamebot import GameBot
from cogs.hub import authorized, find_table, send_web_link
from cogs.items import PanelId, PlayId, SelectId, decode_cards
from cogs.panel_text import panel_text
from cogs.panel_view import (
    build_panel_view,
    cards_text,
    hand_order,
    indices_of,
    mask_indices,
    own_declaration_stands,
    select_prefix,
    selection_from_message,
)
from cogs.replies import BotError, check_rate, error_text, reply_error, user_locale
from engine.actions import Bury, Declare, Pass, Play
from engine.views import Phase
from runtime.access import Op
from runtime.panel import Panel
from runtime.presenter import TableUpdate

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 14 * 60.0  # interaction tokens last 15 minutes


# answered apart, as before (a click naming a table or seat that is not the clicker's shows no panel)
REFUSAL_NOT_IN_PANEL = ("bot.error.not_your_panel", "bot.error.internal", "table.not_found", "act.not_seated")


@dataclass
class _Open:
    interaction: discord.Interaction
    user_id: int
    opened: float
    shown: tuple[Any, ...] = ()
    task: asyncio.Task[None] | None = None
    dirty: bool = False
    hand: tuple[Any, ...] = ()  # the hand drawn in the panel's picture
    selected: frozenset[int] = frozenset()  # the selection shown (kept by a refresh while the hand is unchanged)


def panel_key(panel: Panel) -> tuple[Any, ...]:
    """What the panel shows that matters: its choices, the hand outside the deal, the trick and the declaration."""
    hand = len(panel.hand) if panel.phase is not Phase.DEALING else -1
    pub = panel.view.public
    trick = len(pub.trick.plays) if pub.trick is not None else 0
    return (panel.phase, panel.declarations, panel.can_pass, panel.bury_count, panel.your_turn, panel.away,
            panel.queued, hand, pub.trump, pub.declaration, len(pub.tricks), trick)


def ok(text: str, locale: str) -> str:
    return i18n.t("ux.panel.ok", locale, text=text)


class PanelCog(commands.Cog, name="Panel"):
    """Private panels and their buttons/selects."""

    def __init__(self, bot: GameBot) -> None:
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
        rec = find_table(self.bot, interaction, table_id, here=True)
        panel = self.bot.game.panel(rec.table_id, interaction.user.id)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        locale = user_locale(interaction)
        file = await self._render(panel, interaction.user.id, locale, ())
        view = build_panel_view(panel, locale, web=self.web)
        # Its items are DynamicItems, dispatched by their custom ids: a stopped view is sent but not stored,
        # else discord.py would keep every ephemeral panel's View alive with a 15-minute expiry timer.
        view.stop()
        await interaction.followup.send(panel_text(panel, locale, (), note), file=file, view=view, ephemeral=True)
        old = self.open.get((panel.table_id, panel.seat))
        self._remember(interaction, panel)
        if old is not None and old.interaction is not interaction and time.monotonic() - old.opened < TOKEN_LIFETIME:
            await self._supersede(old)

    async def _supersede(self, old: _Open) -> None:
        """The panel a fresh one replaces is deleted (else it shrinks to a one-line pointer, without picture or
        buttons): the thread keeps one working panel per player instead of a trail of stale ones."""
        try:
            await old.interaction.delete_original_response()
        except discord.HTTPException:
            with contextlib.suppress(discord.HTTPException):
                await old.interaction.edit_original_response(
                    content=i18n.t("ux.panel.moved", user_locale(old.interaction)), attachments=[], view=None)

    def _remember(self, interaction: discord.Interaction, panel: Panel, selected: Collection[int] = ()) -> None:
        key = (panel.table_id, panel.seat)
        old = self.open.get(key)
        self.open[key] = _Open(interaction, interaction.user.id, time.monotonic(), panel_key(panel),
                               task=old.task if old else None, dirty=old.dirty if old else False,
                               hand=panel.hand, selected=frozenset(selected))

    async def _show(self, interaction: discord.Interaction, panel: Panel, selected: Collection[int] = (),
                    note: str | None = None) -> None:
        """Edit the panel message the interaction came from (already deferred). Serialized with the in-place
        refresh of the seat's panel: a refresh started by this very move never overwrites the answer (its
        note, its selection) afterwards; it edits only if the panel's choices changed again meanwhile."""
        locale = user_locale(interaction)
        async with self._lock((panel.table_id, panel.seat)):
            file = await self._render(panel, interaction.user.id, locale, selected)
            await interaction.edit_original_response(content=panel_text(panel, locale, selected, note),
                                                     attachments=[file],
                                                     view=build_panel_view(panel, locale, selected, web=self.web))
            self._remember(interaction, panel, selected)

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
                    if panel_key(panel) != entry.shown:
                        await self._redraw(entry, panel)
                except discord.HTTPException as exc:
                    log.info("panel %s not refreshed: %s", key, exc)
                    self.open.pop(key, None)
                    return
                except Exception as exc:  # the table ended or the seat changed
                    log.debug("panel %s dropped: %s", key, exc)
                    self.open.pop(key, None)
                    return

    async def _redraw(self, entry: _Open, panel: Panel) -> None:
        """Refresh one open panel in place: the selection stays while the hand is unchanged, and so does the
        picture (only the text and the components are edited then)."""
        locale = user_locale(entry.interaction)
        same_hand = panel.hand == entry.hand
        selected = entry.selected if same_hand else frozenset()
        kwargs: dict[str, Any] = {}
        if not same_hand:
            kwargs["attachments"] = [await self._render(panel, entry.user_id, locale, ())]
        await entry.interaction.edit_original_response(content=panel_text(panel, locale, selected),
                                                       view=build_panel_view(panel, locale, selected, web=self.web),
                                                       **kwargs)
        entry.shown, entry.hand, entry.selected = panel_key(panel), panel.hand, selected

    # -- answers inside the panel ------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _answering(self, interaction: discord.Interaction, table_id: int) -> AsyncIterator[None]:
        """Run a panel click: a refusal (an illegal play, a declaration no longer possible, a rate limit) is
        shown inside the panel with the selection kept; anything else is answered apart (ephemeral)."""
        try:
            yield
        except Exception as exc:
            key = getattr(exc, "key", None)
            shown = False
            if isinstance(key, str) and key in i18n.MESSAGES and key not in REFUSAL_NOT_IN_PANEL:
                with contextlib.suppress(Exception):
                    shown = await self._refuse(interaction, table_id, exc)
            if not shown:
                await reply_error(interaction, exc)

    async def _refuse(self, interaction: discord.Interaction, table_id: int, exc: Exception) -> bool:
        """Show ``exc`` in the panel the click came from; False if there is no such panel."""
        if interaction.message is None:
            return False
        if not interaction.response.is_done():
            await interaction.response.defer()
        panel = self.bot.game.panel(table_id, interaction.user.id)
        locale = user_locale(interaction)
        kept = selection_from_message(interaction.message, select_prefix(table_id, panel.seat, panel.version))
        note = i18n.t("ux.panel.refused", locale, reason=error_text(exc, locale))
        await self._show(interaction, panel, kept, note)
        return True

    # -- clicks ----------------------------------------------------------------------------------------
    def _check(self, interaction: discord.Interaction, ident: PanelId | SelectId | PlayId) -> Panel | None:
        """The current panel if the click is the seat owner's and its version still current for that seat (other
        seats' Passes since do not make it stale: ``runtime.versions``); ``None`` if stale."""
        rec = authorized(self.bot, interaction, ident.table, Op.SEAT, here=True, seat=ident.seat)
        panel = self.bot.game.panel(rec.table_id, interaction.user.id)
        return panel if self.bot.game.is_current(rec.table_id, interaction.user.id, ident.version) else None

    async def _stale(self, interaction: discord.Interaction, table_id: int) -> None:
        note = i18n.t("bot.panel.stale", user_locale(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.open_panel(interaction, table_id, note=note)

    async def _current(self, interaction: discord.Interaction, ident: SelectId | PlayId) -> Panel | None:
        """The current panel for a click (the interaction deferred), or ``None`` once a click on a panel of an
        earlier version was answered with a fresh panel."""
        check_rate(interaction, "action")
        panel = self._check(interaction, ident)
        if panel is None:
            await self._stale(interaction, ident.table)
            return None
        await interaction.response.defer()
        return panel

    async def on_card_select(self, interaction: discord.Interaction, ident: SelectId, values: list[str]) -> None:
        """A card menu: the cards picked in it are toggled (a ticked card picked again is unselected)."""
        async with self._answering(interaction, ident.table):
            panel = await self._current(interaction, ident)
            if panel is None:
                return
            current = selection_from_message(interaction.message, select_prefix(ident.table, ident.seat,
                                                                                ident.version))
            picked = {int(v) for v in values if v.isdigit() and int(v) < len(panel.hand)}
            await self._show(interaction, panel, current ^ picked)

    async def on_play_select(self, interaction: discord.Interaction, ident: PlayId, values: list[str]) -> None:
        """The "Legal plays" menu: the chosen play is played at once."""
        async with self._answering(interaction, ident.table):
            panel = await self._current(interaction, ident)
            if panel is None:
                return
            order = hand_order(panel)
            indices = [int(x) for x in (values[0] if values else "").split(",") if x.isdigit()]
            cards = tuple(order[i] for i in indices if i < len(order))
            if not cards:
                raise BotError("bot.error.no_selection")
            await self._play(interaction, ident.table, ident.version, cards)

    async def _play(self, interaction: discord.Interaction, table_id: int, version: int,
                    cards: tuple[Any, ...]) -> None:
        locale = user_locale(interaction)
        game = self.bot.game
        await game.act(table_id, interaction.user.id, Play(cards=cards), version=version)
        note = ok(i18n.t("bot.panel.played", locale, cards=cards_text(cards, locale)), locale)
        await self._show(interaction, game.panel(table_id, interaction.user.id), (), note)

    async def on_panel_button(self, interaction: discord.Interaction, ident: PanelId) -> None:
        async with self._answering(interaction, ident.table):
            check_rate(interaction, "action")
            if ident.op == "back":
                self._check(interaction, ident)
                await interaction.response.defer()
                await self.bot.game.take_back(ident.table, interaction.user.id)
                await self._show(interaction, self.bot.game.panel(ident.table, interaction.user.id),
                                 note=ok(i18n.t("bot.panel.back", user_locale(interaction)), user_locale(interaction)))
                return
            if ident.op == "web":  # a private link to the web table (any version of the panel)
                await self._open_web(interaction, ident)
                return
            if ident.op == "decl":  # a declaration stays valid while cards are dealt: the engine judges it
                await self._declare(interaction, ident)
                return
            panel = self._check(interaction, ident)
            if panel is None:
                await self._stale(interaction, ident.table)
                return
            await interaction.response.defer()
            handler = {"play": self._on_play, "bury": self._on_bury, "pass": self._on_pass, "hint": self._on_hint,
                       "auto": self._on_auto, "clear": self._on_clear}.get(ident.op)
            if handler is None:
                raise BotError("bot.error.internal")
            await handler(interaction, ident, panel)

    @property
    def web(self) -> bool:
        return self.bot.web_links is not None

    async def _open_web(self, interaction: discord.Interaction, ident: PanelId) -> None:
        """Answer privately with a fresh link to the web table for this seat (``runtime.weblinks``)."""
        authorized(self.bot, interaction, ident.table, Op.SEAT, here=True, seat=ident.seat)
        await send_web_link(self.bot, interaction, ident.table)

    def _chosen(self, ident: PanelId, panel: Panel) -> tuple[Any, ...]:
        """The selected cards (the mask in the button's custom id); refused when nothing is selected."""
        order = hand_order(panel)
        cards = tuple(order[i] for i in sorted(mask_indices(ident.arg)) if i < len(order))
        if not cards:
            raise BotError("bot.error.no_selection")
        return cards

    async def _on_play(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        cards = self._chosen(ident, panel)
        if panel.your_turn:
            await self._play(interaction, ident.table, ident.version, cards)
            return
        locale = user_locale(interaction)
        queued = await self.bot.game.queue_play(ident.table, interaction.user.id, cards)
        note = ok(i18n.t("bot.panel.queued_ok", locale, cards=cards_text(queued, locale)), locale)
        await self._show(interaction, self.bot.game.panel(ident.table, interaction.user.id), (), note)

    async def _on_bury(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        cards = self._chosen(ident, panel)
        locale = user_locale(interaction)
        await self.bot.game.act(ident.table, interaction.user.id, Bury(cards=cards), version=ident.version)
        note = ok(i18n.t("bot.panel.buried", locale, cards=cards_text(cards, locale)), locale)
        await self._show(interaction, self.bot.game.panel(ident.table, interaction.user.id), (), note)

    async def _on_pass(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        locale = user_locale(interaction)
        done = own_declaration_stands(panel)
        await self.bot.game.act(ident.table, interaction.user.id, Pass(), version=ident.version)
        note = ok(i18n.t("ux.panel.done" if done else "bot.panel.passed", locale), locale)
        await self._show(interaction, self.bot.game.panel(ident.table, interaction.user.id), (), note)

    async def _on_hint(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        locale = user_locale(interaction)
        action = self.bot.game.suggest(ident.table, interaction.user.id)
        hinted = tuple(getattr(action, "cards", ()) or ())
        note = i18n.t("bot.panel.suggested", locale, cards=cards_text(hinted, locale) or action.kind)
        await self._show(interaction, panel, indices_of(hand_order(panel), hinted), note)

    async def _on_auto(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        """Play suggestion: the AI's suggested play, played at once."""
        action = self.bot.game.suggest(ident.table, interaction.user.id)
        cards = tuple(getattr(action, "cards", ()) or ())
        if not isinstance(action, Play) or not cards:
            raise BotError("bot.error.no_selection")
        await self._play(interaction, ident.table, ident.version, cards)

    async def _on_clear(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        await self._show(interaction, panel)

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
        locale = user_locale(interaction)
        await game.act(ident.table, user, Declare(cards=shown))
        note = ok(i18n.t("bot.panel.declared", locale, cards=cards_text(shown, locale)), locale)
        await self._show(interaction, game.panel(ident.table, user), (), note)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(PanelCog(bot))
