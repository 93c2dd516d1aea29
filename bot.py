"""The program's entry point: ``python bot.py [run|offline|tournament|backup|check|web] …`` is the command line of
``cli/`` (``python bot.py --help``). Without a subcommand it runs: with ``DISCORD_TOKEN`` set it connects to Discord
(the bot is ``cli.bot``), without one it plays the offline main job (an AI match written as images plus a ladder,
``cli.offline``) and prints where the files are; that path never loads discord.py.
"""

from __future__ import annotations

import sys

from cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
