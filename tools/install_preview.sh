#!/usr/bin/env bash
# Installs what tools/screenshots.py needs: Debian's Chromium (Playwright's own browser download is not
# used) and the preview packages of requirements-preview.txt into .venv. Developer tool; not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -r requirements-preview.txt
echo "preview ready: $(chromium --version 2>/dev/null | tail -1)"
