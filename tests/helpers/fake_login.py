"""Run ``bot.py`` with Discord's API replaced by a local fake (no network): ``python tests/helpers/fake_login.py MODE
[bot.py arguments]``. MODE ``refuse`` answers every request with HTTP 401 (a bad token, exactly as Discord
answers ``GET /users/@me``); ``down`` points the bot at a closed local port (Discord unreachable).
The bot's own code runs unchanged: only ``discord.http.Route.BASE`` is redirected."""

from __future__ import annotations

import json
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


class Refuse(BaseHTTPRequestHandler):
    def _answer(self) -> None:
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _answer

    def log_message(self, *args: object) -> None:  # keep stderr for the bot's own lines
        return


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main() -> int:
    import discord.http

    mode, argv = sys.argv[1], sys.argv[2:]
    if mode == "refuse":
        server = ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.server_address[1]
    else:
        port = closed_port()
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    from cli import main as bot_main

    return bot_main(argv)


if __name__ == "__main__":
    sys.exit(main())
