#!/usr/bin/env bash
# Proves the one artefact (ADR 067) on this machine: builds the image with podman, brings the
# compose stack (db, migrate, web-1, web-2, worker) up in depends_on order to all healthy, asks
# both web processes for a page, and takes it all down again. Prints each step's time as
# `container: <step> <seconds> s`; on a failure, the failing step and the containers' logs.
#
#   scripts/container-smoke.sh            # .ci/run runs this after npm test
#   NO_CACHE=1 scripts/container-smoke.sh # the image built without reusing any layer
#   SKIP_BUILD=1 scripts/container-smoke.sh # the stack only, on localhost/patch:ci already built
#
# Needs root with podman, runc, debootstrap and podman-compose (Debian packages). podman-compose
# 1.0.3 (Debian's) starts services in depends_on order but does not wait for the conditions, and
# podman runs health checks only when asked (no systemd timers here), so this script has compose
# create the containers and starts them itself, waiting for each condition by running the health
# checks compose.yaml defines.
set -euo pipefail
cd "$(dirname "$0")/.."

export CONTAINERS_CONF="$PWD/scripts/container/containers.conf"
export BUILDAH_FORMAT=docker # keeps the Dockerfile's HEALTHCHECK (OCI images have none)
project="patchci$$"
compose=(podman-compose --project-name "$project" --file compose.yaml)

step_start=$SECONDS
step() { # step <name>: prints the time of the previous step under its name
  echo "container: $1 $((SECONDS - step_start)) s"
  step_start=$SECONDS
}
fail() {
  echo "container: FAILED: $*" >&2
  for c in $(podman ps -a --filter "name=^${project}_" --format '{{.Names}}'); do
    echo "----- $c ($(podman inspect -f '{{.State.Status}} exit={{.State.ExitCode}}' "$c")), last lines:" >&2
    podman logs --tail 40 "$c" 2>&1 | cut -c1-400 >&2 || true
  done
  exit 1
}
cleanup() {
  "${compose[@]}" down --volumes >/dev/null 2>&1 || true
  podman volume rm -f "${project}_db-data" >/dev/null 2>&1 || true
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
}
trap cleanup EXIT

total_start=$SECONDS
base="$(scripts/container-base.sh)" || fail "making the base image (scripts/container-base.sh)"
postgres="$(scripts/container-base.sh postgres)" || fail "making the PostgreSQL image"
step base-images

image="localhost/patch:ci"
build_flags=(--format docker --jobs 2 --build-arg BASE_IMAGE="$base" -t "$image")
[ "${NO_CACHE:-0}" = 1 ] && build_flags+=(--no-cache)
if [ "${SKIP_BUILD:-0}" = 1 ]; then
  podman image exists "$image" || fail "SKIP_BUILD=1 but there is no $image"
else
  podman build "${build_flags[@]}" . >"/tmp/$project-build.log" 2>&1 || {
    tail -n 40 "/tmp/$project-build.log" >&2
    fail "podman build (log above)"
  }
  rm -f "/tmp/$project-build.log"
  step build
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
export PATCH_IMAGE="$image" POSTGRES_IMAGE="$postgres" BASE_IMAGE="$base"
export WEB_1_PORT="$(free_port)" WEB_2_PORT="$(free_port)"
export POSTGRES_PASSWORD="$(head -c 24 /dev/urandom | base64 | tr -d '/+=')"
export AUTH_SECRET="$(head -c 48 /dev/urandom | base64)"
export SITE_URL="https://patch.test" ADMIN_EMAILS="admin@example.com,ops@example.com,grow@example.com"
# No mail provider in a trial: e-mail is kept in files on purpose (production refuses it unset).
export MAIL_OUTBOX_DIR="/app/.data/mail" LOG_LEVEL=warn

# wait_healthy <service> <seconds>: runs its health check until it passes; fails if it exits.
wait_healthy() {
  local c="${project}_$1_1" deadline=$((SECONDS + $2))
  until podman healthcheck run "$c" >/dev/null 2>&1; do
    [ "$(podman inspect -f '{{.State.Status}}' "$c" 2>/dev/null)" = running ] ||
      fail "$1 stopped before it was healthy"
    [ $SECONDS -lt $deadline ] || fail "$1 not healthy within $2 s"
    sleep 1
  done
}

# compose.yaml makes the network, the volume and every container; they are started here in
# depends_on order, each condition waited for.
stack_start=$SECONDS
"${compose[@]}" up --no-start >"/tmp/$project-up.log" 2>&1 || {
  cat "/tmp/$project-up.log" >&2
  fail "podman-compose up --no-start (log above)"
}
rm -f "/tmp/$project-up.log"
# podman's complaint that it can't make systemd timers for the health checks (run here instead)
# is left out of what is shown.
start() { podman start "$@" 2>&1 >/dev/null | { grep -v 'systemd connection\|connect to syslog' >&2 || true; }; }
start "${project}_db_1" || fail "starting db"
wait_healthy db 90
step db-healthy
start "${project}_migrate_1" || fail "starting migrate"
code="$(podman wait "${project}_migrate_1")"
[ "$code" = 0 ] || fail "migrate exited with $code"
echo "container: migrate said: $(podman logs "${project}_migrate_1" 2>&1 | grep -v '^$\|^>' | tail -n 1)"
step migrate-done
start "${project}_web-1_1" "${project}_web-2_1" "${project}_worker_1" ||
  fail "starting web-1, web-2, worker"
for s in web-1 web-2 worker; do wait_healthy "$s" 120; done
step web-and-worker-healthy
echo "container: stack-from-nothing-to-all-healthy $((SECONDS - stack_start)) s"

# A page through each web process, as the load balancer would send it (https at the proxy).
for port in "$WEB_1_PORT" "$WEB_2_PORT"; do
  for path in /api/health/ready /; do
    status="$(curl -s -o "/tmp/$project-page" -w '%{http_code}' --max-time 30 \
      -H 'X-Forwarded-Proto: https' -H 'X-Forwarded-For: 203.0.113.7' "http://127.0.0.1:$port$path")" ||
      fail "GET $path on 127.0.0.1:$port did not answer"
    [ "$status" = 200 ] || fail "GET $path on 127.0.0.1:$port answered $status: $(head -c 300 "/tmp/$project-page")"
  done
  grep -q "<title>[^<]*Patch" "/tmp/$project-page" || fail "the home page on 127.0.0.1:$port is not Patch's"
done
rm -f "/tmp/$project-page"
step pages

cleanup
trap - EXIT
step down
echo "container: total $((SECONDS - total_start)) s"
