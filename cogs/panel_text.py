"""The private panel's message text: the answer to the last click (✅/⚠️), the table as it stands for this
seat (the current trick — who led, who is winning, the points on the table — or the standing declaration),
what to do now, the selection and the queued play. Discord shows it above the hand picture."""

from __future__ import annotations

import logging
from collections.abc import Collection

import i18n
from cogs.cardtext import cards_text, team_line, trump_name
from cogs.panel_rounds import round_lines
from cogs.panel_view import hand_order, own_declaration_stands
from cogs.safetext import escape_text
from engine.trump import Trump
from engine.views import Phase, PublicView
from runtime import Panel

log = logging.getLogger(__name__)


def seat_name(panel: Panel, seat: int) -> str:
    """A seat's display name, safe in a message (no markdown, no mention)."""
    name = panel.names[seat] if seat < len(panel.names) else str(seat + 1)
    return escape_text(name)


def trick_lines(panel: Panel, locale: str) -> list[str]:
    """``**Trick 5** · alice led A♠ A♠ · bob 3♠`` and ``alice winning · 10 points on the table · defenders 40``;
    before the first card of a trick: who leads, and who won the last one."""
    pub = panel.view.public
    trick = pub.trick
    n = len(pub.tricks) + 1
    if trick is None or not trick.plays:
        leader = pub.to_act[0] if pub.to_act else (trick.leader if trick is not None else 0)
        lines = [i18n.t("panel.trick_lead", locale, n=n, name=seat_name(panel, leader))]
        last = pub.previous_trick
        if last is not None and last.winner is not None:
            lines.append(i18n.t("panel.last_trick", locale, name=seat_name(panel, last.winner), points=last.points))
        return lines
    plays = []
    for k, (seat, cards) in enumerate(trick.plays):
        key = "panel.led" if k == 0 else "panel.seat_played"
        plays.append(i18n.t(key, locale, name=seat_name(panel, seat), cards=cards_text(cards, locale)))
    lines = [i18n.t("panel.trick", locale, n=n, plays=" · ".join(plays))]
    status = []
    if trick.winner is not None:
        status.append(i18n.t("panel.winning", locale, name=seat_name(panel, trick.winner)))
    status.append(i18n.t("panel.points", locale, points=trick.points, total=pub.defender_points))
    lines.append(" · ".join(status))
    return lines


def declaration_lines(panel: Panel, locale: str) -> list[str]:
    """The standing declaration (or none yet), and what this seat may do about its own."""
    pub = panel.view.public
    current = pub.declaration
    special = round_lines(panel, locale)  # 暗扣, 换庄, the rounds after the bury
    if special is not None:
        return special
    if current is None:
        return [i18n.t("panel.no_declaration", locale)]
    lines = [i18n.t("panel.standing", locale, name=seat_name(panel, current.seat),
                    cards=cards_text(current.cards, locale), trump=trump_name(current.trump, locale))]
    if current.seat == panel.seat and pub.phase is Phase.DECLARING and panel.can_pass:
        lines.append(i18n.t("panel.yours_stands", locale))
    elif current.seat == panel.seat and pub.phase is Phase.DEALING:
        lines.append(i18n.t("panel.yours_dealing", locale))
    return lines


def level_line(pub: PublicView, locale: str) -> str:
    return i18n.t("panel.level", locale, level=pub.level, trump=trump_name(pub.trump or Trump.NT, locale))


def _instruction(panel: Panel, locale: str) -> list[str]:
    """What to do now."""
    if panel.away:
        return [i18n.t("panel.away", locale)]
    if panel.bury_count:
        rules = panel.view.public.rules
        calls = [] if rules.shape.fixed_partners else [i18n.t("friends.panel_hint", locale, count=rules.friend_calls)]
        return [i18n.t("panel.bury", locale, n=panel.bury_count), *calls]
    if own_declaration_stands(panel):
        return []
    if panel.declarations or panel.can_pass:
        return [i18n.t("panel.declare", locale)]
    if panel.phase is Phase.PLAYING and not panel.view.hand:
        return [i18n.t("panel.hand_done", locale)]
    if panel.your_turn and panel.phase is Phase.PLAYING:
        out = [i18n.t("panel.your_turn", locale)]
        trick = panel.view.public.trick
        if trick is not None and trick.plays and not trick.complete:  # following: what was led
            led = trick.plays[0][1]
            key = "panel.to_follow_one" if len(led) == 1 else "panel.to_follow"  # never "(1 cards)"
            out.append(i18n.t(key, locale, cards=cards_text(led, locale), n=len(led)))
        return out
    if panel.phase is Phase.PLAYING:
        return [i18n.t("panel.wait", locale)]
    return []


def counter_line(panel: Panel, locale: str) -> str:
    """记牌器: ``trumps 20 (BJ BJ SJ …) · ♠ Spades 9 (A K …)``: the cards still out per suit, the highest named."""
    def suit(s: str) -> str:
        return i18n.t("procedures.trumps", locale) if s == "T" else trump_name(s, locale)
    return i18n.t("procedures.counter", locale, suits=" · ".join(
        i18n.t("procedures.counter_suit", locale, suit=suit(s.suit), n=s.count, top=cards_text(s.top, locale) or "-")
        for s in panel.counter))


def panel_text(panel: Panel, locale: str, selected: Collection[int] = (), note: str | None = None) -> str:
    """The panel's message text (see the module doc); ``selected`` are picture indices."""
    lines: list[str] = [note] if note else []
    pub = panel.view.public
    if panel.phase is Phase.PLAYING and panel.view.hand:
        lines += [level_line(pub, locale), *trick_lines(panel, locale)]
        if pub.friends is not None:  # 找朋友: the dealer's team so far, the calls still open
            lines.append(team_line(pub.friends, panel.names, locale))
        if panel.counter:  # 记牌器: what each suit has left outside this hand
            lines.append(counter_line(panel, locale))
    elif panel.phase in (Phase.DEALING, Phase.DECLARING, Phase.KITTY_OVERCALL):
        lines += declaration_lines(panel, locale)
    lines += _instruction(panel, locale)
    order = hand_order(panel)
    chosen = [order[i] for i in sorted(selected) if 0 <= i < len(order)]
    if chosen:
        lines.append(i18n.t("panel.selected", locale, n=len(chosen), cards=cards_text(chosen, locale)))
    if panel.queued:
        lines.append(i18n.t("panel.queued", locale, cards=cards_text(panel.queued, locale)))
    return "\n".join(lines) or i18n.t("panel.idle", locale)
