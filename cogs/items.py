"""Persistent buttons and selects (``discord.ui.DynamicItem``): the state lives in the ``custom_id``.

Templates (all ≤ 100 characters):

- ``tl:{table}:{op}:{arg}`` — table-level buttons on public messages (sit, leave, AI, start, end,
  my hand, take back control).
- ``tp:{table}:{seat}:{version}:{op}:{arg}`` — buttons of a private hand panel.
- ``ts:{table}:{seat}:{version}:{group}`` — card multi-selects of a private hand panel.
- ``tq:{table}:{seat}:{version}`` — the "Legal plays" menu of a private hand panel.
- ``tf:{table}:{seat}:{version}:{op}:{mask}:{calls}`` — the 找朋友 call dialog's buttons: the bury chosen in the
  panel (its mask) and the calls (``runtime.views.calls.encode_calls``).

The seat and version let a handler refuse another user's click and a panel from an earlier turn,
also after a restart (the bot re-registers the classes, no view state is needed; the templates are those of the
ids already on messages). Each class is its own typed dispatch: its ``interaction_check`` charges the rate limit
(``cogs.guard``, once per interaction) and its ``callback`` hands the parsed id to the cog registered for it
(``Clicks``: set when the cog loads, no lookup by name). An operation this bot no longer knows (a button of an
older version) is answered with a fresh panel or a localized "open a fresh panel" (``panel.retired_button``).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, Protocol
from weakref import WeakKeyDictionary

import discord

from cogs.guard import admitted
from cogs.replies import reply_key
from engine.cards import ALL_CARDS, Card

log = logging.getLogger(__name__)

TABLE_OPS = ("sit", "leave", "addai", "fillai", "rmai", "start", "end", "hand", "back", "kick", "web")
PANEL_OPS = ("play", "bury", "clear", "hint", "auto", "decl", "pass", "back", "fresh", "web")



def _values(interaction: discord.Interaction) -> list[str]:
    """The chosen values of a select menu interaction."""
    data: dict[str, Any] = dict(interaction.data or {})
    raw = data.get("values", [])
    return [str(v) for v in raw] if isinstance(raw, list) else []


@dataclass(frozen=True)
class TableId:
    table: int
    op: str
    arg: int | None

    def custom_id(self) -> str:
        return f"tl:{self.table}:{self.op}:{'' if self.arg is None else self.arg}"


@dataclass(frozen=True)
class PanelId:
    table: int
    seat: int
    version: int
    op: str
    arg: int | None = None

    def custom_id(self) -> str:
        return f"tp:{self.table}:{self.seat}:{self.version}:{self.op}:{'' if self.arg is None else self.arg}"


def encode_cards(cards: tuple[Card, ...] | list[Card]) -> int:
    """A declaration's cards (at most 3) as one small integer for a button's custom id."""
    code = 0
    for card in cards:
        code = code * 55 + card.index + 1
    return code


def decode_cards(code: int) -> tuple[Card, ...]:
    """Inverse of ``encode_cards``; ``()`` for a code that names no cards."""
    out: list[Card] = []
    while code > 0:
        code, digit = divmod(code, 55)
        if not 1 <= digit <= len(ALL_CARDS):
            return ()
        out.append(ALL_CARDS[digit - 1])
    return tuple(reversed(out))


@dataclass(frozen=True)
class SelectId:
    table: int
    seat: int
    version: int
    group: int

    def custom_id(self) -> str:
        return f"ts:{self.table}:{self.seat}:{self.version}:{self.group}"


@dataclass(frozen=True)
class PlayId:
    table: int
    seat: int
    version: int

    def custom_id(self) -> str:
        return f"tq:{self.table}:{self.seat}:{self.version}"


@dataclass(frozen=True)
class CallId:
    """A button of the dealer's friend-call dialog: ``call`` (make ``calls`` with the bury) or ``pick`` (type
    other calls)."""

    table: int
    seat: int
    version: int
    op: str
    mask: int
    calls: str = ""

    def custom_id(self) -> str:
        return f"tf:{self.table}:{self.seat}:{self.version}:{self.op}:{self.mask}:{self.calls}"


def _arg(text: str) -> int | None:
    return int(text) if text else None


class _Charged:
    """The rate limit before a click's callback (bucket ``action``): a refused click is answered privately."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await admitted(interaction, "action")


class _IdButton(_Charged, discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button whose whole state is an id dataclass in its ``custom_id``. The base template matches nothing;
    subclasses give theirs, ``parse`` and ``callback``."""

    def __init__(self, ident: Any, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 *, row: int | None = None, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=ident.custom_id(), disabled=disabled),
                         row=row)
        self.ident = ident

    @staticmethod
    def parse(match: re.Match[str]) -> Any:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> _IdButton:
        ident = cls.parse(match)
        return cls(ident, label=getattr(item, "label", None) or ident.op)


class TableButton(_IdButton, template=r"tl:(?P<t>\d+):(?P<op>[a-z]+):(?P<arg>\d*)"):
    """A public table button: ``TableClicks.on_table_button``."""

    ident: TableId

    @staticmethod
    def parse(match: re.Match[str]) -> TableId:
        return TableId(int(match["t"]), match["op"], _arg(match["arg"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = clicks(interaction.client).table
        if handler is None or self.ident.op not in TABLE_OPS:
            await retired(interaction)
            return
        await handler.on_table_button(interaction, self.ident)


class PanelButton(_IdButton, template=r"tp:(?P<t>\d+):(?P<s>[0-7]):(?P<v>\d+):(?P<op>[a-z]+):(?P<arg>\d*)"):
    """A button of a private panel: ``PanelClicks.on_panel_button``."""

    ident: PanelId

    @staticmethod
    def parse(match: re.Match[str]) -> PanelId:
        return PanelId(int(match["t"]), int(match["s"]), int(match["v"]), match["op"], _arg(match["arg"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = clicks(interaction.client).panel
        if handler is None:
            await retired(interaction)
            return
        await handler.on_panel_button(interaction, self.ident)


class CardSelect(_Charged, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"ts:(?P<t>\d+):(?P<s>[0-7]):(?P<v>\d+):(?P<g>\d+)"):
    """A multi-select of cards in a private panel: ``PanelClicks.on_card_select``."""

    def __init__(self, ident: SelectId, options: list[discord.SelectOption], placeholder: str,
                 *, row: int | None = None) -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=ident.custom_id(), options=options or [discord.SelectOption(label="-", value="-")],
            min_values=0, max_values=max(1, len(options)), placeholder=placeholder[:150])
        super().__init__(select, row=row)
        self.ident = ident

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> CardSelect:
        ident = SelectId(int(match["t"]), int(match["s"]), int(match["v"]), int(match["g"]))
        options = list(getattr(item, "options", []) or [])
        return cls(ident, options, getattr(item, "placeholder", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = clicks(interaction.client).panel
        if handler is None:
            await retired(interaction)
            return
        await handler.on_card_select(interaction, self.ident, _values(interaction))


class PlaySelect(_Charged, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"tq:(?P<t>\d+):(?P<s>[0-7]):(?P<v>\d+)"):
    """The "Legal plays" menu of a private panel (one choice: a play's picture indices, ``3,4``):
    ``PanelClicks.on_play_select``."""

    def __init__(self, ident: PlayId, options: list[discord.SelectOption], placeholder: str,
                 *, row: int | None = None) -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=ident.custom_id(), options=options or [discord.SelectOption(label="-", value="-")],
            min_values=1, max_values=1, placeholder=placeholder[:150])
        super().__init__(select, row=row)
        self.ident = ident

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PlaySelect:
        ident = PlayId(int(match["t"]), int(match["s"]), int(match["v"]))
        return cls(ident, list(getattr(item, "options", []) or []), getattr(item, "placeholder", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = clicks(interaction.client).panel
        if handler is None:
            await retired(interaction)
            return
        await handler.on_play_select(interaction, self.ident, _values(interaction))


class CallButton(_IdButton, template=r"tf:(?P<t>\d+):(?P<s>[0-7]):(?P<v>\d+):(?P<op>[a-z]+):(?P<m>\d+):(?P<c>[\d-]*)"):
    """A button of the dealer's friend-call dialog: ``CallClicks.on_call_button``."""

    ident: CallId

    @staticmethod
    def parse(match: re.Match[str]) -> CallId:
        return CallId(int(match["t"]), int(match["s"]), int(match["v"]), match["op"], int(match["m"]), match["c"])

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = clicks(interaction.client).calls
        if handler is None:
            await retired(interaction)
            return
        await handler.on_call_button(interaction, self.ident)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (TableButton, PanelButton, CardSelect, PlaySelect,
                                                                CallButton)


class TableClicks(Protocol):
    """What answers the public table buttons (``cogs.tables.Tables``)."""

    async def on_table_button(self, interaction: discord.Interaction, ident: TableId, /) -> None: ...


class PanelClicks(Protocol):
    """What answers the private panel's buttons and menus (``cogs.panel.PanelCog``)."""

    async def on_panel_button(self, interaction: discord.Interaction, ident: PanelId, /) -> None: ...

    async def on_card_select(self, interaction: discord.Interaction, ident: SelectId, values: list[str], /) -> None:
        ...

    async def on_play_select(self, interaction: discord.Interaction, ident: PlayId, values: list[str], /) -> None:
        ...

    async def bury_calling(self, interaction: discord.Interaction, ident: PanelId, cards: tuple[Card, ...],
                           calls: tuple[Any, ...], /) -> None: ...


class CallClicks(Protocol):
    """What answers the friend-call dialog (``cogs.friend_calls.FriendCalls``)."""

    async def on_call_button(self, interaction: discord.Interaction, ident: CallId, /) -> None: ...

    async def ask(self, interaction: discord.Interaction, ident: PanelId, /) -> None: ...

    async def ask_for(self, interaction: discord.Interaction, panel: Any, cards: tuple[Card, ...], /) -> None: ...


@dataclass
class Clicks:
    """The cogs answering a bot's clicks, registered by each cog when it loads (``None`` once unloaded)."""

    table: TableClicks | None = None
    panel: PanelClicks | None = None
    calls: CallClicks | None = None


_CLICKS: WeakKeyDictionary[discord.Client, Clicks] = WeakKeyDictionary()


def clicks(client: discord.Client) -> Clicks:
    """The click handlers of ``client`` (empty until its cogs load)."""
    found = _CLICKS.get(client)
    if found is None:
        found = _CLICKS[client] = Clicks()
    return found


async def retired(interaction: discord.Interaction) -> None:
    """A click this bot cannot answer (an operation of an older version, or its cog not loaded): say so."""
    data: dict[str, Any] = dict(interaction.data or {})
    log.info("click %s not handled", data.get("custom_id"))
    await reply_key(interaction, "panel.retired_button")
