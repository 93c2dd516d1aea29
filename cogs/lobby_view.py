"""The public lobby message of a table (embed + seat buttons) and the live table message's buttons."""

from __future__ import annotations

import logging

import discord

import i18n
from cogs.items import TableButton, TableId
from cogs.safetext import escape_text
from data.records import Status, TableRecord
from engine.views import PublicView
from i18n.levels import level_text
from runtime import procedure_lines, shape_text

log = logging.getLogger(__name__)

TEAM_COLOURS = (discord.Colour.blue(), discord.Colour.red())


def rules_summary(rec: TableRecord, locale: str) -> str:
    """The preset's name plus the overridden options, one ``key=value`` per item."""
    preset = i18n.t(f"rules.preset.{rec.rules.preset}", locale) if f"rules.preset.{rec.rules.preset}" in i18n.MESSAGES \
        else rec.rules.preset
    shaped = ("decks", "players", "mode")  # named on the lobby's own shape line (``lobby.shape``)
    extra = " ".join(f"{k}={_value(v)}" for k, v in rec.rules.overrides().items() if k not in shaped)
    if not extra:
        return i18n.t("lobby.rules_preset", locale, preset=preset)
    return i18n.t("lobby.rules", locale, preset=preset, options=extra)


def _value(v: object) -> str:
    if isinstance(v, list | tuple):
        return ",".join(map(str, v)) or "[]"
    if v is None:
        return "null"
    return str(v).lower() if isinstance(v, bool) else str(v)


def seat_line(rec: TableRecord, seat: int, locale: str) -> str:
    """``Seat 1: **alice** 👑`` — players by display name (an embed never pings, and a mention in an embed shows
    as a raw ``<@id>`` on clients that have not loaded the member), AI seats with 🤖, 托管 marked."""
    occupant = rec.seats[seat]
    if occupant is None:
        who = i18n.t("lobby.empty", locale)
    elif occupant.user_id is not None:
        who = f"**{escape_text(occupant.name)}**"
        who += " " + i18n.t("lobby.away", locale) if occupant.away else ""
    else:
        who = i18n.t("lobby.ai_seat", locale, name=occupant.name)
    host = " 👑" if occupant is not None and occupant.user_id == rec.host_id else ""
    return i18n.t("lobby.seat", locale, n=seat + 1, who=who) + host


def result_lines(rec: TableRecord, view: PublicView, locale: str) -> list[str]:
    """A finished or closed table's outcome: the winners (or a draw, or closed early), the levels, the hands."""
    names = [escape_text(n) for n in rec.names]
    if rec.status is Status.ENDED:
        first = i18n.t("lobby.closed_early", locale)
    elif view.match_winner is None:
        first = i18n.t("lobby.draw", locale)
    elif not rec.rules.shape.fixed_partners:  # 找朋友: one player wins, each climbed from their own level (§13.7)
        first = i18n.t("lobby.winner", locale, name=names[view.match_winner])
    else:
        members = names[view.match_winner::2]
        first = i18n.t("lobby.winners", locale, a=", ".join(members[:-1]), b=members[-1])
    played = i18n.t("lobby.hands_played", locale, n=len(view.results))
    if not rec.rules.shape.fixed_partners:
        levels = ", ".join(f"{n} {level_text(lv, 0, locale)}" for n, lv in zip(names, view.levels, strict=False))
        return [first, i18n.t("lobby.player_levels", locale, levels=levels) + " · " + played]
    a, b = (level_text(view.levels[i], view.laps[i], locale) for i in (0, 1))
    levels = i18n.t("lobby.levels", locale, a=a, b=b,
                    team_a=i18n.t("render.team.0", locale), team_b=i18n.t("render.team.1", locale))
    return [first, levels + " · " + played]


def seat_groups(rec: TableRecord, locale: str) -> list[tuple[str, tuple[int, ...]]]:
    """The lobby's seat fields: each fixed team with its seats (even seats, odd seats), or in 找朋友 — where the
    dealer's team forms during each hand — every seat in one field that says so."""
    players = len(rec.seats)
    if not rec.rules.shape.fixed_partners:
        return [(i18n.t("lobby.friends_seats", locale, friends=rec.rules.friend_calls), tuple(range(players)))]
    out = []
    for team in (0, 1):
        seats = tuple(range(team, players, 2))
        out.append((i18n.t("lobby.team", locale, team=i18n.t(f"render.team.{team}", locale),
                           seats=i18n.t("table.list_sep", locale).join(str(s + 1) for s in seats)), seats))
    return out


def lobby_embed(rec: TableRecord, locale: str, view: PublicView | None = None) -> discord.Embed:
    """Seats by team, rules, mode, status (the host is crowned in the seats; the thread shows under the message);
    a finished or closed table's outcome first when its final ``view`` is given."""
    status = i18n.t(f"table.status.{rec.status.value}", locale)
    colour = {Status.LOBBY: discord.Colour.green(), Status.FINISHED: discord.Colour.gold()}.get(
        rec.status, discord.Colour.dark_grey())
    embed = discord.Embed(title=i18n.t("lobby.title", locale, id=rec.table_id, status=status), colour=colour)
    if view is not None and rec.status in (Status.FINISHED, Status.ENDED):
        embed.add_field(name=i18n.t("lobby.result", locale), value="\n".join(result_lines(rec, view, locale)),
                        inline=False)
    for name, seats in seat_groups(rec, locale):
        lines = "\n".join(seat_line(rec, s, locale) for s in seats)
        embed.add_field(name=name, value=lines, inline=len(seats) < len(rec.seats))
    level = str(rec.meta.get("ai_level", "basic"))
    shape = shape_text(rec.rules, locale)
    settings = [i18n.t("lobby.shape", locale, shape=shape)] if shape else []
    settings += [
        rules_summary(rec, locale),
        i18n.t("lobby.mode", locale, mode=i18n.t(f"command.choice.{rec.mode.value}", locale),
               timeout=int(rec.options.turn_timeout), ai=i18n.t(f"command.choice.{level}", locale)),
    ]
    settings += procedure_lines(rec, locale)  # the clock and its 超时 penalty, told before play
    if not any(s is not None and s.user_id == rec.host_id for s in rec.seats):
        settings.append(i18n.t("lobby.host", locale, host=f"<@{rec.host_id}>"))
    embed.add_field(name=i18n.t("lobby.settings", locale), inline=False, value="\n".join(settings))
    return embed


def lobby_view(rec: TableRecord, locale: str) -> discord.ui.View | None:
    """Sit 1–8 (five to a row), Leave, Add/Remove AI, Start, End while in the lobby; My hand + End while playing."""
    view = discord.ui.View(timeout=None)
    tid = rec.table_id

    def button(op: str, key: str, style: discord.ButtonStyle, arg: int | None = None, row: int = 0,
               disabled: bool = False, **params: object) -> None:
        view.add_item(TableButton(TableId(tid, op, arg), i18n.t(key, locale, **params)[:80], style, row=row,
                                  disabled=disabled))

    if rec.status is Status.LOBBY:
        friends, players = not rec.rules.shape.fixed_partners, len(rec.seats)
        per_row = players if players <= 5 else (players + 1) // 2  # 6-8 seats: two even rows
        for seat in range(players):
            style = discord.ButtonStyle.primary if seat % 2 == 0 or friends else discord.ButtonStyle.danger
            button("sit", "lobby.button.sit", style, seat, row=seat // per_row, disabled=rec.seats[seat] is not None,
                   n=seat + 1)
        rows = (players + per_row - 1) // per_row
        button("leave", "lobby.button.leave", discord.ButtonStyle.secondary, row=rows)
        button("addai", "lobby.button.add_ai", discord.ButtonStyle.secondary, row=rows, disabled=rec.full)
        button("fillai", "lobby.button.fill_ai", discord.ButtonStyle.secondary, row=rows, disabled=rec.full)
        button("rmai", "lobby.button.remove_ai", discord.ButtonStyle.secondary, row=rows,
               disabled=not any(s is not None and s.is_ai for s in rec.seats))
        button("start", "lobby.button.start", discord.ButtonStyle.success, row=rows + 1, disabled=not rec.full)
        button("end", "lobby.button.end", discord.ButtonStyle.danger, row=rows + 1)
        return view
    if rec.status is Status.PLAYING:
        button("hand", "panel.button.my_panel", discord.ButtonStyle.primary)
        button("end", "lobby.button.end", discord.ButtonStyle.danger)
        return view
    return None


def live_view(rec: TableRecord, locale: str, *, web: bool = False) -> discord.ui.View | None:
    """The live table message: My panel (a fresh private panel at the bottom for whoever presses it), Open table
    (a private link to the web table: one's seat, or to watch) when it is served, and Take back control while
    someone is under 托管."""
    if rec.status is not Status.PLAYING:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton(TableId(rec.table_id, "hand", None), i18n.t("panel.button.my_panel", locale),
                              discord.ButtonStyle.primary))
    if web:
        view.add_item(TableButton(TableId(rec.table_id, "web", None), i18n.t("web.open_table", locale),
                                  discord.ButtonStyle.secondary))
    if any(s is not None and s.away for s in rec.seats):
        view.add_item(TableButton(TableId(rec.table_id, "back", None), i18n.t("panel.button.take_back", locale),
                                  discord.ButtonStyle.danger))
    return view
