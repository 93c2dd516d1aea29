#!/usr/bin/env bash
# The Discord Activity's page bundle: web/activity (the Embedded App SDK + activity.js) -> web/static/build/activity.js,
# with npm ci from the committed package.json + package-lock.json, then esbuild. The bundle is never committed.
# Part of the README's install and test commands. Without npm (or without the registry) it says so and succeeds:
# the browser links work without the bundle, and the Activity's route answers (localized) that it is unavailable.
set -uo pipefail
cd "$(dirname "$0")/../web/activity" || exit 1
out=../static/build/activity.js
if ! command -v npm >/dev/null 2>&1; then
  echo "build_activity: npm not found: the Discord Activity stays unavailable (the browser links work)" >&2
  exit 0
fi
if [ -f "$out" ] && [ "$out" -nt package-lock.json ] && [ "$out" -nt activity.js ]; then
  exit 0  # up to date
fi
if npm ci --no-audit --no-fund --loglevel=error >/dev/null && npm run --silent build; then
  echo "build_activity: built web/static/build/activity.js"
else
  rm -f "$out"
  echo "build_activity: the build failed: the Discord Activity stays unavailable (the browser links work)" >&2
fi
exit 0
