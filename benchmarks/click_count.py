"""What one Play click costs in work, not time: the project files it enters and how often each view is built.

Four humans at one async table in SimCord (discord.py's real code, simulated Discord; the moves before the click
are made through the service), then the seat to lead opens its panel (``/hand``) and chooses a play in its "Legal
plays" menu. Everything the bot runs for that click — the dispatch, the move, the answer in the panel, the refresh
of the other open panels, the live message — is profiled (``sys.setprofile``) until SimCord has settled:

- ``files_entered``: the project's source files (not the venv's) with at least one function called;
- ``calls``: how often each of the costly views and lookups was computed (``Table.public_view`` — also inside each
  ``Table.seat_view`` —, ``Table.seat_view``, a panel built (``runtime.views.panel``: ``build_panel``,
  ``_build`` behind its cache), ``Table.legal_actions``, ``TableRecord.seat_of``, ``Table.to_act`` — also
  inside each public view —, ``legal_plays``, the timers planned (``runtime.clock.planner.plan``: once per move, armed
  before the update is presented, which carries the deadline to every interface)).

Counts, not timings: the same on a loaded machine. ``--json``: one JSON object on the last line.

    .venv/bin/python benchmarks/click_count.py --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord

from cli.bot import create_bot
from cli.config import Config
from cogs.hub import detach_game
from cogs.presenter import DiscordPresenter
from data.records import TableOptions
from engine.actions import Bury, Declare, Pass
from engine.views import Phase

ROOT = Path(__file__).resolve().parent.parent
WATCHED = {("engine/table.py", "public_view"): "public_view", ("engine/table.py", "seat_view"): "seat_view",
           ("runtime/views/panel.py", "_build"): "build_panel", ("engine/table.py", "legal_actions"): "legal_actions",
           ("data/records.py", "seat_of"): "seat_lookup", ("engine/table.py", "to_act"): "turn_check",
           ("engine/legal.py", "legal_plays"): "legal_plays", ("runtime/clock/planner.py", "plan"): "timer_plan"}
OPTIONS = TableOptions(ai_delay=3600.0, deal_delay=0.0, next_hand_delay=0.0, turn_timeout=7200.0,
                       ai_declare_wait=0.0, reminder_before=60.0, declare_window=7200.0)


class Profile:
    """``sys.setprofile`` hook: the project files entered and the calls of ``WATCHED`` functions."""

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.calls: dict[str, int] = dict.fromkeys(WATCHED.values(), 0)
        self._seen: dict[str, str | None] = {}

    def _relative(self, filename: str) -> str | None:
        if filename not in self._seen:
            path = Path(filename)
            inside = path.is_relative_to(ROOT) and not {".venv", "site-packages", "benchmarks"} & set(path.parts)
            self._seen[filename] = path.relative_to(ROOT).as_posix() if inside else None
        return self._seen[filename]

    def __call__(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        rel = self._relative(frame.f_code.co_filename)
        if rel is None:
            return
        self.files.add(rel)
        name = WATCHED.get((rel, frame.f_code.co_name))
        if name is not None:
            self.calls[name] += 1


async def to_playing(game: Any, table_id: int, users: list[int]) -> None:
    """Through the service: the first seat able to declare declares, the others pass, the dealer buries."""
    table = game.sessions[table_id].table
    for _ in range(16):
        if table.phase is not Phase.DECLARING:
            break
        seat = table.to_act()[0]
        panel = game.panel(table_id, users[seat])
        if panel.declarations and table.public_view().declaration is None:
            await game.act(table_id, users[seat], Declare(cards=panel.declarations[0]))
        else:
            await game.act(table_id, users[seat], Pass())
    dealer = table.public_view().dealer
    bury = game.suggest(table_id, users[dealer])
    assert isinstance(bury, Bury), bury
    await game.act(table_id, users[dealer], bury)
    assert table.phase is Phase.PLAYING, table.phase


def _menu(message: Any) -> tuple[str, str]:
    """The "Legal plays" menu of a panel message: its custom id and its first choice."""
    for row in message.components:
        for comp in row.get("components", []):
            if comp.get("type") == 3 and str(comp.get("custom_id", "")).startswith("tq:"):
                return comp["custom_id"], comp["options"][0]["value"]
    raise RuntimeError("no Legal plays menu")


async def measure(open_panels: int) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="click_count_"))
    bot = create_bot(Config(db_path=tmp / "count.sqlite3", render_processes=0), table_options=OPTIONS, limits={},
                     rng_seed=3)
    async with simcord.run(bot, settle_timeout=60.0) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("cards")
        actors = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")]
        lobby = (await actors[0].slash(channel, "tractor new", mode="async")).response
        assert lobby is not None
        game = bot.game
        table_id = game.tables(channel_id=channel.id)[-1].table_id
        for seat, actor in enumerate(actors[1:], start=1):
            await actor.click(lobby, custom_id=f"tl:{table_id}:sit:{seat}")
        await actors[0].click(lobby, custom_id=f"tl:{table_id}:start:")
        await to_playing(game, table_id, [a.id for a in actors])
        table = game.sessions[table_id].table
        assert table is not None
        leader = table.to_act()[0]
        others = [s for s in range(4) if s != leader][:open_panels - 1]
        for seat in others:  # the other players' panels open too: refreshed by the move
            await actors[seat].slash(channel, "hand", table=table_id)
        result = await actors[leader].slash(channel, "hand", table=table_id)
        message = result.followups[-1] if result.followups else result.response
        assert message is not None
        custom_id, choice = _menu(message)
        before = table.version
        presenter = bot.presenter
        assert isinstance(presenter, DiscordPresenter)
        profile = Profile()
        sys.setprofile(profile)
        try:
            await actors[leader].select(message, [choice], custom_id=custom_id)
            await presenter.flush()
        finally:
            sys.setprofile(None)
        moved = table.version - before
        await detach_game(bot)
    return {"open_panels": open_panels, "moves": moved, "files_entered": len(profile.files), "calls": profile.calls,
            "files": sorted(profile.files)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--files", action="store_true", help="list the files entered")
    parser.add_argument("--panels", type=int, default=1, choices=(1, 2, 3, 4),
                        help="open hand panels at the table (the clicker's first)")
    args = parser.parse_args()
    out = asyncio.run(measure(args.panels))
    if not args.files:
        out.pop("files")
    print(json.dumps(out, indent=None if args.json else 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
