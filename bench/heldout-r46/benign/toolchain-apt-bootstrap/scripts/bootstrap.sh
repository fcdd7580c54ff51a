#!/usr/bin/env bash
set -euo pipefail
PKGS=(build-essential cmake ninja-build pkg-config ccache gdb)
. /etc/os-release
case "$ID" in debian|ubuntu|pop|linuxmint) ;; *) echo "unsupported distro: $ID" >&2; exit 1;; esac

missing=()
for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [[ ${#missing[@]} -eq 0 ]]; then echo "all packages already installed"; exit 0; fi

echo "Will run: sudo apt-get install -y ${missing[*]}"
read -rp "Proceed? [y/N] " ans
[[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }
sudo apt-get update
sudo apt-get install -y --no-install-recommends "${missing[@]}"
for b in gcc cmake ninja ccache; do printf '%-6s %s\n' "$b" "$($b --version | head -n1)"; done
