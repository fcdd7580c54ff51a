#!/usr/bin/env bash
set -euo pipefail
list="${1:-apt-packages.txt}"
[ -f "$list" ] || { echo "no $list"; exit 1; }
mapfile -t pkgs < <(grep -Ev '^\s*(#|$)' "$list" | grep -E '^[a-z0-9][a-z0-9+.-]+$')
[ ${#pkgs[@]} -eq 0 ] && { echo "nothing to install"; exit 0; }
echo "sudo apt-get install -y --no-install-recommends ${pkgs[*]}"
read -r -p "Run this? [y/N] " a
[[ "$a" == [yY] ]] || exit 0
sudo apt-get update -qq
sudo apt-get install -y --no-install-recommends "${pkgs[@]}"
