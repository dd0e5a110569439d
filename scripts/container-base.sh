#!/usr/bin/env bash
# Makes the container base image for machines with no outside image registry (this project's CI):
# a minimal Debian bookworm from Debian's own packages (debootstrap), with the project's Node 24
# (the `node` devDependency's binary) and npm added where the official node image keeps them
# (/usr/local/bin, /usr/local/lib/node_modules/npm) and a `node` user (uid 1000), so the Dockerfile
# treats it exactly as it treats `node:24-slim`. Prints the image's name. Cached: when an image of
# that name already exists it is reused (FORCE=1 makes it again).
#
#   scripts/container-base.sh            # -> localhost/patch-base:bookworm-node24.21.0
#   podman build --build-arg BASE_IMAGE="$(scripts/container-base.sh)" ...
#   scripts/container-base.sh postgres   # -> localhost/patch-postgres:15-bookworm, PostgreSQL for
#                                        #    compose.yaml from Debian's postgresql-15 on that base
#
# Needs root, debootstrap and podman (Debian packages). A normal host never needs this: the
# Dockerfile's default base is node:24-slim.
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin=node_modules/node/bin/node
if [ ! -x "$node_bin" ]; then
  echo "container-base: $node_bin is missing; run npm ci first (Node 24 comes from the node devDependency)" >&2
  exit 1
fi
node_version="$("$node_bin" --version)"
npm_dir="$(npm root -g)/npm"
if [ ! -f "$npm_dir/package.json" ]; then
  echo "container-base: no npm found at $npm_dir" >&2
  exit 1
fi
suite="${BASE_SUITE:-bookworm}"
image="localhost/patch-base:${suite}-node${node_version#v}"

podman_flags=(--runtime runc)
ulimits=(--ulimit nofile=4096:4096 --ulimit nproc=2048:2048)

postgres_image() {
  local pg="localhost/patch-postgres:15-${suite}"
  if [ "${FORCE:-0}" = 1 ] || ! podman "${podman_flags[@]}" image exists "$pg"; then
    echo "container-base: building $pg from Debian's postgresql-15" >&2
    podman "${podman_flags[@]}" build "${ulimits[@]}" --format docker --quiet \
      --build-arg BASE_IMAGE="$image" -t "$pg" \
      -f scripts/container/postgres.Containerfile scripts/container >/dev/null
  fi
  echo "$pg"
}

if [ "${FORCE:-0}" != 1 ] && podman "${podman_flags[@]}" image exists "$image"; then
  if [ "${1:-}" = postgres ]; then postgres_image; else echo "$image"; fi
  exit 0
fi

work="$(mktemp -d /var/tmp/patch-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
root="$work/root"
start=$SECONDS
echo "container-base: debootstrap --variant=minbase $suite (about half a minute)" >&2
debootstrap --variant=minbase --include=ca-certificates "$suite" "$root" \
  "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  echo "container-base: debootstrap failed (log above)" >&2
  exit 1
}

# Node and npm where node:24-slim has them.
install -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# The certificate authorities this host added to its own trust store (/usr/local/share/ca-certificates:
# a TLS-inspecting egress proxy, as on this project's CI machine), so npm inside the build trusts
# what npm on the host trusts. Certificates are public; node:24-slim on a normal host needs none.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" update-ca-certificates >/dev/null 2>&1
fi
# The node image's unprivileged user.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# What an image does not need: apt's lists and caches, documentation.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/usr/share/doc/* \
  "$root"/usr/share/man/* "$root"/usr/share/locale/*

echo "container-base: importing into podman as $image" >&2
tar -C "$root" -c . | podman "${podman_flags[@]}" import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_VERSION='"${node_version#v}" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  - "$image" >/dev/null
podman "${podman_flags[@]}" run --rm "${ulimits[@]}" "$image" sh -c 'node --version && npm --version' >&2
echo "container-base: made in $((SECONDS - start)) s" >&2
if [ "${1:-}" = postgres ]; then postgres_image; else echo "$image"; fi
