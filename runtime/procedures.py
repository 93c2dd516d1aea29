"""Competition procedures (比赛规程) on the one turn clock: time controls per phase and the 超时 penalties.

A time control sets a clock per phase — ``bury_time`` (扣底), ``lead_time`` (领出, also the 反主/炒地皮 round),
``follow_time`` (跟牌); 0 keeps the table's ``turn_timeout`` — and what a timeout costs the seat's team:
``timeout_warnings`` timeouts are only warned (警告), then ``timeout_penalty`` points go to the other side
(超时罚分), or with ``-1`` the hand is lost (判负一副). At the timeout the bot applies the penalty (an engine
action, committed and replayed like a move), then the AI plays for the seat (托管) as on every table; the
reminder before it says what the timeout will cost.

Presets, with the seed sheets' values (``TIME_CONTROLS``):
- ``online``: seed 001's online rules "出牌时限为30秒，扣底牌时限为60秒" (no penalty: 托管);
- ``sheet90``: seed 001 违纪规则 2 "扣底牌时间为90秒、反主及出牌时间为30秒，超时者罚20分";
- ``sheet60``: seed 000 罚则 8 "扣底牌为60秒，领出为20秒，跟牌为10秒。超过此时间，按情节给予警告及罚分" (one
  warning, then 10 points: the sheet's smallest 警告罚分 "罚10—70分");
- ``strict15``: seed 001 "出牌时间不得超过15秒，违者直接判负" (the hand is lost; bury 90 s as in sheet90).

At a 找朋友 table (RULES §13.5) teams change during a hand and the engine refuses team sanctions: the clock
keeps its times and 托管, but a timeout costs no points and no hand (the lobby's clock line says so).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from data.records import Status, TableOptions, TableRecord
from engine.actions import Action, AwardHand, Penalize, SanctionReason
from engine.levels import level_index
from engine.rules import Rules
from engine.table import Table
from engine.views import Phase, SeatView
from i18n import t
from runtime.errors import NotAllowed

log = logging.getLogger(__name__)

LOSE_HAND = -1
CLOCK_FIELDS = ("bury_time", "lead_time", "follow_time", "timeout_penalty", "timeout_warnings", "declare_time")
# declare_time (亮主/反主, the declaring window, each seat its own clock): sheet90 "反主及出牌时间为30秒", the others
# their lead/play time
TIME_CONTROLS: dict[str, dict[str, float]] = {
    "none": {"bury_time": 0, "lead_time": 0, "follow_time": 0, "timeout_penalty": 0, "timeout_warnings": 0,
             "declare_time": 0},
    "online": {"bury_time": 60, "lead_time": 30, "follow_time": 30, "timeout_penalty": 0, "timeout_warnings": 0,
               "declare_time": 30},
    "sheet90": {"bury_time": 90, "lead_time": 30, "follow_time": 30, "timeout_penalty": 20, "timeout_warnings": 0,
                "declare_time": 30},
    "sheet60": {"bury_time": 60, "lead_time": 20, "follow_time": 10, "timeout_penalty": 10, "timeout_warnings": 1,
                "declare_time": 20},
    "strict15": {"bury_time": 90, "lead_time": 15, "follow_time": 15, "timeout_penalty": LOSE_HAND,
                 "timeout_warnings": 0, "declare_time": 15},
}


def with_time_control(options: TableOptions, name: str) -> TableOptions:
    """``options`` with the preset ``name``'s clocks (``NotAllowed`` for an unknown name)."""
    values = TIME_CONTROLS.get(name)
    if values is None:
        raise NotAllowed("procedures.bad_time_control", name=name, known=", ".join(TIME_CONTROLS))
    return TableOptions.from_json({**options.to_json(), **values})


def time_control_of(options: TableOptions) -> str | None:
    """The preset ``options`` use, or ``None`` for a mix of values."""
    mine = {k: float(getattr(options, k)) for k in CLOCK_FIELDS}
    return next((n for n, v in TIME_CONTROLS.items() if {k: float(x) for k, x in v.items()} == mine), None)


def phase_limit(options: TableOptions, table: Table, seat: int) -> float:
    """The seat's clock in the current phase (``turn_timeout`` where the time control sets none)."""
    phase = table.phase
    if phase is Phase.BURYING:
        limit = options.bury_time
    elif phase is Phase.KITTY_OVERCALL or (phase is Phase.PLAYING and not table.hand.trick):
        limit = options.lead_time
    elif phase is Phase.PLAYING:
        limit = options.follow_time
    else:
        limit = 0.0
    return float(limit) if limit > 0 else options.turn_timeout


def turn_clock(options: TableOptions, table: Table, seat: int) -> tuple[float, float]:
    """``(limit, remind_before)``: a short clock is reminded half-way, a long one ``reminder_before`` ahead."""
    limit = phase_limit(options, table, seat)
    return limit, min(options.reminder_before, limit / 2) if has_clock(options) else options.reminder_before


def has_clock(options: TableOptions) -> bool:
    return any(getattr(options, k) for k in CLOCK_FIELDS)


def timeouts_of(table: Table, team: int) -> int:
    """The team's timeouts so far in this match (warnings, penalties and hands lost on time)."""
    return sum(1 for s in table.sanctions if s.reason is SanctionReason.TIMEOUT and (s.team == team))


def charges_teams(rules: Rules) -> bool:
    """Whether a timeout can cost a team anything: fixed partners only (找朋友 has no team to charge)."""
    return rules.shape.fixed_partners


def timeout_cost(options: TableOptions, table: Table, seat: int) -> tuple[str, int]:
    """What the seat's timeout now costs its team: ``("none", 0)``, ``("warning", 0)``, ``("points", n)`` or
    ``("hand", 0)`` (a penalty needs a hand with a dealer: none while declaring the first hand)."""
    if not options.timeout_penalty or not charges_teams(table.rules):
        return "none", 0
    team = seat % 2
    if timeouts_of(table, team) < options.timeout_warnings:
        return "warning", 0
    if options.timeout_penalty == LOSE_HAND:
        return ("hand", 0) if table.phase in (Phase.BURYING, Phase.KITTY_OVERCALL, Phase.PLAYING) else ("none", 0)
    if table.hand.dealer is None:
        return "none", 0
    return "points", int(options.timeout_penalty)


def timeout_action(options: TableOptions, table: Table, seat: int) -> Action | None:
    """The engine action of the seat's timeout (``None``: no penalty, only 托管)."""
    cost, points = timeout_cost(options, table, seat)
    team = seat % 2
    if cost == "warning":
        return Penalize(team=team, points=0, reason=SanctionReason.TIMEOUT)
    if cost == "points":
        return Penalize(team=team, points=points, reason=SanctionReason.TIMEOUT)
    if cost == "hand":
        return AwardHand(team=1 - team, reason=SanctionReason.TIMEOUT)
    return None


def declare_cost(options: TableOptions, rules: Rules) -> tuple[str, int]:
    """What a declaring clock's end costs beyond the pass: ``("none", 0)`` or ``("points", n)`` (a lost hand is not
    a declaring penalty; points only once the hand has a dealer, i.e. not in the first hand's 抢庄)."""
    if options.timeout_penalty > 0 and charges_teams(rules):
        return "points", int(options.timeout_penalty)
    return "none", 0


def reminder_key(options: TableOptions, table: Table, seat: int) -> tuple[str, dict[str, Any]]:
    """The reminder's message: what the coming timeout will cost, said before it applies."""
    cost, points = timeout_cost(options, table, seat)
    if cost == "none":
        return "announce.reminder", {}
    return f"announce.reminder_{cost}", {"points": points}


TIME_HAND = "time_hand"  # record meta: the hand in progress when time was called (再打1副牌: one more after it)
NOTICED = "time_noticed"  # record meta: the notice before time was given


def level_tied(table: Table) -> bool:
    """Both teams at the same level (and laps): a tie at time."""
    return (table.laps[0], level_index(table.levels[0])) == (table.laps[1], level_index(table.levels[1]))


def after_time(rec: TableRecord, table: Table) -> str:
    """What a settled hand past the time limit leads to: ``stop``; ``call`` (record the hand time was called in
    first); ``next`` (the one more hand, seed 001 "需把手中的牌打完，再打1副牌"); ``extra`` (加赛 on a level tie,
    seed 001 "季后赛中若双方战平，比赛继续，谁先超出为胜者")."""
    o = rec.options
    if o.one_more_hand:
        called = rec.meta.get(TIME_HAND)
        if called is None:
            return "call"
        if table.hand.number <= int(called):
            return "next"
    if o.time_tie == "extra" and level_tied(table):
        return "extra"
    return "stop"


PROCEDURES = "procedures"  # the tournament's ``meta`` key of its procedures
SANCTIONS = "sanctions"  # the tournament's ``meta`` key of its referees' rulings
PROCEDURE_TYPES: dict[str, type] = {"clock": str, "notice_minutes": float, "one_more": bool, "sheet_tie": bool,
                                    "no_show_minutes": float, "locked_roster": bool, "discipline": bool}


def check_procedures(values: dict[str, Any]) -> dict[str, Any]:
    """A tournament's procedures, checked (``NotAllowed`` for an unknown key, a bad value or clock name)."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        kind = PROCEDURE_TYPES.get(key)
        if kind is None or value is None:
            raise NotAllowed("procedures.bad_option", name=key)
        if kind is float and (isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1440):
            raise NotAllowed("procedures.bad_option", name=key)
        if kind is not float and not isinstance(value, kind):
            raise NotAllowed("procedures.bad_option", name=key)
        out[key] = float(value) if kind is float else value
    if "clock" in out:
        with_time_control(TableOptions(), out["clock"])
    return out


def table_options_for(options: TableOptions, procedures: dict[str, Any], knockout: bool) -> TableOptions:
    """A tournament table's options with the tournament's procedures: its clock, the notice before time, one
    more hand, and with ``sheet_tie`` a level tie at time drawn in group play / Swiss, 加赛 in a knock-out."""
    clock = procedures.get("clock")
    options = with_time_control(options, clock) if clock else options
    changes: dict[str, Any] = {"time_notice": float(procedures.get("notice_minutes", 0)) * 60,
                               "one_more_hand": bool(procedures.get("one_more", False))}
    if procedures.get("sheet_tie"):
        changes["time_tie"] = "extra" if knockout else "draw"
    if procedures.get("discipline"):
        changes["discipline"] = True
    return TableOptions.from_json({**options.to_json(), **changes})


def sanction_lines(sanctions: list[dict[str, Any]], team_name: Callable[[int], str], locale: str) -> list[str]:
    """A tournament's rulings per team: ``Aces: −30 · 1 warning · 1 hand lost · disqualified``."""
    lines = []
    for team in sorted({int(s["team"]) for s in sanctions}):
        mine = [s for s in sanctions if s["team"] == team]
        counts = {k: sum(1 for s in mine if s["kind"] == k) for k in ("warning", "award", "disqualify")}
        lines.append(t("procedures.sanction_line", locale, team=team_name(team),
                       points=sum(int(s["points"]) for s in mine if s["kind"] == "penalty"),
                       warnings=counts["warning"], hands=counts["award"],
                       out=t("procedures.out", locale) if counts["disqualify"] else ""))
    return lines


def clock_line(options: TableOptions, locale: str, rules: Rules | None = None) -> str | None:
    """One line telling the players the clock and what a timeout costs (``None`` without a time control)."""
    if not has_clock(options):
        return None
    free = not options.timeout_penalty or (rules is not None and not charges_teams(rules))
    cost = "none" if free else "hand" if options.timeout_penalty == LOSE_HAND else "points"
    warned = "_warned" if cost != "none" and options.timeout_warnings else ""
    text = t(f"procedures.cost.{cost}{warned}", locale, warnings=options.timeout_warnings,
             points=options.timeout_penalty)
    seconds = [round(v) if v else round(options.turn_timeout)
               for v in (options.bury_time, options.lead_time, options.follow_time)]
    return t("procedures.clock_line", locale, bury=seconds[0], lead=seconds[1], follow=seconds[2], cost=text)


def procedure_lines(rec: TableRecord, locale: str) -> list[str]:
    """The table's procedures for its lobby: the clock, the discipline or the casual aids."""
    line = clock_line(rec.options, locale, rec.rules)
    lines = [line] if line else []
    if rec.options.declare_time:  # the declaring window's clock per seat, and what its end costs
        cost, points = declare_cost(rec.options, rec.rules)
        lines.append(t(f"tournament.line.declare_clock_{cost}", locale, seconds=round(rec.options.declare_time),
                       points=points))
    if rec.options.discipline:
        lines.append(t("procedures.line.discipline", locale))
    if rec.options.card_counter:
        lines.append(t("procedures.line.card_counter", locale))
    if rec.options.undo:
        lines.append(t("procedures.line.undo", locale))
    return lines


def disciplined(rec: TableRecord, view: SeatView) -> SeatView:
    """A seat's view under competition discipline: the burier no longer sees the kitty once play starts
    (seed 000 "开始出牌后，最后扣底牌者不得再次翻看底牌")."""
    if rec.options.discipline and view.kitty is not None and view.public.phase is not Phase.BURYING:
        return replace(view, kitty=None)
    return view


def talk_is_off(rec: TableRecord, table: Table | None, user_id: int) -> bool:
    """比赛纪律: a seated player's message in the table's thread while a hand is on is removed (seed 001 违纪规则 1
    "严格禁止…说话")."""
    return (rec.options.discipline and table is not None and rec.seat_of(user_id) is not None
            and table.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) and rec.status is Status.PLAYING)


def tournament_lines(procedures: dict[str, Any], locale: str) -> list[str]:
    """A tournament's procedures, one line each, for ``/tractor tournament`` replies."""
    clock = procedures.get("clock")
    line = clock_line(with_time_control(TableOptions(), clock), locale) if clock else None
    lines = [line] if line else []
    if procedures.get("notice_minutes"):
        lines.append(t("procedures.line.notice", locale, minutes=round(procedures["notice_minutes"])))
    for key in ("one_more", "sheet_tie", "locked_roster", "discipline"):
        if procedures.get(key):
            lines.append(t(f"procedures.line.{key}", locale))
    if procedures.get("no_show_minutes"):
        lines.append(t("procedures.line.no_show", locale, minutes=round(procedures["no_show_minutes"])))
    return lines
