#!/usr/bin/env bash
# The cluster (npm run cluster, its tests) runs behind Debian's nginx. Installed with apt when missing, without
# starting the system's own nginx service (it would take port 80): the cluster runs its own nginx process.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's nginx for the cluster…"
  policy=/usr/sbin/policy-rc.d
  had_policy=0
  [ -e "$policy" ] && had_policy=1
  if [ "$had_policy" = 0 ]; then printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy"; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null 2>&1 ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  if [ "$had_policy" = 0 ]; then rm -f "$policy"; fi
else
  echo "nginx is missing: install Debian's 'nginx' package." >&2
  exit 1
fi
