"""Screenshots of the bot as players see it on Discord: SimCord runs discord.py's real code against a simulated
Discord, and SimCord's preview renders a channel or thread in Chromium (``tools/install_preview.sh`` installs
both). A scripted game in each locale (a zh-CN server with Chinese-speaking players, an English one):

lobby (empty, seats taken + AI, playing), the thread at the start, the private hand panel (ephemeral, seen
by its owner) while declaring (and after declaring: the standing declaration and Done), burying and playing,
a few tricks (the quiet thread: the trick log and the live message), a failed throw when one can be set up, the
hand summary, the finished lobby with its result, and ``/ladder`` and ``/stats`` in the channel; the thread (a few
tricks, the end of the hand, the end of the match), the panel (declared, following) and the ladder also at a
phone's width (390 px, ``*_phone_*``). PNGs go to
``screenshots/`` (git-ignored)::

    .venv/bin/python -m tests.screenshots.discord_tables [--out screenshots] [--locale en|zh-CN|both] [--seed 7]
        [--trick-pictures]

Developer tool only (not part of ``requirements.txt`` or CI).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pytest
import simcord

from cli.bot import create_bot
from cli.config import Config
from cogs.hub import detach_game
from cogs.panel_view import hand_order
from data.records import Status, TableOptions
from engine.cards import Card, parse_cards
from engine.legal import view_context
from engine.throws import check_throw
from engine.views import Phase
from tests.helpers.botflow import use_locales

log = logging.getLogger("screenshots")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")  # Debian's (tools/install_preview.sh)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
WIDTH = 1100  # about the message column of a desktop Discord window
PHONE = 390  # a phone's screen (iPhone 12–15: 390 CSS px)
USER_LOCALES: dict[int, str] = {}
# AI seats move at once; the declaration window, reminders and 托管 stay far away (the script acts for the
# humans, and SimCord's settle does not wait for the bot's long timer sleeps)
MATCH_MOVES = 3000  # moves (and settles) the end of the match may take after the first hand
OPTIONS = TableOptions(ai_delay=0.0, deal_delay=0.0, next_hand_delay=0.0, declare_window=3600.0,
                       turn_timeout=7200.0, reminder_before=60.0)


class FrozenClock:
    """The game service's clock: stands still, so no timer falls due by itself."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now  # user id -> the Discord client locale of their interactions


def use_system_chromium(path: str = CHROMIUM) -> None:
    """SimCord's capture calls ``playwright.chromium.launch()`` with no browser path; Playwright's own browser
    download is not available here, so every launch of this process uses the system Chromium (Debian's)."""
    from playwright.async_api import BrowserType

    original = BrowserType.launch

    async def launch(self: BrowserType, **kwargs: Any) -> Any:
        kwargs.setdefault("executable_path", path)
        kwargs["args"] = [*CHROMIUM_ARGS, *(kwargs.get("args") or [])]
        return await original(self, **kwargs)

    BrowserType.launch = launch  # type: ignore[method-assign, unused-ignore]  # typed only with playwright installed


def button_id(message: Any, op: str) -> str | None:
    """The custom id of the button with operation ``op`` (``tl:…:op:arg`` / ``tp:…:op:arg``), if any."""
    for comp in components(message):
        cid = comp.get("custom_id") or ""
        if comp.get("type") == 2 and cid.split(":")[-2] == op:
            return str(cid)
    return None


def components(message: Any) -> list[dict[str, Any]]:
    """The components of a stored message (dicts) or a ``discord.Message`` (objects), as dicts."""
    out: list[dict[str, Any]] = []
    for row in message.components:
        for comp in row.get("components", []) if isinstance(row, dict) else [c.to_dict() for c in row.children]:
            out.append(comp)
    return out


def last_message(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


@dataclass
class Run:
    """One scripted game in one locale, and the screenshots taken of it."""

    env: Any
    out: Path
    locale: str  # zh-CN | en
    prefix: str
    names: Sequence[str]
    shots: list[Path] = field(default_factory=list)
    guild: Any = None
    channel: Any = None
    thread: Any = None
    players: list[Any] = field(default_factory=list)
    table_id: int = 0
    trick_pictures: bool = False  # the table option: a picture per trick instead of the trick log

    # -- screenshots ---------------------------------------------------------------------------------------
    async def shot(self, name: str, *, viewer: Any = None, target: Any = None, thread: bool = False,
                   height: int = 1000, mode: str = "viewport", width: int = WIDTH) -> None:
        """A PNG of the channel (or the table's thread) as ``viewer`` sees it, scrolled to ``target`` (default:
        the latest message the viewer can see), ``width`` px wide (``PHONE``: a phone's screen)."""
        viewer = viewer or self.players[0]
        where = self.thread if thread else self.channel
        path = self.out / f"{self.prefix}_{len(self.shots) + 1:02d}_{name}.png"
        async with self.env.preview(where, viewers=[viewer], layout="channel", width=width, height=height,
                                    locale="zh-CN" if self.locale == "zh-CN" else "en-US") as preview:
            report = await preview.screenshot(path, viewer=viewer, target=target, mode=mode, allow_incomplete=True)
        if not report.complete:
            log.warning("%s incomplete: %s", path.name, [dict(d) for d in report.diagnostics])
        self.shots.append(path)
        print(path)

    # -- driving the game through the real UI -------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.env.bot.game

    @property
    def table(self) -> Any:
        return self.game.sessions[self.table_id].table

    def seat_of(self, actor: Any) -> int:
        return int(self.game.record(self.table_id).seat_of(actor.id))

    def mover(self) -> Any | None:
        """The human player who must act now, if any."""
        session = self.game.sessions.get(self.table_id)
        if session is None or session.table is None:
            return None
        to_act = session.table.to_act()
        return next((p for p in self.players if self.seat_of(p) in to_act), None)

    async def open_hand(self, actor: Any) -> Any:
        """The player clicks *My panel* on the live message of the thread (the last message with that button: a
        light ping may be below it); the ephemeral panel."""
        live = next((m for m in reversed(self.thread.history()) if button_id(m, "hand")), None)
        cid = button_id(live, "hand") if live is not None else None
        if live is None or cid is None:
            result = await actor.slash(self.thread, "hand", table=self.table_id)
        else:
            result = await actor.click(live, custom_id=cid)
        return last_message(result)

    async def select(self, actor: Any, message: Any, cards: Sequence[Card]) -> Any:
        """Pick ``cards`` in the panel's card menus; the panel message as it is now."""
        order = hand_order(self.game.panel(self.table_id, actor.id))
        wanted: list[int] = []
        for card in cards:
            wanted.append(next(i for i, c in enumerate(order) if c == card and i not in wanted))
        values = {str(i) for i in wanted}
        for comp in components(message):
            if comp.get("type") != 3 or not str(comp.get("custom_id", "")).startswith("ts:"):  # card menus only
                continue
            chosen = [o["value"] for o in comp.get("options", []) if o["value"] in values]
            if chosen:
                await actor.select(message, chosen, custom_id=comp["custom_id"])
        return message

    async def click(self, actor: Any, message: Any, op: str) -> Any:
        cid = button_id(message, op)
        if cid is None:
            raise RuntimeError(f"no {op} button on {message.components}")
        return await actor.click(message, custom_id=cid)

    async def act(self, actor: Any) -> None:
        """The player's current decision through the panel: declare/pass, bury the suggestion, play the
        suggestion (else the first legal play)."""
        panel = self.game.panel(self.table_id, actor.id)
        message = await self.open_hand(actor)
        if panel.declarations or panel.can_pass:
            await self.click(actor, message, "pass" if panel.can_pass else "decl")
            return
        suggested = tuple(getattr(self.game.suggest(self.table_id, actor.id), "cards", ()) or ())
        if panel.bury_count:
            message = await self.select(actor, message, suggested)
            await self.click(actor, message, "bury")
            return
        cards = suggested or parse_cards(self.game.legal_play_choices(self.table_id, actor.id, "")[0])
        message = await self.select(actor, message, cards)
        await self.click(actor, message, "play")

    def failing_throw(self, seat: int) -> tuple[Card, ...] | None:
        """Two cards of one plain suit that ``seat`` (leading) holds whose throw fails, if there are any."""
        view = self.table.seat_view(seat)
        ctx = view_context(view)
        others = [self.table.seat_view(s).hand for s in range(4) if s != seat]
        for suit in "SHCD":
            mine = sorted({c for c in view.hand if ctx.suit_of(c) == suit}, key=ctx.strength)
            if len(mine) >= 3:
                lead = (mine[-1], mine[0])
                if check_throw(lead, others, ctx).failed:
                    return lead
        return None


async def scenario(run: Run) -> None:
    """One whole match through the bot, photographed: the lobby, declaring and burying, the tricks, the end."""
    lobby = await _lobby(run)
    await _declare_and_bury(run)
    await _play_tricks(run)
    await _match_end(run, lobby)


async def _lobby(run: Run) -> Any:
    """The lobby opened, filled (a guest and two AI seats) and started; its message."""
    env, loc = run.env, run.locale
    run.guild = env.create_guild("双升俱乐部" if loc == "zh-CN" else "Card Club", preferred_locale=loc)
    run.channel = run.guild.create_text_channel("打牌" if loc == "zh-CN" else "cards")
    run.players = [run.guild.add_member(env.create_user(n)) for n in run.names]
    for p in run.players:
        USER_LOCALES[p.id] = loc
    host, guest = run.players[0], run.players[1]

    extra = {"trick_pictures": True} if run.trick_pictures else {}
    result = await host.slash(run.channel, "tractor new", mode="async", options="start_level=A end_level=A", **extra)
    lobby = result.response
    run.table_id = run.game.tables(channel_id=run.channel.id)[-1].table_id
    rec = run.game.record(run.table_id)
    run.thread = next(t for t in run.channel.threads if t.id == rec.thread_id)
    await run.shot("lobby_open", height=760)
    await guest.click(lobby, custom_id=f"tl:{run.table_id}:sit:1")
    for _ in range(2):
        await run.click(host, lobby, "addai")
    await run.shot("lobby_full", height=760)
    await run.click(host, lobby, "start")
    await run.shot("lobby_playing", target=lobby, height=760)
    await run.shot("thread_start", thread=True)
    return lobby


async def _declare_and_bury(run: Run) -> None:
    """The declaring and burying phases, with their panels."""
    host = run.players[0]
    # declaring: the host's panel (declare if possible, else pass); the guest passes
    panel = run.game.panel(run.table_id, host.id)
    message = await run.open_hand(host)
    await run.shot("panel_declaring", viewer=host, thread=True)
    if panel.declarations:
        await run.click(host, message, "decl")
        await run.shot("panel_declared", viewer=host, thread=True, target=message)  # the declaration and Done
        await run.shot("phone_panel_declared", viewer=host, thread=True, target=message, width=PHONE, height=1200)
    elif panel.can_pass:
        await run.click(host, message, "pass")
    for _ in range(8):
        if run.table.phase is not Phase.DECLARING or (mover := run.mover()) is None:
            break
        await run.act(mover)
    # burying by a human dealer: the suggestion selected
    if run.table.phase is Phase.BURYING and (mover := run.mover()) is not None:
        message = await run.open_hand(mover)
        suggested = run.game.suggest(run.table_id, mover.id).cards
        await run.select(mover, message, suggested)
        await run.shot("panel_burying", viewer=mover, thread=True)
        await run.act(mover)



async def _play_tricks(run: Run) -> None:
    """The tricks until the hand is over."""
    env = run.env
    # tricks: a human's panel with a selection when leading and when following; a failed throw when possible
    shown_panels: set[str] = set()
    shown_throw = False
    while run.table.phase is Phase.PLAYING:
        mover = run.mover()
        if mover is None:
            await env.settle()
            continue
        seat = run.seat_of(mover)
        trick = run.table.public_view().trick
        leading = trick is None or not trick.plays or trick.complete
        later = len(run.table.public_view().tricks) >= 2
        throw = run.failing_throw(seat) if leading and later and not shown_throw else None
        if throw:
            message = await run.open_hand(mover)
            message = await run.select(mover, message, throw)
            await run.shot("panel_throw_selected", viewer=mover, thread=True)
            await run.click(mover, message, "play")
            await run.shot("thread_failed_throw", thread=True)
            shown_throw = True
            continue
        kind = "panel_leading" if leading else "panel_following"
        if kind not in shown_panels and len(run.table.public_view().tricks) >= 1:
            message = await run.open_hand(mover)
            cards = run.game.suggest(run.table_id, mover.id).cards
            await run.select(mover, message, cards)
            await run.shot(kind, viewer=mover, thread=True)
            if kind == "panel_following":
                await run.shot("phone_panel_following", viewer=mover, thread=True, width=PHONE, height=1600)
            shown_panels.add(kind)
        await run.act(mover)
        if len(run.table.public_view().tricks) == 4 and not any("tricks" in p.name for p in run.shots):
            await run.shot("thread_tricks", thread=True, height=1400)
            await run.shot("phone_thread_tricks", thread=True, height=1600, width=PHONE)


async def _match_end(run: Run, lobby: Any) -> None:
    """The end of the hand and the match, the lobby's result, the ladder and the statistics card."""
    env, host = run.env, run.players[0]
    await env.settle()
    await run.shot("thread_hand_over", thread=True, height=1400)
    await run.shot("phone_thread_hand_over", thread=True, height=1600, width=PHONE)
    await _finish_match(run)  # at A, the defenders taking over does not end the match: the "end" shots wait for it
    await run.shot("thread_end", thread=True, height=2400)
    await run.shot("phone_thread_end", thread=True, height=1600, width=PHONE)
    await run.shot("lobby_finished", target=lobby, height=760)  # the lobby message shows the result
    ladder = await host.slash(run.channel, "ladder")
    await run.shot("ladder", target=last_message(ladder), height=900)
    await run.shot("phone_ladder", target=last_message(ladder), height=1000, width=PHONE)
    stats = await host.slash(run.channel, "stats")
    await run.shot("stats", target=last_message(stats), height=900)


async def _finish_match(run: Run) -> None:
    """Play on (the humans through their panels, the suggested plays) until the match is over."""
    for _ in range(MATCH_MOVES):
        if run.game.record(run.table_id).status is not Status.PLAYING:
            return
        mover = run.mover()
        if mover is None:
            await run.env.settle()
            continue
        await run.act(mover)
    log.warning("the match is not over after %d moves: the end shots show it in play", MATCH_MOVES)


async def main_async(out: Path, locales: Sequence[str], seed: int, trick_pictures: bool = False) -> list[Path]:
    use_system_chromium()
    use_locales(pytest.MonkeyPatch(), USER_LOCALES)  # the same patch as the tests use; never undone here
    out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    for loc in locales:
        tmp = Path(tempfile.mkdtemp(prefix="tractor_shots_"))
        bot = create_bot(Config(db_path=tmp / "bot.sqlite3", render_processes=0), table_options=OPTIONS, limits={},
                         rng_seed=seed,
                         clock=FrozenClock())
        names = ("小明", "阿红") if loc == "zh-CN" else ("alice", "bob")
        async with simcord.run(bot) as env:
            prefix = ("zh" if loc == "zh-CN" else "en") + ("_pictures" if trick_pictures else "")
            run = Run(env, out, loc, prefix, names, trick_pictures=trick_pictures)
            try:
                await scenario(run)
            finally:
                await detach_game(bot)
        shots += run.shots
    return shots


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[2] / "screenshots")
    parser.add_argument("--locale", choices=("en", "zh-CN", "both"), default="both")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--trick-pictures", action="store_true", help="the table option: a picture per trick")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    locales = ("zh-CN", "en") if args.locale == "both" else (args.locale,)
    shots = asyncio.run(main_async(args.out, locales, args.seed, args.trick_pictures))
    print(f"{len(shots)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
