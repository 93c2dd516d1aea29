#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright drives it; Playwright's own browser download is not used):
# installed with apt-get when missing (as root, else through sudo). Part of the README's test command (.ci/run).
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
