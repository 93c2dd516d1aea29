"""The offline job never loads discord.py (#24): ``python bot.py offline`` and ``python bot.py tournament`` (the
path ``python bot.py`` takes without a token) run the match, its log, its pictures and the option parser
(``runtime.options``) without importing ``discord`` or any cog."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# runs bot.py as ``python bot.py …`` would, then prints the Discord modules it loaded
PROBE = """
import json, runpy, sys
sys.argv = ["bot.py", *json.loads(sys.argv[1])]
code = 0
try:
    runpy.run_path("bot.py", run_name="__main__")
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "loaded": sorted(m for m in sys.modules if m.split(".")[0] in ("discord", "cogs"))}))
"""


def _run(args: list[str], tmp_path: Path) -> dict[str, object]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "TRACTOR_RENDER_PROCESSES": "0"}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=240, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_offline_match_loads_no_discord(tmp_path: Path) -> None:
    result = _run(["offline", "--end-level", "3", "--hands", "1", "--ai", "random", "--db", ":memory:",
                   "--out", str(tmp_path / "out"), "--options", "throw_penalty=none"], tmp_path)
    assert result == {"code": 0, "loaded": []}
    assert (tmp_path / "out" / "match_log.txt").exists()


def test_the_offline_tournament_loads_no_discord(tmp_path: Path) -> None:
    result = _run(["tournament", "--teams", "2", "--end-level", "3", "--out", str(tmp_path / "t")], tmp_path)
    assert result == {"code": 0, "loaded": []}
