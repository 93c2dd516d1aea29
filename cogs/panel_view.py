"""The private hand panel as Discord components (built from ``runtime.views.panel.Panel``, no Discord calls).

Cards are numbered 1..N in ``engine.handorder.hand_order`` — the numbers drawn under the cards in the hand
picture. On the seat's turn a "Legal plays" menu comes first (one choice plays it). The card multi-selects
are grouped by suit (trumps, then the plain suits, ≤ 25 options each, at most ``MAX_SELECTS`` menus in all;
small neighbouring groups share a menu). The current selection is kept in the message itself (a mask in the
Play/Bury button's custom id, chosen cards ticked ✓ in their options), so it survives a restart and each
menu keeps its label. Buttons depend on the phase: legal declarations and Pass (Done once the standing
declaration is the seat's own) while declaring, Bury while burying, Play (or Queue) while playing, then
Clear, Suggest, Play suggestion and Take back control.
"""

from __future__ import annotations

import logging
from collections.abc import Collection

import discord

import i18n
from cogs.cardtext import card_name, cards_text, text_suits
from cogs.items import CardSelect, PanelButton, PanelId, PlayId, PlaySelect, SelectId, encode_cards
from engine.cards import Card
from engine.declaring import declaration_kind, stage_of
from engine.handorder import hand_groups
from engine.views import Phase
from runtime import Panel

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
    group = text_suits(" / ".join(i18n.t(f"panel.group.{g}", locale) for g in groups))
    if not items:
        return group
    return i18n.t("panel.select.group", locale, group=group, first=items[0][0] + 1, last=items[-1][0] + 1)


def plays_on(panel: Panel) -> bool:
    """The seat is in play with cards left (after its last card it only waits for the hand to end)."""
    return panel.phase is Phase.PLAYING and bool(panel.view.hand)


def shows_cards(panel: Panel) -> bool:
    """Selects are shown while this seat buries or during play (to play now or queue a play)."""
    return panel.bury_count > 0 or plays_on(panel)


def own_declaration_stands(panel: Panel) -> bool:
    """This seat's declaration is the standing one and its window is open: its Pass reads "Done"."""
    current = panel.view.public.declaration
    return current is not None and current.seat == panel.seat and panel.phase is Phase.DECLARING


def selection_mask(selected: Collection[int]) -> int:
    """The selected picture indices as one integer (bit ``i`` = card ``i + 1``), kept in the Play/Bury button's
    custom id: the menus themselves mark nothing as chosen, so each keeps its label (see ``build_panel_view``)."""
    return sum(1 << i for i in set(selected) if 0 <= i < 64)


def mask_indices(mask: int | None) -> set[int]:
    return {i for i in range(64) if (mask or 0) >> i & 1}


def legal_choices(panel: Panel) -> list[tuple[Card, ...]]:
    """The legal plays offered in the "Legal plays" menu: tractors, then pairs, then singles (longest first),
    at most ``MAX_OPTIONS``; empty unless the seat is to play."""
    if not (panel.your_turn and plays_on(panel)):
        return []
    plays = [p for group in panel.plays.values() for p in group]
    plays.sort(key=lambda p: -len(p))
    return plays[:MAX_OPTIONS]


def play_label(play: tuple[Card, ...], panel: Panel, locale: str) -> str:
    """``Pair 9♥ 9♥`` / ``Tractor …`` / ``Single …`` for a lead; ``Follow …`` for a follow."""
    trick = panel.view.public.trick
    cards = cards_text(play, locale)
    if trick is not None and trick.plays:
        return i18n.t("panel.play.follow", locale, cards=cards)
    kind = "single" if len(play) == 1 else "pair" if len(play) == 2 else "tractor"
    return i18n.t(f"panel.play.{kind}", locale, cards=cards)


def legal_menu(panel: Panel, locale: str, row: int) -> PlaySelect | None:
    """The "Legal plays" menu: one choice plays it at once; each value lists the play's picture indices."""
    choices = legal_choices(panel)
    if not choices:
        return None
    order = hand_order(panel)
    options = []
    for play in choices:
        indices = sorted(indices_of(order, play))
        options.append(discord.SelectOption(label=play_label(play, panel, locale)[:100],
                                            value=",".join(map(str, indices))))
    total = sum(len(g) for g in panel.plays.values())
    key = "panel.select.legal" if total <= len(options) else "panel.select.legal_some"
    placeholder = i18n.t(key, locale, n=len(options), total=total)
    return PlaySelect(PlayId(panel.table_id, panel.seat, panel.version), options, placeholder, row=row)


def indices_of(order: list[Card], cards: Collection[Card]) -> set[int]:
    """Picture indices of ``cards`` (each copy matched once)."""
    out: set[int] = set()
    for card in cards:
        for i, c in enumerate(order):
            if c == card and i not in out:
                out.add(i)
                break
    return out


def build_panel_view(panel: Panel, locale: str, selected: Collection[int] = (), *,
                     web: bool = False) -> discord.ui.View:
    """The components of ``panel`` with ``selected`` (0-based picture indices) chosen: the "Legal plays" menu
    on the seat's turn, the card menus (a chosen card is ticked ✓ in its option, not marked as the menu's
    value, so the closed menu keeps its label), then the buttons ("Open table" last when the web table is served)."""
    view = discord.ui.View(timeout=None)
    chosen = set(selected)
    row = 0
    legal = legal_menu(panel, locale, row)
    if legal is not None:
        view.add_item(legal)
        row += 1
    if shows_cards(panel):
        for g, (groups, items) in enumerate(select_groups(panel, MAX_SELECTS - row)):
            options = [discord.SelectOption(label=_option_label(i, c, i in chosen, locale), value=str(i))
                       for i, c in items]
            ident = SelectId(panel.table_id, panel.seat, panel.version, g)
            view.add_item(CardSelect(ident, options, _group_label(groups, items, locale), row=row))
            row += 1
    for button in _buttons(panel, locale, chosen, web):
        if len([b for b in view.children if b.row == row]) >= 5:
            row += 1
        if row > 4:
            log.warning("panel of table %s seat %s has too many buttons", panel.table_id, panel.seat)
            break
        button.row = row
        view.add_item(button)
    return view


def _option_label(i: int, card: Card, chosen: bool, locale: str) -> str:
    return f"{'✓ ' if chosen else ''}{i + 1} · {card_name(card, locale)}"


def _buttons(panel: Panel, locale: str, chosen: set[int], web: bool = False) -> list[PanelButton]:
    def make(op: str, key: str, style: discord.ButtonStyle, arg: int | None = None, **params: str) -> PanelButton:
        ident = PanelId(panel.table_id, panel.seat, panel.version, op, arg)
        return PanelButton(ident, i18n.t(key, locale, **params)[:80], style)

    out: list[PanelButton] = []
    if panel.away:
        out.append(make("back", "panel.button.take_back", discord.ButtonStyle.danger))
    current = panel.view.public.declaration
    for cards in panel.declarations[:MAX_DECLARE_BUTTONS]:  # the button carries its cards (see PanelCog)
        kind = declaration_kind(current, panel.seat, cards, stage_of(panel.phase))  # Declare / Overcall / Reinforce
        out.append(make("decl", f"panel.button.{kind}", discord.ButtonStyle.primary, encode_cards(cards),
                        cards=cards_text(cards, locale)))
    if panel.can_pass:
        done = own_declaration_stands(panel)
        out.append(make("pass", "panel.button.done" if done else "panel.button.pass",
                        discord.ButtonStyle.success if done else discord.ButtonStyle.secondary))
    mask = selection_mask(chosen)
    if panel.bury_count:
        out.append(make("bury", "panel.button.bury", discord.ButtonStyle.success, mask, n=str(panel.bury_count)))
    elif plays_on(panel):
        key = "panel.button.play" if panel.your_turn else "panel.button.queue"
        out.append(make("play", key, discord.ButtonStyle.success, mask))
    if shows_cards(panel):
        out.append(make("clear", "panel.button.clear", discord.ButtonStyle.secondary))
        if panel.your_turn:
            out.append(make("hint", "panel.button.suggest", discord.ButtonStyle.secondary))
        if panel.your_turn and plays_on(panel):
            out.append(make("auto", "panel.button.play_suggestion", discord.ButtonStyle.primary))
    if web:
        out.append(make("web", "web.open_table", discord.ButtonStyle.secondary))
    return out


def selection_from_message(message: discord.Message | None, version_prefix: str) -> set[int]:
    """The selected indices stored in a panel message: the mask in its Play/Bury button's custom id
    (``tp:{table}:{seat}:{version}:play:{mask}``) if that button belongs to ``version_prefix``
    (``tp:{table}:{seat}:{version}:``)."""
    if message is None:
        return set()
    for row in message.components:
        for comp in getattr(row, "children", []):
            cid = getattr(comp, "custom_id", None) or ""
            if isinstance(comp, discord.Button) and cid.startswith(version_prefix):
                op, _, arg = cid[len(version_prefix):].partition(":")
                if op in ("play", "bury") and arg.isdigit():
                    return mask_indices(int(arg))
    return set()


def select_prefix(panel_table: int, seat: int, version: int) -> str:
    """The custom-id prefix of the panel's buttons at this version (see ``selection_from_message``)."""
    return f"tp:{panel_table}:{seat}:{version}:"
