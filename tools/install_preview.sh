#!/usr/bin/env bash
# Installs what tests/screenshots/discord_tables.py needs: Debian's Chromium (tools/install_chromium.sh; Playwright's own browser
# download is not used) and the preview packages of requirements-preview.txt into .venv. Developer tool; not CI.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_chromium.sh
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -r requirements-preview.txt
echo "preview ready: $(chromium --version 2>/dev/null | tail -1)"
