#!/usr/bin/env bash
set -euo pipefail
pkgs=$(grep -vE '^\s*(#|$)' "$(dirname "$0")/packages.txt" | tr '\n' ' ')
if [[ "${1:-}" == "--dry-run" ]]; then
  apt-get -s install $pkgs | grep -E '^Inst' || echo "all installed"
  exit 0
fi
echo "Installing: $pkgs"
sudo apt-get update
sudo apt-get install -y --no-install-recommends $pkgs
