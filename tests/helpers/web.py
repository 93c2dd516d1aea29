"""Helpers of the web table's tests: a service with its web server in the test's event loop, Debian's Chromium
through Playwright, the frames each page was sent (with every seat's hand at that moment, to look for leaks), and
driving a seat's turn through the page as a player would (tap the cards, wait for the server's check, press)."""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import shutil
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from data.database import Database
from data.records import Mode, TableOptions
from engine.actions import Declare
from engine.cards import parse_card
from engine.views import Phase
from runtime.links.weblinks import LinkBook
from runtime.pictures.imaging import ImagePolicy
from runtime.ratelimit import RateLimiter
from runtime.service.game import GameService
from web.activity import ActivityConfig
from web.demo import Quiet
from web.hub import Client
from web.server import WebServer

CHROMIUM = "/usr/bin/chromium"
SECRET = b"test-secret"
GUILD = 555
OPTIONS = TableOptions(ai_delay=0.0, deal_delay=0.0, next_hand_delay=600.0, ai_declare_wait=0.0,
                       turn_timeout=900.0, reminder_before=0.0, declare_window=600.0, forced_autoplay=False)
PUBLIC_CARD_KEYS = {"trick", "last_trick", "tricks", "declaration", "last_result", "results", "penalties"}
WAIT_MS = 15_000


class ShiftClock:
    """Real Unix time plus an offset the test may move (links and sessions expire by the service's clock)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


def chromium_or_skip() -> str:
    """Debian's Chromium (the README's test command installs it); missing: skip, or fail under ``CI=true``."""
    if shutil.which(CHROMIUM) or Path(CHROMIUM).exists():
        return CHROMIUM
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail("CI=true but Debian's chromium is not installed")
    pytest.skip("Debian's chromium is not installed (the README's test command installs it)")


@dataclass
class Sent:
    """A frame pushed to a page, with what every seat held at that moment."""

    seat: int
    frame: dict[str, Any]
    hands: list[list[str]]
    kitty: list[str]
    kitty_holder: int | None


@dataclass
class WebWorld:
    """One service with its web server (started), in the test's loop; ``restart`` rebuilds both on the same port."""

    path: Path
    clock: ShiftClock = field(default_factory=ShiftClock)
    db: Database | None = None
    game: GameService | None = None
    server: WebServer | None = None
    links: LinkBook | None = None
    port: int = 0
    sent: list[Sent] = field(default_factory=list)
    limits: dict[str, tuple[int, float]] = field(default_factory=lambda: {"action": (1000, 1.0)})
    activity: ActivityConfig | None = None  # the Discord Activity's OAuth2 client (tests/discord_oauth_stub.py)

    async def start(self) -> None:
        self.db = await Database.open(self.path)
        self.game = GameService(self.db, Quiet(), clock=self.clock, images=ImagePolicy.NONE, rng_seed=11)
        await self.game.restore_all()
        self.links = LinkBook(self.game, SECRET, "")
        self.server = WebServer(self.game, self.links, RateLimiter(self.limits), activity=self.activity)
        self.port = await self.server.start("127.0.0.1", self.port)
        self.links.base_url = self.base

    async def stop(self) -> None:
        if self.server is not None:
            await self.server.stop()
        if self.game is not None:
            await self.game.close()
        if self.db is not None:
            await self.db.close()
        self.server = self.game = self.db = None

    async def restart(self) -> None:
        await self.stop()
        await self.start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def table(self, humans: list[tuple[int, str]], n_ai: int = 0, level: str = "basic",
                    options: TableOptions = OPTIONS) -> int:
        """A started async table: ``humans`` (user id, name) in seats 0.., then ``n_ai`` AI seats."""
        game = self.game
        assert game is not None
        (host, name), others = humans[0], humans[1:]
        rec = await game.open_table(guild_id=GUILD, channel_id=1, host_id=host, host_name=name, mode=Mode.ASYNC,
                                    options=options)
        for seat, (user, uname) in enumerate(others, start=1):
            await game.sit(rec.table_id, user, uname, seat)
        for _ in range(n_ai):
            await game.add_ai(rec.table_id, host, level=level)
        await game.start(rec.table_id, host)
        session = game.session(rec.table_id)
        await wait_for(lambda: session.table.phase is not Phase.DEALING)  # async mode: dealt at once by a timer
        return rec.table_id

    def session(self, table_id: int) -> Any:
        assert self.game is not None
        return self.game.session(table_id)


def record_frames(world: WebWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every frame queued for any page, as the text it is sent as, with every seat's hand at that moment
    (``WebWorld.sent``)."""
    original = Client.enqueue

    def enqueue(self: Client, text: str, *, state: bool = False) -> None:
        frame = json.loads(text)
        table = world.session(self.grant.table_id).table if world.game else None
        hand = table.hand if table is not None else None
        world.sent.append(Sent(self.grant.seat, frame,
                               [[str(c) for c in h] for h in hand.hands] if hand else [[], [], [], []],
                               [str(c) for c in hand.kitty] if hand else [],
                               hand.kitty_holder if hand else None))
        original(self, text, state=state)

    monkeypatch.setattr(Client, "enqueue", enqueue)


def _card_lists(obj: Any, path: str = "") -> list[tuple[str, list[str]]]:
    """Every list of card codes inside ``obj`` with its path (``public.trick.plays``)."""
    out: list[tuple[str, list[str]]] = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _card_lists(v, f"{path}.{k}" if path else str(k))
    elif isinstance(obj, list):
        if obj and all(isinstance(x, str) and _is_card(x) for x in obj):
            out.append((path, list(obj)))
        else:
            for v in obj:
                out += _card_lists(v, path)
    return out


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except Exception:
        return False
    return len(text) <= 3


def leaks(sent: list[Sent]) -> list[str]:
    """Frames showing a card the page's seat may not see: a private list that is not part of its own hand (and
    kitty while it holds it), or cards anywhere but the public places (tricks, face-up declaration, results)."""
    found: list[str] = []
    for s in sent:
        own = Counter(s.hands[s.seat]) + (Counter(s.kitty) if s.seat >= 0 and s.kitty_holder == s.seat else Counter()) \
            if s.seat >= 0 else Counter()
        if s.seat < 0 and "private" in s.frame:
            found.append(f"spectator sent a private part: {s.frame['private']}")
        for path, cards in _card_lists(s.frame):
            top = path.split(".")
            public = top[0] == "public" and len(top) > 1 and top[1] in PUBLIC_CARD_KEYS
            replayed = (s.frame.get("type") == "replay" and top[0] in ("tricks", "result")) \
                or (s.frame.get("type") == "review" and top[0] == "marks")  # served once the hand is over
            if top[0] in ("private", "cards") or s.frame.get("type") == "check":
                if Counter(cards) - own:
                    found.append(f"seat {s.seat} sent {path}={cards} not in its own cards")
            elif not (public or replayed):
                found.append(f"seat {s.seat}: cards at {path}: {cards}")
    return found


@pytest_asyncio.fixture
async def web_world(tmp_path: Path) -> AsyncIterator[WebWorld]:
    world = WebWorld(tmp_path / "web.sqlite3")
    await world.start()
    yield world
    await world.stop()


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Any]:
    executable = chromium_or_skip()
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield chromium
        await chromium.close()


async def open_page(browser: Any, url: str, width: int = 390, height: int = 844) -> Any:
    """A page in a fresh context. Playwright evaluates the tests' string predicates (``wait_for_function``) with
    ``eval``, which the page's Content-Security-Policy forbids: the context bypasses it (the page under its policy:
    ``tests/web/test_hardening.py``)."""
    context = await browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = await context.new_page()
    await page.goto(url)
    return page


async def page_version(page: Any) -> int:
    return int(await page.evaluate("document.body.dataset.version || -1"))


async def wait_version(page: Any, version: int) -> None:
    await page.wait_for_function(f"Number(document.body.dataset.version) === {version}", timeout=WAIT_MS)


async def tap_cards(page: Any, cards: list[str]) -> None:
    """Tap each card of ``cards`` in the page's hand (the next unselected one of that code)."""
    for code in cards:
        await page.locator(f'#hand .card[data-code="{code}"]:not(.selected)').first.click()


async def press(page: Any, css: str) -> None:
    await page.locator(css).wait_for(state="visible", timeout=WAIT_MS)
    await page.wait_for_function(f"!document.querySelector('{css}').disabled", timeout=WAIT_MS, polling=50)
    await page.locator(css).click()


PLAYER_PAUSE = 0.3  # seconds (web.frames closes a page sending over 40 frames in 5 s; a turn sends about 2)


async def take_turn(world: WebWorld, page: Any, table_id: int, seat: int, *, declare: bool = True) -> str:
    """The seat's current decision through its page: declare the first declaration (or pass), bury the first 8
    cards, or play the first legal play. Waits until the server took it; the op used."""
    session = world.session(table_id)
    table = session.table
    version = table.version
    await wait_version(page, version)
    await asyncio.sleep(PLAYER_PAUSE)  # a player's glance at the table: faster than any hand trips the flood guard
    actions = table.legal_actions(seat)
    if not actions:  # the table moved on meanwhile (a forced move played by itself)
        return "none"
    declarations = [a for a in actions if isinstance(a, Declare)]
    if table.phase is Phase.BURYING:
        hand = await page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.code)")
        await tap_cards(page, hand[:8])
        await press(page, "#actions .act.main")
        op = "bury"
    elif table.phase is Phase.PLAYING:
        await tap_cards(page, [str(c) for c in actions[0].cards])  # type: ignore[attr-defined]
        await press(page, "#actions .act.main")
        op = "play"
    elif declarations and declare:
        await tap_cards(page, [str(c) for c in declarations[0].cards])
        await press(page, "#actions .act.main")
        op = "declare"
    else:
        await press(page, "#actions .act.pass")
        op = "pass"
    for _ in range(400):
        if session.table.version > version:
            return op
        if await page.locator("#explain").get_attribute("data-key") == "error.rate_limited":
            await asyncio.sleep(1.0)  # faster than the shared click limit: wait, as a player told so would
            await page.locator("#explain").evaluate("e => { e.dataset.key = ''; }")
            await press(page, "#actions .act.main" if op != "pass" else "#actions .act.pass")
        await asyncio.sleep(0.02)
    said = await page.locator("#explain").inner_text()
    raise AssertionError(f"the page's {op} was not taken at version {version}: {said!r}")


async def wait_for(predicate: Any, seconds: float = 20.0) -> None:
    """Until ``predicate()`` is true (a coroutine function's result is awaited), polled every 20 ms."""
    for _ in range(int(seconds / 0.02)):
        held = predicate()
        if inspect.isawaitable(held):
            held = await held
        if held:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition not reached")
