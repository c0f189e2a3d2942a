#!/usr/bin/env bash
# Browser tests use Debian's Chromium (Playwright's own browser downloads do not work here).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing at $chromium_path: install Debian's 'chromium' package (or set CHROMIUM_PATH)." >&2
  exit 1
fi
