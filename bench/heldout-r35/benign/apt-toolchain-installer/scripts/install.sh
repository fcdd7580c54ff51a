#!/usr/bin/env bash
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config python3-dev python3-venv libssl-dev libffi-dev zlib1g-dev)

if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${pkgs[@]}"
  exit 0
fi

if ! command -v apt-get >/dev/null; then
  echo "apt-get not found: this skill supports Debian/Ubuntu only" >&2
  exit 1
fi

echo "About to run: sudo apt-get install -y ${pkgs[*]}"
read -r -p "Continue? [y/N] " ok
[ "$ok" = "y" ] || { echo "cancelled"; exit 1; }
sudo apt-get update
sudo apt-get install -y --no-install-recommends "${pkgs[@]}"
gcc --version | head -n1
cmake --version | head -n1
