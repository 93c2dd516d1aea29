"""The private hand panel as Discord components (built from ``runtime.panel.Panel``, no Discord calls).

Cards are numbered 1..N in ``render.order.hand_order`` — the numbers drawn under the cards in the hand
picture. The multi-selects are grouped by suit (trumps, then the plain suits, ≤ 25 options each, at
most ``MAX_SELECTS`` menus; small neighbouring groups share a menu). The current selection is kept in
the message itself (options marked ``default``), so it survives a restart. Buttons depend on the phase:
legal declarations and Pass while declaring, Bury while burying, Play (or Queue) while playing, then
Clear, Suggest and Take back control.
"""

from __future__ import annotations

import logging
from collections.abc import Collection

import discord

import i18n
from cogs.cardtext import card_name, cards_text, text_suits
from cogs.items import CardSelect, PanelButton, PanelId, SelectId, encode_cards
from engine.cards import Card
from engine.declaring import declaration_kind
from engine.views import Phase
from render.order import hand_groups
from runtime.panel import Panel

log = logging.getLogger(__name__)

MAX_OPTIONS = 25
MAX_SELECTS = 4
MAX_DECLARE_BUTTONS = 8


def ordered_groups(panel: Panel) -> list[tuple[str, list[tuple[int, Card]]]]:
    """``(group, [(index, card)])`` in drawing order; index = position in the hand picture (0-based)."""
    out: list[tuple[str, list[tuple[int, Card]]]] = []
    i = 0
    for group, cards in hand_groups(panel.hand, panel.view.public):
        out.append((group, [(i + k, c) for k, c in enumerate(cards)]))
        i += len(cards)
    return out


def hand_order(panel: Panel) -> list[Card]:
    return [c for _, items in ordered_groups(panel) for _, c in items]


def select_groups(panel: Panel, max_selects: int = MAX_SELECTS) -> list[tuple[list[str], list[tuple[int, Card]]]]:
    """Split the hand into ≤ ``max_selects`` menus of ≤ 25 cards: suit groups, long ones chunked, the
    smallest neighbouring pair merged while there are too many menus."""
    menus: list[tuple[list[str], list[tuple[int, Card]]]] = []
    for group, items in ordered_groups(panel):
        for start in range(0, len(items), MAX_OPTIONS):
            menus.append(([group], items[start:start + MAX_OPTIONS]))
    while len(menus) > max_selects:
        best = min(range(len(menus) - 1), key=lambda k: len(menus[k][1]) + len(menus[k + 1][1]))
        if len(menus[best][1]) + len(menus[best + 1][1]) > MAX_OPTIONS:
            log.warning("hand of %d cards does not fit %d menus", len(panel.hand), max_selects)
            menus = menus[:max_selects]
            break
        a, b = menus[best], menus[best + 1]
        menus[best:best + 2] = [(a[0] + [g for g in b[0] if g not in a[0]], a[1] + b[1])]
    return menus


def _group_label(groups: list[str], items: list[tuple[int, Card]], locale: str) -> str:
    """``♠ Spades · cards 10–17``: the suit(s) of a menu and the numbers under those cards in the picture."""
    group = text_suits(" / ".join(i18n.t(f"bot.group.{g}", locale) for g in groups))
    if not items:
        return group
    return i18n.t("bot.select.group", locale, group=group, first=items[0][0] + 1, last=items[-1][0] + 1)


def plays_on(panel: Panel) -> bool:
    """The seat is in play with cards left (after its last card it only waits for the hand to end)."""
    return panel.phase is Phase.PLAYING and bool(panel.view.hand)


def shows_cards(panel: Panel) -> bool:
    """Selects are shown while this seat buries or during play (to play now or queue a play)."""
    return panel.bury_count > 0 or plays_on(panel)


def build_panel_view(panel: Panel, locale: str, selected: Collection[int] = ()) -> discord.ui.View:
    """The components of ``panel`` with ``selected`` (0-based picture indices) marked."""
    view = discord.ui.View(timeout=None)
    chosen = set(selected)
    row = 0
    if shows_cards(panel):
        for g, (groups, items) in enumerate(select_groups(panel)):
            options = [discord.SelectOption(label=f"{i + 1} · {card_name(c, locale)}", value=str(i),
                                            default=i in chosen) for i, c in items]
            ident = SelectId(panel.table_id, panel.seat, panel.version, g)
            view.add_item(CardSelect(ident, options, _group_label(groups, items, locale), row=row))
            row += 1
    for button in _buttons(panel, locale, bool(chosen)):
        if len([b for b in view.children if b.row == row]) >= 5:
            row += 1
        if row > 4:
            log.warning("panel of table %s seat %s has too many buttons", panel.table_id, panel.seat)
            break
        button.row = row
        view.add_item(button)
    return view


def _buttons(panel: Panel, locale: str, has_selection: bool) -> list[PanelButton]:
    def make(op: str, key: str, style: discord.ButtonStyle, arg: int | None = None, **params: str) -> PanelButton:
        ident = PanelId(panel.table_id, panel.seat, panel.version, op, arg)
        return PanelButton(ident, i18n.t(key, locale, **params)[:80], style)

    out: list[PanelButton] = []
    if panel.away:
        out.append(make("back", "bot.button.take_back", discord.ButtonStyle.danger))
    current = panel.view.public.declaration
    for cards in panel.declarations[:MAX_DECLARE_BUTTONS]:  # the button carries its cards (see PanelCog)
        kind = declaration_kind(current, panel.seat, cards)  # Declare / Overcall / Reinforce
        out.append(make("decl", f"bot.button.{kind}", discord.ButtonStyle.primary, encode_cards(cards),
                        cards=cards_text(cards, locale)))
    if panel.can_pass:
        out.append(make("pass", "bot.button.pass", discord.ButtonStyle.secondary))
    if panel.bury_count:
        out.append(make("bury", "bot.button.bury", discord.ButtonStyle.success, n=str(panel.bury_count)))
    elif plays_on(panel):
        key = "bot.button.play" if panel.your_turn else "bot.button.queue"
        out.append(make("play", key, discord.ButtonStyle.success))
    if shows_cards(panel):
        out.append(make("clear", "bot.button.clear", discord.ButtonStyle.secondary))
        if panel.your_turn:
            out.append(make("hint", "bot.button.suggest", discord.ButtonStyle.secondary))
    return out


def panel_text(panel: Panel, locale: str, selected: Collection[int] = (), note: str | None = None) -> str:
    """The panel's message text: whose turn, what to do, the selection, the queued play."""
    lines: list[str] = []
    if note:
        lines.append(note)
    if panel.away:
        lines.append(i18n.t("bot.panel.away", locale))
    if panel.bury_count:
        lines.append(i18n.t("bot.panel.bury", locale, n=panel.bury_count))
    elif panel.declarations or panel.can_pass:
        lines.append(i18n.t("bot.panel.declare", locale))
    elif panel.phase is Phase.PLAYING and not panel.view.hand:
        lines.append(i18n.t("bot.panel.hand_done", locale))
    elif panel.your_turn and panel.phase is Phase.PLAYING:
        lines.append(i18n.t("bot.panel.your_turn", locale))
        trick = panel.view.public.trick
        if trick is not None and trick.plays and not trick.complete:  # following: what was led
            led = trick.plays[0][1]
            lines.append(i18n.t("bot.panel.to_follow", locale, cards=cards_text(led, locale), n=len(led)))
    elif panel.phase is Phase.PLAYING:
        lines.append(i18n.t("bot.panel.wait", locale))
    order = hand_order(panel)
    chosen = [order[i] for i in sorted(selected) if 0 <= i < len(order)]
    if chosen:
        lines.append(i18n.t("bot.panel.selected", locale, n=len(chosen), cards=cards_text(chosen, locale)))
    if panel.queued:
        lines.append(i18n.t("bot.panel.queued", locale, cards=cards_text(panel.queued, locale)))
    return "\n".join(lines) or i18n.t("bot.panel.idle", locale)


def selection_from_message(message: discord.Message | None, version_prefix: str) -> set[int]:
    """The selected indices stored in a panel message: options marked default in its card selects whose
    custom id starts with ``version_prefix`` (``ts:{table}:{seat}:{version}:``)."""
    out: set[int] = set()
    if message is None:
        return out
    for row in message.components:
        for comp in getattr(row, "children", []):
            if isinstance(comp, discord.SelectMenu) and (comp.custom_id or "").startswith(version_prefix):
                out.update(int(o.value) for o in comp.options if o.default and o.value.isdigit())
    return out


def select_prefix(panel_table: int, seat: int, version: int) -> str:
    return f"ts:{panel_table}:{seat}:{version}:"
