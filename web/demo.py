"""``python bot.py web``: a local demo table without Discord — you against AI seats, in a browser: three by default,
or the other seats of any table shape (``--options "mode=friends players=6"``: 4–8 seats, one to four decks, 找朋友).

The demo uses the configured database (``TRACTOR_DB``): a restart finds the same table (an open demo table of the
demo user with the same rules is reused; a finished one, or one of other rules, is left and a new one opened). It
prints a link that opens the page once; the page then keeps its session cookie. The link printed at a restart does
not revoke that session: a page still open reconnects by itself.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from data.database import Database
from data.records import Mode, Status, TableOptions
from engine.rules import Rules
from i18n import t
from runtime import DEFAULT_LIMITS, Caller, GameService, ImagePolicy, LinkBook, RateLimiter, TableUpdate
from web.server import WebServer

log = logging.getLogger(__name__)

DEMO_GUILD = 0  # the demo's own "guild": no Discord server has id 0
DEMO_USER = 1
DEMO_OPTIONS = TableOptions(ai_delay=0.6, deal_delay=0.0, next_hand_delay=6.0, ai_declare_wait=8.0,
                            turn_timeout=600.0, reminder_before=0.0)


class Quiet:
    """The main presenter of a service without Discord: the web hub observes every update."""

    async def table_changed(self, update: TableUpdate) -> None:
        del update


async def demo_table(game: GameService, locale: str, options: TableOptions = DEMO_OPTIONS,
                     ai_level: str = "basic", rules: Rules | None = None) -> int:
    """The open demo table of the demo user with these ``rules`` (restored), or a new one: AI in every other seat,
    started."""
    wanted = rules or Rules.from_preset("standard")
    for rec in game.tables(DEMO_GUILD):
        if rec.host_id == DEMO_USER and rec.status is not Status.FINISHED and rec.rules == wanted:
            return rec.table_id
    rec = await game.open_table(guild_id=DEMO_GUILD, channel_id=0, host_id=DEMO_USER,
                                host_name=t("web.you", locale), mode=Mode.LIVE, options=options, rules=wanted)
    for _ in range(wanted.players - 1):
        await game.add_ai(rec.table_id, DEMO_USER, level=ai_level)
    session = game.session(rec.table_id)
    session.record = replace(session.record, meta={**session.record.meta, "locale": locale})
    await game.start(rec.table_id, DEMO_USER)
    return rec.table_id


async def start_demo(db: Database, *, host: str, port: int, locale: str, secret: bytes,
                     public_url: str | None = None, rules: Rules | None = None) -> tuple[GameService, WebServer, str]:
    """The service, its web server (listening) and the demo table's link (``rules``: the table's shape and rules,
    default the standard four seats)."""
    game = GameService(db, Quiet(), images=ImagePolicy.NONE, locale=locale)
    await game.restore_all()
    table_id = await demo_table(game, locale, rules=rules)
    links = LinkBook(game, secret, "")
    server = WebServer(game, links, RateLimiter(DEFAULT_LIMITS), offline=True)
    bound = await server.start(host, port)
    links.base_url = (public_url or f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{bound}").rstrip("/")
    # not revoking: a page still open from before a restart reconnects by itself with its session
    url = await links.issue(Caller(DEMO_USER, DEMO_GUILD), table_id, locale, revoke=False)
    return game, server, url
