#!/usr/bin/env bash
set -euo pipefail
PKGS=(build-essential cmake ninja-build pkg-config clang-format gdb)

if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${PKGS[@]}"
  exit 0
fi

missing=()
for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -eq 0 ]; then echo "all packages already installed"; exit 0; fi

echo "will install: ${missing[*]}"
read -r -p "Proceed with sudo apt-get install? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }
sudo apt-get update
sudo apt-get install -y --no-install-recommends "${missing[@]}"
cmake --version | head -1
