"""The private hand panel: an ephemeral message (never a DM, never public) with the current trick (or the
standing declaration) above the hand picture, the "Legal plays" menu, card multi-selects and the phase's
buttons, for the seat's owner only.

Opened by the "My panel" button of the live table message (a fresh panel at the bottom) or ``/hand``. Answers
stay inside the panel: a confirmation ("✅ Played …"), a refusal ("⚠️ You must follow …", nothing changed,
the selection kept) or the next action replace its text. A click on a panel from an earlier version of the
table is answered with a fresh panel. Open panels are refreshed in place (through the interaction token, valid
15 minutes) when what they show changes: a card is played, a declaration is made, the turn comes, the hand
changes; the selection is kept while the hand is unchanged, and the picture is redrawn only when needed. Every
edit of a panel message goes through the seat's one writer (``cogs.panel_writer``). A click is looked up and
authorized once, by the service (``GameService.seat_panel``, ``GameService.act``), which answers a move with the
new panel.
"""

from __future__ import annotations

import contextlib
import io
import logging
import time
from collections.abc import AsyncIterator, Callable, Collection
from typing import Any

import discord
from discord.ext import commands

import i18n
from cogs.gamebot import GameBot
from cogs.hub import caller_of, find_table, send_web_link
from cogs.items import PanelId, PlayId, SelectId, clicks, decode_cards
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
from cogs.panel_writer import OpenPanel, Wish, Writers, panel_key
from cogs.replies import BotError, check_rate, error_text, reply_error, user_locale
from engine.actions import Action, Bury, Declare, Pass, Play
from engine.cards import Card
from engine.friends import FriendCall
from runtime import Panel, TableUpdate, UpdateReason

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 14 * 60.0  # interaction tokens last 15 minutes


# answered apart, as before (a click naming a table or seat that is not the clicker's shows no panel)
REFUSAL_NOT_IN_PANEL = ("error.not_your_panel", "error.internal", "table.not_found", "act.not_seated")


def ok(text: str, locale: str) -> str:
    return i18n.t("panel.ok", locale, text=text)


class PanelCog(commands.Cog, name="Panel"):
    """Private panels and their buttons/selects."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.writers = Writers(self._write)

    @property
    def open(self) -> dict[tuple[int, int], OpenPanel]:
        return self.writers.open

    async def cog_load(self) -> None:
        clicks(self.bot).panel = self  # the panel's buttons and menus (cogs.items)

    async def cog_unload(self) -> None:
        clicks(self.bot).panel = None

    # -- showing ---------------------------------------------------------------------------------------
    async def _render(self, panel: Panel, user_id: int, locale: str, selected: Collection[int]) -> discord.File:
        png = await self.bot.game.panel_image(panel, sorted(selected), locale=locale)
        return discord.File(io.BytesIO(png), filename=f"hand_{panel.table_id}_{panel.version}.png")

    async def open_panel(self, interaction: discord.Interaction, table_id: int | None = None,
                         note: str | None = None) -> None:
        """Answer with a fresh ephemeral panel for the user's seat (``panel`` bucket of the rate limit: a panel
        is a picture drawn)."""
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
        self.writers.opened((panel.table_id, panel.seat), interaction, panel)
        if old is not None and old.interaction is not interaction and time.monotonic() - old.opened < TOKEN_LIFETIME:
            await self._supersede(old)

    async def _supersede(self, old: OpenPanel) -> None:
        """The panel a fresh one replaces is deleted (else it shrinks to a one-line pointer, without picture or
        buttons): the thread keeps one working panel per player instead of a trail of stale ones."""
        try:
            await old.interaction.delete_original_response()
        except discord.HTTPException:
            with contextlib.suppress(discord.HTTPException):
                await old.interaction.edit_original_response(
                    content=i18n.t("panel.moved", user_locale(old.interaction)), attachments=[], view=None)

    async def _show(self, interaction: discord.Interaction, panel: Panel, selected: Collection[int] = (),
                    note: str | None = None) -> None:
        """Answer a click in the panel message it came from (already deferred), through the seat's writer."""
        await self.writers.answer((panel.table_id, panel.seat),
                                  Wish(interaction, panel, frozenset(selected), note))

    async def _write(self, key: tuple[int, int], entry: OpenPanel, wish: Wish) -> None:
        """The one edit of a panel message (``cogs.panel_writer``): an answer as given, or a refresh when what the
        seat's panel shows changed (the selection and the picture stay while the hand is unchanged)."""
        locale = user_locale(wish.interaction)
        panel = wish.panel
        if panel is None:
            current = self.bot.game.seat_panel_of(key[0], key[1], entry.user_id)
            if panel_key(current) == entry.shown:
                return
            panel, selected, note = current, entry.selected if current.hand == entry.hand else frozenset(), None
        else:
            selected, note = wish.selected, wish.note
        kwargs: dict[str, Any] = {}
        if wish.panel is not None or panel.hand != entry.hand:
            kwargs["attachments"] = [await self._render(panel, entry.user_id, locale, selected)]
        await wish.interaction.edit_original_response(content=panel_text(panel, locale, selected, note),
                                                      view=build_panel_view(panel, locale, selected, web=self.web),
                                                      **kwargs)
        if wish.interaction is not entry.interaction:
            entry.interaction, entry.opened = wish.interaction, time.monotonic()  # a click's token: 15 minutes more
        entry.shown, entry.hand, entry.selected = panel_key(panel), panel.hand, frozenset(selected)

    # -- refreshing open panels --------------------------------------------------------------------------
    async def table_changed(self, update: TableUpdate) -> None:
        """An observer of every change (``GameService.observe``, after the live message's presenter): the open
        panels of this table are checked by their writers (a lobby change shows in no panel)."""
        if update.reason is UpdateReason.LOBBY:
            return
        tid = update.record.table_id
        for (table_id, seat), entry in list(self.open.items()):
            if table_id != tid:
                continue
            if time.monotonic() - entry.opened > TOKEN_LIFETIME or update.reason is UpdateReason.ENDED:
                self.writers.drop((table_id, seat))
                continue
            self.writers.refresh((table_id, seat))

    # -- answers inside the panel ------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _answering(self, interaction: discord.Interaction, ident: PanelId | SelectId | PlayId
                         ) -> AsyncIterator[None]:
        """Run a panel click: a refusal (an illegal play, a declaration no longer possible, a rate limit) is
        shown inside the panel with the selection kept; anything else is answered apart (ephemeral). Changes
        meanwhile are shown once the click is answered (``Writers.clicked``)."""
        key = (ident.table, ident.seat)
        self.writers.clicked(key, +1)
        try:
            yield
        except Exception as exc:
            code = getattr(exc, "key", None)
            shown = False
            if isinstance(code, str) and code in i18n.MESSAGES and code not in REFUSAL_NOT_IN_PANEL:
                with contextlib.suppress(Exception):
                    shown = await self._refuse(interaction, ident.table, exc)
            if not shown:
                await reply_error(interaction, exc)
        finally:
            self.writers.clicked(key, -1)

    async def _refuse(self, interaction: discord.Interaction, table_id: int, exc: Exception) -> bool:
        """Show ``exc`` in the panel the click came from; False if there is no such panel."""
        if interaction.message is None:
            return False
        if not interaction.response.is_done():
            await interaction.response.defer()
        panel = self.bot.game.panel(table_id, interaction.user.id)
        locale = user_locale(interaction)
        kept = selection_from_message(interaction.message, select_prefix(table_id, panel.seat, panel.version))
        note = i18n.t("panel.refused", locale, reason=error_text(exc, locale))
        await self._show(interaction, panel, kept, note)
        return True

    # -- clicks ----------------------------------------------------------------------------------------
    def _check(self, interaction: discord.Interaction, ident: PanelId | SelectId | PlayId) -> Panel | None:
        """The current panel if the click is the seat owner's and its version still current for that seat (other
        seats' Passes since do not make it stale: ``runtime.views.versions``); ``None`` if stale. One lookup."""
        return self.bot.game.seat_panel(caller_of(interaction), ident.table, ident.seat, ident.version)

    async def _current(self, interaction: discord.Interaction, ident: PanelId | SelectId) -> Panel | None:
        """The click's current panel, the click deferred; ``None`` once a stale click got a fresh panel."""
        panel = self._check(interaction, ident)
        if panel is None:
            await self._stale(interaction, ident.table)
            return None
        await interaction.response.defer()
        return panel

    async def _stale(self, interaction: discord.Interaction, table_id: int) -> None:
        note = i18n.t("panel.stale", user_locale(interaction))
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self.open_panel(interaction, table_id, note=note)

    async def _move(self, interaction: discord.Interaction, ident: PanelId | PlayId, choice: Action | Any,
                    done: str | Callable[[], str], version: int | None = None) -> None:
        """A move from the panel (deferred first): looked up, authorized and applied by the service at once, then
        answered with the new panel and ``done`` (its cards); a panel out of date gets a fresh panel."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        try:
            outcome = await self.bot.game.act(ident.table, caller_of(interaction), choice, version=version,
                                              seat=ident.seat, key=interaction.id)
        except Exception as exc:
            if getattr(exc, "key", None) != "act.stale":
                raise
            await self._stale(interaction, ident.table)
            return
        locale = user_locale(interaction)
        cards = tuple(getattr(outcome.action, "cards", ()) or ())
        assert outcome.panel is not None
        text = i18n.t(done if isinstance(done, str) else done(), locale, cards=cards_text(cards, locale))
        await self._show(interaction, outcome.panel, (), ok(text, locale))

    async def on_card_select(self, interaction: discord.Interaction, ident: SelectId, values: list[str]) -> None:
        """A card menu: the cards picked in it are toggled (a ticked card picked again is unselected)."""
        async with self._answering(interaction, ident):
            panel = await self._current(interaction, ident)
            if panel is None:
                return
            current = selection_from_message(interaction.message, select_prefix(ident.table, ident.seat,
                                                                                ident.version))
            picked = {int(v) for v in values if v.isdigit() and int(v) < len(panel.hand)}
            await self._show(interaction, panel, current ^ picked)

    async def on_play_select(self, interaction: discord.Interaction, ident: PlayId, values: list[str]) -> None:
        """The "Legal plays" menu: the chosen play is played at once (read off the seat's current panel)."""
        indices = [int(x) for x in (values[0] if values else "").split(",") if x.isdigit()]

        def chosen(panel: Panel) -> Action:
            order = hand_order(panel)
            cards = tuple(order[i] for i in indices if i < len(order))
            if not cards:
                raise BotError("error.no_selection")
            return Play(cards=cards)

        async with self._answering(interaction, ident):
            await self._move(interaction, ident, chosen, "panel.played", ident.version)

    async def on_panel_button(self, interaction: discord.Interaction, ident: PanelId) -> None:
        async with self._answering(interaction, ident):
            if ident.op == "web":  # a private link to the web table (any version of the panel)
                await self._open_web(interaction, ident)
            elif ident.op == "decl":  # a declaration stays valid while cards are dealt: the engine judges it
                await self._declare(interaction, ident)
            elif ident.op == "back":
                await self._back(interaction, ident)
            elif ident.op == "bury" and not self.bot.game.record(ident.table).rules.shape.fixed_partners:
                calls = clicks(self.bot).calls  # 找朋友: the dealer's calls go with the bury (cogs.friend_calls)
                assert calls is not None, "the friend calls' cog is loaded with the others"
                await calls.ask(interaction, ident)
            elif ident.op == "bury":
                await self._move(interaction, ident, lambda panel: Bury(cards=self._chosen(ident, panel)),
                                 "panel.buried", ident.version)
            elif ident.op == "pass":
                await self._pass(interaction, ident)
            elif ident.op == "play":
                await self._on_play(interaction, ident)
            elif ident.op in ("hint", "auto", "clear"):
                panel = await self._current(interaction, ident)
                if panel is None:
                    return
                await {"hint": self._on_hint, "auto": self._on_auto,
                       "clear": self._on_clear}[ident.op](interaction, ident, panel)
            else:  # a button of an older version of the bot
                await self._stale(interaction, ident.table)

    async def bury_calling(self, interaction: discord.Interaction, ident: PanelId, cards: tuple[Card, ...],
                           calls: tuple[FriendCall, ...]) -> None:
        """The bury with the dealer's friend calls (找朋友, ``cogs.friend_calls``), answered in the dialog clicked."""
        async with self._answering(interaction, ident):
            await self._move(interaction, ident, Bury(cards=cards, calls=calls), "panel.buried", ident.version)

    async def _pass(self, interaction: discord.Interaction, ident: PanelId) -> None:
        """Pass; after declaring, the declarer's own Pass says "Done" (its declaration stands)."""
        said = ["panel.passed"]

        def choose(panel: Panel) -> Action:
            said[0] = "panel.done" if own_declaration_stands(panel) else "panel.passed"
            return Pass()

        await self._move(interaction, ident, choose, lambda: said[0], ident.version)

    async def _back(self, interaction: discord.Interaction, ident: PanelId) -> None:
        """Take back control (托管 ends) from the panel, whatever its version."""
        self.bot.game.seat_panel(caller_of(interaction), ident.table, ident.seat)  # the seat owner's click
        await interaction.response.defer()
        await self.bot.game.take_back(ident.table, interaction.user.id)
        locale = user_locale(interaction)
        await self._show(interaction, self.bot.game.panel(ident.table, interaction.user.id),
                         note=ok(i18n.t("panel.back", locale), locale))

    @property
    def web(self) -> bool:
        return self.bot.web_links is not None

    async def _open_web(self, interaction: discord.Interaction, ident: PanelId) -> None:
        """Answer privately with a fresh link to the web table for this seat (``runtime.links.weblinks``)."""
        self.bot.game.seat_panel(caller_of(interaction), ident.table, ident.seat)  # the seat owner's click
        await send_web_link(self.bot, interaction, ident.table)

    def _chosen(self, ident: PanelId, panel: Panel) -> tuple[Any, ...]:
        """The selected cards (the mask in the button's custom id); refused when nothing is selected."""
        order = hand_order(panel)
        cards = tuple(order[i] for i in sorted(mask_indices(ident.arg)) if i < len(order))
        if not cards:
            raise BotError("error.no_selection")
        return cards

    async def _on_play(self, interaction: discord.Interaction, ident: PanelId) -> None:
        """Play the selected cards: one lookup, by the service's move, which reads them off the seat's current
        panel; not the seat's turn, they are queued for it (预出牌) instead."""
        chosen: list[tuple[Any, ...]] = []

        def play(panel: Panel) -> Action:
            chosen.append(self._chosen(ident, panel))
            if not panel.your_turn:
                raise BotError("act.not_your_turn")
            return Play(cards=chosen[-1])

        try:
            await self._move(interaction, ident, play, "panel.played", ident.version)
            return
        except BotError as exc:
            if exc.key != "act.not_your_turn" or not chosen:
                raise
        cards = chosen[-1]
        locale = user_locale(interaction)
        queued = await self.bot.game.queue_play(ident.table, interaction.user.id, cards)
        note = ok(i18n.t("panel.queued_ok", locale, cards=cards_text(queued, locale)), locale)
        await self._show(interaction, self.bot.game.panel(ident.table, interaction.user.id), (), note)

    async def _on_hint(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        locale = user_locale(interaction)
        action = self.bot.game.suggest(ident.table, interaction.user.id)
        hinted = tuple(getattr(action, "cards", ()) or ())
        note = i18n.t("panel.suggested", locale, cards=cards_text(hinted, locale) or action.kind)
        await self._show(interaction, panel, indices_of(hand_order(panel), hinted), note)

    async def _on_auto(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        """Play suggestion: the AI's suggested play, played at once."""
        action = self.bot.game.suggest(ident.table, interaction.user.id)
        cards = tuple(getattr(action, "cards", ()) or ())
        if not isinstance(action, Play) or not cards:
            raise BotError("error.no_selection")
        await self._move(interaction, ident, Play(cards=cards), "panel.played", ident.version)

    async def _on_clear(self, interaction: discord.Interaction, ident: PanelId, panel: Panel) -> None:
        await self._show(interaction, panel)

    async def _declare(self, interaction: discord.Interaction, ident: PanelId) -> None:
        """A Declare button: its custom id carries the cards, so a panel opened earlier in a live deal (whose
        version moved on with every dealt card) still declares; a declaration no longer legal is refused
        with the engine's reason. The service looks the seat up and authorizes the click (``act``'s ``seat``)."""
        shown = decode_cards(ident.arg or 0)
        if not shown:
            raise BotError("error.internal")
        await self._move(interaction, ident, Declare(cards=shown), "panel.declared")


async def setup(bot: GameBot) -> None:
    await bot.add_cog(PanelCog(bot))
