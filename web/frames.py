"""What a page may ask over its WebSocket, and the answers: every frame is checked before anything is done.

Frames are JSON objects of at most ``MAX_FRAME`` bytes with an ``op``: ``act`` (``kind`` play/bury/declare/pass,
``cards``, ``version``; a 找朋友 dealer's bury also ``calls``: ``[{"card", "ordinal"}]``), ``check`` (the same
without acting: why a selection cannot be sent), ``suggest`` (the
basic AI's hint for this seat's decision, not played), ``replay``
(``hand``: a hand's tricks, as ``/replay``), ``review`` (``hand``: the strong AI's review of a finished hand,
``runtime.records.review``: answered at once when known, else "not ready" and the marks later; refused while the hand
is in play), ``state`` (send the state again). Each is refused with a localized
reason and changes nothing when malformed, oversized, stale, not the page's own seat, or over the rate limits
(the same per-user buckets as Discord's clicks: ``runtime.ratelimit``); a page sending more than
``FLOOD_FRAMES`` frames in ``FLOOD_WINDOW`` seconds is closed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from engine.actions import action_from_json
from engine.cards import format_cards, parse_cards
from engine.errors import EngineError
from engine.friends import FriendCall
from i18n import t
from runtime import Caller, GameService, LinkBook, Mark, RateLimiter, Reviewer
from web.friends import calls_error, read_calls
from web.hub import Client, WebHub
from web.state import check_selection, refusal, result_json, trick_json

log = logging.getLogger(__name__)

MAX_FRAME = 4096  # bytes
MAX_CARDS = 60  # a play, a bury or a declaration: never more than a 52-card hand
FLOOD_FRAMES, FLOOD_WINDOW = 40, 5.0
KINDS = ("play", "bury", "declare", "pass")
PAGE_WORDING = {"act.stale": "web.stale"}  # the page's wording of a refusal that speaks of Discord's panel


class FrameError(Exception):
    """A refused frame: ``key`` (``i18n``) and its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Frames:
    """Answers the frames of the pages of one server."""

    def __init__(self, game: GameService, links: LinkBook, limiter: RateLimiter, hub: WebHub,
                 reviewer: Reviewer | None = None) -> None:
        self.game = game
        self.reviewer = reviewer or game.hand_reviewer()
        self._reviews: set[asyncio.Task[None]] = set()
        self.links = links
        self.limiter = limiter
        self.hub = hub
        self._floods: dict[int, list[float]] = {}

    def flooding(self, client: Client) -> bool:
        """Too many frames from this page lately (the page is then closed)."""
        now = time.monotonic()
        stamps = [s for s in self._floods.get(id(client), []) if now - s < FLOOD_WINDOW]
        stamps.append(now)
        self._floods[id(client)] = stamps
        return len(stamps) > FLOOD_FRAMES

    def forget(self, client: Client) -> None:
        self._floods.pop(id(client), None)

    async def handle(self, client: Client, data: str) -> None:
        """One frame: its answer, or its refusal, pushed to the page."""
        try:
            await self._handle(client, _parse(data))
        except FrameError as exc:
            client.push(refusal(exc.key, client.locale, **exc.params))
        except EngineError as exc:  # the service's and the engine's refusals: nothing changed
            key = PAGE_WORDING.get(exc.key, exc.key)
            client.push(refusal(key, client.locale, **exc.params))

    async def _handle(self, client: Client, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        grant = client.grant
        if not await client.still_allowed():  # revoked, left the seat, table closed: told so, and closed
            return
        if op == "state":
            await self.hub.send_states(grant.table_id, [client])
            return
        bucket = "autocomplete" if op == "check" else "action"
        if not self.limiter.allow(grant.user_id, bucket):
            seconds = max(1, round(self.limiter.retry_after(grant.user_id, bucket)))
            raise FrameError("error.rate_limited", seconds=seconds)
        if op == "replay":
            await self._replay(client, frame.get("hand"))
        elif op == "review":
            await self._review(client, _hand(frame.get("hand")))
        elif op == "suggest":  # the basic AI's hint, as the panel's "Play suggestion" (not played)
            if grant.spectator:
                raise FrameError("act.not_seated")
            hint = self.game.suggest(grant.table_id, grant.user_id)
            client.push({"type": "suggest", "kind": hint.kind, "cards": format_cards(getattr(hint, "cards", ())),
                         "calls": [{"card": str(c.card), "ordinal": c.ordinal} for c in getattr(hint, "calls", ())]})
        elif op in ("act", "check"):
            await self._act_or_check(client, op, frame)
        else:
            raise FrameError("web.bad_frame")

    async def _act_or_check(self, client: Client, op: str, frame: dict[str, Any]) -> None:
        """``act``: the seat's move, sent to the service; ``check``: why it could not be sent now (or ok)."""
        grant = client.grant
        if grant.spectator:
            raise FrameError("act.not_seated")
        kind, cards = _kind_cards(frame)
        calls = _calls(frame, kind)
        if op == "check":
            panel = self.game.panel(grant.table_id, grant.user_id)
            key = None if kind == "pass" else check_selection(panel, kind, cards)
            params: dict[str, Any] = {}
            if key is None and calls is not None:
                key, params = calls_error(panel, cards, calls)
            client.push({"type": "check", "ok": key is None, "cards": format_cards(cards),
                         "text": "" if key is None else t(key, client.locale, n=panel.bury_count, **params)})
            return
        version = frame.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise FrameError("web.bad_frame")
        act: dict[str, Any] = {"type": kind, "seat": grant.seat, "cards": format_cards(cards)}
        if calls is not None:  # 找朋友: the dealer's friend calls come with its bury (the engine checks them)
            act["calls"] = [{"card": str(c.card), "ordinal": c.ordinal} for c in calls]
        action = action_from_json(act)
        outcome = await self.game.act(grant.table_id, grant.user_id, action, version=version)
        client.push({"type": "ok", "version": outcome.version})

    async def _replay(self, client: Client, number: object) -> None:
        grant = client.grant
        hand = _hand(number)
        rec = self.game.record(grant.table_id)
        replay = await self.game.hand_replay(Caller(grant.user_id, rec.guild_id), grant.table_id, hand)
        client.push({"type": "replay", "hand": hand, "tricks": [trick_json(tr) for tr in replay.tricks],
                     "result": result_json(replay.result)})

    async def _review(self, client: Client, hand: int) -> None:
        """The marks if known; else "not ready" now and the marks when the low-priority worker is done (the
        page's other frames are answered meanwhile)."""
        grant = client.grant
        caller = Caller(grant.user_id, self.game.record(grant.table_id).guild_id)
        await self.reviewer.check(caller, grant.table_id, hand)  # refused while the hand is in play
        marks = self.reviewer.cached(grant.table_id, hand)
        if marks is not None:
            client.push(_review_frame(hand, marks))
            return
        client.push({"type": "review", "hand": hand, "ready": False})
        task = asyncio.create_task(self._send_review(client, caller, hand), name=f"web-review-{grant.table_id}")
        self._reviews.add(task)
        task.add_done_callback(self._reviews.discard)

    async def _send_review(self, client: Client, caller: Caller, hand: int) -> None:
        try:
            marks = await self.reviewer.review(caller, client.grant.table_id, hand)
        except EngineError as exc:
            client.push(refusal(exc.key, client.locale, **exc.params))
        except Exception:
            log.exception("review of table %d hand %d failed", client.grant.table_id, hand)
            client.push(refusal("web.review_failed", client.locale))
        else:
            if not client.ws.closed:
                client.push(_review_frame(hand, marks))

    def close(self) -> None:
        for task in list(self._reviews):
            task.cancel()
        self.reviewer.close()


def _review_frame(hand: int, marks: list[Mark]) -> dict[str, Any]:
    return {"type": "review", "hand": hand, "ready": True, "marks": [m.to_json() for m in marks]}


def _hand(number: object) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 10_000:
        raise FrameError("web.bad_frame")
    return number


def _parse(data: str) -> dict[str, Any]:
    if len(data.encode()) > MAX_FRAME:
        raise FrameError("web.bad_frame")
    try:
        frame = json.loads(data)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes ([[[[…)
        raise FrameError("web.bad_frame") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("op"), str):
        raise FrameError("web.bad_frame")
    return frame


def _calls(frame: dict[str, Any], kind: str) -> tuple[FriendCall, ...] | None:
    """A bury's friend calls (找朋友), None when the frame has none; malformed: refused."""
    if "calls" not in frame:
        return None
    calls = read_calls(frame["calls"])
    if calls is None or kind != "bury":
        raise FrameError("web.bad_frame")
    return calls


def _kind_cards(frame: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
    kind, cards = frame.get("kind"), frame.get("cards", [])
    if kind not in KINDS or not isinstance(cards, list) or len(cards) > MAX_CARDS \
            or not all(isinstance(c, str) and len(c) <= 8 for c in cards):
        raise FrameError("web.bad_frame")
    return str(kind), parse_cards(cards)
