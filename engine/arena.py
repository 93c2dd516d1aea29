"""``python -m engine.arena``: the arena's old name. The arena runs a process pool and writes files, so it left the
pure engine for ``cli.arena``; this name answers with the command to run instead of a missing module."""

from __future__ import annotations

import shlex
import sys

NEW_PROGRAM = "python -m cli.arena"


def moved_message(argv: list[str]) -> str:
    """The one line that says where the arena went, with the same arguments."""
    command = " ".join([NEW_PROGRAM, *(shlex.quote(arg) for arg in argv)])
    return f"engine.arena: the arena is now `{NEW_PROGRAM}`; run: {command}"


def main(argv: list[str] | None = None) -> int:
    print(moved_message(sys.argv[1:] if argv is None else argv), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
