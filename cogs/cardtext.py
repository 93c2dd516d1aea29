"""Cards, suits and trumps as Discord text (panels, buttons, selects and the thread's announcements).

A card reads ``10♥`` / ``A♠``; the jokers ``小王``/``大王`` (zh-CN) or ``Small joker``/``Big joker``. The runtime's
announcements carry cards as canonical text (``"10H 10H"``) and trumps as ``S H C D NT``; ``announcement_params``
turns them into the same readable form before the message is formatted (``{trump}`` reads ``♦ 方块``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import i18n
from cogs.safetext import escape_params, escape_text
from engine.cards import SUIT_SYMBOLS, Card, parse_cards
from engine.errors import EngineError

log = logging.getLogger(__name__)

CARD_PARAMS = frozenset({"cards", "attempted", "forced", "beaten"})  # announcement params holding cards
CALL_PARAMS = frozenset({"call", "calls"})  # 找朋友 calls: ``"KC:2 AH:1"`` (runtime.announce.events.calls_param)
TRUMPS = frozenset({"S", "H", "C", "D", "NT"})
# Discord draws ♠ and ♣ as emoji, nearly black on the dark theme; U+FE0E asks for the text glyph (light, like
# the words around it). ♥ and ♦ stay red emoji.
TEXT_STYLE = "\ufe0e"
SUIT_TEXT: dict[str, str] = {s: sym + TEXT_STYLE if s in "SC" else sym for s, sym in SUIT_SYMBOLS.items()}


def text_suits(text: str) -> str:
    """``text`` with its ♠ and ♣ in text style (see ``SUIT_TEXT``)."""
    for symbol in (SUIT_SYMBOLS["S"], SUIT_SYMBOLS["C"]):
        text = text.replace(symbol + TEXT_STYLE, symbol).replace(symbol, symbol + TEXT_STYLE)
    return text


def card_name(card: Card, locale: str) -> str:
    """``10♥``, ``小王``/``Small joker``, ``大王``/``Big joker``."""
    if card.is_joker:
        return i18n.t(f"card.name.{card.rank}", locale)
    return f"{card.rank}{SUIT_TEXT[card.suit]}"


def cards_text(cards: Sequence[Card], locale: str) -> str:
    return " ".join(card_name(c, locale) for c in cards)


def trump_name(trump: str, locale: str) -> str:
    """``♦ 方块`` / ``♦ Diamonds``, ``无主`` / ``No trump`` (the pictures' wording)."""
    return text_suits(i18n.t(f"render.suit.{trump}", locale)) if trump in TRUMPS else trump


def announcement_params(params: Mapping[str, Any], locale: str) -> dict[str, Any]:
    """The params of a runtime announcement with its cards and trump in readable form; every other text (the
    players' names) escaped as literal text (``cogs.safetext``)."""
    out = escape_params(params, keep=CARD_PARAMS | CALL_PARAMS | {"trump"})
    for key, value in params.items():
        if key in CALL_PARAMS and isinstance(value, str):
            out[key] = calls_text(value, locale)
        elif key in CARD_PARAMS and isinstance(value, str) and value.strip():
            try:
                out[key] = cards_text(parse_cards(value), locale)
            except EngineError:
                log.debug("announcement param %s=%r is not cards", key, value)
        elif key == "trump" and isinstance(value, str):
            out[key] = trump_name(value, locale)
        elif key == "why" and isinstance(value, str):
            out[key] = reasons_text(value, locale)
    return out


def reasons_text(codes: str, locale: str) -> str:
    """The reasons of a hand's level change given as codes (``"small_slam:60 small_team"``,
    ``runtime.announce.gains``), worded in brackets (`` (小光: …; small team: …)``); empty for none."""
    reasons = []
    for code in codes.split():
        name, _, points = code.partition(":")
        key = f"announce.why.{name}"
        if key in i18n.MESSAGES:
            reasons.append(i18n.t(key, locale, points=points))
    if not reasons:
        return ""
    return i18n.t("announce.why", locale, reasons=i18n.t("announce.why.sep", locale).join(reasons))


def call_text(card: Card, ordinal: int, locale: str) -> str:
    """One friend call: ``the 2nd K♣`` / ``第二张K♣`` (找朋友, 朋友牌)."""
    nth = i18n.t(f"render.ordinal.{ordinal}", locale)
    return i18n.t("announce.call", locale, nth=nth, card=card_name(card, locale))


def calls_text(value: str, locale: str) -> str:
    """Friend calls given as ``"KC:2 AH:1"``, worded and joined (``the 2nd K♣, the 1st A♥``)."""
    out = []
    for item in value.split():
        card, _, ordinal = item.partition(":")
        try:
            out.append(call_text(parse_cards(card)[0], int(ordinal), locale))
        except (EngineError, ValueError, IndexError):
            log.debug("announcement call %r is not a call", item)
    return i18n.t("announce.calls_sep", locale).join(out)


def team_line(friends: Any, names: Sequence[str], locale: str) -> str:
    """The live message's 找朋友 line while a hand is played: the dealer's team so far and the calls still open,
    each with the copies still to be skipped (``dealer's team: alice, bob · to find: the 2nd K♣ (1 to skip)``)."""
    sep = i18n.t("table.list_sep", locale)
    team = sep.join(escape_text(names[s]) for s in friends.team)
    open_calls = []
    for state in friends.open_calls:
        text = call_text(state.call.card, state.call.ordinal, locale)
        open_calls.append(f"{text} ({i18n.t('render.call_skip', locale, n=state.skip)})" if state.skip else text)
    if not open_calls:
        return i18n.t("table.live.team", locale, team=team)
    return i18n.t("table.live.friends", locale, team=team, calls=sep.join(open_calls))
