"""The security headers of every answer of the web server (aiohttp's ``on_response_prepare``).

- ``Content-Security-Policy``: scripts, styles, pictures and connections from this server only (no inline script:
  the Activity page's one inline line carries a fresh nonce; the ladder page's one style sheet is named by its
  hash), no plugins, no ``<base>``; framing (点击劫持): the
  table's pages by nobody (``frame-ancestors 'none'``), the Activity's page only by Discord
  (``ACTIVITY_ANCESTORS``: Discord's app and its Activity proxy);
- ``X-Content-Type-Options: nosniff``; ``Referrer-Policy: no-referrer`` (a link's token is in its path: never
  sent on to another site); ``Cache-Control`` is the routes' own.

An answer that set its own policy (the Activity page) keeps it; the reverse proxies of ``deploy/`` leave the
policy to the server and add the rest only where missing.
"""

from __future__ import annotations

import base64
import hashlib
import secrets

from aiohttp import web

ACTIVITY_ANCESTORS = "https://discord.com https://*.discord.com https://*.discordsays.com"
CSP = "Content-Security-Policy"


def policy(*, nonce: str | None = None, framed_by: str = "'none'", styles: str = "") -> str:
    """The policy; ``nonce``: the page's inline script's; ``styles``: hashes of its inline style sheets
    (``style_hash``)."""
    scripts = "'self'" + (f" 'nonce-{nonce}'" if nonce else "")
    sheets = "'self'" + (f" {styles}" if styles else "")
    return (f"default-src 'self'; script-src {scripts}; style-src {sheets}; img-src 'self' data:; "
            f"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            f"frame-ancestors {framed_by}")


def style_hash(css: str) -> str:
    """The policy's source for one inline ``<style>`` element holding exactly ``css``."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode() + "'"


def new_nonce() -> str:
    return secrets.token_urlsafe(16)


async def add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer: the headers above (a policy already set by the route is kept)."""
    headers = response.headers
    headers.setdefault(CSP, policy())
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "no-referrer")
