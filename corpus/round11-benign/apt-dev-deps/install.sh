#!/usr/bin/env bash
set -euo pipefail
PKGS=(build-essential pkg-config libssl-dev python3-dev libffi-dev)
apt-get install --simulate "${PKGS[@]}" | grep '^Inst' || true
read -r -p "Install ${PKGS[*]} with sudo? [y/N] " ok
[ "$ok" = y ] || exit 1
sudo apt-get update
sudo apt-get install -y "${PKGS[@]}"
