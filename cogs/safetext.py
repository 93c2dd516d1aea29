"""User-supplied text as literal Discord text: the one escaping helper for nicknames, table, tournament and
team names and option strings echoed back, wherever they appear (message text, embeds, DMs; thread and
channel names, which Discord shows without markdown, take ``plain_text``).

``escape_text`` makes a text show as exactly what the user typed, and never as a mention, a link or
formatting: every markdown character is backslash-escaped (``*_~|`>[]()<#-:`` and the backslash itself),
``@`` is followed by a zero-width space (``@everyone``, ``@here``, ``<@id>`` cannot mention), the
bidirectional controls that reorder the rest of a line (right-to-left override, isolates) are removed and
line breaks become spaces. Not idempotent: escape a text once, where it is inserted into a message.
The client's ``allowed_mentions`` (no everyone, no roles, no users unless named) is the second fence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

SPECIAL = re.compile(r"([\\*_~|`>\[\]()<#\-:])")
ZWSP = "\u200b"
# LRE RLE PDF LRO RLO, LRI RLI FSI PDI: they reorder the text that follows them (spoofing)
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_TRANSLATE = {**dict.fromkeys(map(ord, BIDI_CONTROLS)), ord("\n"): " ", ord("\r"): " "}


def escape_text(text: object) -> str:
    """``text`` as literal Discord text (see the module docstring)."""
    out = SPECIAL.sub(r"\\\1", str(text).translate(_TRANSLATE))
    return out.replace("@", "@" + ZWSP)


def plain_text(text: object, limit: int = 100) -> str:
    """User-supplied text for a place Discord shows without markdown (a thread or channel name, a button label):
    the reordering controls and line breaks removed, ``@`` never starting a mention, cut to ``limit``."""
    out = str(text).translate(_TRANSLATE).replace("@", "@" + ZWSP)
    return out if len(out) <= limit else out[:limit - 1] + "…"


def escape_params(params: Mapping[str, Any], keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """Message parameters with every string value escaped, except the keys in ``keep`` (text the bot made)."""
    return {k: escape_text(v) if isinstance(v, str) and k not in keep else v for k, v in params.items()}


