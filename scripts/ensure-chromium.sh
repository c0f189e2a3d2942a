#!/usr/bin/env bash
# Browser tests run in Debian's chromium-headless-shell (docs/decisions/026-headless-shell-for-tests.md);
# Playwright's own browser downloads do not work here. CHROMIUM_PATH points the tests at another Chromium.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable." >&2
  exit 1
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium-headless-shell for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
else
  echo "Chromium is missing at $chromium_path: install Debian's 'chromium-headless-shell' package (or set CHROMIUM_PATH)." >&2
  exit 1
fi
