#!/usr/bin/env bash
# Installs the snapshot pre-push guard for every repository on this machine.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dest="${XDG_CONFIG_HOME:-$HOME/.config}/git/snapguard"
mkdir -p "$dest"
cp "$here/hooks/pre-push" "$dest/pre-push"
chmod +x "$dest/pre-push"
git config --global core.hooksPath "$dest"
[[ "${1:-}" == "--install-quiet" ]] || echo "snapshot guard installed in $dest"
