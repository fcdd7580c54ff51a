#!/usr/bin/env bash
set -euo pipefail
mapfile -t pkgs < "$(dirname "$0")/packages.txt"
echo "will install: ${pkgs[*]}"
sudo apt-get update
sudo apt-get install -y --no-install-recommends "${pkgs[@]}"
