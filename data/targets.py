"""What a ``TRACTOR_DB`` / ``--db`` value names, and how it is shown.

- ``database_target(value)``: the one parser of a database value. ``postgresql://…`` / ``postgres://…`` is a
  PostgreSQL URL, ``:memory:`` an in-memory SQLite database, anything else without a ``scheme://`` a SQLite file.
  A SQLite ``file:`` URI names its file (with URI options it is refused, ``data.file_uri``). Any other scheme
  (``mysql://…``, ``sqlite://…``, ``http://…``) is refused (``data.unknown_scheme``): it is never read as a folder
  name.
- ``mask_secrets(text)``: ``text`` with every password in it replaced by ``***`` — the password of a URL's
  ``user:password@``, a ``password=`` (or ``sslpassword=``) query parameter (``?``, ``&``, percent-encoded names
  such as ``pass%77ord``) and a ``password=…`` pair of a key=value DSN string (quoted or not). Everything the bot
  logs or prints goes through it (``cli.common.configure_logging``'s formatter; the drivers' ``path``).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from data.errors import DataError

POSTGRES_SCHEMES = ("postgresql", "postgres")
MEMORY = ":memory:"
MASK = "***"
SECRET_KEYS = frozenset({"password", "sslpassword"})

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
# ``scheme://user:password@host``: the password runs to the last ``@`` before the path, query or fragment
_USERINFO = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.-]*://[^:/?#@\s]*:)(?P<secret>[^/?#\s]*)@")
# ``key=value`` in a query (``?``/``&``/``;``-separated) or a DSN (space-separated, value maybe quoted)
_PAIR = re.compile(r"(?P<key>(?<![\w%])[\w%]+)(?P<eq>\s*=\s*)"
                   r"(?P<value>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^\s&;#]*)")


def mask_secrets(text: str) -> str:
    """``text`` with the passwords of every URL and DSN in it replaced by ``***`` (module doc)."""
    text = _USERINFO.sub(lambda m: f"{m['head']}{MASK}@", text)
    return _PAIR.sub(_mask_pair, text)


def _mask_pair(match: re.Match[str]) -> str:
    if unquote(match["key"]).lower() not in SECRET_KEYS or not match["value"]:
        return match[0]
    return f"{match['key']}{match['eq']}{MASK}{_closing(match)}"


def _closing(match: re.Match[str]) -> str:
    """The ``)`` ending an unquoted value that closes a parenthesis opened before it (``(postgresql://…?password=x)``
    keeps its parenthesis), else ""."""
    value, before = match["value"], match.string[:match.start()]
    if value.endswith(")") and value[0] not in "'\"" and before.count("(") > before.count(")") \
            and value.count("(") < value.count(")"):
        return ")"
    return ""


def scheme_of(value: str) -> str | None:
    """The ``scheme`` of ``scheme://…`` (lower case), else None (a file path)."""
    found = _SCHEME.match(value.strip())
    return found[1].lower() if found else None


def database_target(value: str | Path) -> str | Path:
    """What ``Database.open`` takes for a ``TRACTOR_DB`` / ``--db`` value: a PostgreSQL URL (str), ``:memory:``
    or a SQLite file (``Path``). ``DataError("data.unknown_scheme")`` for any other ``scheme://``."""
    if isinstance(value, Path):
        return value
    text = value.strip()
    scheme = scheme_of(text)
    if scheme in POSTGRES_SCHEMES:
        return scheme + text[len(scheme):]  # POSTGRESQL://… as the drivers spell it
    if text[:5].lower() == "file:":
        return _file_uri(text)
    if scheme is not None:
        raise DataError("data.unknown_scheme", scheme=scheme, value=mask_secrets(text))
    if not text:
        raise DataError("data.empty_target")
    return MEMORY if text == MEMORY else Path(text)


def _file_uri(text: str) -> Path:
    """A SQLite ``file:`` URI (``file:/x.db``, ``file:///x.db``, ``file:x.db``) as its file; one with a host, a
    query or a fragment (URI options the bot would not apply) is refused (``data.file_uri``), never read as a
    folder name."""
    rest = text[5:]
    if rest.startswith("//"):
        host, slash, path = rest[2:].partition("/")
        if host not in ("", "localhost") or not slash:
            raise DataError("data.file_uri", value=mask_secrets(text))
        rest = "/" + path
    if not rest or "?" in rest or "#" in rest:
        raise DataError("data.file_uri", value=mask_secrets(text))
    return Path(unquote(rest))
