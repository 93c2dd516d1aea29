"""The private panel's components and text, built from a real table (no Discord): the card menus name the
picture numbers they hold, a declaration over someone else's is an Overcall, the lead to follow is shown, and
♠/♣ are written in text style (as emoji they are near-black on Discord's dark theme)."""

from __future__ import annotations

import random

import discord

import i18n
from cogs.cardtext import TEXT_STYLE, cards_text, trump_name
from cogs.panel_text import panel_text
from cogs.panel_view import build_panel_view
from data.records import Seat, TableRecord
from engine.actions import Action, DealAll
from engine.ai import choose_action
from engine.cards import parse_cards
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase
from runtime.views.panel import build_panel

RECORD = TableRecord(table_id=1, guild_id=1, channel_id=1, host_id=1, rules=Rules(),
                     seats=tuple(Seat(name=f"p{s}", user_id=s + 1) for s in range(4)))


def _step(table: Table, rng: random.Random) -> None:
    """One move: deal everything at once, else the first seat to act (basic AI), else the system's."""
    system = table.legal_actions(None)
    if table.phase is Phase.DEALING:
        table.apply(next(a for a in system if isinstance(a, DealAll)))
        return
    if table.to_act():
        seat = table.to_act()[0]
        action: Action | None = choose_action(table.seat_view(seat), "basic", rng)
        assert action is not None
        table.apply(action)
        return
    table.apply(system[0])


def _items(view: discord.ui.View) -> list[discord.ui.Item[discord.ui.View]]:
    """The plain buttons and selects inside the view's dynamic items."""
    return [getattr(child, "item", child) for child in view.children]


def table_until(done: object, seed: int = 3) -> Table:
    table, rng = Table.new(Rules(), seed), random.Random(seed)
    for _ in range(400):
        if done(table):  # type: ignore[operator]
            return table
        _step(table, rng)
    raise AssertionError("state not reached")


def test_follower_sees_the_lead_and_numbered_menus() -> None:
    table = table_until(lambda t: t.phase is Phase.PLAYING and t.public_view().trick is not None
                        and len(t.public_view().trick.plays) == 1)
    seat = table.to_act()[0]
    panel = build_panel(RECORD, table, seat)
    led = table.public_view().trick.plays[0][1]
    text = panel_text(panel, "en")
    assert i18n.t("panel.your_turn", "en") in text.splitlines()
    key = "panel.to_follow_one" if len(led) == 1 else "panel.to_follow"
    assert i18n.t(key, "en", cards=cards_text(led, "en"), n=len(led)) in text.splitlines()
    menus = [m for m in _items(build_panel_view(panel, "zh-CN")) if isinstance(m, discord.ui.Select)
             and (m.custom_id or "").startswith("ts:")]
    assert menus and all("第 " in (m.placeholder or "") and "张" in (m.placeholder or "") for m in menus)
    assert menus[0].placeholder.endswith(f"第 1–{len(menus[0].options)} 张")


def test_overcall_button_and_text_style_suits() -> None:
    table = table_until(lambda t: t.phase is Phase.DECLARING and t.public_view().declaration is not None
                        and any(build_panel(RECORD, t, s).declarations for s in range(4)
                                if s != t.public_view().declaration.seat))
    standing = table.public_view().declaration.seat
    seat = next(s for s in range(4) if s != standing and build_panel(RECORD, table, s).declarations)
    labels = [b.label or "" for b in _items(build_panel_view(build_panel(RECORD, table, seat), "en"))
              if isinstance(b, discord.ui.Button)]
    assert any(label.startswith("Overcall ") for label in labels), labels
    assert cards_text(parse_cards("AS 10C AH"), "en") == f"A♠{TEXT_STYLE} 10♣{TEXT_STYLE} A♥"
    assert trump_name("C", "zh-CN") == f"♣{TEXT_STYLE} 梅花"


def test_a_seat_with_no_cards_left_is_told_the_hand_ends_and_offered_nothing_to_play() -> None:
    # the last trick: the leader has played its last card, the others still hold one each
    def leader_is_out(t: Table) -> bool:
        trick = t.public_view().trick
        return (t.phase is Phase.PLAYING and trick is not None and len(trick.plays) == 1
                and not t.seat_view(trick.plays[0][0]).hand)

    table = table_until(leader_is_out, seed=3)
    leader = table.public_view().trick.plays[0][0]
    panel = build_panel(RECORD, table, leader)
    assert panel_text(panel, "zh-CN") == i18n.t("panel.hand_done", "zh-CN")
    assert _items(build_panel_view(panel, "zh-CN")) == []
    follower = build_panel(RECORD, table, table.to_act()[0])  # still has its last card: play it
    labels = [getattr(i, "label", None) for i in _items(build_panel_view(follower, "en"))]
    assert i18n.t("panel.button.play", "en") in labels
