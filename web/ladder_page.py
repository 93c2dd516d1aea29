"""The public ladder page (公开天梯): ``GET /ladder/{token}`` — a server's ladder that anybody with the link may read.

Rules:
- off by default: only a token a manager made with ``/tractor ladder page switch:on`` opens it; a token turned off,
  replaced or never made answers 404 at once (the token is looked up on every request);
- read-only and public: no login, no cookie, no script; players by the name last seen on the server
  (``runtime.records.names``), never an id; nothing about hands in play (only the ladder's settled rows and the
  archive);
- ``?season=<n>`` shows a season (default: the current one; an archived season with its podium), ``?page=<p>``
  ``PAGE_ROWS`` players a page, ``?lang=en|zh-CN`` (default: the browser's language); the hall of fame lists
  every ended season's top three;
- one page per table shape (牌桌形状, ``data.shapes``): ``?shape=<key>`` (default: the two-deck four-seat ladder,
  whose page is unchanged) shows that shape's ladder, in 找朋友 each player at their own level (RULES §13.7); a
  switch links the shapes the season has ladders of; a key that names no shape is a 404; the podium and the hall of
  fame are the two-deck four-seat ladder's, shown on its page only;
- cached: a rendered page is kept ``CACHE_TTL`` seconds per server, season, page and language (and a browser or
  proxy may keep it as long).
"""

from __future__ import annotations

import html
import logging
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from aiohttp import web

from data.errors import DataError
from data.ladder import PlayerStats
from data.seasons import Season
from data.shapes import DEFAULT_SHAPE
from i18n import normalize_locale, t
from runtime import GameService, season_label, shape_label
from web.headers import CSP, policy, style_hash

log = logging.getLogger(__name__)

PAGE_ROWS = 100
CACHE_TTL = 30.0
CACHE_MAX = 2000  # rendered pages kept (the oldest go first)
MAX_PAGE = 10_000
STYLE = """
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Noto Sans CJK SC","PingFang SC",sans-serif;background:#123524;
color:#eef2ee}
main{max-width:760px;margin:0 auto;padding:12px}
header{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:8px}
h1{font-size:1.5rem;margin:.3em 0}h2{font-size:1.15rem;margin:1.2em 0 .4em}
a{color:#ffd166}nav{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
nav a,nav span{padding:4px 10px;border-radius:14px;background:#1d4a33;text-decoration:none;white-space:nowrap}
nav span{background:#ffd166;color:#1b1b1b;font-weight:600}
table{width:100%;border-collapse:collapse;background:#1b2a22;border-radius:10px;overflow:hidden}
th,td{padding:7px 6px;text-align:left;border-bottom:1px solid #2b3d33;white-space:nowrap}
td small{color:#a9bcb0;font-size:.75rem}td b{font-weight:600}
th{font-size:.85rem;color:#a9bcb0;font-weight:600}
td.n{text-align:right;font-variant-numeric:tabular-nums}th.n{text-align:right}
td.name{max-width:38vw;overflow:hidden;text-overflow:ellipsis}
.podium{display:flex;flex-wrap:wrap;gap:8px}
.podium div{flex:1 1 200px;background:#1b2a22;border-radius:10px;padding:10px}
.podium b{font-size:1.1rem}
.medal{display:inline-block;width:1.5em;height:1.5em;line-height:1.5em;border-radius:50%;text-align:center;
font-weight:700;color:#1b1b1b;margin-right:4px;font-size:.85rem}
.m1{background:#ffd166}.m2{background:#c9d1d9}.m3{background:#d08c5b}
.muted{color:#a9bcb0;font-size:.9rem}
ul.hall{list-style:none;padding:0}ul.hall li{background:#1b2a22;border-radius:10px;padding:8px 10px;margin:6px 0}
@media (max-width:480px){th.opt,td.opt{display:none}body{font-size:15px}td small{display:block}}
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _date(when: float | None) -> str:
    return "" if when is None else datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%d")


def page_locale(request: web.Request) -> str:
    lang = request.query.get("lang") or request.headers.get("Accept-Language") or "en"
    return normalize_locale(lang.split(",")[0])


def _int(text: str | None, default: int, high: int) -> int | None:
    """A small positive number from the query, ``default`` if absent, ``None`` if malformed."""
    if text is None or text == "":
        return default
    if not text.isdigit() or len(text) > 9:
        return None
    value = int(text)
    return value if 1 <= value <= high else None


class LadderPages:
    """Serves and caches the public ladder pages of every server (one per web server)."""

    def __init__(self, game: GameService, clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.clock = clock
        self._cache: dict[tuple[int, int | None, int, str, str], tuple[float, str]] = {}
        self.hits = 0
        self.misses = 0

    async def handle(self, request: web.Request) -> web.Response:
        locale = page_locale(request)
        token = request.match_info["token"]
        guild_id = await self.game.ladder_page_guild(token) if 16 <= len(token) <= 64 else None
        season = _int(request.query.get("season"), 0, 10**6)
        page = _int(request.query.get("page"), 1, MAX_PAGE)
        shape = _shape(request.query.get("shape"))
        if guild_id is None or season is None or page is None or shape is None:
            return _not_found(locale)
        body = await self.page(guild_id, season or None, page, locale, token, shape)
        if body is None:
            return _not_found(locale)
        return web.Response(text=body, content_type="text/html",
                            headers={"Cache-Control": f"public, max-age={int(CACHE_TTL)}",
                                     "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer",
                                     CSP: policy(styles=style_hash(STYLE))})

    async def page(self, guild_id: int, season: int | None, page: int, locale: str, token: str,
                   shape: str = DEFAULT_SHAPE) -> str | None:
        """The page's HTML (from the cache while fresh); ``None`` for a season this server does not have."""
        key = (guild_id, season, page, locale, shape)
        now = self.clock()
        cached = self._cache.get(key)
        if cached is not None and cached[0] > now:
            self.hits += 1
            return cached[1]
        self.misses += 1
        body = await self.render(guild_id, season, page, locale, token, shape)
        if body is not None:
            if len(self._cache) >= CACHE_MAX:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = (now + CACHE_TTL, body)
        return body

    async def render(self, guild_id: int, number: int | None, page: int, locale: str, token: str,
                     shape: str = DEFAULT_SHAPE) -> str | None:
        seasons = await self.game.seasons(guild_id)
        season = seasons[-1] if number is None else next((s for s in seasons if s.number == number), None)
        if season is None:
            return None
        ladder = await self.game.ladder_page(guild_id, season.number, PAGE_ROWS, (page - 1) * PAGE_ROWS, shape)
        total = ladder.players
        rows = [p for p, _ in ladder.rows]
        standard = shape == DEFAULT_SHAPE
        hall = [s for s in reversed(seasons) if s.podium] if standard else []
        names = {p.user_id: name for p, name in ladder.rows if name}
        names.update({p.user_id: p.name for s in hall for p in s.podium if p.name})
        missing = {p.user_id for p in rows} | {p.user_id for s in hall for p in s.podium}
        missing -= names.keys()
        if missing:  # never seen here (or archived before names were kept): the stored name, else "unnamed"
            names.update(await self.game.player_names(guild_id, missing, locale))
        home = f"/ladder/{token}?lang={locale}"
        base = home if standard else f"{home}&shape={shape}"
        label = season_label(season, locale)
        title = t("ladderpage.title", locale, season=label) if standard else t(
            "ladderpage.title_shape", locale, season=label, shape=shape_label(shape, locale))
        shapes = await self.game.ladder_shapes(guild_id, season=season.number)
        parts = [f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8">',
                 '<meta name="viewport" content="width=device-width,initial-scale=1">',
                 f"<title>{_e(title)}</title><style>{STYLE}</style></head>",
                 "<body><main><header>", f"<h1>{_e(title)}</h1>",
                 _languages(token, season.number, shape, locale), "</header>",
                 _season_nav(seasons, season, base, locale),
                 _shape_nav(shapes, shape, f"{home}&season={season.number}", locale),
                 _season_line(season, total, locale)]
        if standard and not season.open and season.podium:
            parts.append(_podium(season, names, locale))
        parts.append(_table(rows, names, (page - 1) * PAGE_ROWS, locale))
        parts.append(_pages(page, total, f"{base}&season={season.number}", locale))
        if standard:
            parts.append(_hall(hall, names, base, locale))
        parts.append(f'<p class="muted">{_e(t("ladderpage.footer", locale))}</p></main></body></html>')
        return "".join(parts)


def _not_found(locale: str) -> web.Response:
    body = (f'<!doctype html><html lang="{locale}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>404</title><body><p>{_e(t('ladderpage.not_found', locale))}</p></body></html>")
    return web.Response(text=body, content_type="text/html", status=404, headers={"Cache-Control": "no-store"})


def _shape(text: str | None) -> str | None:
    """The shape key asked for (default: the two-deck four-seat ladder), ``None`` if it names no shape."""
    if text is None or text == "":
        return DEFAULT_SHAPE
    try:
        shape_label(text, "en")
    except DataError:
        return None
    return text


def _languages(token: str, season: int, shape: str, locale: str) -> str:
    links = []
    shaped = "" if shape == DEFAULT_SHAPE else f"&amp;shape={_e(shape)}"
    for code, name in (("en", "English"), ("zh-CN", "中文")):
        links.append(f"<span>{name}</span>" if code == locale else
                     f'<a href="/ladder/{_e(token)}?lang={code}&amp;season={season}{shaped}" lang="{code}">{name}</a>')
    return f'<nav aria-label="language">{"".join(links)}</nav>'


def _shape_nav(shapes: Sequence[str], shown: str, base: str, locale: str) -> str:
    """Links to the season's other shapes' ladders (none while it has only the two-deck four-seat one)."""
    keys = [DEFAULT_SHAPE, *(k for k in shapes if k != DEFAULT_SHAPE)]
    if shown not in keys:
        keys.append(shown)
    if len(keys) < 2:
        return ""
    links = []
    for key in keys:
        label = _e(shape_label(key, locale))
        href = base if key == DEFAULT_SHAPE else f"{base}&shape={key}"
        links.append(f"<span>{label}</span>" if key == shown else f'<a href="{_e(href)}">{label}</a>')
    return f'<nav aria-label="{_e(t("ladderpage.shapes", locale))}">{"".join(links)}</nav>'


def _season_nav(seasons: list[Season], shown: Season, base: str, locale: str) -> str:
    links = []
    for s in reversed(seasons[-12:]):
        label = _e(season_label(s, locale))
        links.append(f"<span>{label}</span>" if s.number == shown.number
                     else f'<a href="{_e(base)}&amp;season={s.number}">{label}</a>')
    return f'<nav aria-label="seasons">{"".join(links)}</nav>'


def _season_line(season: Season, players: int, locale: str) -> str:
    if season.open:
        key = "ladderpage.current_until" if season.ends_at else "ladderpage.current"
        text = t(key, locale, start=_date(season.started_at), end=_date(season.ends_at), players=players)
    else:
        text = t("ladderpage.archived", locale, start=_date(season.started_at), end=_date(season.ended_at),
                 players=players)
    return f'<p class="muted">{_e(text)}</p>'


def _level(level: str, laps: int, locale: str) -> str:
    return level if laps == 0 else t("ladderpage.laps", locale, level=level, laps=laps)


def _medal(place: int) -> str:
    """A podium place as a gold, silver or bronze disc (no emoji font needed)."""
    return f'<span class="medal m{place}">{place}</span>'


def _level_cell(level: str, laps: int, locale: str) -> str:
    """The level, and below it on a narrow screen how many times the player went past A."""
    if laps == 0:
        return f"<b>{_e(level)}</b>"
    return f'<b>{_e(level)}</b> <small>{_e(t("ladderpage.laps_short", locale, laps=laps))}</small>'


def _podium(season: Season, names: dict[int, str], locale: str) -> str:
    cells = []
    for p in season.podium:
        line = t("ladderpage.podium_line", locale, rating=f"{p.rating:.1f}", level=_level(p.level, p.laps, locale),
                 won=p.matches_won, lost=p.matches_lost)
        cells.append(f"<div>{_medal(p.place)}<b>{_e(names[p.user_id])}</b><br>{_e(line)}</div>")
    return f'<h2>{_e(t("ladderpage.podium", locale))}</h2><section class="podium">{"".join(cells)}</section>'


def _table(rows: Sequence[PlayerStats], names: dict[int, str], offset: int, locale: str) -> str:
    if not rows:
        return f"<p>{_e(t('ladderpage.empty', locale))}</p>"
    head = "".join(f'<th class="{c}">{_e(t(f"ladderpage.col.{k}", locale))}</th>'
                   for k, c in (("rank", "n"), ("name", ""), ("level", ""), ("rating", "n"), ("record", "n"),
                                ("streak", "n opt")))
    body = []
    for i, p in enumerate(rows, start=offset + 1):
        body.append(f'<tr><td class="n">{i}</td><td class="name">{_e(names[p.user_id])}</td>'
                    f"<td>{_level_cell(p.level, p.laps, locale)}</td><td class=\"n\">{p.rating:.1f}</td>"
                    f'<td class="n">{p.matches_won}–{p.matches_lost}</td><td class="n opt">{p.streak:+d}</td></tr>')
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _pages(page: int, total: int, base: str, locale: str) -> str:
    last = max(1, -(-total // PAGE_ROWS))
    if last == 1:
        return ""
    links = []
    if page > 1:
        links.append(f'<a href="{_e(base)}&amp;page={page - 1}" rel="prev">{_e(t("ladderpage.prev", locale))}</a>')
    links.append(f"<span>{_e(t('ladderpage.page', locale, page=page, pages=last))}</span>")
    if page < last:
        links.append(f'<a href="{_e(base)}&amp;page={page + 1}" rel="next">{_e(t("ladderpage.next", locale))}</a>')
    return f'<nav aria-label="pages">{"".join(links)}</nav>'


def _hall(hall: list[Season], names: dict[int, str], base: str, locale: str) -> str:
    title = f'<h2>{_e(t("ladderpage.hall", locale))}</h2>'
    if not hall:
        return f'{title}<p class="muted">{_e(t("ladderpage.hall_empty", locale))}</p>'
    items = []
    for s in hall:
        places = " ".join(f"{_medal(p.place)}{_e(names[p.user_id])}" for p in s.podium)
        items.append(f'<li><a href="{_e(base)}&amp;season={s.number}">{_e(season_label(s, locale))}</a> '
                     f'<span class="muted">{_date(s.ended_at)}</span><br>{places}</li>')
    return f'{title}<ul class="hall">{"".join(items)}</ul>'
